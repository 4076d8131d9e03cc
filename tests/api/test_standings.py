"""Standings, evening results and bridge travellers over the API: public, with the working."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command
from backend.rules.bridge_duplicate import butler_board

from .conftest import bridge_pairs, four_spades_on_board_one, join, login, vraag, wiezen_evening
from .spec import conforms


def test_standings_show_each_result_counted_or_dropped_and_the_submitted_heads(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web, players=8)
    app, first, second = (
        web.extensions["troef"].app,
        ev["lists"][0]["list_id"],
        ev["lists"][1]["list_id"],
    )
    app.handle(director(), Command("record_deal", first, {"deal_no": 1, "record": vraag()}))
    app.handle(director(), Command("close_list_short", first, {"reason": "the café closed"}))
    app.handle(director(), Command("submit_list", first, {"scorer": "1", "confirmed_by": "2"}))
    answer = client.get(f"/api/competitions/{ev['competition_id']}/standings")
    assert answer.status_code == 200
    conforms(client, answer)
    standings = answer.json
    assert standings["unit"] == "points" and standings["problems"] == []
    assert [line["rank"] for line in standings["lines"]][:2] == [1, 1]
    top = standings["lines"][0]
    assert top["total"] == 3 and top["results"][0]["counts"] is True
    assert top["results"][0]["reason"] and top["explain"]
    assert standings["lists"] == [
        {
            "list_id": first,
            "evening": 1,
            "round": 1,
            "table": 1,
            "submitted_head": app.get_list(first).submitted["head"],
            "submitted_at": standings["lists"][0]["submitted_at"],
        }
    ]
    assert standings["provisional"] is True  # the second table has not submitted
    assert second not in {entry["list_id"] for entry in standings["lists"]}
    etag = answer.headers["ETag"]
    path = f"/api/competitions/{ev['competition_id']}/standings"
    assert client.get(path, headers={"If-None-Match": etag}).status_code == 304


def test_evening_results_are_provisional_until_the_list_is_submitted(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    app, lst = web.extensions["troef"].app, ev["lists"][0]["list_id"]
    app.handle(director(), Command("record_deal", lst, {"deal_no": 1, "record": vraag(tricks=10)}))
    path = f"/api/competitions/{ev['competition_id']}/evenings/1/results"
    before = client.get(path)
    assert before.status_code == 200
    conforms(client, before)
    assert before.json["provisional"] is True
    assert sorted(r["points"] for r in before.json["results"]) == [-4, -4, 4, 4]
    assert all(
        r["status"] == "played" and r["name"].startswith("Speler") for r in before.json["results"]
    )
    app.handle(director(), Command("close_list_short", lst, {"reason": "done"}))
    app.handle(director(), Command("submit_list", lst, {"scorer": "1", "confirmed_by": "2"}))
    after = client.get(path).json
    assert after["provisional"] is False and after["results"][0]["points"] == 4


def test_a_standing_adjustment_is_a_line_of_its_own(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    cid = ev["competition_id"]
    token = join(client, ev["codes"][0], "phone-1")
    body = {"player_id": "p2", "points": -5, "reason": "<b>late</b>", "article": "ART 3"}
    assert client.post(f"/api/competitions/{cid}/adjustments", json=body).status_code == 401
    refused = client.post(f"/api/competitions/{cid}/adjustments", json=body, headers=token)
    assert refused.status_code == 403
    headers = login(client)
    made = client.post(f"/api/competitions/{cid}/adjustments", json=body, headers=headers)
    assert made.status_code == 201
    conforms(client, made)
    assert made.json["position"] == 1 and made.json["name"] == "Speler 1"
    line = next(
        line
        for line in client.get(f"/api/competitions/{cid}/standings").json["lines"]
        if line["player_id"] == "p2"
    )
    assert line["total"] == -5 and "ruling: <b>late</b> (ART 3)" in line["results"][-1]["reason"]
    assert client.get(f"/api/competitions/{cid}").json["adjustments"][0]["points"] == -5
    for bad, field in [
        ({"points": 0}, "points"),
        ({"points": 10**12}, "points"),
        ({"points": 1.5}, "points"),
        ({"reason": ""}, "reason"),
    ]:
        answer = client.post(
            f"/api/competitions/{cid}/adjustments", json={**body, **bad}, headers=headers
        )
        assert answer.status_code == 422 and field in answer.json["fields"], (bad, answer.json)
        conforms(client, answer)


def bridge_evening(web: Flask) -> dict[str, Any]:
    """Six pairs, a Mitchell of 3 boards a round; board 1 played at three tables."""
    app, boss = web.extensions["troef"].app, director()
    drawn = bridge_pairs(web)
    cid = drawn["competition_id"]
    board_one = [e["list_id"] for e in drawn["lists"] if 1 in e["boards"]]
    for tricks, lst in zip((10, 11, 9), board_one, strict=True):
        facts = {
            "board": 1,
            "contract": {"level": 4, "strain": "S"},
            "declarer": "S",
            "tricks": tricks,
        }
        if tricks == 11:
            facts["lead"] = "HK"  # W's opening lead, written on the traveller
        app.handle(boss, Command("record_deal", lst, {"deal_no": 1, "record": facts}))
    return {"competition_id": cid, "lists": board_one}


def test_bridge_travellers_show_each_boards_results_with_matchpoints(
    web: Flask, client: FlaskClient
) -> None:
    ev = bridge_evening(web)
    answer = client.get(f"/api/competitions/{ev['competition_id']}/evenings/1/travellers")
    assert answer.status_code == 200
    conforms(client, answer)
    (board,) = answer.json["boards"]
    assert board["board"] == 1 and board["top"] == 400
    results = board["results"]
    assert [r["tricks"] for r in results] == [11, 10, 9]  # best NS score first
    assert [r["ns_mp"] for r in results] == [400, 200, 0]
    assert [r["ns_pct"] for r in results] == [10000, 5000, 0]
    assert results[0]["contract"] == "4S" and results[0]["ns"]["name"].startswith("Paar")
    assert [r["lead"] for r in results] == ["HK", None, None]  # shown, not scored
    standings = client.get(f"/api/competitions/{ev['competition_id']}/standings").json
    assert standings["unit"] == "pct_hundredths"
    assert (answer.json["method"], answer.json["unit"]) == ("matchpoints", "centi_mp")


def test_butler_travellers_give_each_result_in_imps_against_the_datum(
    web: Flask, client: FlaskClient
) -> None:
    drawn = bridge_pairs(web, {"method": "butler"})
    cid = drawn["competition_id"]
    four_spades_on_board_one(web, drawn["lists"], [10, 11, 9])
    answer = client.get(f"/api/competitions/{cid}/evenings/1/travellers")
    conforms(client, answer)
    assert (answer.json["method"], answer.json["unit"]) == ("butler", "imps")
    (board,) = answer.json["boards"]
    expected = butler_board([r["score"] for r in board["results"]])
    assert [r["ns_mp"] for r in board["results"]] == [row.ns for row in expected.rows]
    assert [r["ew_mp"] for r in board["results"]] == [row.ew for row in expected.rows]


def test_travellers_are_empty_for_other_games_and_unknown_evenings_404(
    web: Flask, client: FlaskClient
) -> None:
    cid = wiezen_evening(web)["competition_id"]
    empty = client.get(f"/api/competitions/{cid}/evenings/1/travellers")
    assert (
        empty.status_code == 200 and empty.json["boards"] == [] and empty.json["game"] == "wiezen"
    )
    for path in (
        f"/api/competitions/{cid}/evenings/2/travellers",
        f"/api/competitions/{cid}/evenings/2/results",
        "/api/competitions/nope/standings",
        "/api/competitions/00000000-0000-0000-0000-000000000000/standings",
    ):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json["message"], path
        conforms(client, answer)
