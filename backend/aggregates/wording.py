"""What a score list's events say, in plain words and as data: for the replay and the audit.

Knowledge of the list's events, beside them: the application's replay
(:mod:`backend.application.replay`) and the audit trail's read model
(:mod:`backend.projections.audit`) both word an event the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The event's own words, for a reader to say what happened in its own language.
DETAILS = (
    "table", "device", "reason", "dispute_no", "decision", "article", "scorer", "confirmed_by",
    "seat", "bid", "card", "trick_no", "winner", "revoke", "rule", "on", "generation",
    "expires", "claim_no", "tricks", "remaining", "accepted",
)  # fmt: skip


_inherited: dict[type, frozenset[str]] = {}


def details(event: Any) -> dict[str, Any]:
    """What :func:`summary` says, as data: the event's own fields (and a list's rule set, a
    play's leader, a deal's points), so that a reader can say it in the director's language."""
    own = vars(event)
    kind = type(event)
    inherited = _inherited.get(kind)
    if inherited is None:  # the fields the class itself gives a value (a default)
        inherited = _inherited[kind] = frozenset(k for k in DETAILS if hasattr(kind, k))
    out = {
        key: own[key] if key in own else getattr(event, key)
        for key in DETAILS
        if key in own or key in inherited
    }
    name = kind.__name__
    if "device" in out:  # a device by the name it joined with, never its id
        out["device"] = getattr(event, "name", "") or out["device"]
    if name == "Opened":
        out["rules_ref"] = event.rules["ref"]
    if name == "PlayStarted":
        out["leader"] = event.context["leader"]
    if getattr(event, "at_card", None) is not None:  # a dispute or ruling at a card of the play
        out["at_card"] = event.at_card
    if getattr(event, "override_play", False):
        out["override_play"] = True
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
        device = getattr(event, "name", "") or event.device
        return f"the pen {'was moved ' if name == 'PenMoved' else ''}to device {device}"
    if name == "DeviceJoined":
        return f"device {event.name} joined with the table card"
    if name == "DeviceWithdrawn":
        return f"device {event.name} withdrawn by the director: {event.reason}"
    if name == "TableCodeReissued":
        until = f", good until {event.expires}" if event.expires else ""
        return f"table card re-issued (card {event.generation + 1}){until}"
    if name == "DealVoided":
        return f"deal {event.deal_no} voided: {event.reason}"
    if name == "DisputeRaised":
        at = f" at card {event.at_card}" if getattr(event, "at_card", None) else ""
        return f"dispute {event.dispute_no} about deal {event.deal_no}{at}: {event.reason}"
    if name == "RulingGiven":
        article = f" ({event.article})" if event.article else ""
        at = f" at card {event.at_card}" if getattr(event, "at_card", None) else ""
        against = " against the recorded play" if getattr(event, "override_play", False) else ""
        return (
            f"ruling on deal {event.deal_no}{at}: {event.decision}{against}{article}: "
            f"{event.reason}"
        )
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
    if name == "PlayModeSet":
        on = "on" if event.on else "off"
        evening = getattr(event, "evening", None)
        return f"play mode switched {on}" + (f" for evening {evening}" if evening else "")
    if name == "CardTakenBack":
        why = "revoke corrected" if event.reason == "revoke" else "entry corrected"
        return f"seat {event.seat} took back {event.card} ({why}); trick {event.trick_no} is open"
    if name == "ClaimMade":
        return (
            f"seat {event.seat} claimed {event.tricks} of the {event.remaining} tricks "
            "still to play"
        )
    if name == "ClaimAnswered":
        if event.accepted:
            return f"claim {event.claim_no} accepted: the play of deal {event.deal_no} ends"
        return f"claim {event.claim_no} disputed (dispute {event.dispute_no}); the play goes on"
    return name


# A competition event's own fields, for the audit trail to say it in the director's language
# (never the draw's tables, the rule set or the anchored heads whole: they are counted).
COMPETITION_DETAILS = (
    "name", "game", "player_id", "reason", "evening", "date", "status", "draw_no", "seed",
    "points", "article", "on",
)  # fmt: skip


def competition_details(event: Any) -> dict[str, Any]:
    """A competition event's fields as data (a draw's tables, a close's lists, a player's
    federation numbers, hand records' boards counted), for the audit trail's words."""
    out = {key: getattr(event, key) for key in COMPETITION_DETAILS if hasattr(event, key)}
    name = type(event).__name__
    if name == "Created":
        out["rules_ref"] = event.rules["ref"]
    if name == "SeatingDrawn":
        out["tables"] = len(event.lists)
    if name == "EveningClosed":
        out["tables"] = len(event.heads)
    if name == "PlayerNumbered":
        out["numbers"] = ", ".join(event.numbers)
    if name == "HandRecordsLoaded":
        out["boards"] = len(event.boards)
    return out


def competition_summary(event: Any, about: dict[str, Any] | None = None) -> str:
    """A one-line description of a competition event, in plain words (``about``: its
    :func:`competition_details`, when the caller has them already)."""
    d = competition_details(event) if about is None else about
    name = type(event).__name__
    line = _COMPETITION_LINES.get(name)
    return line(d, d.get("player_id", "")) if line else name


_COMPETITION_LINES: dict[str, Callable[[dict[str, Any], str], str]] = {
    "Created": lambda d, player: f"competition {d['name']} created ({d['game']}, {d['rules_ref']})",
    "CompetitionRenamed": lambda d, player: f"competition renamed to {d['name']}",
    "CompetitionArchived": lambda d, player: f"taken off the club's list: {d['reason']}",
    "PlayerEnrolled": lambda d, player: f"{d['name']} enrolled as {player}",
    "PlayerRenamed": lambda d, player: f"{player} renamed to {d['name']}",
    "PlayerNumbered": lambda d, player: f"{player}'s federation numbers: {d['numbers'] or 'none'}",
    "PlayerWithdrawn": lambda d, player: f"{player} withdrawn: {d['reason']}",
    "PlayerUnenrolled": lambda d, player: (
        f"enrolment of {d['name']} ({player}) undone" + (f": {d['reason']}" if d["reason"] else "")
    ),
    "EveningScheduled": lambda d, player: f"evening {d['evening']} scheduled on {d['date']}",
    "AttendanceRecorded": lambda d, player: f"evening {d['evening']}: {player} {d['status']}",
    "SeatingDrawn": lambda d, player: (
        f"evening {d['evening']} drawn (draw {d['draw_no']}, seed "
        f"{d['seed']}, {d['tables']} list(s))"
    ),
    "EveningClosed": lambda d, player: (
        f"evening {d['evening']} closed ({d['tables']} list(s) sealed)"
    ),
    "StandingAdjusted": lambda d, player: (
        f"standing of {player} adjusted by {d['points']:+d}: "
        f"{d['reason']}" + (f" ({d['article']})" if d["article"] else "")
    ),
    "PlayModeSet": lambda d, player: (
        f"play mode switched {'on' if d['on'] else 'off'}"
        + (f" for evening {d['evening']}" if d.get("evening") else "")
    ),
    "HandRecordsLoaded": lambda d, player: (
        f"evening {d['evening']}: hand records of {d['boards']} board(s) loaded"
    ),
}
