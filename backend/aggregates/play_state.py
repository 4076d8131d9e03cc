"""How a card changes a deal's play state: played to a trick, or taken back from it.

The play state is the JSON of ``ScoreList.play[str(deal_no)]`` (docs/play-mode.md); the events
of :mod:`.score_list_play` call these functions from their ``apply``.
"""

from __future__ import annotations

from typing import Any

from ..rules import play as adapter
from .errors import Conflict, InvalidInput

TAKE_BACK = {
    "revoke": "the player corrects a breach before it is established (its trick is open)",
    "entry": "the scorer tapped another card than the one played",
}


def new_state(ctx: dict[str, Any]) -> dict[str, Any]:
    """The play state of a deal just started from its normalised context."""
    return {
        "context": ctx,
        "bids": [],
        "hands": {seat: list(cards) for seat, cards in ctx["hands"].items()},
        "tricks": [],
        "turn": ctx["leader"],
        "tricks_won": dict.fromkeys(ctx["order"], 0),
        "sides_won": dict.fromkeys(ctx["sides"], 0),
        "revokes": [],
        "claims": [],
        "complete": False,
    }


def add_card(
    state: dict[str, Any], trick_no: int, seat: str, card: str, rule: str | None, winner: Any
) -> None:
    """Put ``card`` of ``seat`` on trick ``trick_no``; with the trick's winner, close the trick."""
    ctx = state["context"]
    state["hands"][seat].remove(card)
    if len(state["tricks"]) < trick_no:
        state["tricks"].append({"no": trick_no, "leader": seat, "cards": [], "winner": None})
    trick = state["tricks"][-1]
    trick["cards"].append({"seat": seat, "card": card, "revoke": rule is not None})
    if rule is not None:
        state["revokes"].append({"trick": trick_no, "seat": seat, "card": card, "rule": rule})
    state["turn"] = adapter.next_seat(ctx, seat)
    if winner is not None:
        trick["winner"] = winner
        state["tricks_won"][winner] += 1
        side = adapter.side_of(ctx, winner)
        if side is not None:
            state["sides_won"][side] += 1
        state["turn"] = winner
        if not any(state["hands"].values()):
            state["complete"], state["turn"] = True, None


def last_card(state: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The trick and the play of the last card recorded, or None before the first card."""
    if not state["tricks"]:
        return None
    trick = state["tricks"][-1]
    return trick, trick["cards"][-1]


def take_back(state: dict[str, Any]) -> None:
    """Take the last card recorded back into its hand; its trick is open again."""
    found = last_card(state)
    assert found is not None
    trick, played = found
    winner = trick["winner"]
    if winner is not None:
        trick["winner"] = None
        state["tricks_won"][winner] -= 1
        side = adapter.side_of(state["context"], winner)
        if side is not None:
            state["sides_won"][side] -= 1
    trick["cards"].pop()
    if not trick["cards"]:
        state["tricks"].pop()
    if played["revoke"]:
        state["revokes"].pop()
    state["hands"][played["seat"]].append(played["card"])
    state["turn"], state["complete"] = played["seat"], False


def check_take_back(
    state: dict[str, Any], seat: Any, card: Any, reason: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The trick and play of the card to take back, once the take-back is allowed.

    :raises InvalidInput: naming ``reason`` or ``card``.
    :raises Conflict: before the first card.
    """
    if reason not in TAKE_BACK:
        raise InvalidInput(f"must be one of {', '.join(TAKE_BACK)}", "reason")
    found = last_card(state)
    if found is None:
        raise Conflict("no card of this deal has been played", "card")
    trick, played = found
    if (seat, card) != (played["seat"], played["card"]):
        raise InvalidInput(
            f"only the last card recorded can be taken back, while its trick is not quitted: "
            f"{played['card']} of seat {played['seat']} in trick {trick['no']}",
            "card",
        )
    if reason == "revoke" and not played["revoke"]:
        raise InvalidInput(f"{card} broke no rule of play; a card played stays played", "reason")
    return trick, played
