"""Klaverjas evenings and standings: the "standings" cases of tests/vectors/klaverjas.json."""

from __future__ import annotations

from typing import Any

import pytest

from backend.rules import RecordError
from backend.rules.klaverjas import PRESETS
from backend.rules.klaverjas_season import evening_score, partij_score, standings

from .vectors import case_rules, load

CASES = load("klaverjas")["standings"]["cases"]


def _run(case: dict[str, Any]) -> list[dict[str, Any]]:
    lines = standings(
        case["evenings"],
        case_rules(case),
        players=case.get("players", ()),
        adjustments=case.get("adjustments", ()),
    )
    return [line.as_dict() for line in lines]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_standings_vector(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(RecordError) as refused:
            _run(case)
        assert refused.value.field == expect["error"]["field"], refused.value.message
        return
    got = _run(case)
    assert [(g["rank"], g["player"], g["total"]) for g in got] == [
        (e["rank"], e["player"], e["total"]) for e in expect["table"]
    ]
    for line, want in zip(got, expect["table"], strict=True):
        assert [r["value"] for r in line["results"]] == want["values"]
        if "reasons" in want:
            assert [r["reason"] for r in line["results"]] == want["reasons"]
        assert all(r["counts"] for r in line["results"])
        assert line["explain"]


def test_annas_evening_is_1412_plus_1600_plus_1287() -> None:
    counted = evening_score([1412, "sat_out", 1287], "2025-11-04", "anna")
    assert counted.value == 4299
    assert counted.reason == "played: 1412 + 1600 (sat out, SB-8) + 1287 = 4299"


def test_the_absences_show_their_value_and_rule() -> None:
    assert evening_score("absent_with_notice", "e", "p").reason == (
        "absent with notice: 4200 (SB-7)"
    )
    assert evening_score("absent_without_notice", "e", "p").reason == (
        "absent without notice: 0 (K-D12)"
    )


def test_the_values_4200_1600_16_and_3_are_options_of_the_rule_set() -> None:
    options = PRESETS[0].options
    assert options["absent_with_notice"] == 4200
    assert options["sit_out"] == 1600
    assert options["deals_per_partij"] == 16
    assert options["partijen_per_evening"] == 3
    assert options["absent_without_notice"] == 0


def test_a_club_with_8_deals_a_partij_counts_8_deal_scores() -> None:
    rules = PRESETS[0].derive("club-short", "short partijen", {"deals_per_partij": 8})
    assert partij_score([150] * 8, "p", rules) == (1200, "1200")
    with pytest.raises(RecordError):
        partij_score([150] * 16, "p", rules)


def test_a_line_counts_its_kinds_of_evening() -> None:
    evenings = [
        {"key": "e1", "players": {"a": [1, 2, 3]}},
        {"key": "e2", "players": {"a": "absent_with_notice"}},
        {"key": "e3", "players": {"b": [1, 1, 1]}},
    ]
    (line_a, line_b) = sorted(standings(evenings), key=lambda line: line.player)
    assert line_a.details == {
        "played": 1,
        "absent_with_notice": 1,
        "absent_without_notice": 1,
        "board_rulings": 0,
    }
    assert line_a.total == 6 + 4200
    assert line_b.total == 3


def test_a_board_ruling_is_a_ruling_with_its_own_words_and_article() -> None:
    evening = {"key": "e1", "players": {"a": [1400, 1400, 1400], "b": [1450, 1400, 1400]}}
    ruling = {"player": "a", "points": 100, "reason": "score sheet of table 3 misread"}
    (first, _) = standings([evening], adjustments=[ruling])
    assert first.player == "a" and first.total == 4300
    # the shape of every ruling on the standings, which the console words in its language
    assert first.results[-1].reason == "ruling: score sheet of table 3 misread (SB-9)"
    assert first.details["board_rulings"] == 1
