"""Check Schafkopf play: trumps, who wins a trick, which cards are legal, and Verwerfen.

Cards are a suit letter (``E`` Eichel, ``G`` Gras, ``H`` Herz, ``S`` Schellen; also the order
of the Ober and Unter) and a rank (``A 10 K O U 9 8 7``): ``"GU"`` Gras-Unter, ``"EA"``
Eichel-Ass, ``"H10"`` Herz-Zehn. Trumps are the Ober, the Unter, then Herz (Rufspiel) or the
solo suit (Farbsolo, Tout); only the Unter in a Wenz, only the Ober in a Geier (S-D5).
The called-ace rules are Nr. 3 and S-D7; docs/formats/schafkopf.md has them all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import PlayError

SEATS = (1, 2, 3, 4)
SUITS = ("E", "G", "H", "S")
SUIT_NAMES = {"E": "Eichel", "G": "Gras", "H": "Herz", "S": "Schellen", "T": "trump"}
RANKS = ("A", "10", "K", "O", "U", "9", "8", "7")  # also the rank order inside a plain suit
AUGEN = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
DECK = tuple(suit + rank for suit in SUITS for rank in RANKS)
# The trump pictures of each game, highest first (the suit trumps follow them).
PICTURES = {"RUFSPIEL": "OU", "SOLO": "OU", "TOUT": "OU", "WENZ": "U", "GEIER": "O"}
SCHMIEREN_FROM = 7  # Nr. 3: the called ace may be discarded in the penultimate trick


def augen(cards: Sequence[str]) -> int:
    """Add up the Augen of some cards."""
    return sum(AUGEN[check_card(card)[1:]] for card in cards)


def check_card(card: Any, field: str = "card") -> str:
    """Return the card if it is one of the 32 cards, or refuse it naming ``field``."""
    if not isinstance(card, str) or card not in DECK:
        raise PlayError(
            field,
            f"{card!r} is not a card: write a suit E/G/H/S and a rank "
            "A/10/K/O/U/9/8/7, e.g. 'GU', 'EA', 'H10'",
        )
    return card


@dataclass(frozen=True)
class Contract:
    """The game played: its type, the declarer, and the called suit or the trump suit."""

    type: str
    declarer: int
    suit: str | None = None  # RUFSPIEL: the called suit; SOLO/TOUT: the trump suit

    @classmethod
    def from_dict(cls, data: Any) -> Contract:
        """Read ``{"type", "declarer", "suit"}``, refusing a game that cannot be played."""
        if not isinstance(data, Mapping):
            raise PlayError("contract", "must be an object with type, declarer and suit")
        kind, declarer, suit = data.get("type"), data.get("declarer"), data.get("suit")
        if not isinstance(kind, str) or kind not in PICTURES:
            raise PlayError("contract.type", f"must be one of {', '.join(PICTURES)}")
        if declarer not in SEATS or isinstance(declarer, bool):
            raise PlayError("contract.declarer", "must be a seat 1-4")
        wanted = {"RUFSPIEL": ("E", "G", "S"), "SOLO": SUITS, "TOUT": SUITS}.get(kind, (None,))
        if suit not in wanted:
            shown = "/".join(str(s) for s in wanted) if None not in wanted else "none"
            raise PlayError("contract.suit", f"a {kind} takes suit {shown}, got {suit!r}")
        return cls(kind, declarer, suit)

    @property
    def trumps(self) -> tuple[str, ...]:
        """Every trump, highest first."""
        pictures = PICTURES[self.type]
        trumps = [suit + rank for rank in pictures for suit in SUITS]
        trump_suit = self.trump_suit
        if trump_suit:
            trumps += [trump_suit + r for r in RANKS if r not in pictures]
        return tuple(trumps)

    @property
    def trump_suit(self) -> str | None:
        if self.type == "RUFSPIEL":
            return "H"
        return self.suit if self.type in ("SOLO", "TOUT") else None

    @property
    def called_ace(self) -> str | None:
        return self.suit + "A" if self.type == "RUFSPIEL" and self.suit else None

    def suit_of(self, card: str) -> str:
        """The suit a card follows: ``"T"`` for a trump, else its own suit letter."""
        return "T" if card in self.trumps else card[0]

    def strength(self, card: str, led: str) -> int:
        """How high a card stands in a trick led with suit ``led`` (-1: it cannot win)."""
        if card in self.trumps:
            return 100 - self.trumps.index(card)
        plain = [r for r in RANKS if r not in PICTURES[self.type]]
        return 50 - plain.index(card[1:]) if card[0] == led else -1


def trick_winner(contract: Contract, cards: Sequence[str]) -> int:
    """Return the position (0-3, in play order) of the card that wins the trick."""
    for i, card in enumerate(cards):
        check_card(card, f"trick[{i}]")
    if not cards:
        raise PlayError("trick", "has no cards")
    led = contract.suit_of(cards[0])
    strengths = [contract.strength(card, led) for card in cards]
    return strengths.index(max(strengths))


def why_illegal(
    contract: Contract,
    hand: Sequence[str],
    trick: Sequence[str],
    card: str,
    trick_no: int = 1,
    called_suit_led: bool = False,
) -> str:
    """Say why a held card may not be played now ('' when it may).

    ``trick`` holds the cards already played to this trick; ``called_suit_led`` says the
    called suit was led in an earlier trick (then the called ace is free).
    """
    ace = contract.called_ace
    bound = ace is not None and ace in hand and not called_suit_led
    called = contract.suit
    if not trick:
        if bound and card != ace and contract.suit_of(card) == called:
            count = sum(contract.suit_of(c) == called for c in hand)
            if count < 4:
                return (
                    f"the holder of the called ace may lead {SUIT_NAMES[called]} only with "
                    f"the ace, or run away with the ace and 3 more (Nr. 3, S-D7); "
                    f"he has {count}"
                )
        return ""
    led = contract.suit_of(trick[0])
    if any(contract.suit_of(c) == led for c in hand):
        if bound and led == called and card != ace:
            return f"{SUIT_NAMES[led]} is led for the first time: the called ace must be played"
        if contract.suit_of(card) != led:
            return f"must follow {SUIT_NAMES[led]} (standard rule)"
        return ""
    if bound and card == ace and trick_no < SCHMIEREN_FROM and len(hand) > 1:
        return (
            "the called ace may not be discarded before its suit was led, except in the "
            "penultimate trick (Nr. 3)"
        )
    return ""


def legal_cards(
    contract: Contract,
    hand: Sequence[str],
    trick: Sequence[str],
    trick_no: int = 1,
    called_suit_led: bool = False,
) -> list[str]:
    """Return the cards of ``hand`` that may be played now, in the hand's order."""
    return [c for c in hand if not why_illegal(contract, hand, trick, c, trick_no, called_suit_led)]


def check_play(
    contract: Contract,
    hand: Sequence[str],
    trick: Sequence[str],
    card: str,
    trick_no: int = 1,
    called_suit_led: bool = False,
) -> None:
    """Refuse a card that is not held or may not be played now.

    :raises PlayError: naming ``card`` and the rule.
    """
    check_card(card)
    if card not in hand:
        raise PlayError("card", f"{card} is not in the hand")
    if len(trick) > 3:
        raise PlayError("trick", "already has four cards")
    reason = why_illegal(contract, hand, trick, card, trick_no, called_suit_led)
    if reason:
        raise PlayError("card", f"{card} may not be played: {reason}")


@dataclass(frozen=True)
class Misplay:
    """The first wrong card of a game (Verwerfen, Nr. 5) and the standing before its trick."""

    trick: int
    seat: int
    card: str
    reason: str
    standing: Mapping[str, int]

    def as_fault(self) -> dict[str, Any]:
        """The ``fault`` object of a deal record for this misplay (S-D9)."""
        return {
            "kind": "VERWERFEN",
            "offender": self.seat,
            "trick": self.trick,
            "standing": dict(self.standing),
        }


@dataclass(frozen=True)
class Replay:
    """A game followed trick by trick: who won each trick, the Augen, the first misplay."""

    winners: tuple[int, ...]
    augen: Mapping[int, int]
    declaring: tuple[int, ...]
    misplay: Misplay | None

    def standing(self) -> dict[str, int]:
        """Augen and tricks of the declaring side and of the defenders."""
        return _standing(self.declaring, self.augen, self.winners)

    def as_dict(self) -> dict[str, Any]:
        partner = [s for s in self.declaring if s != self.declaring[0]]
        return {
            "winners": list(self.winners),
            "augen": {str(s): self.augen[s] for s in SEATS},
            "declaring": list(self.declaring),
            "partner": partner[0] if partner else None,
            **self.standing(),
            "verwerfen": self.misplay.as_fault() if self.misplay else None,
        }


def replay(
    contract: Contract,
    tricks: Sequence[Sequence[str]],
    leader: int,
    hands: Mapping[Any, Sequence[str]] | None = None,
) -> Replay:
    """Follow a game's tricks (each in play order from its leader) and find the first misplay.

    Without ``hands`` the 8 tricks show every hand. A card not held, a card twice or a
    bad notation is impossible and refused; a held card played against the rules is a
    misplay, reported with the standing before its trick.

    :raises PlayError: naming the field (``tricks[2][1]``, ``hands.3``, ``contract.suit``).
    """
    if leader not in SEATS or isinstance(leader, bool):
        raise PlayError("leader", "must be a seat 1-4")
    _check_tricks(tricks)
    held = _check_hands(hands) if hands is not None else _hands_from(contract, tricks, leader)
    declaring = _declaring(contract, held)
    winners: list[int] = []
    won = {seat: 0 for seat in SEATS}
    misplay = None
    called_led = False
    for number, cards in enumerate(tricks, start=1):
        order = _order(leader)
        for i, (seat, card) in enumerate(zip(order, cards, strict=True)):
            if card not in held[seat]:
                raise PlayError(f"tricks[{number - 1}][{i}]", f"seat {seat} does not hold {card}")
            reason = why_illegal(contract, held[seat], cards[:i], card, number, called_led)
            if reason and misplay is None:
                standing = _standing(declaring, won, winners)
                misplay = Misplay(number, seat, card, reason, standing)
            held[seat].remove(card)
        called_led = called_led or contract.suit_of(cards[0]) == contract.suit
        leader = order[trick_winner(contract, cards)]
        winners.append(leader)
        won[leader] += augen(cards)
    return Replay(tuple(winners), won, declaring, misplay)


def _order(leader: int) -> tuple[int, ...]:
    return tuple((leader - 1 + k) % 4 + 1 for k in range(4))


def _standing(
    declaring: tuple[int, ...], won: Mapping[int, int], winners: Sequence[int]
) -> dict[str, int]:
    decl_augen = sum(won[s] for s in declaring)
    decl_tricks = sum(w in declaring for w in winners)
    return {
        "decl_augen": decl_augen,
        "decl_tricks": decl_tricks,
        "def_augen": sum(won.values()) - decl_augen,
        "def_tricks": len(winners) - decl_tricks,
    }


def _check_tricks(tricks: Any) -> None:
    if not isinstance(tricks, Sequence) or isinstance(tricks, str) or len(tricks) > 8:
        raise PlayError("tricks", "must be a list of at most 8 tricks")
    seen: set[str] = set()
    for t, cards in enumerate(tricks):
        if not isinstance(cards, Sequence) or isinstance(cards, str) or len(cards) != 4:
            raise PlayError(f"tricks[{t}]", "must be a list of the 4 cards in play order")
        for i, card in enumerate(cards):
            check_card(card, f"tricks[{t}][{i}]")
            if card in seen:
                raise PlayError(f"tricks[{t}][{i}]", f"{card} was already played")
            seen.add(card)


def _check_hands(hands: Any) -> dict[int, list[str]]:
    if not isinstance(hands, Mapping) or {str(k) for k in hands} != {"1", "2", "3", "4"}:
        raise PlayError("hands", "must give the 8 cards of seats 1, 2, 3 and 4")
    held = {int(k): v for k, v in hands.items()}
    seen: set[str] = set()
    for seat in SEATS:
        cards = held[seat]
        if not isinstance(cards, Sequence) or isinstance(cards, str) or len(cards) != 8:
            raise PlayError(f"hands.{seat}", "must be a list of 8 cards")
        for card in cards:
            check_card(card, f"hands.{seat}")
            if card in seen:
                raise PlayError(f"hands.{seat}", f"{card} is dealt twice")
            seen.add(card)
    return {seat: list(held[seat]) for seat in SEATS}


def _hands_from(contract: Contract, tricks: Sequence[Sequence[str]], leader: int) -> dict:
    if len(tricks) != 8:
        raise PlayError("hands", "are needed unless all 8 tricks are given")
    held: dict[int, list[str]] = {seat: [] for seat in SEATS}
    for cards in tricks:
        order = _order(leader)
        for seat, card in zip(order, cards, strict=True):
            held[seat].append(card)
        leader = order[trick_winner(contract, cards)]
    return held


def _declaring(contract: Contract, held: Mapping[int, Sequence[str]]) -> tuple[int, ...]:
    ace = contract.called_ace
    if ace is None:
        return (contract.declarer,)
    own = held[contract.declarer]
    suit = SUIT_NAMES[contract.suit or ""]
    if ace in own:
        raise PlayError(
            "contract.suit",
            f"the declarer holds the {suit}-Ass: he calls an ace he does not hold (standard rule)",
        )
    if not any(contract.suit_of(card) == contract.suit for card in own):
        raise PlayError(
            "contract.suit",
            f"the declarer holds no {suit} card of his own, so he "
            "may not call its ace (standard rule)",
        )
    partner = next(seat for seat in SEATS if ace in held[seat])
    return tuple(sorted((contract.declarer, partner)))
