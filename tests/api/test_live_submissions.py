"""A list's submission reaches the live standings and the room at once (#16, item 5), also
when it changes no total: the deals were counted provisionally before it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from .conftest import join, login, wiezen_evening
from .test_live import Stream, deal, position, push, server, web  # noqa: F401 (fixtures)


def test_a_submission_that_changes_no_total_still_reaches_the_standings_stream_and_the_room(
    web: Flask,  # noqa: F811 (the fixture of test_live)
    client: FlaskClient,
    server: int,  # noqa: F811 (the fixture of test_live)
) -> None:
    ev = wiezen_evening(web, players=8)
    cid, first = ev["competition_id"], ev["lists"][0]["list_id"]
    assert len(ev["lists"]) == 2
    auth = join(client, ev["codes"][0], "phone-1")
    push(client, auth, first, (1, "join", {}), (2, "record_deal", deal(1)))
    headers = login(client)
    short = {"reason": "tijd"}
    closed = client.post(f"/api/lists/{first}/close-short", json=short, headers=headers)
    assert closed.status_code == 200, closed.json
    stream = Stream(server, f"/api/live?competition={cid}")
    try:
        before = stream.until("standings")["data"]
        assert before["evenings"][0]["submitted"] == 0 and before["evenings"][0]["lists"] == 2
        since = position(web)
        assert (
            push(client, auth, first, (3, "submit_list", {"scorer": "1", "confirmed_by": "2"}))[0]
            == "applied"
        )
        after = stream.until("standings", lambda d: d["evenings"][0]["submitted"] == 1)["data"]
        assert after["standings"] == before["standings"]  # no total moved
        assert after["evenings"][0]["provisional"] is True  # the second table is still open
    finally:
        stream.close()
    room = client.get(f"/api/live/poll?competition={cid}&room=1&standings=0&since={since}").json
    assert room["changed"] == ["room"]
    assert [t["submitted"] for t in room["room"]["tables"]] == [True, False]
