"""Small builders for aggregate and application tests."""

from __future__ import annotations

from typing import Any

from backend.aggregates.actor import Actor
from backend.aggregates.score_list import ScoreList
from backend.application import Troef
from backend.rules import find_ruleset

SCHAFKOPF_SEATS = {"1": "p1", "2": "p2", "3": "p3", "4": "p4"}
WIEZEN_SEATS = {"1": "p1", "2": "p2", "3": "p3", "4": "p4"}


def solo(declarer: int = 2, augen: int = 91, tricks: int = 6) -> dict[str, Any]:
    return {"type": "SOLO", "declarer": declarer, "decl_augen": augen, "decl_tricks": tricks}


def open_list(
    app: Troef,
    actor: Actor,
    game: str = "schafkopf",
    seats: Any = None,
    planned: int = 3,
    table: int = 1,
) -> str:
    """Open a list directly (as a draw would) and return its id."""
    rules = find_ruleset(
        {
            "schafkopf": "schafkopf-tsv-lengfeld",
            "wiezen": "wiezen-reglement-2019",
            "klaverjas": "klaverjas-amsterdams",
        }[game]
    )
    sl = ScoreList.open(
        competition_id="c-test",
        evening=1,
        round=1,
        table=table,
        draw=1,
        rules=rules,
        seats=seats or SCHAFKOPF_SEATS,
        planned_deals=planned,
        actor=actor,
    )
    app.save(sl)
    return str(sl.id)


def register(app: Troef, list_id: str, *devices: str) -> None:
    """Register devices on a list as the server does when a phone joins (id and name alike)."""
    from backend.aggregates.actor import system
    from backend.application import Command

    for device in devices:
        app.handle(
            system("join"), Command("register_device", list_id, {"device": device, "name": device})
        )
