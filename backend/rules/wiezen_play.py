"""Play in wiezen: which cards may be played, who wins a trick, and what is a misplay.

Card notation: a suit letter and a rank, in capitals, e.g. ``"H7"``, ``"SA"``, ``"D10"``.

- Suits: ``S`` spades (schoppen), ``H`` hearts (harten), ``D`` diamonds (ruiten),
  ``C`` clubs (klaveren).
- Ranks, low to high: ``2`` … ``10``, ``J`` (boer), ``Q`` (dame), ``K`` (heer), ``A`` (aas).

A trick is the list of cards played to it so far, in playing order: its first card was led.
The only duty in play is to follow suit (Wiezen ART 6): "kopen, overkopen en hoger spelen
is NIET verplicht". A failure to follow when able is a misplay (ART 10, Decision W-D19).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import SUITS, Card, parse_card
from .errors import PlayError

PLAYERS_IN_TRICK = 4  # at a 5-table the dealer sits out (Wiezen ART 2)


def _cards(texts: Iterable[object], field: str) -> list[Card]:
    if isinstance(texts, (str, bytes)) or not isinstance(texts, Iterable):
        raise PlayError(field, "must be a list of cards")
    cards = [parse_card(t, f"{field}[{i}]") for i, t in enumerate(texts)]
    seen: set[Card] = set()
    for i, card in enumerate(cards):
        if card in seen:
            raise PlayError(f"{field}[{i}]", f"{card} appears twice; a deck has one of each")
        seen.add(card)
    return cards


def _trick(trick: Sequence[object], hand: Sequence[Card] = ()) -> list[Card]:
    cards = _cards(trick, "trick")
    if len(cards) > PLAYERS_IN_TRICK:
        raise PlayError("trick", f"a trick has at most {PLAYERS_IN_TRICK} cards")
    for i, card in enumerate(cards):
        if card in hand:
            raise PlayError(f"trick[{i}]", f"{card} is on the table and also in the hand")
    return cards


def legal_cards(hand: Sequence[str], led_cards: Sequence[str]) -> list[str]:
    """Return the cards of ``hand`` that may be played to the trick ``led_cards`` (ART 6).

    With cards of the suit led, only those; otherwise (or when leading) any card.

    :raises PlayError: for a bad card, a card twice, or a trick that is already full.
    """
    cards = _cards(hand, "hand")
    trick = _trick(led_cards, cards)
    if len(trick) == PLAYERS_IN_TRICK:
        raise PlayError("trick", "the trick is complete; nobody plays to it any more")
    following = [c for c in cards if trick and c.suit == trick[0].suit]
    return [str(c) for c in following or cards]


def is_misplay(hand: Sequence[str], led_cards: Sequence[str], card: str) -> bool:
    """Tell whether playing ``card`` is a failure to follow suit when able (ART 10, W-D19).

    :raises PlayError: when ``card`` is not in ``hand``, or as :func:`legal_cards`.
    """
    allowed = legal_cards(hand, led_cards)
    played = parse_card(card)
    if played not in _cards(hand, "hand"):
        raise PlayError("card", f"{played} is not in the hand")
    return str(played) not in allowed


def check_play(hand: Sequence[str], led_cards: Sequence[str], card: str) -> None:
    """Refuse a card that fails to follow suit when the hand can follow (ART 6).

    :raises PlayError: naming ``card`` with the suit that must be followed.
    """
    if is_misplay(hand, led_cards, card):
        led = parse_card(led_cards[0])
        raise PlayError("card", f"must follow suit {led.suit} (Wiezen ART 6): the hand holds it")


def trick_winner(trick: Sequence[str], trump: str | None) -> int:
    """Return the position (0 = the lead) of the card that wins ``trick`` so far (ART 6).

    The highest trump wins; without a trump, the highest card of the suit led. ``trump`` is
    a suit letter, or ``None`` for a game without trump (miserie).

    :raises PlayError: for an empty trick, a bad card or a bad trump suit.
    """
    if trump is not None and trump not in SUITS:
        raise PlayError("trump", f"must be one of S, H, D, C or null, got {trump!r}")
    cards = _trick(trick)
    if not cards:
        raise PlayError("trick", "an empty trick has no winner")
    led = cards[0].suit

    def strength(card: Card) -> tuple[int, int]:
        return (card.suit == trump, card.strength if card.suit in (led, trump) else 0)

    return max(range(len(cards)), key=lambda i: strength(cards[i]))
