"""Replay a score list event by event: what happened, who did it, and the list after it."""

from __future__ import annotations

import copy
from typing import Any
from uuid import UUID

from eventsourcing.application import Application

from ..aggregates.list_policy import list_points
from ..aggregates.score_list import ScoreList
from ..aggregates.wording import details, summary

PLAY_EVENTS = frozenset(
    {"PlayStarted", "BidMade", "CardPlayed", "CardTakenBack", "ClaimMade", "ClaimAnswered"}
)


def replay(
    app: Application[Any], list_id: UUID, deal_no: int | None = None
) -> list[dict[str, Any]]:
    """Each event of the list in order (or those about one deal), with the state after it."""
    steps: list[dict[str, Any]] = []
    agg: Any = None
    for event in app.repository.event_store.get(list_id):
        agg = event.mutate(agg)
        about = getattr(event, "deal_no", None)
        if deal_no is not None and about != deal_no:
            continue
        steps.append(step(event, agg))
    return steps


def step(event: Any, agg: ScoreList) -> dict[str, Any]:
    """One replay step: the event's facts and the list's state right after it."""
    name = type(event).__name__
    out: dict[str, Any] = {
        "version": event.originator_version,
        "event": name,
        "timestamp": event.timestamp.isoformat(),
        "actor": shown_actor(event.actor, agg),
        "hash": event.hash,
        "prev_hash": event.prev_hash,
        "deal_no": getattr(event, "deal_no", None),
        "summary": summary(event),
        "details": details(event),
        "explain": list((getattr(event, "score", None) or {}).get("explain", [])),
        "record": getattr(event, "record", None),
        "points": points(event, agg),
        "play": play_after(event, agg),
        "state": {
            "totals": agg.totals(),
            "counted_deals": agg.counted_deals,
            "rows": len(agg.rows),
            "pen": agg.device_name(agg.pen) or agg.pen if agg.pen else None,
            "open_disputes": [d["deal_no"] for d in agg.disputes if d["ruling"] is None],
            "submitted": agg.submitted is not None,
        },
    }
    return out


def shown_actor(actor: dict[str, Any], agg: ScoreList) -> dict[str, Any]:
    """Who did it, a table's device by the name it joined with (its id stays on the server)."""
    name = agg.device_name(str(actor.get("client_id"))) if actor.get("role") == "table" else None
    return actor if name is None else {**actor, "client_id": name}


def points(event: Any, agg: ScoreList) -> dict[str, int] | None:
    """The points per seat the event wrote: a deal's, a correction's or an adjustment's."""
    adjustment = getattr(event, "adjustment", None)
    if adjustment is not None:
        return dict(adjustment)
    score = getattr(event, "score", None)
    if not score:
        return None
    return list_points(agg.game, score["points"])


def play_after(event: Any, agg: ScoreList) -> dict[str, Any] | None:
    """For a step of a deal's play (started, a bid, a card): the play as it stands after it.

    The trick on the table, the tricks won per seat and side, whose turn it is and the revokes
    so far, so a disputed deal can be followed card by card.
    """
    if type(event).__name__ not in PLAY_EVENTS:
        return None
    state = getattr(agg, "play", {}).get(str(event.deal_no))
    if state is None:
        return None
    return {
        "trick": copy.deepcopy(state["tricks"][-1]) if state["tricks"] else None,
        "tricks_won": dict(state["tricks_won"]),
        "sides_won": dict(state["sides_won"]),
        "turn": state["turn"],
        "bids": copy.deepcopy(state["bids"]),
        "revokes": copy.deepcopy(state["revokes"]),
        "claims": copy.deepcopy(state.get("claims") or []),
        "complete": state["complete"],
    }
