"""Klaverjas play, Amsterdams: legal cards, trick winners, card points and roem (art. 4–10).

Card notation: the suit letter followed by the rank, e.g. ``"SA"``, ``"H10"``, ``"CJ"``,
``"D7"``. Suits: ``S`` schoppen (spades), ``H`` harten (hearts), ``D`` ruiten (diamonds),
``C`` klaveren (clubs). Ranks: ``7 8 9 10 J Q K A`` (J boer, Q vrouw, K heer, A aas).
A trick is the list of its cards in the order they were played, the lead first; the
player to play next is always the one after the last card, so "the trick belongs to your
partner" means the card two places before yours is winning. Seats are N E S W, clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from .errors import PlayError
from .ruleset import Option, RuleSet

SUITS = ("S", "H", "D", "C")
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")  # natural order, for sequences (K-D5)
SEATS = ("N", "E", "S", "W")
PAIRS = {"NS": ("N", "S"), "EW": ("E", "W")}
CARDS = frozenset(suit + rank for suit in SUITS for rank in RANKS)

PLAIN_ORDER = ("7", "8", "9", "J", "Q", "K", "10", "A")  # low to high (K-D2)
TRUMP_ORDER = ("7", "8", "Q", "K", "10", "A", "9", "J")  # low to high (K-D2)
PLAIN_POINTS = {"7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11}  # art. 5
TRUMP_POINTS = {**PLAIN_POINTS, "9": 14, "J": 20}  # troefnel 14, troefboer 20 (art. 5)
LAST_TRICK = 10  # art. 5
TOTAL = 162  # 62 in trump + 3 x 30 + 10 for the last trick

ROEM = {  # art. 4c: the value of each combination, by the name the telstaat uses
    "stuk": 20,
    "driekaart": 20,
    "vierkaart": 50,
    "vier_boeren": 200,
    "vier_azen": 100,
    "vier_heren": 100,
    "vier_vrouwen": 100,
    "vier_tienen": 100,
}
FOUR_OF_A_KIND = {
    "J": "vier_boeren",
    "A": "vier_azen",
    "K": "vier_heren",
    "Q": "vier_vrouwen",
    "10": "vier_tienen",
}
SEQUENCES = {3: "driekaart", 4: "vierkaart"}  # the longest run only (K-D5)
PICTURES = {True: ("10", "J", "Q", "K", "A"), False: ("10", "J", "Q", "K")}  # SB-6, K-D4

ARTICLES = {  # the rule each kind of revoke breaks (art. 14: verzaken is breaking art. 6-10)
    "art. 6": "must follow the suit led",
    "art. 7": "cannot follow, so must trump (the trick is not the partner's)",
    "art. 8": "must play a higher trump than the trump already played",
    "art. 9": "trump was led, so must play a higher trump when able",
    "art. 10": "may undertrump only when there is nothing else to play",
}

PLAY_OPTIONS = (
    Option(
        "amsterdams",
        True,
        "Art. 1, 7, 8 (Amsterdams): no obligation to trump or overtrump when the trick "
        "belongs to your partner. false = Rotterdams: always trump and overtrump.",
    ),
    Option(
        "partner_exception_on_trump_lead",
        False,
        "K-D11: art. 9 has no partner exception, so when trump is led you must overtrump "
        "even your partner. true = any trump will do when the trick is your partner's.",
    ),
    Option(
        "ace_is_picture",
        True,
        "K-D4: an ace counts as a picture card for the redeal of SB-6 (a ten does, per the "
        "text). false = only 10, J, Q, K.",
    ),
)
_DEFAULTS = {o.name: o.default for o in PLAY_OPTIONS}
Rules = RuleSet | Mapping[str, Any] | None  # a rule set, or just its option values


def _option(rules: Rules, name: str) -> Any:
    return _DEFAULTS[name] if rules is None else rules[name]


def check_suit(suit: Any, field: str = "trump") -> str:
    """Refuse anything but a suit letter S, H, D or C."""
    if not isinstance(suit, str) or suit not in SUITS:
        raise PlayError(field, f"must be a suit: S, H, D or C; got {suit!r}")
    return suit


def check_cards(cards: Any, field: str, lo: int = 0, hi: int = 32) -> list[str]:
    """Refuse a list that is not lo..hi distinct cards in the notation ``SA``, ``H10`` ..."""
    if not isinstance(cards, (list, tuple)):
        raise PlayError(field, "must be a list of cards like 'SA', 'H10', 'CJ'")
    if not lo <= len(cards) <= hi:
        wanted = str(lo) if lo == hi else f"{lo} to {hi}"
        raise PlayError(field, f"must hold {wanted} cards, got {len(cards)}")
    for i, card in enumerate(cards):
        if not isinstance(card, str) or card not in CARDS:
            raise PlayError(
                f"{field}[{i}]",
                f"must be a card (suit S/H/D/C + rank 7-A, e.g. 'H10'), got {card!r}",
            )
        if card in cards[:i]:
            raise PlayError(f"{field}[{i}]", f"{card} appears twice; a deck has each card once")
    return list(cards)


def card_points(card: str, trump: str) -> int:
    """Return a card's points (art. 5): trump jack 20, trump nine 14, ace 11 ..."""
    check_cards([card], "card")
    table = TRUMP_POINTS if card[0] == check_suit(trump) else PLAIN_POINTS
    return table[card[1:]]


def trick_points(cards: Sequence[str], trump: str, last: bool = False) -> int:
    """Return the card points of a trick, with 10 for the last trick (art. 5)."""
    cards = check_cards(cards, "trick", 0, 4)
    return sum(card_points(c, trump) for c in cards) + (LAST_TRICK if last else 0)


def _power(card: str, trump: str, led: str) -> int:
    if card[0] == trump:
        return 20 + TRUMP_ORDER.index(card[1:])
    if card[0] == led:
        return 10 + PLAIN_ORDER.index(card[1:])
    return 0


def trick_winner(trick: Sequence[str], trump: str) -> int:
    """Return the position (0 = lead) of the card winning a (possibly unfinished) trick."""
    cards = check_cards(trick, "trick", 1, 4)
    check_suit(trump)
    led = cards[0][0]
    return max(range(len(cards)), key=lambda i: _power(cards[i], trump, led))


def next_seat(seat: str, steps: int = 1) -> str:
    """Return the seat ``steps`` places clockwise (the dealer's left is ``next_seat``)."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def _situation(hand: Any, trick: Any, trump: Any) -> tuple[list[str], list[str]]:
    cards = check_cards(hand, "hand", 1, 8)
    played = check_cards(trick, "trick", 0, 3)
    check_suit(trump)
    for card in cards:
        if card in played:
            raise PlayError("hand", f"{card} is in the hand and already in the trick")
    return cards, played


def legal_cards(
    hand: Sequence[str], trick: Sequence[str], trump: str, rules: Rules = None
) -> list[str]:
    """Return the cards of ``hand`` that may be played to ``trick`` (art. 6-10), in hand order.

    :raises PlayError: for an empty or malformed hand or trick, or a full trick.
    """
    cards, played = _situation(hand, trick, trump)
    if not played:
        return cards
    led = played[0][0]
    trumps = [c for c in cards if c[0] == trump]
    best = max((TRUMP_ORDER.index(c[1:]) for c in played if c[0] == trump), default=None)
    higher = [c for c in trumps if best is None or TRUMP_ORDER.index(c[1:]) > best]
    partners = len(played) - trick_winner(played, trump) == 2
    if led == trump:  # art. 9 (K-D11: no partner exception unless the option says so)
        if partners and _option(rules, "partner_exception_on_trump_lead"):
            return trumps or cards
        return higher or trumps or cards
    follow = [c for c in cards if c[0] == led]
    if follow or not trumps:  # art. 6; nothing to trump with
        return follow or cards
    others = [c for c in cards if c[0] != trump]
    if partners and _option(rules, "amsterdams"):  # art. 7/8 exception; art. 10
        free = set(others + higher)
        return [c for c in cards if c in free] or trumps
    if best is None:  # art. 7
        return trumps
    return higher or others or trumps  # art. 8; art. 10


def revoke(
    hand: Sequence[str],
    trick: Sequence[str],
    trump: str,
    card: str,
    rules: Rules = None,
) -> str | None:
    """Return the article a play breaks ("art. 6" .. "art. 10", see ARTICLES) or None if legal.

    A breach becomes a revoke ("verzaken", art. 14) once the trick is taken (art. 15e).

    :raises PlayError: when ``card`` is not in ``hand`` (an impossible play, not a revoke).
    """
    legal = legal_cards(hand, trick, trump, rules)
    if not isinstance(card, str) or card not in hand:
        raise PlayError("card", f"{card!r} is not in the hand {', '.join(hand)}")
    if card in legal:
        return None
    led = trick[0][0]
    if card[0] != led and any(c[0] == led for c in hand):
        return "art. 6"
    if led == trump:
        return "art. 9"
    if card[0] != trump:  # a discard while a (higher) trump was due
        return "art. 8" if any(c[0] == trump for c in trick) else "art. 7"
    partners = len(trick) - trick_winner(trick, trump) == 2
    if partners and _option(rules, "amsterdams"):
        return "art. 10"
    # not exempt: the legal cards are the higher trumps if there are any, else the discards
    return "art. 8" if any(c[0] == trump for c in legal) else "art. 10"


def roem_in_trick(cards: Sequence[str], trump: str) -> list[tuple[str, int]]:
    """Return the roem on the table in a complete trick (art. 4, K-D5), as (name, value) items.

    Four of a kind (four 9s, 8s or 7s score nothing); otherwise the longest run of three or
    four in each suit, in the order 7 8 9 10 J Q K A; plus stuk (trump Q + K), which adds to
    a run that contains it. Roem counts only when claimed before the trick is taken.
    """
    cards = check_cards(cards, "trick", 4, 4)
    check_suit(trump)
    items: list[str] = []
    ranks = {c[1:] for c in cards}
    if len(ranks) == 1:
        items += [FOUR_OF_A_KIND[r] for r in ranks if r in FOUR_OF_A_KIND]
    for suit in SUITS:
        places = sorted(RANKS.index(c[1:]) for c in cards if c[0] == suit)
        run = longest = min(len(places), 1)
        for a, b in pairwise(places):
            run = run + 1 if b == a + 1 else 1
            longest = max(longest, run)
        if longest in SEQUENCES:
            items.append(SEQUENCES[longest])
    if trump + "Q" in cards and trump + "K" in cards:
        items.append("stuk")
    return [(name, ROEM[name]) for name in items]


def may_redeal(hand: Sequence[str], rules: Rules = None) -> bool:
    """Return True when the forced player's 8 cards hold no picture card (SB-6, K-D4)."""
    cards = check_cards(hand, "hand", 8, 8)
    pictures = PICTURES[bool(_option(rules, "ace_is_picture"))]
    return not any(c[1:] in pictures for c in cards)


def replay(
    tricks: Sequence[Sequence[str]], leader: str, trump: str, rules: Rules = None
) -> dict[str, Any]:
    """Work out a played deal's facts from its 8 tricks: the fields of a deal record.

    ``leader`` leads the first trick (the forced player, left of the dealer); each trick's
    winner leads the next. A seat's hand at each trick is what it plays from then on, so
    every play is checked and the first breach is returned as ``verzaakt``. The roem is all
    the roem on the table; the record should keep only what was claimed in time (art. 4b).

    :returns: ``{"card_points", "tricks", "roem", "verzaakt"}`` as in docs/formats/klaverjas.md.
    :raises PlayError: for anything but 8 tricks of 4 cards using each of the 32 cards once.
    """
    if not isinstance(tricks, (list, tuple)) or len(tricks) != 8:
        raise PlayError("tricks", "a deal has 8 tricks of 4 cards each")
    every = [c for i, t in enumerate(tricks) for c in check_cards(t, f"tricks[{i}]", 4, 4)]
    check_cards(every, "tricks", 32, 32)
    if leader not in SEATS:
        raise PlayError("leader", f"must be a seat N, E, S or W; got {leader!r}")
    check_suit(trump)
    order: list[list[tuple[str, str]]] = []
    for cards in tricks:
        seats = [next_seat(leader, i) for i in range(4)]
        order.append(list(zip(seats, cards, strict=True)))
        leader = seats[trick_winner(cards, trump)]
    facts: dict[str, Any] = {
        "card_points": dict.fromkeys(PAIRS, 0),
        "tricks": dict.fromkeys(PAIRS, 0),
        "roem": [],
        "verzaakt": None,
    }
    for number, plays in enumerate(order, start=1):
        cards = [card for _, card in plays]
        for position, (seat, card) in enumerate(plays):
            hand = [c for later in order[number - 1 :] for s, c in later if s == seat]
            if facts["verzaakt"] is None and revoke(hand, cards[:position], trump, card, rules):
                facts["verzaakt"] = {"pair": _pair(seat), "trick": number, "by": seat}
        pair = _pair(plays[trick_winner(cards, trump)][0])
        facts["tricks"][pair] += 1
        facts["card_points"][pair] += trick_points(cards, trump, last=number == 8)
        items = roem_in_trick(cards, trump)
        if items:
            value = sum(v for _, v in items)
            names = [name for name, _ in items]
            facts["roem"].append({"trick": number, "pair": pair, "items": names, "value": value})
    return facts


def _pair(seat: str) -> str:
    return "NS" if seat in PAIRS["NS"] else "EW"
