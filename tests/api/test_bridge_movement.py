"""A bridge table's phone follows the movement: one card per table, the next round by itself.

The table card is the table's for the whole evening; once a round's list is submitted the
phone asks ``POST /api/join/next`` and the server (never the phone) picks the same table's
list of the next round, with a secret good for that list only (docs/seating.md).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from backend.aggregates.actor import director
from backend.aggregates.errors import InvalidInput
from backend.api.auth import join_code
from backend.application import Command

from .conftest import bridge_pairs, join, login
from .test_export_pdf import text_of
from .test_exports import rows_of


def play_round(web: Flask, entry: dict[str, Any]) -> None:
    """Every board of the list played as 3NT by S making 9; then the list submitted."""
    app = web.extensions["troef"].app
    for deal_no, board in enumerate(entry["boards"], 1):
        record = {"board": board, "contract": {"level": 3, "strain": "NT"}, "declarer": "S"}
        app.handle(
            director(),
            Command(
                "record_deal",
                entry["list_id"],
                {"deal_no": deal_no, "record": record | {"tricks": 9}},
            ),
        )
    who = {"scorer": "NS", "confirmed_by": "EW"}
    app.handle(director(), Command("submit_list", entry["list_id"], who))


def of(lists: list[dict[str, Any]], table: int, rnd: int) -> dict[str, Any]:
    return next(e for e in lists if e["table"] == table and e["round"] == rnd)


def test_a_phone_moves_on_to_its_own_tables_next_round_and_never_to_another_table(
    web: Flask,
) -> None:
    evening = bridge_pairs(web)
    lists = evening["lists"]
    client = web.test_client()
    with web.app_context():
        card = join_code(of(lists, 3, 1)["list_id"])
    joined = client.post("/api/join", json={"code": card, "name": "Tafel 3"}).json
    assert (joined["table"], joined["round"]) == (3, 1)
    assert joined["pairs"] == {"NS": 3, "EW": 6}
    auth = {"Authorization": f"Bearer {joined['token']}"}

    early = client.post("/api/join/next", headers=auth)
    assert early.status_code == 409 and early.json["fields"] == {"list": "not submitted"}

    play_round(web, of(lists, 3, 1))
    moved = client.post("/api/join/next", headers=auth)
    assert moved.status_code == 200, moved.json
    second = of(lists, 3, 2)
    assert (moved.json["list_id"], moved.json["table"], moved.json["round"]) == (
        second["list_id"],
        3,
        2,
    )
    assert moved.json["boards"] == second["boards"] and moved.json["device"] == "Tafel 3"
    assert moved.json["pairs"]["NS"] == 3 and moved.json["pairs"]["EW"] != 6  # EW moves on
    # asking again (an answer lost on the way) gives the same device, not a second one
    again = client.post("/api/join/next", headers=auth).json
    app = web.extensions["troef"].app
    assert [d["name"] for d in app.get_list(second["list_id"]).joined_devices()] == ["Tafel 3"]
    assert again["list_id"] == second["list_id"]

    # the new secret is good for table 3's round 2 only: table 5 does not exist, table 1's
    # list of round 2 refuses it, and a table named in the request is not listened to
    new_auth = {"Authorization": f"Bearer {moved.json['token']}"}
    other = of(lists, 1, 2)["list_id"]
    assert client.get(f"/api/lists/{other}", headers=new_auth).status_code == 403
    asked = client.post("/api/join/next", headers=auth, json={"table": 1, "list": other})
    assert asked.json["table"] == 3
    own = client.get(f"/api/lists/{second['list_id']}", headers=new_auth)
    assert own.status_code == 200 and own.json["holds_pen"] is False  # it asks for the pen


def test_the_table_card_leads_to_the_round_in_play_and_ends_with_the_movement(
    web: Flask,
) -> None:
    lists = bridge_pairs(web)["lists"]
    client = web.test_client()
    with web.app_context():
        card = join_code(of(lists, 2, 1)["list_id"])
    play_round(web, of(lists, 2, 1))
    late = client.post("/api/join", json={"code": card, "name": "Laat"})
    assert late.status_code == 200, late.json
    assert (late.json["table"], late.json["round"]) == (2, 2)

    auth = join(client, card, "Tafel 2")
    play_round(web, of(lists, 2, 2))
    third = client.post("/api/join/next", headers=auth).json
    assert third["round"] == 3 and third["table"] == 2
    play_round(web, of(lists, 2, 3))
    ended = client.post("/api/join/next", headers={"Authorization": f"Bearer {third['token']}"})
    assert ended.status_code == 404 and ended.json["fields"] == {
        "round": "no later round at this table"
    }
    gone = client.post("/api/join", json={"code": card, "name": "Na afloop"})
    assert gone.status_code == 410


def test_only_a_joined_phone_follows(web: Flask) -> None:
    bridge_pairs(web)
    client = web.test_client()
    assert client.post("/api/join/next").status_code == 401
    headers = login(client)
    assert client.post("/api/join/next", headers=headers).status_code == 401


def test_one_card_per_table_with_the_movement_on_it(web: Flask) -> None:
    evening = bridge_pairs(web)
    client = web.test_client()
    login(client)
    deck = client.get(f"/api/competitions/{evening['competition_id']}/evenings/1/cards").json
    assert [c["table"] for c in deck["cards"]] == [1, 2, 3]
    first = deck["cards"][0]
    assert [r["round"] for r in first["schedule"]] == [1, 2, 3]
    assert first["schedule"][0] == {
        "round": 1,
        "boards": [1, 2, 3],
        "pairs": {"NS": 1, "EW": 4},
        "names": first["schedule"][0]["names"],
    }
    with web.app_context():
        assert first["join_code"] == join_code(of(evening["lists"], 1, 1)["list_id"])


def test_a_curtailed_mitchell_plays_fewer_rounds_than_tables(web: Flask) -> None:
    lists = bridge_pairs(web, {"rounds": 2})["lists"]
    assert sorted({e["round"] for e in lists}) == [1, 2]
    assert len(lists) == 6  # 3 tables, 2 rounds


def test_more_rounds_than_the_mitchell_has_are_refused_at_the_draw(web: Flask) -> None:
    with pytest.raises(InvalidInput) as refused:
        bridge_pairs(web, {"rounds": 5})
    assert refused.value.field == "rounds" and "from 1 to 3" in refused.value.message


def two_winners(web: Flask) -> dict[str, Any]:
    """Every board of the Mitchell played; the NS pair of table 1 and the EW pair that
    started at table 1 always make an overtrick, so each wins its own direction."""
    evening = bridge_pairs(web)
    app = web.extensions["troef"].app
    for entry in evening["lists"]:
        for deal_no, board in enumerate(entry["boards"], 1):
            # NS pair 1 (table 1) makes 10 tricks; elsewhere 9, or 8 where EW pair 4 sits
            ew_four = entry["seats"]["EW"] == of(evening["lists"], 1, 1)["seats"]["EW"]
            tricks = 10 if entry["table"] == 1 else 8 if ew_four else 9
            record = {"board": board, "contract": {"level": 3, "strain": "NT"}, "declarer": "S"}
            args = {"deal_no": deal_no, "record": record | {"tricks": tricks}}
            app.handle(director(), Command("record_deal", entry["list_id"], args))
    return evening


def test_a_mitchell_has_two_winners_north_south_and_east_west(web: Flask) -> None:
    evening = two_winners(web)
    client = web.test_client()
    lines = client.get(f"/api/competitions/{evening['competition_id']}/standings").json["lines"]
    sides = {line["details"]["direction"] for line in lines}
    assert sides == {"NS", "EW"}
    winners = {
        line["details"]["direction"]: line["name"]
        for line in lines
        if line["details"]["field_rank"] == 1
    }
    names = {line["player_id"]: line["name"] for line in lines}
    first = of(evening["lists"], 1, 1)["seats"]
    assert winners == {"NS": names[first["NS"]], "EW": names[first["EW"]]}
    page = client.get(f"/standings/{evening['competition_id']}?lang=en").get_data(as_text=True)
    assert 'id="field-NS">North-South</h2>' in page and 'id="field-EW">East-West</h2>' in page
    ns_table = page.split('data-field="NS"')[1].split("</table>")[0]
    assert names[first["NS"]] in ns_table and names[first["EW"]] not in ns_table


def test_a_mitchell_evenings_results_have_a_winner_in_each_direction(web: Flask) -> None:
    """The evening's results (API and public page) are ranked per direction, as the season."""
    evening = two_winners(web)
    cid, first = evening["competition_id"], of(evening["lists"], 1, 1)["seats"]
    client = web.test_client()
    results = client.get(f"/api/competitions/{cid}/evenings/1/results").json["results"]
    assert {r["field"] for r in results} == {"NS", "EW"}
    for side in ("NS", "EW"):
        own = [r for r in results if r["field"] == side]
        assert len(own) == 3 and own[0]["player_id"] == first[side]  # best first
        # every pair of the direction sat that way at every table of the evening
        seated = {e["seats"][side] for e in evening["lists"]}
        assert {r["player_id"] for r in own} == seated
    page = client.get(f"/standings/{cid}/evenings/1?lang=nl").get_data(as_text=True)
    assert 'id="field-NS">Noord-Zuid</h2>' in page and 'id="field-EW">Oost-West</h2>' in page
    names = {r["player_id"]: r["name"] for r in results}
    for side, other in (("NS", "EW"), ("EW", "NS")):
        table = page.split(f'data-field="{side}"')[1].split("</table>")[0]
        places = re.findall(r'<td class="num">(\d+)</td><td class="name">([^<]+)</td>', table)
        assert places[0] == ("1", names[first[side]])  # each direction has its own first place
        assert len(places) == 3 and names[first[other]] not in table
    login(client)
    csv = client.get(f"/api/competitions/{cid}/export/evening_results.csv").get_data(True)
    assert {(r["player_id"], r["field"]) for r in rows_of(csv)} == {
        (r["player_id"], r["field"]) for r in results
    }


def test_the_standings_pdf_of_a_mitchell_prints_north_south_and_east_west_apart(
    web: Flask,
) -> None:
    evening = two_winners(web)
    cid, first = evening["competition_id"], of(evening["lists"], 1, 1)["seats"]
    client = web.test_client()
    names = {
        line["player_id"]: line["name"]
        for line in client.get(f"/api/competitions/{cid}/standings").json["lines"]
    }
    text = text_of(client.get(f"/api/competitions/{cid}/standings.pdf?lang=de").data)
    ns, ew = text.split("Nord-Süd\n")[1].split("Ost-West\n")
    for side, part in (("NS", ns), ("EW", ew)):
        ranked = re.findall(r"^(\d+) (Paar \d)", part, re.M)
        assert len(ranked) == 3 and ranked[0] == ("1", names[first[side]])
    printed = client.get(f"/print/competitions/{cid}/standings?lang=en").get_data(as_text=True)
    assert 'id="field-NS">North-South</h2>' in printed and 'data-field="EW"' in printed


def test_a_howell_keeps_one_ranking(web: Flask) -> None:
    evening = bridge_pairs(web, {"movement": "howell"})
    app = web.extensions["troef"].app
    entry = evening["lists"][0]
    record = {"board": entry["boards"][0], "contract": None}
    app.handle(
        director(), Command("record_deal", entry["list_id"], {"deal_no": 1, "record": record})
    )
    client = web.test_client()
    cid = evening["competition_id"]
    page = client.get(f"/standings/{cid}?lang=en").get_data(as_text=True)
    assert "field-NS" not in page
    results = client.get(f"/api/competitions/{cid}/evenings/1/results").json["results"]
    assert results and all(r["field"] is None for r in results)
    assert "field-NS" not in client.get(f"/standings/{cid}/evenings/1").get_data(as_text=True)


def test_the_traveller_marks_a_revoke_and_a_ruling(web: Flask) -> None:
    evening = bridge_pairs(web)
    app, boss = web.extensions["troef"].app, director()
    board_one = [e["list_id"] for e in evening["lists"] if 1 in e["boards"]]
    plain = {"board": 1, "contract": {"level": 4, "strain": "S"}, "declarer": "S", "tricks": 10}
    revoked = plain | {"revokes": [{"offender": "W", "trick": 3}]}
    for lst, record in zip(board_one, (plain, revoked, plain), strict=True):
        app.handle(boss, Command("record_deal", lst, {"deal_no": 1, "record": record}))
    ruled = board_one[2]
    app.handle(boss, Command("raise_dispute", ruled, {"deal_no": 1, "reason": "claim"}))
    ruling = {"deal_no": 1, "decision": "upheld", "reason": "as played"}
    app.handle(boss, Command("give_ruling", ruled, ruling))
    client = web.test_client()
    cid = evening["competition_id"]
    (board,) = client.get(f"/api/competitions/{cid}/evenings/1/travellers").json["boards"]
    marks = {r["list_id"]: r["marks"] for r in board["results"]}
    assert marks == {board_one[0]: [], board_one[1]: ["revoke"], board_one[2]: ["ruling"]}
    page = client.get(f"/standings/{cid}/evenings/1?lang=en").get_data(as_text=True)
    assert '<span class="mark" data-mark="revoke">revoke</span>' in page
    assert '<span class="mark" data-mark="ruling">director&#39;s ruling</span>' in page
