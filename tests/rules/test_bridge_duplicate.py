"""Every case of tests/vectors/bridge_duplicate.json compares (or is refused) exactly as written."""

from __future__ import annotations

from typing import Any

import pytest

from backend.rules import RecordError
from backend.rules.bridge_duplicate import (
    IMP_BANDS,
    butler_board,
    cross_imps_board,
    imps,
    matchpoint_board,
    team_board,
)
from backend.rules.bridge_season import Session, rank_season, score_session

from .vectors import load

VECTORS = load("bridge_duplicate")
SECTIONS = ("matchpoints", "imps", "butler", "cross_imps", "sessions")


def _cases(section: str) -> list[Any]:
    return [
        pytest.param(case, id=f"{section}-{i}-{case['name']}")
        for i, case in enumerate(VECTORS[section])
    ]


def _run(section: str, given: dict[str, Any]) -> dict[str, Any]:
    if section == "imps":
        if "difference" in given:
            return {"imps": imps(given["difference"])}
        return team_board(given["table1"], given["table2"]).as_dict()
    if section == "matchpoints":
        return matchpoint_board(given["results"], given.get("expected")).as_dict()
    if section == "butler":
        return butler_board(given["scores"]).as_dict()
    if section == "cross_imps":
        return cross_imps_board(given["scores"]).as_dict()
    if "sessions" in given:
        sessions = [_session(s.get("method", given["method"]), s) for s in given["sessions"]]
        return {"lines": [line.as_dict() for line in rank_season(sessions)]}
    return _session(given["method"], given).as_dict()


def _session(method: str, given: dict[str, Any]) -> Session:
    return score_session(given["boards"], method, given.get("expected"), given.get("key", "s"))


def _check(case: dict[str, Any], section: str) -> None:
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(RecordError) as refused:
            _run(section, case["input"])
        assert refused.value.field == expect["error"]["field"], refused.value.message
        assert refused.value.message
        return
    got = _run(section, case["input"])
    for key, value in expect.items():
        if key == "lines":
            _check_lines(got["lines"], value)
        else:
            assert got[key] == value, f"{key}: {got[key]!r} != {value!r}"
    if section != "imps" or "table1" in case["input"]:
        assert got.get("explain") or all(line["explain"] for line in got["lines"])


def _check_lines(got: list[dict[str, Any]], expected: list[dict[str, Any]]) -> None:
    assert [line["player"] for line in got] == [line["player"] for line in expected]
    for line, want in zip(got, expected, strict=True):
        for key, value in want.items():
            if key == "details":
                assert {k: line["details"][k] for k in value} == value, line["player"]
            elif key == "results":
                shown = [{"key": r["key"], "value": r["value"]} for r in line["results"]]
                assert shown == value, line["player"]
                assert all(r["counts"] and r["reason"] for r in line["results"])
            else:
                assert line[key] == value, f"{line['player']} {key}"


@pytest.mark.parametrize("case", _cases("matchpoints"))
def test_matchpoint_vector(case: dict[str, Any]) -> None:
    _check(case, "matchpoints")


@pytest.mark.parametrize("case", _cases("imps"))
def test_imp_vector(case: dict[str, Any]) -> None:
    _check(case, "imps")


@pytest.mark.parametrize("case", _cases("butler"))
def test_butler_vector(case: dict[str, Any]) -> None:
    _check(case, "butler")


@pytest.mark.parametrize("case", _cases("cross_imps"))
def test_cross_imp_vector(case: dict[str, Any]) -> None:
    _check(case, "cross_imps")


@pytest.mark.parametrize("case", _cases("sessions"))
def test_session_vector(case: dict[str, Any]) -> None:
    _check(case, "sessions")


def test_the_file_has_no_deals_and_over_a_hundred_cases() -> None:
    assert "deals" not in VECTORS
    assert VECTORS["game"] == "bridge" and VECTORS["format"] == 1 and VECTORS["about"]
    assert sum(len(VECTORS[section]) for section in SECTIONS) >= 100
    for section in SECTIONS:
        for case in VECTORS[section]:
            assert {"name", "source", "input", "expect"} <= set(case), case["name"]


def test_every_imp_band_is_covered_at_both_ends_and_negated() -> None:
    differences = {case["input"].get("difference") for case in VECTORS["imps"]}
    for low in IMP_BANDS:
        assert {low, -low, low - 10, 10 - low} <= differences


def test_example_5_explains_the_plus_650_as_7_of_8() -> None:
    board = matchpoint_board([650, 620, 650, -100, 170])
    assert "2 × 3 + 1 = 7.00 MP" in board.rows[0].explain[0]
    assert "87.50%" in board.rows[0].explain[-1]


def test_a_four_result_board_leaves_its_highest_and_lowest_out_of_the_butler_datum() -> None:
    """B-D11 (revised): the datum drops the top and the bottom from 4 results, not from 5."""
    board = butler_board([650, 620, -100, 170])
    assert board.datum == 400  # (620 + 170) / 2 = 395 -> 400, not 1340 / 4 = 335 -> 340
    assert "without the highest (+650) and lowest (-100)" in board.explain[0]
    assert butler_board([420, 170, -50]).datum == 180  # with 3, all of them count


def test_a_board_played_once_scores_fifty_percent_and_weighs_like_the_others() -> None:
    """B-D12, §B7: a board played fewer times than the others is scaled to them."""
    boards = {
        "1": [["N1", "E1", 420], ["N2", "E2", 450], ["N3", "E3", 170]],
        "2": [["N1", "E3", 600]],
    }
    session = score_session(boards)
    once = session.boards["2"]
    assert (once.top, once.rows[0].ns, once.rows[0].ew) == (400, 200, 200)
    assert once.rows[0].ns_pct == once.rows[0].ew_pct == 5000
    lines = {line.player: line for line in session.lines}
    # N1: 2 of 4 on board 1, 2 of 4 on board 2 -> 50 %; E3: 4 of 4, then 2 of 4 -> 75 %
    assert (lines["N1"].total, lines["E3"].total) == (5000, 7500)
    assert "scaled to 3" in once.explain[-1]
