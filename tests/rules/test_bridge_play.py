"""Bridge play: the "play" cases of tests/vectors/bridge.json and a few direct checks."""

from __future__ import annotations

from typing import Any

import pytest

from backend.rules import PlayError, score_record
from backend.rules.bridge_play import (
    Card,
    check_play,
    is_revoke,
    legal_cards,
    parse_card,
    play_deal,
    trick_winner,
)

from .vectors import load

PLAY = load("bridge")["play"]


def _run(case: dict[str, Any]) -> dict[str, Any]:
    kind = case["kind"]
    if kind == "legal":
        hand, led, card = case["hand"], case["led"], case["card"]
        try:
            check_play(hand, led, card)
            legal = True
        except PlayError as refused:
            if refused.message.startswith("must be a card"):
                raise
            legal = False
        return {
            "legal": legal,
            "revoke": is_revoke(hand, led, card),
            "legal_cards": [str(c) for c in legal_cards(hand, led)],
        }
    if kind == "trick":
        return {"winner": trick_winner(case["cards"], case["leader"], case["strain"])}
    played = play_deal(
        case["hands"],
        case["leader"],
        case["strain"],
        case["tricks"],
        quitted=case.get("quitted", False),
        claimed_by=case.get("claimed_by"),
    )
    return {
        "winners": list(played.winners),
        "tricks": dict(played.tricks),
        "complete": played.complete,
        "revokes": [
            {
                **r.as_record(),
                "card": str(r.card),
                "withheld": [str(c) for c in r.withheld],
                "established": r.established,
            }
            for r in played.revokes
        ],
    }


def _matches(expected: Any, got: Any) -> bool:
    """Compare only the keys the case lists (also inside each listed revoke)."""
    if isinstance(expected, dict):
        return all(k in got and _matches(v, got[k]) for k, v in expected.items())
    if isinstance(expected, list) and expected and isinstance(expected[0], dict):
        return len(expected) == len(got) and all(map(_matches, expected, got))
    return expected == got


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=f"{i}-{c['name']}") for i, c in enumerate(PLAY["cases"])]
)
def test_play_vector(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(PlayError) as refused:
            _run(case)
        assert refused.value.field == expect["error"]["field"], refused.value.message
        return
    got = _run(case)
    assert _matches(expect, got), got


def test_the_play_section_describes_its_shape() -> None:
    assert all(word in PLAY["about"] for word in ("legal", "trick", "deal", "established"))
    assert {c["kind"] for c in PLAY["cases"]} == {"legal", "trick", "deal"}


def test_every_card_of_the_deck_reads_back_as_written() -> None:
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    deck = [f"{s}{r}" for s in "SHDC" for r in ranks]
    assert [str(parse_card(c)) for c in deck] == deck
    assert parse_card("D7") == Card("D", 7)
    assert parse_card("HA") > parse_card("HK")


def test_check_play_refuses_a_revoke_and_cites_the_rule() -> None:
    with pytest.raises(PlayError) as refused:
        check_play(["S3", "H5"], "S", "H5")
    assert refused.value.field == "card"
    assert "§2b" in refused.value.message


def test_a_led_suit_that_is_not_a_suit_is_refused() -> None:
    with pytest.raises(PlayError) as refused:
        legal_cards(["S3"], "NT")
    assert refused.value.field == "led"


def test_a_revoke_found_in_play_can_be_scored_as_a_board_record() -> None:
    # W leads SQ against 4H by N ... here a three-card ending: E trumps while holding S3,
    # so EW win 1 trick from the revoke on; the record gets the revoke as play_deal saw it.
    hands = {
        "N": ["SA", "SK", "D2"],
        "E": ["S3", "H5", "C4"],
        "S": ["S2", "D3", "C5"],
        "W": ["SQ", "SJ", "C2"],
    }
    tricks = [["SQ", "SA", "H5", "S2"], ["C4", "C5", "C2", "D2"], ["D3", "SJ", "SK", "S3"]]
    played = play_deal(hands, "W", "H", tricks)
    [revoke] = played.revokes
    assert revoke.established and revoke.withheld_card == "S3"
    # NS took 9 of the 13 tricks of the board: 4H one down, T gives them 10 (min(2, 1) = 1)
    record = {
        "game": "bridge",
        "board": 1,
        "contract": {"level": 4, "strain": "H", "dbl": 0},
        "declarer": "N",
        "tricks": 9,
        "revokes": [{**revoke.as_record(), "trick": 11, "choice": "T"}],
    }
    assert score_record(record).as_dict()["score"] == 420


def test_a_full_deal_counts_thirteen_tricks() -> None:
    hands = {
        seat: [f"{suit}{rank}" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                            "J", "Q", "K", "A")]
        for seat, suit in zip("NESW", "SHDC", strict=True)
    }  # fmt: skip
    # E leads hearts all deal in NT: nobody else has a heart, so E wins all 13
    ranks = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    tricks = [[f"H{r}", f"D{r}", f"C{r}", f"S{r}"] for r in ranks]
    played = play_deal(hands, "E", "NT", tricks)
    assert played.complete and played.tricks == {"NS": 0, "EW": 13} and not played.revokes
