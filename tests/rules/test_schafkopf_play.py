"""Schafkopf play: the "play" cases of tests/vectors/schafkopf.json, and play feeding a score."""

from __future__ import annotations

from typing import Any

import pytest

from backend.rules import PlayError, score_record
from backend.rules.schafkopf_play import (
    DECK,
    Contract,
    augen,
    check_play,
    legal_cards,
    replay,
    trick_winner,
)

from .vectors import load

DATA = load("schafkopf")
PLAY = DATA["play"]["cases"]


def _run(case: dict[str, Any]) -> dict[str, Any]:
    kind = case["kind"]
    if kind == "augen":
        return {"augen": augen(case["cards"])}
    contract = Contract.from_dict(case["contract"])
    if kind == "trumps":
        return {"trumps": list(contract.trumps)}
    if kind == "trick":
        return {"winner": trick_winner(contract, case["cards"])}
    situation = (case.get("trick_no", 1), case.get("called_suit_led", False))
    if kind == "legal":
        return {"legal": legal_cards(contract, case["hand"], case["trick"], *situation)}
    if kind == "check":
        check_play(contract, case["hand"], case["trick"], case["card"], *situation)
        return {"ok": True}
    assert kind == "replay", kind
    return replay(contract, case["tricks"], case["leader"], case.get("hands")).as_dict()


@pytest.mark.parametrize("case", PLAY, ids=[c["name"] for c in PLAY])
def test_play_case(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(PlayError) as refused:
            _run(case)
        assert refused.value.field == expect["error"]["field"], refused.value.message
        return
    got = _run(case)
    for key, value in expect.items():
        assert got[key] == value, f"{key}: {got[key]!r} != {value!r}"


def test_there_are_play_cases_of_every_kind() -> None:
    kinds = {c["kind"] for c in PLAY}
    assert kinds == {"augen", "trumps", "trick", "legal", "check", "replay"}
    assert len(PLAY) >= 50


def _full_game() -> dict[str, Any]:
    return next(
        c for c in PLAY if c["kind"] == "replay" and "hands" in c and not c["expect"].get("error")
    )


def test_a_misplay_found_in_the_replay_scores_as_a_verwerfen_record() -> None:
    case = next(c for c in PLAY if c["name"].startswith("the called ace held back"))
    game = replay(Contract.from_dict(case["contract"]), case["tricks"], 1, case["hands"])
    assert game.misplay is not None
    record = {
        "game": "schafkopf",
        "seats": {"1": "a", "2": "b", "3": "c", "4": "d"},
        "type": "RUFSPIEL",
        "declarer": 1,
        "called_ace": "GRAS",
        "partner": 3,
        "fault": game.misplay.as_fault(),
    }
    # the declaring side had 14 Augen in 2 tricks: lost schneider (v = 2); seat 3 pays 2 x 2
    assert score_record(record).as_dict()["points"] == {"1": 0, "2": 2, "3": -4, "4": 2}


def test_a_game_played_out_scores_as_its_record() -> None:
    case = _full_game()
    game = replay(Contract.from_dict(case["contract"]), case["tricks"], 1, case["hands"])
    standing = game.standing()
    record = {
        "game": "schafkopf",
        "seats": {"1": "a", "2": "b", "3": "c", "4": "d"},
        "type": "RUFSPIEL",
        "declarer": 1,
        "partner": game.as_dict()["partner"],
        "decl_augen": standing["decl_augen"],
        "decl_tricks": standing["decl_tricks"],
    }
    # 120 Augen in all 8 tricks: Rufspiel schwarz, 3 each
    assert score_record(record).as_dict()["points"] == {"1": 3, "2": -3, "3": 3, "4": -3}


def test_every_hand_always_has_a_legal_card() -> None:
    contract = Contract("RUFSPIEL", 1, "G")
    hands = [["GA", "G7"], ["GA"], ["GA", "H7", "EK"], ["GA", "G8", "G9", "G10", "E7"]]
    for hand in hands:
        for trick in ([], ["S9"], ["G9"], ["EO"]):
            for trick_no in range(1, 9):
                for led in (False, True):
                    assert legal_cards(contract, hand, trick, trick_no, led), (hand, trick)


def test_each_trick_has_exactly_one_winner_whatever_is_led() -> None:
    contract = Contract("SOLO", 2, "S")
    for lead in DECK:
        cards = [lead, "EO", "GA", "S7"] if lead not in ("EO", "GA", "S7") else [lead, "HU"]
        assert 0 <= trick_winner(contract, cards) < len(cards)


def test_the_eichel_ober_wins_every_trick_it_is_in() -> None:
    for kind, suit in (("RUFSPIEL", "G"), ("SOLO", "H"), ("GEIER", None)):
        contract = Contract(kind, 1, suit)
        for other in DECK:
            if other != "EO":
                assert trick_winner(contract, [other, "EO"]) == 1
