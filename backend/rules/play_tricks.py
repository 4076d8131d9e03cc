"""A deal's recorded play read back: its tricks, who won them, and words for a card.

The play state of a score list (``backend.aggregates.score_list_play``) is plain JSON; the
functions here read it for :mod:`.play_facts` (what the play gives a deal record) and
:mod:`.play_check` (what a deal record may not say about a played deal).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import PlayError

SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUITED = ("wiezen", "klaverjas", "bridge")  # the games written with S/H/D/C


@dataclass(frozen=True)
class Trick:
    """One trick of the play: its number, leader, the (seat, card) plays, and its winner."""

    no: int
    leader: str
    plays: tuple[tuple[str, str], ...]
    winner: str | None

    @property
    def cards(self) -> list[str]:
        return [card for _, card in self.plays]

    @property
    def winning_card(self) -> str | None:
        return next((c for s, c in self.plays if s == self.winner), None)


def tricks_of(state: Mapping[str, Any]) -> list[Trick]:
    """The tricks of a play state, in order (the last one may be open)."""
    return [
        Trick(
            t["no"],
            t["leader"],
            tuple((c["seat"], c["card"]) for c in t["cards"]),
            t["winner"],
        )
        for t in state["tricks"]
    ]


def finished(state: Mapping[str, Any]) -> list[Trick]:
    """The tricks that have all their cards (and so a winner)."""
    return [t for t in tricks_of(state) if t.winner is not None]


def total_tricks(state: Mapping[str, Any]) -> int:
    """How many tricks the deal has: a hand's cards at the start."""
    hands = state["context"]["hands"]
    return len(next(iter(hands.values())))


def card_words(game: str, card: str) -> str:
    """A card as the players say it: ``♠A``, ``♥10`` (schafkopf keeps its own notation)."""
    if game in SUITED and card[:1] in SIGNS:
        return SIGNS[card[0]] + card[1:]
    return card


def seat_words(game: str, seat: str) -> str:
    """A seat in words: ``E`` in the compass games, ``seat 3`` in the others."""
    return seat if game in ("bridge", "klaverjas") else f"seat {seat}"


def side_words(game: str, seats: Sequence[str]) -> str:
    """A side in words: ``N/S``, ``seats 1 and 3``, ``seat 2``."""
    if game in ("bridge", "klaverjas"):
        return "/".join(seats)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(seats[:-1]) + " and " + seats[-1]


def won_by(trick: Trick, game: str) -> str:
    """``trick 9 won by E with ♠A``."""
    card = card_words(game, trick.winning_card or "")
    return f"trick {trick.no} won by {seat_words(game, trick.winner or '')} with {card}"


def count_check(
    game: str,
    state: Mapping[str, Any],
    side: Sequence[str],
    claimed: int,
    field: str,
) -> None:
    """Refuse a trick count of ``side`` that the play cannot give, naming a trick against it.

    With every trick played the count must be exact; while tricks remain it lies between
    the tricks the side has won and those plus the tricks still to play.
    """
    done = finished(state)
    won = [t for t in done if t.winner in side]
    lost = [t for t in done if t.winner not in side]
    rest = total_tricks(state) - len(done)
    words = side_words(game, list(side))
    played = "" if rest == 0 else f" of the {len(done)} played"
    if claimed > len(won) + rest:
        raise PlayError(
            field,
            f"the play gives {len(won)} tricks to {words}{played} ({won_by(lost[0], game)})",
        )
    if claimed < len(won):
        raise PlayError(
            field,
            f"the play gives {len(won)} tricks to {words}{played} ({won_by(won[0], game)})",
        )


def points_check(
    game: str,
    state: Mapping[str, Any],
    side: Sequence[str],
    claimed: int,
    field: str,
    value: Any,
    total: int,
    what: str,
) -> None:
    """Refuse card points of ``side`` that the play cannot give (``value`` counts a trick).

    Exact once every trick is played; before, at least what the side has taken and at most
    the total less what the other side has taken.
    """
    done = finished(state)
    ours = sum(value(t) for t in done if t.winner in side)
    theirs = sum(value(t) for t in done if t.winner not in side)
    rest = total_tricks(state) - len(done)
    words = side_words(game, list(side))
    low, high = ours, (ours if rest == 0 else total - theirs)
    if low <= claimed <= high:
        return
    against = [t for t in done if (t.winner in side) == (claimed < low)]
    named = max(against, key=value)
    given = f"{ours}" if rest == 0 else f"{low} to {high}"
    raise PlayError(
        field,
        f"the play gives {words} {given} {what} ({won_by(named, game)}: {value(named)})",
    )


def seat_of(state: Mapping[str, Any], card: str) -> str | None:
    """The seat the card was dealt to."""
    hands: Mapping[str, Iterable[str]] = state["context"]["hands"]
    return next((seat for seat, cards in hands.items() if card in cards), None)
