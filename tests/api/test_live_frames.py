"""The live streams of a process share their reads: the standings at a position are read and
turned into an event once, whoever follows them, and every follower still gets every change."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from backend.api.feeds import Watch
from backend.api.live_frames import Frames

from .conftest import join, wiezen_evening
from .test_live import Stream, deal, position, push, server, web  # noqa: F401 (fixtures)


class CountingWatch(Watch):
    """A watch that counts how often it builds a payload."""

    built: list[str]

    def payload(self, db: Any, name: str) -> dict[str, Any]:
        self.built.append(name)
        return super().payload(db, name)


def watch(app: Flask, cid: str, built: list[str]) -> CountingWatch:
    w = CountingWatch(app.extensions["troef"].views, cid)
    object.__setattr__(w, "built", built)
    return w


def test_the_standings_at_a_position_are_built_once_for_every_stream_that_follows_them(
    web: Flask,  # noqa: F811 (the fixture of test_live)
    client: FlaskClient,
) -> None:
    ev = wiezen_evening(web)
    cid, lst = ev["competition_id"], ev["lists"][0]["list_id"]
    frames, built = Frames(), []
    viewers = [watch(web, cid, built) for _ in range(5)]
    texts = {frames.text(w, frames.at(w, position(web)), "standings") for w in viewers}
    assert len(texts) == 1 and built == ["standings"]

    auth = join(client, ev["codes"][0], "phone-1")
    push(client, auth, lst, (1, "join", {}), (2, "record_deal", deal(1)))
    moved = position(web)
    shots = [frames.at(w, moved) for w in viewers]
    after = {frames.text(w, s, "standings") for w, s in zip(viewers, shots, strict=True)}
    assert len(after) == 1 and after != texts and built == ["standings", "standings"]
    assert '"total":3' in after.pop()
    # a stream that read the position before the deal gets the later shot, never an older one
    assert frames.at(viewers[0], moved - 1) is shots[0]


def test_every_stream_of_the_same_standings_gets_the_deal(
    web: Flask,  # noqa: F811 (the fixture of test_live)
    client: FlaskClient,
    server: int,  # noqa: F811 (the fixture of test_live)
) -> None:
    ev = wiezen_evening(web)
    cid, lst = ev["competition_id"], ev["lists"][0]["list_id"]
    streams = [Stream(server, f"/api/live?competition={cid}") for _ in range(3)]
    try:
        firsts = [s.until("standings") for s in streams]
        auth = join(client, ev["codes"][0], "phone-1")
        push(client, auth, lst, (1, "join", {}), (2, "record_deal", deal(1)))
        made = [s.until("standings", lambda d: d["standings"][0]["total"] == 3) for s in streams]
        assert len({e["id"] for e in made}) == 1 and made[0]["id"] == str(position(web))
        assert all(int(m["id"]) > int(f["id"]) for m, f in zip(made, firsts, strict=True))
        assert made[0]["data"] == made[1]["data"] == made[2]["data"]
    finally:
        for s in streams:
            s.close()
