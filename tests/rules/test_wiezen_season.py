"""The wiezen season (15 Sundays, best 9, absences first): the "standings" vector cases."""

from __future__ import annotations

from typing import Any

import pytest

from backend.rules import RecordError
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
    got = [
        {
            "player": line.player,
            "rank": line.rank,
            "total": line.total,
            "counted": [r.key for r in line.counted],
        }
        for line in _run(case)
    ]
    assert got == expect


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
    assert line.details == {"played": 13, "absent": 2, "counted": 9}
    assert [r.reason for r in line.dropped if r.value == 0] == [ABSENT_FIRST, ABSENT_FIRST]


def test_the_season_defaults_come_from_the_rule_set() -> None:
    results = {"P": {f"S{i}": i for i in range(1, 16)}}
    (line,) = standings(results)
    assert line.total == sum(range(7, 16))
