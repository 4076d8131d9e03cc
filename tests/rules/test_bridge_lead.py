"""The optional opening lead of a bridge board: shown in the working, never in the score."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backend.rules import RecordError, score_record
from backend.rules.cards import RANKS, SUITS

CARDS = [suit + rank for suit in SUITS for rank in RANKS]


def board(**facts: Any) -> dict[str, Any]:
    """4♠ by S on board 2 (NS vulnerable), 11 tricks: the spec's NS +650 (§C Example 1)."""
    record = {
        "game": "bridge",
        "board": 2,
        "contract": {"level": 4, "strain": "S", "dbl": 0},
        "declarer": "S",
        "tricks": 11,
    }
    return record | facts


def test_the_lead_is_one_line_of_the_working_naming_the_card_and_the_leader() -> None:
    got = score_record(board(lead="HK"))
    assert got.extra["score"] == 650
    lead_lines = [line for line in got.explain if "lead" in line]
    assert lead_lines == [
        "Bridge §1-Algemeen: lead: ♥K by W (V, left of declarer); it does not change the score"
    ]
    ten = score_record(board(declarer="E", tricks=2, lead="D10"))
    assert any("lead: ♦10 by S" in line for line in ten.explain)


def test_without_a_lead_the_working_has_no_lead_line() -> None:
    for record in (board(), board(lead=None)):
        assert not any("lead" in line for line in score_record(record).explain)


@settings(max_examples=150, deadline=None)
@given(
    card=st.sampled_from(CARDS),
    declarer=st.sampled_from("NESW"),
    tricks=st.integers(0, 13),
    board_no=st.integers(1, 32),
)
def test_no_lead_ever_changes_the_score(
    card: str, declarer: str, tricks: int, board_no: int
) -> None:
    plain = board(board=board_no, declarer=declarer, tricks=tricks)
    led = score_record(plain | {"lead": card})
    bare = score_record(plain)
    assert led.points == bare.points and led.extra == bare.extra and led.markers == bare.markers


@pytest.mark.parametrize("bad", ["HT", "hk", "♥K", "KH", "H K", "S1", "", 12, ["HK"], {"S": "A"}])
def test_a_malformed_lead_is_refused_naming_the_field_and_the_notation(bad: Any) -> None:
    with pytest.raises(RecordError) as refused:
        score_record(board(lead=bad))
    assert refused.value.field == "lead"
    assert "must be a card like" in refused.value.message


@pytest.mark.parametrize(
    "record",
    [
        {"game": "bridge", "board": 7, "contract": None, "lead": "SA"},
        {"game": "bridge", "board": 8, "adjusted": {"ns": "AVG+", "ew": "AVG-"}, "lead": "SA"},
    ],
)
def test_a_board_without_play_has_no_lead(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError) as refused:
        score_record(record)
    assert refused.value.field == "lead"
    assert "is not a field" not in refused.value.message
