"""Seating draws and bridge movements match tests/vectors/seating.json and the specs."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from backend.rules.errors import RuleError
from backend.rules.seating import (
    Draw,
    Lot,
    draw_klaverjas,
    draw_schafkopf,
    draw_wiezen,
    wiezen_split,
)
from backend.rules.seating_bridge import (
    Movement,
    draw_bridge_pairs,
    howell,
    mitchell,
    movement_faults,
)

VECTORS = json.loads(
    (Path(__file__).resolve().parent.parent / "vectors" / "seating.json").read_text("utf-8")
)
DRAWS = {"wiezen": draw_wiezen, "klaverjas": draw_klaverjas, "schafkopf": draw_schafkopf}
BUILD = {"mitchell": mitchell, "howell": howell}
ROOT = Path(__file__).resolve().parents[2]


def _ids(cases: list[dict[str, Any]]) -> list[Any]:
    return [pytest.param(c, id=c["name"]) for c in cases]


def assert_everybody_seated_once(draw: Draw) -> None:
    for rnd in draw.rounds:
        seated = [p for t in rnd.tables for p in t.players] + list(rnd.sitting_out)
        assert sorted(seated) == sorted(draw.players), f"round {rnd.number}"


@pytest.mark.parametrize("case", _ids(VECTORS["draws"]))
def test_draw_vector(case: dict[str, Any]) -> None:
    inp, expect = case["input"], case["expect"]
    draw_fn = DRAWS[inp["game"]]
    if "error" in expect:
        with pytest.raises(RuleError) as refused:
            draw_fn(inp["players"], inp["seed"], **inp["params"])
        assert refused.value.field == expect["error"]["field"]
        assert refused.value.message
        return
    draw = draw_fn(inp["players"], inp["seed"], **inp["params"])
    got = draw.as_dict()
    assert_everybody_seated_once(draw)
    assert got["seed"] == inp["seed"]
    assert len(got["rounds"]) == expect["rounds"]
    assert [[len(t["seats"]) for t in r["tables"]] for r in got["rounds"]] == expect["table_sizes"]
    assert [len(r["sitting_out"]) for r in got["rounds"]] == expect["sitting_out_counts"]
    for key, value in expect.get("stats", {}).items():
        assert got["stats"][key] == value, key
    for line in expect["explain_includes"]:
        assert line in got["explain"]
    if "exact" in expect:
        for key, value in expect["exact"].items():
            assert got[key] == value, key


@pytest.mark.parametrize("case", _ids(VECTORS["movements"]))
def test_movement_vector(case: dict[str, Any]) -> None:
    inp, expect = case["input"], case["expect"]
    build = BUILD[inp["movement"]]
    args = (inp["pairs_count"], inp["boards_per_round"], inp["rounds"])
    if "error" in expect:
        with pytest.raises(RuleError) as refused:
            build(*args)
        assert refused.value.field == expect["error"]["field"]
        return
    got = build(*args).as_dict()
    for key in ("tables", "board_sets", "boards", "phantom"):
        assert got[key] == expect[key], key
    assert len(got["rounds"]) == expect["rounds"]
    if "schedule" in expect:
        assert got["rounds"] == expect["schedule"]


@pytest.mark.parametrize("case", _ids(VECTORS["bridge_draws"]))
def test_bridge_draw_vector(case: dict[str, Any]) -> None:
    inp, expect = case["input"], case["expect"]
    spec = inp["movement"]
    movement = BUILD[spec["movement"]](spec["pairs_count"], spec["boards_per_round"])
    if "error" in expect:
        with pytest.raises(RuleError) as refused:
            draw_bridge_pairs(inp["pairs"], inp["seed"], movement)
        assert refused.value.field == expect["error"]["field"]
        return
    got = draw_bridge_pairs(inp["pairs"], inp["seed"], movement).as_dict()
    for key, value in expect["exact"].items():
        assert got[key] == value, key


def test_the_vectors_cover_every_game_and_both_movements() -> None:
    games = Counter(c["input"]["game"] for c in VECTORS["draws"])
    kinds = Counter(c["input"]["movement"] for c in VECTORS["movements"])
    assert set(games) == set(DRAWS) and set(kinds) == set(BUILD)
    assert sum(1 for c in VECTORS["draws"] if "exact" in c["expect"]) >= 6
    assert "Python-only" in VECTORS["about"]["exact"]


def test_eighteen_wiezen_players_sit_at_two_tables_of_five_and_two_of_four() -> None:
    draw = draw_wiezen([f"p{i}" for i in range(18)], 42)
    assert draw.explain[0] == "Wiezen TS / W-D1: 18 players: 2 tables of 5 and 2 tables of 4"
    assert [len(t.seats) for t in draw.rounds[0].tables] == [5, 5, 4, 4]
    assert [s for s, _ in draw.rounds[0].tables[0].seats] == ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize("n", [6, 7, 11])
def test_an_impossible_wiezen_field_names_the_rule_and_what_the_director_can_do(n: int) -> None:
    with pytest.raises(RuleError) as refused:
        draw_wiezen([f"p{i}" for i in range(n)], 1)
    assert refused.value.field == "players"
    assert "W-D1" in refused.value.message and "director decides" in refused.value.message
    assert "do not play" in refused.value.message and "join" in refused.value.message


def test_wiezen_split_follows_w_d1_for_every_field_up_to_a_hundred() -> None:
    impossible = [n for n in range(101) if wiezen_split(n) is None]
    assert impossible == [0, 1, 2, 3, 6, 7, 11]
    assert wiezen_split(25) == (1, 5)  # not 5 x 5: the fewest tables of five


def test_a_schafkopf_field_that_is_not_a_multiple_of_four_goes_to_the_turnierleitung() -> None:
    with pytest.raises(RuleError) as refused:
        draw_schafkopf([f"p{i}" for i in range(18)], 1)
    assert "Turnierleitung" in refused.value.message and "16 or 20" in refused.value.message


def test_four_klaverjas_players_have_a_different_partner_in_each_partij() -> None:
    draw = draw_klaverjas(["a", "b", "c", "d"], 3)
    partners = {p: [] for p in "abcd"}
    for rnd in draw.rounds:
        seats = dict(rnd.tables[0].seats)
        for x, y in (("N", "S"), ("S", "N"), ("E", "W"), ("W", "E")):
            partners[seats[x]].append(seats[y])
    assert all(sorted(v) == sorted(set("abcd") - {p}) for p, v in partners.items())


def test_the_order_in_which_players_are_entered_does_not_change_the_draw() -> None:
    names = [f"speler {i}" for i in range(14)]
    shuffled = random.Random(5).sample(names, len(names))
    assert draw_klaverjas(names, "x").as_dict() == draw_klaverjas(shuffled, "x").as_dict()
    assert draw_wiezen(names, 9).as_dict() == draw_wiezen(shuffled, 9).as_dict()


def test_a_draw_is_json_ready_and_carries_its_seed() -> None:
    draw = draw_schafkopf([f"p{i}" for i in range(8)], "toernooi 3")
    data = json.loads(json.dumps(draw.as_dict()))
    assert data["seed"] == "toernooi 3" and data["game"] == "schafkopf"
    assert data["rounds"][1]["tables"][0]["seats"].keys() == {"1", "2", "3", "4"}


def test_the_lot_reads_only_the_random_stream_python_promises_to_keep() -> None:
    lot, rng = Lot(2024), random.Random(2024)
    for n in (1, 2, 3, 7, 52, 1000):
        num, den = rng.random().as_integer_ratio()
        k = num * ((1 << 53) // den)
        assert k < (1 << 53) - (1 << 53) % n  # no rejection for these first draws
        assert lot.below(n) == k % n


def test_the_same_draw_comes_out_under_every_hash_seed() -> None:
    code = (
        "import json; from backend.rules.seating import draw_klaverjas, draw_schafkopf;"
        "names = ['speler %d' % i for i in range(22)];"
        "print(json.dumps([draw_klaverjas(names, 'h').as_dict(),"
        " draw_schafkopf(names[:20], 'h').as_dict()]))"
    )
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, check=True
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1


def test_a_seven_table_mitchell_moves_ew_up_and_boards_down() -> None:
    mv = mitchell(14, 3)
    second = {t.table: t for t in mv.rounds[1].tables}
    assert (second[1].ns, second[1].ew, second[1].boards) == (1, 14, (4, 5, 6))
    assert (second[7].ns, second[7].ew, second[7].boards) == (7, 13, (1, 2, 3))
    met = {(t.ns, t.ew) for r in mv.rounds for t in r.tables}
    assert met == {(ns, ew) for ns in range(1, 8) for ew in range(8, 15)}


def test_a_skip_mitchell_misses_one_ns_pair_per_ew_pair_and_never_replays_a_board() -> None:
    mv = mitchell(16, 2)
    assert len(mv.rounds) == 7 and not movement_faults(mv)
    faced = Counter(t.ew for r in mv.rounds for t in r.tables)
    assert set(faced.values()) == {7}


def test_every_howell_pair_meets_every_other_pair_once() -> None:
    for pairs in range(3, 21):
        mv = howell(pairs, 2)
        met = Counter(frozenset((t.ns, t.ew)) for r in mv.rounds for t in r.tables)
        assert len(met) == pairs * (pairs - 1) // 2 and set(met.values()) == {1}


def test_a_broken_movement_is_refused_with_every_fault_named() -> None:
    mv = mitchell(10, 2)
    broken = Movement(**{**mv.__dict__, "rounds": (mv.rounds[0], mv.rounds[0])})
    faults = movement_faults(broken)
    assert any("meet 2 times" in f for f in faults)
    assert any("plays board 1 2 times" in f for f in faults)


def test_bridge_pairs_are_drawn_to_every_pair_number_once() -> None:
    names = [f"pair {i}" for i in range(9)]
    draw = draw_bridge_pairs(names, 77, howell(9, 3))
    assert sorted(name for _, name in draw.numbers) == sorted(names)
    starts = draw.starts()
    assert sum(1 for s in starts if s["table"] is None) == 1  # one pair meets the phantom
    assert draw.as_dict()["seed"] == 77


def test_a_seed_that_is_not_valid_text_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        draw_wiezen(["a", "b", "c", "d"], "zondag \ud800")
    assert refused.value.field == "seed"


def test_a_federation_hall_is_drawn_without_deep_recursion() -> None:
    """The partner search keeps its own stack: pairing 400 players needs no 200 nested calls."""
    players = [f"p{i:03d}" for i in range(400)]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(150)
    try:
        draw = draw_klaverjas(players, "hall", 3)
    finally:
        sys.setrecursionlimit(limit)
    for partij in draw.rounds:
        seated = [p for table in partij.tables for p in table.players]
        assert sorted(seated) == players
