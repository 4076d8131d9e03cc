"""Deal facts for the stateful history test, taken from the golden vectors.

Valid facts are the vectors' valid "deals" cases (shipped rule set, a table of the right
size) with the envelope stripped (the list fills in game, seats, deal and rules) and with
what a list fills in from its own history left out too (wiezen ``after_pas_rond`` and a
misplay's ``fault_no_today``). Refused facts are the error cases that stay wrong once their
envelope is gone, and a few of ours that contradict the list.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .model import SEAT_NAMES, ListModel

VECTORS = Path(__file__).parent.parent / "vectors"
ENVELOPE = ("game", "seats", "deal", "rules", "format")


def strip(record: Mapping[str, Any]) -> dict[str, Any]:
    """The facts of a vector record: without the envelope a list fills in itself."""
    return {k: v for k, v in record.items() if k not in ENVELOPE}


def adapt(record: Mapping[str, Any]) -> dict[str, Any]:
    """Facts valid anywhere on a list: also without what it fills in from its history."""
    facts = strip(record)
    facts.pop("after_pas_rond", None)
    if isinstance(facts.get("misplay"), Mapping):
        facts["misplay"] = {k: v for k, v in facts["misplay"].items() if k != "fault_no_today"}
    return facts


def _cases(game: str) -> list[dict[str, Any]]:
    return json.loads((VECTORS / f"{game}.json").read_text(encoding="utf-8"))["deals"]


def _first_deal(game: str, seats: int, facts: Any) -> bool:
    """True when an empty list of this size would accept ``facts`` as its first deal."""
    empty = ListModel("pool", game, {s: f"p{s}" for s in SEAT_NAMES[seats]}, planned=0)
    return empty.score(1, facts) is not None


@cache
def valid_pool(game: str, seats: int) -> tuple[dict[str, Any], ...]:
    """Facts of valid vector deals of ``game`` for a table of ``seats`` seats."""
    return tuple(
        adapt(c["record"])
        for c in _cases(game)
        if "error" not in c["expect"]
        and c["rules"] is None
        and len(c["record"].get("seats") or {}) == seats
        and _first_deal(game, seats, adapt(c["record"]))
    )


@cache
def invalid_pool(game: str, seats: int) -> tuple[Any, ...]:
    """Facts a list must refuse: vector error cases that stay wrong, and a few of ours."""
    refused: list[Any] = [
        strip(c["record"])
        for c in _cases(game)
        if "error" in c["expect"]
        and c["rules"] is None
        and not _first_deal(game, seats, strip(c["record"]))
    ]
    sample = valid_pool(game, seats)[0]
    return (
        *refused,
        {**sample, "game": "klaverjas"},
        {**sample, "seats": {"1": "someone", "2": "else"}},
        {**sample, "deal": 999},
        {**sample, "rules": "no-such-rules@1"},
        {**sample, "bogus": 1},
        ["not", "an", "object"],
    )
