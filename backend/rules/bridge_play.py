"""Play in bridge: which cards may be played, who wins a trick, and when a revoke is established.

Card notation: a suit letter and a rank, in capitals, e.g. ``"D7"``, ``"SA"``, ``"H10"``
(the notation of the revoke record's ``withheld_card``, Bridge §A3.9).

- Suits: ``S`` spades, ``H`` hearts, ``D`` diamonds, ``C`` clubs.
- Ranks, low to high: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A`` (``T`` is not accepted).
- Strains: ``C``, ``D``, ``H``, ``S`` (that suit is trumps) or ``NT`` (no trumps).
- Seats ``N``, ``E``, ``S``, ``W``; play goes clockwise (left), ``N`` -> ``E`` -> ``S`` -> ``W``.

The only duty in play is to follow suit (Bridge §1-Algemeen, §2b). A card of another suit
while holding the suit led is a revoke ("verzaken"): the card still counts as played, so
:func:`play_deal` records the revoke instead of refusing it. :class:`PlayError` is kept for
plays that cannot happen at all: a card that is not in the player's hand, a malformed card,
a trick with too many cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import SUITS, Card, parse_card
from .errors import PlayError

SEATS = ("N", "E", "S", "W")
STRAINS = ("C", "D", "H", "S", "NT")
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
TRICK_SIZE = 4


def next_seat(seat: str, steps: int = 1) -> str:
    """Return the seat ``steps`` places to the left (clockwise) of ``seat``."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def as_cards(cards: Iterable[Card | str], field: str = "hand") -> tuple[Card, ...]:
    """Read cards given as :class:`Card` or as text; a text is parsed with its ``[i]`` path."""
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise PlayError(field, "must be a list of cards")
    return tuple(
        c if isinstance(c, Card) else parse_card(c, f"{field}[{i}]") for i, c in enumerate(cards)
    )


def _suit(led_suit: str | None) -> str | None:
    if led_suit is not None and led_suit not in SUITS:
        raise PlayError(
            "led", f"must be a suit S, H, D or C, or null when leading; got {led_suit!r}"
        )
    return led_suit


def legal_cards(hand: Iterable[Card | str], led_suit: str | None) -> tuple[Card, ...]:
    """Return the cards of ``hand`` that may be played: the suit led if held, else any card."""
    cards, led = as_cards(hand), _suit(led_suit)
    following = tuple(c for c in cards if c.suit == led)
    return following or cards


def is_revoke(hand: Iterable[Card | str], led_suit: str | None, card: Card | str) -> bool:
    """Tell whether playing ``card`` fails to follow suit while the hand holds the suit led."""
    cards, led = as_cards(hand), _suit(led_suit)
    played = card if isinstance(card, Card) else parse_card(card)
    return led is not None and played.suit != led and any(c.suit == led for c in cards)


def check_play(
    hand: Iterable[Card | str], led_suit: str | None, card: Card | str, field: str = "card"
) -> None:
    """Refuse a card that is not in the hand, or that fails to follow suit (strict play).

    :raises PlayError: naming ``field``.
    """
    cards = as_cards(hand)
    played = card if isinstance(card, Card) else parse_card(card, field)
    if played not in cards:
        raise PlayError(field, f"{played} is not in the hand")
    if is_revoke(cards, led_suit, played):
        raise PlayError(field, f"{played} does not follow suit: the hand holds {led_suit} (§2b)")


def trick_winner(cards: Sequence[Card | str], leader: str, strain: str) -> str:
    """Return the seat winning a complete trick: highest trump, else highest of the suit led.

    ``cards`` are in playing order, the first led by ``leader`` (Bridge §1-Algemeen).
    """
    if strain not in STRAINS:
        raise PlayError("strain", f"must be one of {', '.join(STRAINS)}, got {strain!r}")
    if leader not in SEATS:
        raise PlayError("leader", f"must be one of {', '.join(SEATS)}, got {leader!r}")
    cards = as_cards(cards, "cards")
    if len(cards) != TRICK_SIZE:
        raise PlayError("cards", f"a trick has {TRICK_SIZE} cards, got {len(cards)}")
    if len(set(cards)) != TRICK_SIZE:
        raise PlayError("cards", "a card cannot be played twice")
    best = 0
    for i, card in enumerate(cards):
        top = cards[best]
        if (card.suit == strain and top.suit != strain) or (
            card.suit == top.suit and card.strength > top.strength
        ):
            best = i
    return next_seat(leader, best)


@dataclass(frozen=True)
class Revoke:
    """A failure to follow suit found in the plays, and whether it is established (§2b).

    ``withheld`` are the offender's cards of the suit led at that moment; ``withheld_card``
    is that card when there was exactly one (otherwise which card was withheld is not known).
    ``offender_tricks_from_revoke_on`` counts the tricks the offending side won from the
    revoke trick onward; it is known only when every trick has been played.
    """

    trick: int
    offender: str
    card: Card
    led_suit: str
    withheld: tuple[Card, ...]
    established: bool
    reason: str
    offender_tricks_from_revoke_on: int | None

    @property
    def withheld_card(self) -> str | None:
        return str(self.withheld[0]) if len(self.withheld) == 1 else None

    def as_record(self) -> dict[str, object]:
        """Return the revoke as an entry of a board record's ``revokes`` (Bridge §A3.9)."""
        return {
            "trick": self.trick,
            "offender": self.offender,
            "withheld_card": self.withheld_card,
            "offender_tricks_from_revoke_on": self.offender_tricks_from_revoke_on,
        }


@dataclass(frozen=True)
class PlayedDeal:
    """The outcome of the plays so far: trick winners, tricks per side and the revokes."""

    winners: tuple[str, ...]
    tricks: Mapping[str, int]
    revokes: tuple[Revoke, ...]
    complete: bool


def _read_hands(hands: Mapping[str, Sequence[str]]) -> dict[str, list[Card]]:
    if not isinstance(hands, Mapping) or set(hands) != set(SEATS):
        raise PlayError("hands", "must give the cards of each seat N, E, S and W")
    read: dict[str, list[Card]] = {}
    seen: set[Card] = set()
    for seat in SEATS:
        read[seat] = list(as_cards(hands[seat], f"hands.{seat}"))
        for i, card in enumerate(read[seat]):
            if card in seen:
                raise PlayError(f"hands.{seat}[{i}]", f"{card} is dealt twice")
            seen.add(card)
    sizes = {len(cards) for cards in read.values()}
    if len(sizes) != 1 or not 1 <= min(sizes) <= 13:
        raise PlayError("hands", "every seat must hold the same number of cards, 1 to 13")
    return read


def play_deal(
    hands: Mapping[str, Sequence[str]],
    leader: str,
    strain: str,
    tricks: Sequence[Sequence[str]],
    *,
    quitted: bool = False,
    claimed_by: str | None = None,
) -> PlayedDeal:
    """Replay the tricks from the dealt hands: who won each trick, and every revoke.

    ``leader`` makes the opening lead (V, left of declarer); each later trick is led by the
    winner of the one before. Every trick but the last must be complete. A revoke in trick
    *t* is established (Bridge §2b, §A3.1) when (a) trick *t* was quitted, which the plays
    show once a card of trick *t* + 1 is on the table, or ``quitted`` says so for the last
    trick; (b) the revoker claimed (``claimed_by``) after it; (c) the revoker led to a later
    trick. The partner's warning that keeps a revoke open (the exception to (a)) cannot be
    seen in the plays.

    :raises PlayError: for a card that is not in the hand of the player whose turn it is,
        an incomplete trick followed by another, or more tricks than cards in the hands.
    """
    if leader not in SEATS:
        raise PlayError("leader", f"must be one of {', '.join(SEATS)}, got {leader!r}")
    if strain not in STRAINS:
        raise PlayError("strain", f"must be one of {', '.join(STRAINS)}, got {strain!r}")
    if claimed_by is not None and claimed_by not in SEATS:
        raise PlayError("claimed_by", f"must be one of {', '.join(SEATS)}, got {claimed_by!r}")
    held = _read_hands(hands)
    size = len(held["N"])
    if isinstance(tricks, str) or not isinstance(tricks, Sequence) or len(tricks) > size:
        raise PlayError("tricks", f"must be a list of at most {size} tricks")
    winners: list[str] = []
    found: list[tuple[int, str, Card, str, tuple[Card, ...]]] = []
    for t, trick in enumerate(tricks):
        path = f"tricks[{t}]"
        if isinstance(trick, str) or not isinstance(trick, Sequence) or not trick:
            raise PlayError(path, "must be a list of 1 to 4 cards")
        if len(trick) > TRICK_SIZE:
            raise PlayError(path, f"a trick has {TRICK_SIZE} cards, got {len(trick)}")
        if t < len(tricks) - 1 and len(trick) < TRICK_SIZE:
            raise PlayError(path, "only the last trick may be incomplete")
        first = winners[-1] if winners else leader
        cards = [parse_card(c, f"{path}[{i}]") for i, c in enumerate(trick)]
        for i, card in enumerate(cards):
            seat = next_seat(first, i)
            if card not in held[seat]:
                raise PlayError(f"{path}[{i}]", f"{card} is not in {seat}'s hand")
            led = cards[0].suit if i else None
            if led is not None and is_revoke(held[seat], led, card):
                withheld = tuple(c for c in held[seat] if c.suit == led)
                found.append((t, seat, card, led, withheld))
            held[seat].remove(card)
        if len(cards) == TRICK_SIZE:
            winners.append(trick_winner(cards, first, strain))
    complete = len(winners) == size
    revokes = tuple(
        _judge(t, seat, card, led, withheld, tricks, winners, complete, quitted, claimed_by)
        for t, seat, card, led, withheld in found
    )
    counts = {"NS": sum(SIDE[w] == "NS" for w in winners), "EW": 0}
    counts["EW"] = len(winners) - counts["NS"]
    return PlayedDeal(tuple(winners), counts, revokes, complete)


def _judge(
    t: int,
    seat: str,
    card: Card,
    led: str,
    withheld: tuple[Card, ...],
    tricks: Sequence[Sequence[str]],
    winners: Sequence[str],
    complete: bool,
    quitted: bool,
    claimed_by: str | None,
) -> Revoke:
    later_leaders = winners[t : len(tricks) - 1]  # the leaders of tricks t+2, t+3, … played
    if seat in later_leaders:
        established, reason = True, "(c) the revoker led to a following trick"
    elif t + 1 < len(tricks):
        established, reason = True, "(a) the trick was quitted: the next trick was led"
    elif quitted and t < len(winners):
        established, reason = True, "(a) the trick was picked up, turned and let go"
    elif claimed_by == seat:
        established, reason = True, "(b) the revoker laid down his cards and claimed"
    else:
        established, reason = False, "not established yet: it may still be corrected"
    side = SIDE[seat]
    from_on = sum(SIDE[w] == side for w in winners[t:]) if complete else None
    return Revoke(t + 1, seat, card, led, withheld, established, reason, from_on)
