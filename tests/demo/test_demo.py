"""The demo's deal generators only make valid records, and the demo club builds soundly."""

from __future__ import annotations

import json
import random
import re
import warnings
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from backend import instance as instances
from backend.aggregates.errors import ListSubmittedError
from backend.aggregates.list_policy import complete_record
from backend.api import create_app
from backend.application import Command, Troef
from backend.cli import main
from backend.demo import boards, bridge, counts, deal_stream, full_record
from backend.demo.season import Summary, build_demo
from backend.projections import ReadModels
from backend.rules import score_record
from backend.rules.klaverjas_facts import ONE_TRICK_VALUES
from backend.rules.schafkopf_fault import MAX_AUGEN

from ..conftest import phone

SEATS = {
    "wiezen": {"1": "a", "2": "b", "3": "c", "4": "d"},
    "wiezen5": {"1": "a", "2": "b", "3": "c", "4": "d", "5": "e"},
    "klaverjas": {"N": "a", "E": "b", "S": "c", "W": "d"},
    "schafkopf": {"1": "a", "2": "b", "3": "c", "4": "d"},
}
SEEDS = range(25)
ROWS = 50
Row = tuple[dict[str, Any], dict[str, Any]]


@cache
def _table(table: str, seed: int) -> tuple[Row, ...]:
    """Score a table's run as its list would: (record, score) per row."""
    game, seats = table.rstrip("5"), SEATS[table]
    rows: list[dict[str, Any]] = []
    stream = deal_stream(game, random.Random(seed), seats, round=1)
    for deal_no, (kind, facts) in zip(range(1, ROWS + 1), stream, strict=False):
        record = full_record(game, seats, deal_no, complete_record(game, facts, rows))
        score = score_record(record).as_dict()
        assert score["counts"] == (kind == "deal" and counts(game, facts)), record
        rows.append({"kind": kind, "record": record, "score": score, "voided": None})
    return tuple((row["record"], row["score"]) for row in rows)


@pytest.mark.parametrize("table", sorted(SEATS))
def test_every_generated_row_scores_without_a_refusal(table: str) -> None:
    scored = [(record, score) for seed in SEEDS for record, score in _table(table, seed)]
    assert len(scored) == len(SEEDS) * ROWS
    if table != "klaverjas":  # a shuffle at a 5-table sums to +1 (W-D17)
        assert all(sum(s["points"].values()) == 0 for r, s in scored if "penalties" not in r)


def test_wiezen_deals_are_mostly_vraag_with_every_other_contract_now_and_then() -> None:
    seen = Counter()
    for table in ("wiezen", "wiezen5"):
        for seed in SEEDS:
            for record, score in _table(table, seed):
                seen[record.get("contract")] += 1
                seen.update(score["markers"])
                seen["several miseries"] += len(record.get("miserie", [])) > 1
    assert seen["VRAAG"] > sum(seen[c] for c in ("ALLEEN", "TROEL", "MIS", "OMIS", "PAS_ROND"))
    for wanted in ("PAS_ROND", "ALLEEN", "TROEL", "AB9", "MIS", "OMIS", "SOLO"):
        assert seen[wanted] > 0, wanted
    for marker in ("misplay", "after_pas_rond", "pen_shuffle", "pen_misdeal", "rond"):
        assert seen[marker] > 0, marker
    assert seen["several miseries"] > 0


def test_klaverjas_card_points_follow_the_tricks_and_roem_has_the_values_of_art_4c() -> None:
    seen = Counter()
    for seed in SEEDS:
        for record, score in _table("klaverjas", seed):
            seen.update(score["markers"] or ["made"])
            for entry in record.get("roem", []):
                assert entry["value"] in ONE_TRICK_VALUES
            if "tricks" not in record:
                continue
            cards, tricks = record["card_points"], record["tricks"]
            assert cards["NS"] + cards["EW"] == 162 and tricks["NS"] + tricks["EW"] == 8
            for pair in ("NS", "EW"):
                assert (tricks[pair] == 0) == (cards[pair] == 0)
                assert (tricks[pair] == 8) == (cards[pair] == 162)
    assert seen["made"] > seen["nat"] > seen["pit"] > 0
    assert seen["verzaakt"] > 0 and seen["redeal"] > 0


def test_schafkopf_augen_follow_the_tricks_with_now_and_then_schneider_or_schwarz() -> None:
    seen = Counter()
    for seed in SEEDS:
        for record, score in _table("schafkopf", seed):
            seen[record["type"]] += 1
            if record["type"] == "NO_GAME":
                continue
            augen, tricks = record["decl_augen"], record["decl_tricks"]
            assert (tricks == 0) == (augen == 0) and (tricks == 8) == (augen == 120)
            assert augen <= MAX_AUGEN[tricks] and 120 - augen <= MAX_AUGEN[8 - tricks]
            seen["schneider"] += score["schneider"]
            seen["schwarz"] += score["schwarz"]
    assert seen["RUFSPIEL"] > seen["SOLO"] > seen["TOUT"] > 0
    assert seen["schneider"] > seen["schwarz"] > 0


def test_bridge_boards_score_and_declarer_takes_about_level_plus_six() -> None:
    rng = random.Random(7)
    boards = [b for first in range(1, 33, 16) for b in bridge.random_boards(rng, 400, first)]
    for facts in boards:
        score = score_record({"format": 1, "game": "bridge", **facts}).as_dict()
        assert score["points"]["N"] == -score["points"]["E"]
    played = [b for b in boards if b["contract"] is not None]
    assert all(abs(b["tricks"] - b["contract"]["level"] - 6) <= 3 for b in played)
    levels = Counter(b["contract"]["level"] for b in played)
    assert levels[4] > levels[6] > levels[7] > 0
    with pytest.raises(ValueError):
        bridge.random_deal(rng, dealer="S", board=1)


def test_the_results_on_one_bridge_board_look_like_one_deal() -> None:
    rng = random.Random(3)
    same = boards_seen = revokes = 0
    for board in range(1, 401):
        deal = boards.draw_deal(rng, board)
        results = [boards.table_result(rng, deal) for _ in range(5)]
        results[0] = boards.with_revoke(rng, results[0]) if results[0]["contract"] else results[0]
        for facts in results:
            record = {"format": 1, "game": "bridge", "ns": "p1", "ew": "p2", **facts}
            score = score_record(record).as_dict()
            revokes += "revoke" in score["markers"]
        if deal.contract is None:
            continue
        boards_seen += 1
        side = boards.SIDE[deal.declarer]
        played = [f for f in results if f["contract"] and f["declarer"] in side]
        same += sum(f["contract"]["strain"] == deal.contract["strain"] for f in played) >= 3
        for facts in played:
            if facts["contract"]["strain"] == deal.contract["strain"]:
                assert abs(facts["tricks"] - deal.tricks) <= 1  # the same cards, played
    assert same > 0.8 * boards_seen  # most tables reach the same strain with the same side
    assert revokes > 300


def test_the_same_seed_gives_the_same_deals() -> None:
    for table in SEATS:
        first = [r for r, _ in _table(table, 11)]
        assert first == [r for r, _ in _table(table, 11)]
        assert first != [r for r, _ in _table(table, 12)]


# ---- the demo club on an instance -------------------------------------------------------


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Troef, Any, list[Summary]]]:
    """The small demo, built once on a fresh instance wired to its read models."""
    folder = tmp_path_factory.mktemp("demo")
    inst, _ = instances.init(folder, "Demo club", "director", "secret")
    app, views = inst.open()
    summaries = build_demo(app, seed=5, size="small")
    views.settle()  # the results and standings, settled as every reader of them does first
    yield app, views, summaries
    views.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.close()


def test_the_demo_has_a_competition_of_each_game_with_submitted_lists(club: Any) -> None:
    _, views, summaries = club
    assert [s.game for s in summaries] == ["wiezen", "klaverjas", "schafkopf", "bridge"]
    lists = views.rows("SELECT status, closed_short, game FROM lists")
    assert lists and {r["status"] for r in lists} == {"submitted"}
    assert [r["game"] for r in lists if r["closed_short"]] == ["wiezen"]
    assert "23:00" in next(r["closed_short"] for r in lists if r["closed_short"])
    disputes = views.rows("SELECT l.game, d.ruling FROM disputes d JOIN lists l USING (list_id)")
    assert sorted((d["game"], d["ruling"]) for d in disputes) == [
        ("bridge", "corrected"),
        ("wiezen", "corrected"),
    ]
    assert {r["closed"] for r in views.rows("SELECT closed FROM evenings")} == {1}


def test_every_deal_was_entered_by_a_table_phone_in_mutation_order(club: Any) -> None:
    _, views, _ = club
    rows = views.rows(
        "SELECT client_id, aggregate_id, mutation_id, role FROM audit_trail "
        "WHERE event = 'DealRecorded' ORDER BY position"
    )
    assert rows and {r["role"] for r in rows} == {"table"}
    last: dict[tuple[str, str], int] = {}  # a device counts its mutations per list
    for r in rows:
        device = (r["client_id"], r["aggregate_id"])
        assert r["mutation_id"] > last.get(device, 0)
        last[device] = r["mutation_id"]


def test_every_chain_verifies_and_the_read_models_match_a_fresh_rebuild(
    club: Any, tmp_path: Path
) -> None:
    app, views, _ = club
    assert app.verify().ok
    fresh = ReadModels(tmp_path / "fresh.sqlite")
    fresh.catch_up(app)
    assert views.dump() == fresh.dump()
    fresh.close()


def _standings(views: Any, game: str) -> dict[str, dict[str, Any]]:
    rows = views.rows(
        "SELECT s.* FROM standings s JOIN competitions c USING (competition_id) WHERE c.game = ?",
        [game],
    )
    return {r["player_id"]: r for r in rows}


def _attendance(views: Any, game: str, status: str) -> set[str]:
    rows = views.rows(
        "SELECT player_id FROM attendance a JOIN competitions c USING (competition_id) "
        "WHERE c.game = ? AND a.status = ?",
        [game, status],
    )
    return {r["player_id"] for r in rows}


def test_standings_exist_for_each_competition(club: Any) -> None:
    _, views, summaries = club
    for summary in summaries:
        ranked = _standings(views, summary.game)
        if summary.game == "bridge":  # a pair is ranked once it played a session
            assert set(ranked) == _attendance(views, "bridge", "present")
        else:
            assert len(ranked) == summary.players
        assert min(r["rank"] for r in ranked.values()) == 1


def test_wiezen_standings_never_count_an_absent_sunday(club: Any) -> None:
    _, views, _ = club
    standings = _standings(views, "wiezen")
    absent = _attendance(views, "wiezen", "absent") | _attendance(views, "wiezen", "absent_notice")
    assert absent
    for player in absent:
        results = json.loads(standings[player]["results"])
        assert results and not any(r["counts"] for r in results)
        assert standings[player]["total"] == 0


def test_klaverjas_gives_1600_a_partij_sat_out_and_4200_for_an_absence_with_notice(
    club: Any,
) -> None:
    _, views, _ = club
    noticed = _attendance(views, "klaverjas", "absent_notice")
    rows = views.rows(
        "SELECT e.* FROM evening_results e JOIN competitions c USING (competition_id) "
        "WHERE c.game = 'klaverjas'"
    )
    assert noticed and all(r["points"] == 4200 for r in rows if r["player_id"] in noticed)
    sat_out = [r for r in rows if "sat_out" in r["detail"]]
    assert sat_out
    for r in sat_out:
        parts = r["detail"].split(" + ")
        assert r["points"] == sum(1600 if p == "sat_out" else int(p) for p in parts)


def test_a_bridge_pair_sits_out_against_the_phantom_each_round_of_an_odd_evening(
    club: Any,
) -> None:
    _, views, _ = club
    present = _attendance(views, "bridge", "present")
    assert len(present) % 2 == 1 and _attendance(views, "bridge", "absent_notice")
    row = views.rows(
        "SELECT e.draw FROM evenings e JOIN competitions c USING (competition_id) "
        "WHERE c.game = 'bridge'"
    )[0]
    rounds = json.loads(row["draw"])["rounds"]
    assert [len(r["sitting_out"]) for r in rounds] == [1] * len(rounds)
    assert {r["sitting_out"][0] for r in rounds} <= present


def test_bridge_lists_are_scored_by_ns_and_confirmed_by_ew(club: Any) -> None:
    app, views, _ = club
    lists = views.rows("SELECT list_id, rows, boards FROM lists WHERE game = 'bridge'")
    assert lists
    for row in lists:
        assert row["rows"] == len(json.loads(row["boards"]))
        submitted = app.get_list(row["list_id"]).submitted
        assert (submitted["scorer"], submitted["confirmed_by"]) == ("NS", "EW")


def test_bridge_session_percentages_are_between_0_and_100_and_add_up_to_the_standing(
    club: Any,
) -> None:
    _, views, _ = club
    sessions = views.rows(
        "SELECT e.* FROM evening_results e JOIN competitions c USING (competition_id) "
        "WHERE c.game = 'bridge'"
    )
    assert sessions and all(0 <= r["points"] <= 10000 for r in sessions)  # hundredths of a %
    for player, line in _standings(views, "bridge").items():
        assert line["total"] == sum(r["points"] for r in sessions if r["player_id"] == player)


def test_every_bridge_board_gives_ns_and_ew_matchpoints_that_add_up_to_the_top(
    club: Any,
) -> None:
    _, views, _ = club
    travellers = views.rows("SELECT * FROM travellers")
    assert travellers
    per_board = Counter((t["evening"], t["board"]) for t in travellers)
    assert min(per_board.values()) >= 2  # every board is compared over the tables
    for t in travellers:
        assert (
            t["ns_mp"] + t["ew_mp"] == t["top"] == 200 * (per_board[t["evening"], t["board"]] - 1)
        )
    adjusted = [json.loads(t["adjusted"]) for t in travellers if t["adjusted"]]
    assert adjusted == [{"ns": "AVG+", "ew": "AVG-"}]
    revokes = views.rows(
        "SELECT d.points FROM deal_rows d JOIN lists l USING (list_id) "
        "WHERE l.game = 'bridge' AND d.record LIKE '%\"revokes\"%'"
    )
    assert revokes  # a revoke was claimed on some board


def test_a_submitted_list_refuses_another_deal(club: Any) -> None:
    app, views, _ = club
    row = views.rows("SELECT list_id, rows, pen FROM lists WHERE game = 'schafkopf'")[0]
    device = app.get_device(row["pen"], row["list_id"])
    assert device is not None
    actor = phone(row["pen"], device.last_mutation_id + 1)
    facts = {"dealer": 1, "type": "SOLO", "declarer": 2, "decl_augen": 70, "decl_tricks": 5}
    with pytest.raises(ListSubmittedError):
        app.handle(
            actor,
            Command("record_deal", row["list_id"], {"deal_no": row["rows"] + 1, "record": facts}),
        )


def test_troef_demo_is_a_command_with_help() -> None:
    result = CliRunner().invoke(main, ["demo", "--help"])
    assert result.exit_code == 0
    assert "--seed" in result.output and "--size" in result.output


def test_troef_demo_leaves_tonights_klaverjas_drawn_with_codes_a_phone_can_join(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "club"
    result = CliRunner().invoke(
        main, ["demo", "--instance", str(folder), "--size", "small", "--password", "geheim-1"]
    )
    assert result.exit_code == 0, result.output
    codes = re.findall(r"table (\d+): /t/([A-Z0-9]+)", result.output)
    assert codes, result.output
    web = create_app({"TROEF_INSTANCE": str(folder), "TROEF_WORKER": False})
    try:
        client = web.test_client()
        for table, code in codes:
            joined = client.post("/api/join", json={"code": code, "client_id": f"phone-{table}"})
            assert joined.status_code == 200, joined.json
            assert joined.json["game"] == "klaverjas" and joined.json["table"] == int(table)
            sheet = client.get(
                f"/api/lists/{joined.json['list_id']}",
                headers={"Authorization": f"Bearer {joined.json['token']}"},
            ).json
            assert sheet["status"] == "open" and sheet["rows"] == [] and sheet["round"] == 1
    finally:
        web.extensions["troef"].close()
