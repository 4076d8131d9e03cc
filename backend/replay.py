"""Replay a score list event by event: what happened, who did it, and the list after it."""

from __future__ import annotations

import copy
from typing import Any
from uuid import UUID

from eventsourcing.application import Application

from .aggregates.list_policy import list_points
from .aggregates.score_list import ScoreList

PLAY_EVENTS = frozenset({"PlayStarted", "BidMade", "CardPlayed"})


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
        "actor": event.actor,
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
            "pen": agg.pen,
            "open_disputes": [d["deal_no"] for d in agg.disputes if d["ruling"] is None],
            "submitted": agg.submitted is not None,
        },
    }
    return out


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
        "complete": state["complete"],
    }


# The event's own words, for a reader to say what happened in its own language.
DETAILS = (
    "table", "device", "reason", "dispute_no", "decision", "article", "scorer", "confirmed_by",
    "seat", "bid", "card", "trick_no", "winner", "revoke", "rule",
)  # fmt: skip


def details(event: Any) -> dict[str, Any]:
    """What :func:`summary` says, as data: the event's own fields (and a list's rule set, a
    play's leader, a deal's points), so that a reader can say it in the director's language."""
    out = {key: getattr(event, key) for key in DETAILS if hasattr(event, key)}
    name = type(event).__name__
    if name == "Opened":
        out["rules_ref"] = event.rules["ref"]
    if name == "PlayStarted":
        out["leader"] = event.context["leader"]
    if name in ("DealRecorded", "PenaltyRecorded"):
        out["points"] = dict(event.score["points"])
    return out


def summary(event: Any) -> str:
    """A one-line description of an event, in plain words."""
    name = type(event).__name__
    if name == "Opened":
        seats = ", ".join(f"{s}: {p}" for s, p in event.seats.items())
        return f"list opened for table {event.table} ({event.rules['ref']}); seats {seats}"
    if name in ("DealRecorded", "PenaltyRecorded"):
        kind = "deal" if name == "DealRecorded" else "penalty"
        points = ", ".join(f"{s}: {p:+d}" for s, p in event.score["points"].items())
        return f"{kind} {event.deal_no} recorded: {points}"
    if name in ("PenTaken", "PenMoved"):
        return f"the pen {'was moved ' if name == 'PenMoved' else ''}to device {event.device}"
    if name == "DealVoided":
        return f"deal {event.deal_no} voided: {event.reason}"
    if name == "DisputeRaised":
        return f"dispute {event.dispute_no} about deal {event.deal_no}: {event.reason}"
    if name == "RulingGiven":
        article = f" ({event.article})" if event.article else ""
        return f"ruling on deal {event.deal_no}: {event.decision}{article}: {event.reason}"
    if name == "ListClosedShort":
        return f"closed early by the director: {event.reason}"
    if name == "ListCancelled":
        return f"cancelled: {event.reason}"
    if name == "ListSubmitted":
        return f"submitted by seat {event.scorer}, confirmed by seat {event.confirmed_by}"
    if name == "PlayStarted":
        ctx = event.context
        game = next((f"{k} {ctx[k] or 'none'}" for k in ("trump", "strain") if k in ctx), "")
        if "contract" in ctx:
            game = f"contract {ctx['contract']['type']} of seat {ctx['contract']['declarer']}"
        return f"play of deal {event.deal_no} started: seat {ctx['leader']} leads, {game}"
    if name == "BidMade":
        return f"seat {event.seat} bid {event.bid}"
    if name == "CardPlayed":
        line = f"seat {event.seat} played {event.card}"
        line += f" (revoke!) [{event.rule}]" if event.revoke else ""
        return line + (f"; trick {event.trick_no} to seat {event.winner}" if event.winner else "")
    return name
