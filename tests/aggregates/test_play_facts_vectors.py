"""The shared play-facts vectors (tests/vectors/play_facts.json): each deal played again, card
by card and claim by claim, gives the facts written there (the table app's port reads the
same file: pwa/tests/rules.play_games.test.mjs)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.application import Command, Troef

from .helpers import open_list
from .test_play_mode import KLAVERJAS_SEATS

VECTORS = json.loads((Path(__file__).parents[1] / "vectors" / "play_facts.json").read_text())


def send(app: Troef, boss: Actor, list_id: str, step: dict[str, Any]) -> None:
    if "claim" in step:
        app.handle(boss, Command("claim", list_id, {"deal_no": 1, **step["claim"]}))
    elif "answer" in step:
        app.handle(boss, Command("answer_claim", list_id, {"deal_no": 1, "accept": step["answer"]}))
    else:
        app.handle(boss, Command("play_card", list_id, {"deal_no": 1, **step}))


def test_the_vectors_hold_played_and_claimed_deals_of_both_games() -> None:
    cases = VECTORS["cases"]
    assert {c["game"] for c in cases} == {"klaverjas", "schafkopf"}
    claimed = [c for c in cases if any("answer" in s and s["answer"] for s in c["steps"])]
    assert len(claimed) >= 4


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda c: c["name"])
def test_a_vector_deal_played_again_gives_its_facts(
    app: Troef, boss: Actor, case: dict[str, Any]
) -> None:
    seats = KLAVERJAS_SEATS if case["game"] == "klaverjas" else None
    list_id = open_list(app, boss, game=case["game"], seats=seats)
    app.handle(boss, Command("start_play", list_id, {"deal_no": 1, "context": case["start"]}))
    for step in case["steps"]:
        send(app, boss, list_id, step)
    assert app.get_list(list_id).facts_from_play(1) == case["expect"]
