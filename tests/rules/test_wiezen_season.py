"""The wiezen season (15 Sundays, best 9, absences first): the "standings" vector cases."""

from __future__ import annotations

from typing import Any

import pytest

from backend.rules import RecordError
from backend.rules.games import ruleset_from_dict
from backend.rules.wiezen_season import ABSENT_FIRST, standings

from .vectors import case_rules, load

STANDINGS = load("wiezen")["standings"]


def _run(case: dict[str, Any]) -> list[Any]:
    return standings(case["results"], case_rules(case), **case["params"])


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=f"{i}-{c['name']}") for i, c in enumerate(STANDINGS["cases"])]
)
def test_standings_vector(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if isinstance(expect, dict):
        with pytest.raises(RecordError) as refused:
            _run(case)
        assert refused.value.field == expect["error"]["field"], refused.value.message
        return
    lines = _run(case)
    assert len(lines) == len(expect)
    got = [
        {
            "player": line.player,
            "rank": line.rank,
            "total": line.total,
            "counted": [r.key for r in line.counted],
            "details": {key: line.details[key] for key in want.get("details", {})},
        }
        for line, want in zip(lines, expect, strict=True)
    ]
    assert got == [{"details": {}, **want} for want in expect]


def test_every_sunday_shows_whether_it_counts_and_why() -> None:
    (line,) = standings({"P": {"S1": 4, "S2": None, "S3": -2}}, best=1, sundays=3)
    reasons = {r.key: (r.counts, r.reason) for r in line.results}
    assert reasons == {
        "S1": (True, "among the best 1"),
        "S2": (False, ABSENT_FIRST),
        "S3": (False, "not among the best 1"),
    }
    assert line.explain and "4" in line.explain[0]


def test_the_spec_example_explains_its_sum() -> None:
    results = {"S1": 35, "S2": -12, "S3": 8, "S4": None, "S5": -40, "S6": 22, "S7": 5,
               "S8": -3, "S9": 17, "S10": -9, "S11": None, "S12": 50, "S13": -25, "S14": 1,
               "S15": -6}  # fmt: skip
    (line,) = standings({"P": results})
    assert "50 + 35 + 22 + 17 + 8 + 5 + 1 - 3 - 6 = 129" in line.explain[0]
    assert line.details == {"played": 13, "absent": 2, "to_come": 0, "counted": 9}
    assert [r.reason for r in line.dropped if r.value == 0] == [ABSENT_FIRST, ABSENT_FIRST]


def test_the_season_defaults_come_from_the_rule_set() -> None:
    results = {"P": {f"S{i}": i for i in range(1, 16)}}
    (line,) = standings(results)
    assert line.total == sum(range(7, 16))


def test_sundays_still_to_come_are_neither_results_nor_absences() -> None:
    """W-D29: after 3 of 15 Sundays, 12 are still to come; the club's 0 is for absences only."""
    sheet = {"S1": -5, "S2": None, "S3": -3}
    (line,) = standings({"Q": sheet})
    assert line.details == {"played": 2, "absent": 1, "to_come": 12, "counted": 2}
    assert "12 Sundays still to come (W-D29)" in line.explain[0]
    zero = ruleset_from_dict(
        {"id": "club", "base": "wiezen-reglement-2019", "options": {"season_absence": "zero"}}
    )
    (line,) = standings({"Q": sheet}, zero)
    assert (line.total, [r.key for r in line.counted]) == (-8, ["S1", "S2", "S3"])
    assert line.details["absent"] == 1 and line.details["to_come"] == 12


def test_a_sunday_held_for_others_is_an_absence_for_a_player_without_a_result() -> None:
    lines = standings({"A": {"S1": 4, "S2": 1}, "B": {"S1": 9}}, best=1, sundays=3)
    b = next(line for line in lines if line.player == "B")
    assert [(r.key, r.counts, r.reason) for r in b.results] == [
        ("S1", True, "among the best 1"),
        ("S2", False, ABSENT_FIRST),
    ]
    assert (b.details["absent"], b.details["to_come"]) == (1, 1)


def test_more_sundays_held_than_the_season_has_are_refused() -> None:
    with pytest.raises(RecordError) as refused:
        standings({"P": {"S1": 1, "S2": 2}, "Q": {"S3": 3}}, best=1, sundays=2)
    assert refused.value.field == "results" and "W-D29" in refused.value.message
