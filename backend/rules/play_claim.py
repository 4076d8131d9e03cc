"""A claim: the rest of a deal's tricks declared by a player instead of played.

A player who sees how the rest of the deal goes shows his cards and says how many of the
tricks still to play his side takes ("the rest is ours", "one for you"). The opponents
accept it (the play ends there) or dispute it (the director is called; the table plays on).
The functions here are pure: they check a claim against a play state (docs/play-mode.md,
"Claims") and tell what the claimed tricks give each side, for :mod:`.play_facts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import klaverjas_play, schafkopf_play
from .errors import PlayError
from .play_tricks import finished, total_tricks

# Klaverjas and schafkopf count card points: a claim gives its side the cards still held,
# which is certain only when one side takes all the rest.
WHOLE_REST = {
    "klaverjas": "a klaverjas claim takes all the remaining tricks or gives them all away "
    "(art. 5: the card points of the rest follow from the cards only so)",
    "schafkopf": "a schafkopf claim takes all the remaining tricks or gives them all away "
    "(the Augen of the rest follow from the cards only so)",
}


def remaining(state: Mapping[str, Any]) -> int:
    """How many tricks are still to play (none of their cards on the table)."""
    return total_tricks(state) - len(state["tricks"])


def open_claim(state: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The claim waiting for the opponents' answer, or None."""
    claims = state.get("claims") or []
    return claims[-1] if claims and claims[-1]["status"] == "open" else None


def accepted_claim(state: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The accepted claim that ended the play, or None."""
    claims = state.get("claims") or []
    return claims[-1] if claims and claims[-1]["status"] == "accepted" else None


def side_seats(ctx: Mapping[str, Any], seat: str) -> list[str]:
    """The seats on ``seat``'s side (the seat alone where the context has no sides)."""
    for seats in ctx.get("sides", {}).values():
        if seat in seats:
            return list(seats)
    return [seat]


def check_claim(game: str, state: Mapping[str, Any], seat: str, tricks: Any) -> int:
    """Return how many tricks are still to play once a claim of ``tricks`` may be made.

    :raises PlayError: naming ``tricks`` (not a count of the rest; klaverjas and schafkopf
        all or none), ``claim`` (one waits for its answer; a trick is open), ``deal_no``.
    """
    if state["complete"]:
        raise PlayError("deal_no", "every trick has been played; there is nothing to claim")
    if open_claim(state) is not None:
        waiting = open_claim(state)
        assert waiting is not None
        raise PlayError("claim", f"the claim of seat {waiting['seat']} waits for its answer")
    if state["tricks"] and state["tricks"][-1]["winner"] is None:
        trick = state["tricks"][-1]
        raise PlayError(
            "claim",
            f"trick {trick['no']} is on the table: a claim is made between tricks, "
            "when it is the claimer's side to lead or after the trick is complete",
        )
    rest = remaining(state)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= rest:
        raise PlayError(
            "tricks", f"must be a whole number from 0 to {rest}: the tricks still to play"
        )
    if game in WHOLE_REST and tricks not in (0, rest):
        raise PlayError("tricks", f"must be 0 or {rest}: {WHOLE_REST[game]}")
    return rest


def tricks_of_side(state: Mapping[str, Any], seats: list[str]) -> int:
    """Tricks won by ``seats`` in the play, plus those the accepted claim gives them."""
    won = sum(t.winner in seats for t in finished(state))
    claim = accepted_claim(state)
    if claim is None:
        return won
    mine = claim["seat"] in seats
    return won + (claim["tricks"] if mine else claim["remaining"] - claim["tricks"])


def rest_goes_to(state: Mapping[str, Any], seats: list[str]) -> bool:
    """Whether the accepted claim gives ``seats`` every remaining trick (and so its cards)."""
    claim = accepted_claim(state)
    if claim is None or claim["remaining"] == 0:
        return False
    mine = claim["seat"] in seats
    return claim["tricks"] == claim["remaining"] if mine else claim["tricks"] == 0


def rest_cards(state: Mapping[str, Any]) -> list[str]:
    """The cards still held by all the seats (the tricks the claim stands for)."""
    return [card for cards in state["hands"].values() for card in cards]


def klaverjas_rest_points(state: Mapping[str, Any]) -> int:
    """Card points of the cards still held, with the 10 of the last trick (art. 5)."""
    trump = state["context"]["trump"]
    cards = rest_cards(state)
    if not cards:
        return 0
    return sum(klaverjas_play.card_points(c, trump) for c in cards) + klaverjas_play.LAST_TRICK


def schafkopf_rest_augen(state: Mapping[str, Any]) -> int:
    """Augen of the cards still held."""
    return schafkopf_play.augen(rest_cards(state))
