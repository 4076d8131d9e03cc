"""Wiezen play: the "play" cases of tests/vectors/wiezen.json and a few direct checks."""

from __future__ import annotations

from typing import Any

import pytest

from backend.rules import PlayError
from backend.rules.wiezen_play import (
    Card,
    check_play,
    is_misplay,
    legal_cards,
    parse_card,
    trick_winner,
)

from .vectors import load

PLAY = load("wiezen")["play"]


def _run(case: dict[str, Any]) -> Any:
    if case["kind"] == "legal":
        return legal_cards(case["hand"], case["trick"])
    if case["kind"] == "winner":
        return trick_winner(case["trick"], case["trump"])
    return is_misplay(case["hand"], case["trick"], case["card"])


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=f"{i}-{c['name']}") for i, c in enumerate(PLAY["cases"])]
)
def test_play_vector(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if isinstance(expect, dict) and "error" in expect:
        with pytest.raises(PlayError) as refused:
            _run(case)
        assert refused.value.field == expect["error"]["field"], refused.value.message
        return
    assert _run(case) == expect


def test_the_play_section_describes_its_shape() -> None:
    assert "legal" in PLAY["about"] and "winner" in PLAY["about"]
    assert {c["kind"] for c in PLAY["cases"]} == {"legal", "winner", "misplay"}


def test_every_card_of_the_deck_reads_back_as_written() -> None:
    deck = [f"{s}{r}" for s in "SHDC" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                 "J", "Q", "K", "A")]  # fmt: skip
    assert [str(parse_card(c)) for c in deck] == deck
    assert parse_card("D10") == Card("D", 10)
    assert parse_card("SA") > parse_card("SK")


def test_check_play_refuses_a_failure_to_follow_naming_the_card() -> None:
    with pytest.raises(PlayError) as refused:
        check_play(["S3", "H5"], ["H2"], "S3")
    assert refused.value.field == "card"
    assert "ART 6" in refused.value.message


def test_check_play_lets_any_card_go_when_void_in_the_suit_led() -> None:
    check_play(["S3", "C5"], ["H2", "SA"], "C5")
    check_play(["S3", "C5"], ["H2", "SA"], "S3")


def test_a_trick_of_all_trumps_goes_to_the_highest_trump() -> None:
    assert trick_winner(["S2", "SA", "SK", "S3"], "S") == 1


def test_the_winner_does_not_depend_on_an_unplayed_trump_suit() -> None:
    assert trick_winner(["H2", "D3", "C4", "S5"], None) == 0
    assert trick_winner(["H2", "D3", "C4", "S5"], "D") == 1
