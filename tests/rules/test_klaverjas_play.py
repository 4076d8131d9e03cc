"""Klaverjas play (Amsterdams): the "play" cases of tests/vectors/klaverjas.json, and more."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from backend.rules import PlayError, score_record
from backend.rules.klaverjas_play import (
    ARTICLES,
    CARDS,
    LAST_TRICK,
    SUITS,
    TOTAL,
    card_points,
    legal_cards,
    may_redeal,
    next_seat,
    replay,
    revoke,
    roem_in_trick,
    trick_points,
    trick_winner,
)
from backend.rules.ruleset import RuleSet

from .vectors import case_rules, load

CASES = load("klaverjas")["play"]["cases"]


def _roem(case: dict[str, Any], rules: RuleSet | None) -> dict[str, Any]:
    items = roem_in_trick(case["trick"], case["trump"])
    return {"items": [name for name, _ in items], "roem": sum(value for _, value in items)}


CALLS: dict[str, Callable[[dict[str, Any], RuleSet | None], Any]] = {
    "winner": lambda c, r: {"winner": trick_winner(c["trick"], c["trump"])},
    "points": lambda c, r: {"points": trick_points(c["trick"], c["trump"], c["last"])},
    "roem": _roem,
    "legal": lambda c, r: {"legal": legal_cards(c["hand"], c["trick"], c["trump"], r)},
    "revoke": lambda c, r: {"revoke": revoke(c["hand"], c["trick"], c["trump"], c["card"], r)},
    "redeal": lambda c, r: {"redeal": may_redeal(c["hand"], r)},
    "replay": lambda c, r: replay(c["tricks"], c["leader"], c["trump"], r),
}


@pytest.mark.parametrize("case", CASES, ids=[f"{c['kind']}-{c['name']}" for c in CASES])
def test_play_vector(case: dict[str, Any]) -> None:
    rules = case_rules(case)
    call = CALLS[case["kind"]]
    if "error" in case["expect"]:
        with pytest.raises(PlayError) as refused:
            call(case, rules)
        assert refused.value.field == case["expect"]["error"]["field"], refused.value.message
        return
    assert call(case, rules) == case["expect"]


def test_every_kind_of_play_case_is_in_the_vectors() -> None:
    assert {c["kind"] for c in CASES} == set(CALLS)
    assert len(CASES) >= 60


def test_the_32_cards_and_the_last_trick_make_162_whichever_suit_is_trump() -> None:
    for trump in SUITS:
        assert sum(card_points(c, trump) for c in CARDS) + LAST_TRICK == TOTAL


def test_the_trump_suit_is_worth_62_and_every_other_suit_30() -> None:
    for trump in SUITS:
        for suit in SUITS:
            worth = sum(card_points(c, trump) for c in CARDS if c[0] == suit)
            assert worth == (62 if suit == trump else 30)


def test_every_revoke_names_an_article_of_6_to_10() -> None:
    found = {c["expect"].get("revoke") for c in CASES if c["kind"] == "revoke"} - {None}
    assert found == set(ARTICLES)


def test_the_forced_player_sits_left_of_the_dealer_clockwise() -> None:
    assert [next_seat(d) for d in "NESW"] == ["E", "S", "W", "N"]
    assert next_seat("W", 2) == "E"


def test_a_card_played_twice_in_a_deal_is_refused() -> None:
    tricks = [["SA", "S7", "S8", "S9"]] * 8
    with pytest.raises(PlayError):
        replay(tricks, "N", "H")


def test_a_replayed_deal_makes_a_record_that_scores() -> None:
    case = next(c for c in CASES if c["kind"] == "replay" and "error" not in c["expect"])
    facts = replay(case["tricks"], case["leader"], case["trump"])
    record = {
        "format": 1,
        "game": "klaverjas",
        "seats": {"N": "a", "E": "b", "S": "c", "W": "d"},
        "dealer": "W",
        "playing": "NS",
        "trump": case["trump"],
        **facts,
    }
    result = score_record(record).as_dict()
    roem = sum(entry["value"] for entry in facts["roem"])
    assert sum(result["pairs"].values()) == TOTAL + roem


def test_a_card_that_is_not_in_the_hand_is_an_impossible_play_not_a_revoke() -> None:
    with pytest.raises(PlayError) as refused:
        revoke(["S7", "S8"], ["SA"], "C", "SK")
    assert refused.value.field == "card"
