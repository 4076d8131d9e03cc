"""The 52-card French deck of wiezen and bridge: suits, ranks and the card notation."""

from __future__ import annotations

from typing import NamedTuple

from .errors import PlayError

SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class Card(NamedTuple):
    """A card: its suit letter and its rank's strength (2 = lowest, 14 = ace)."""

    suit: str
    strength: int

    def __str__(self) -> str:
        return f"{self.suit}{RANKS[self.strength - 2]}"


def parse_card(text: object, field: str = "card") -> Card:
    """Read a card in the notation ``S|H|D|C`` + ``2..10|J|Q|K|A``, e.g. ``"D10"``.

    :raises PlayError: naming ``field`` when the text is not a card.
    """
    if isinstance(text, str) and len(text) >= 2 and text[0] in SUITS and text[1:] in RANKS:
        return Card(text[0], RANKS.index(text[1:]) + 2)
    raise PlayError(field, f"must be a card like 'H7', 'SA' or 'D10' (suit S/H/D/C), got {text!r}")
