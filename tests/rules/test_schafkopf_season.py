"""Schafkopf tournament ranking (Nr. 9): the "standings" and "tally" cases of the vectors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.rules import RecordError
from backend.rules.schafkopf_season import (
    Exclusion,
    Tally,
    rank_from_dict,
    rank_tournament,
    tally_partie,
)

from .vectors import case_rules, load

DATA = load("schafkopf")
STANDINGS = DATA["standings"]["cases"]
TALLY = DATA["tally"]["cases"]


def _input(case: dict[str, Any]) -> dict[str, Any]:
    return {k: case[k] for k in ("durchgaenge", "lots", "exclusions") if k in case}


@pytest.mark.parametrize("case", STANDINGS, ids=[c["name"] for c in STANDINGS])
def test_standings_case(case: dict[str, Any]) -> None:
    rules = case_rules(case)
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(RecordError) as refused:
            rank_from_dict(_input(case), rules)
        assert refused.value.field == expect["error"]["field"], refused.value.message
        return
    lines = [line.as_dict() for line in rank_from_dict(_input(case), rules)]
    assert [line["player"] for line in lines] == [row["player"] for row in expect["ranking"]]
    for got, row in zip(lines, expect["ranking"], strict=True):
        for key, value in row.items():
            if key == "details":
                for name, detail in value.items():
                    assert got["details"][name] == detail, (row["player"], name)
            else:
                assert got[key] == value, (row["player"], key, got[key])
        assert got["explain"], "every line shows its working"


@pytest.mark.parametrize("case", TALLY, ids=[c["name"] for c in TALLY])
def test_tally_case(case: dict[str, Any]) -> None:
    rules = case_rules(case)
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(RecordError) as refused:
            tally_partie(case["games"], rules)
        assert refused.value.field == expect["error"]["field"], refused.value.message
        return
    got = {p: t.as_dict() for p, t in tally_partie(case["games"], rules).items()}
    assert got == expect["tallies"]


def test_each_durchgang_is_a_counted_result_and_the_tiebreak_is_named() -> None:
    lines = rank_tournament(
        {"1": {"anna": Tally(5, 1, 1, 2)}, "2": {"anna": Tally(-2, 0, 0, 1), "bert": Tally(2)}}
    )
    anna = next(line for line in lines if line.player == "anna")
    assert [(r.key, r.value, r.counts) for r in anna.results] == [("1", 5, True), ("2", -2, True)]
    assert anna.tiebreak == (1, 1, 3, 0)
    assert dict(anna.details) == {"touts": 1, "solos_won": 1, "solos_played": 3, "lot": None}
    bert = next(line for line in lines if line.player == "bert")
    assert [(r.key, r.counts) for r in bert.results] == [("1", False), ("2", True)]


def test_an_excluded_players_results_are_kept_but_void() -> None:
    lines = rank_tournament(
        {"1": {"anna": Tally(9), "bert": Tally(-9)}},
        exclusions=[Exclusion("anna", "Falschspiel", "1")],
    )
    anna = lines[-1]
    assert (anna.player, anna.rank, anna.total) == ("anna", 0, 0)
    assert [(r.value, r.counts) for r in anna.results] == [(9, False)]
    assert "Falschspiel" in anna.details["excluded"]
    assert lines[0].player == "bert" and lines[0].rank == 1


def test_the_sum_of_a_partie_is_zero_like_every_line() -> None:
    games = next(c for c in TALLY if "error" not in c["expect"])["games"]
    assert sum(t.points for t in tally_partie(games).values()) == 0


@st.composite
def tallies(draw: st.DrawFn) -> Tally:
    played = draw(st.integers(0, 4))
    return Tally(
        points=draw(st.integers(-6, 6)),
        touts=draw(st.integers(0, played)),
        solos_won=draw(st.integers(0, played)),
        solos_played=played,
    )


@given(
    st.dictionaries(st.sampled_from("ABCDEFGH"), tallies(), min_size=1),
    st.dictionaries(st.sampled_from("ABCDEFGH"), tallies()),
    st.permutations("ABCDEFGH"),
)
def test_the_ranking_follows_points_then_touts_then_won_then_played_solos(one, two, draw) -> None:
    lots = {player: place for place, player in enumerate(draw, start=1)}
    lines = rank_tournament({"1": one, "2": two}, {p: lots[p] for p in {*one, *two}})
    keys = [(line.total, *line.tiebreak) for line in lines]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys), "a lot of every player leaves no tie"
    for line in lines:
        total = one.get(line.player, Tally()) + two.get(line.player, Tally())
        assert line.total == total.points
        assert line.tiebreak[:3] == (total.touts, total.solos_won, total.solos_played)
    assert [line.rank for line in lines] == list(range(1, len(lines) + 1))


def test_the_ranking_adds_every_durchgang_played_however_many_the_competition_has() -> None:
    """S-D17: three Durchgänge are all added; the solos of all three break the tie."""
    lines = rank_tournament(
        {
            "1": {"anna": Tally(20, 1, 2, 3), "bert": Tally(10, 0, 2, 2)},
            "2": {"anna": Tally(11, 0, 1, 2), "bert": Tally(15, 1, 2, 2)},
            "3": {"anna": Tally(10, 0, 1, 1), "bert": Tally(16, 0, 1, 1), "cora": Tally(-5)},
        }
    )
    assert [(line.player, line.rank, line.total) for line in lines] == [
        ("bert", 1, 41),
        ("anna", 2, 41),
        ("cora", 3, -5),
    ]
    assert lines[0].tiebreak == (1, 5, 5, 0) and lines[1].tiebreak == (1, 4, 6, 0)
    cora = lines[2]
    assert [(r.key, r.counts) for r in cora.results] == [("1", False), ("2", False), ("3", True)]
