"""One way to ask the four games' play rules the same questions, over plain JSON data.

The play rules live in the ``*_play`` modules beside this one, one per game, each with its
own notation, seat names and signatures. This module gives the play mode of a score list
(:mod:`backend.aggregates.score_list_play`) one interface over them:

- :func:`make_context` checks and normalises a deal's play context (the dealt hands, the
  leader, the trump / strain / contract) and adds the seats in playing order and the sides;
- :func:`check_card` checks a card's notation;
- :func:`breach` says which rule a card breaks (a revoke, misplay or Verwerfen), or None;
- :func:`trick_winner` gives the seat that wins a complete trick; it leads the next one.

Seats are always texts: ``"1"`` … ``"5"`` (wiezen, schafkopf) or ``"N" "E" "S" "W"`` (klaverjas,
bridge). Everything in and out is JSON-able (lists, dicts with text keys, texts, ints, None).
Every refusal is a :class:`PlayError` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import bridge_play, cards, klaverjas_play, schafkopf, schafkopf_play, wiezen_play
from .errors import PlayError

GAMES = ("wiezen", "klaverjas", "bridge", "schafkopf")
HAND_SIZE = {"wiezen": 13, "klaverjas": 8, "bridge": 13, "schafkopf": 8}
TRICK_SIZE = 4
COMPASS = ("N", "E", "S", "W")
PAIRS = {"NS": ["N", "S"], "EW": ["E", "W"]}
NOTATION = {
    "wiezen": "suit S/H/D/C + rank 2-10/J/Q/K/A, e.g. 'H7', 'D10'",
    "klaverjas": "suit S/H/D/C + rank 7/8/9/10/J/Q/K/A, e.g. 'SA', 'H10'",
    "bridge": "suit S/H/D/C + rank 2-10/J/Q/K/A, e.g. 'D7', 'H10'",
    "schafkopf": "suit E/G/H/S + rank A/10/K/O/U/9/8/7, e.g. 'GU', 'EA'",
}


def check_game(game: str) -> str:
    """Refuse a game that has no play rules."""
    if game not in GAMES:
        raise PlayError("game", f"must be one of {', '.join(GAMES)}, got {game!r}")
    return game


def check_card(game: str, card: Any, field: str = "card") -> str:
    """Return ``card`` when it is a card of the game's deck, in its notation.

    :raises PlayError: naming ``field``, with the notation, when it is not.
    """
    check_game(game)
    try:
        if game in ("wiezen", "bridge"):
            parse = wiezen_play.parse_card if game == "wiezen" else bridge_play.parse_card
            return str(parse(card, field))
        if game == "klaverjas":
            return klaverjas_play.check_cards([card], field)[0]
        return schafkopf_play.check_card(card, field)
    except PlayError:
        raise PlayError(field, f"{card!r} is not a card: write {NOTATION[game]}") from None


def seat_key(value: Any) -> Any:
    """Read a seat as text (a whole number 2 is seat ``"2"``); anything else is kept as is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def playing_seats(game: str, list_seats: Sequence[str], dealer: Any = None) -> list[str]:
    """Return the seats that play, in playing order (wiezen at a 5-table: not the dealer)."""
    if game in ("klaverjas", "bridge"):
        return list(COMPASS)
    seats = sorted(list_seats, key=lambda s: (len(s), s))
    if game == "wiezen" and len(seats) == 5:
        if dealer not in seats:
            raise PlayError("dealer", "at a table of 5 the dealer sits out: name his seat")
        seats.remove(dealer)
    return seats


def make_context(
    game: str,
    list_seats: Sequence[str],
    given: Mapping[str, Any],
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Check a deal's play context and return it normalised, with order and sides.

    ``given`` holds ``hands`` (seat → the dealt cards), ``leader`` and, per game, ``trump``
    (wiezen: a suit or null; klaverjas: a suit), ``strain`` (bridge) or ``contract``
    (schafkopf: ``{"type", "declarer", "suit"}``); wiezen also takes ``dealer`` (needed at a
    5-table; the other games ignore it) and ``declarers`` (to count the tricks per side).
    ``options`` are the list's rule options; klaverjas keeps its play options (Amsterdams or
    Rotterdams) in the context.
    """
    check_game(game)
    if not isinstance(given, Mapping):
        raise PlayError("context", "must be an object with hands, leader and the trump")
    dealer = seat_key(given.get("dealer")) if game == "wiezen" else None
    if dealer is not None and dealer not in list_seats:
        raise PlayError("dealer", f"must be a seat of this list ({', '.join(list_seats)})")
    order = playing_seats(game, list_seats, dealer)
    leader = seat_key(given.get("leader"))
    if leader not in order:
        raise PlayError("leader", f"must be a playing seat: {', '.join(order)}")
    ctx: dict[str, Any] = {
        "order": order,
        "leader": leader,
        "hands": _hands(game, order, given.get("hands")),
    }
    if game == "wiezen":
        ctx.update(_wiezen(given, order, dealer))
    elif game == "klaverjas":
        ctx["trump"] = klaverjas_play.check_suit(given.get("trump"))
        ctx["options"] = {
            o.name: (options or {}).get(o.name, o.default) for o in klaverjas_play.PLAY_OPTIONS
        }
        ctx["sides"] = {side: list(seats) for side, seats in PAIRS.items()}
    elif game == "bridge":
        strain = given.get("strain")
        if strain not in bridge_play.STRAINS:
            raise PlayError("strain", f"must be one of {', '.join(bridge_play.STRAINS)}")
        ctx["strain"] = strain
        ctx["sides"] = {side: list(seats) for side, seats in PAIRS.items()}
    else:
        ctx.update(_schafkopf(given, ctx["hands"], leader, options or {}))
    return ctx


def _hands(game: str, order: Sequence[str], hands: Any) -> dict[str, list[str]]:
    size = HAND_SIZE[game]
    if not isinstance(hands, Mapping) or {seat_key(k) for k in hands} != set(order):
        raise PlayError("hands", f"must give the dealt cards of seats {', '.join(order)}")
    by_seat = {seat_key(k): v for k, v in hands.items()}
    out: dict[str, list[str]] = {}
    seen: dict[str, str] = {}
    for seat in order:
        cards = by_seat[seat]
        if not isinstance(cards, list) or len(cards) != size:
            raise PlayError(f"hands.{seat}", f"must be a list of the {size} cards dealt")
        out[seat] = [check_card(game, c, f"hands.{seat}[{i}]") for i, c in enumerate(cards)]
        for i, card in enumerate(out[seat]):
            if card in seen:
                raise PlayError(f"hands.{seat}[{i}]", f"{card} is dealt twice (seat {seen[card]})")
            seen[card] = seat
    return out


def _wiezen(given: Mapping[str, Any], order: list[str], dealer: Any) -> dict[str, Any]:
    if "trump" not in given:
        raise PlayError("trump", "give the trump suit S/H/D/C, or null for a game without trump")
    trump = given["trump"]
    if trump is not None and trump not in cards.SUITS:
        raise PlayError("trump", f"must be one of S, H, D, C or null, got {trump!r}")
    out: dict[str, Any] = {"trump": trump, "dealer": dealer, "sides": {}}
    declarers = given.get("declarers")
    if declarers is not None:
        seats = [seat_key(s) for s in declarers] if isinstance(declarers, list) else []
        chosen = [s for s in order if s in seats]
        if not seats or len(chosen) != len(seats) or len(chosen) == len(order):
            raise PlayError("declarers", f"must be a list of some playing seats {order}")
        out["sides"] = {
            "declarers": chosen,
            "opponents": [s for s in order if s not in seats],
        }
    return out


def _schafkopf(
    given: Mapping[str, Any],
    hands: Mapping[str, list[str]],
    leader: str,
    options: Mapping[str, Any],
) -> dict[str, Any]:
    raw = given.get("contract")
    if isinstance(raw, Mapping):
        raw = {**raw, "declarer": _int_seat(raw.get("declarer"))}
    contract = schafkopf_play.Contract.from_dict(raw)
    refusal = schafkopf.not_admitted(contract.type, bool(options.get("admit_wenz_geier")))
    if refusal:
        raise PlayError("contract.type", refusal)
    declaring = schafkopf_play.replay(contract, [], int(leader), hands).declaring
    side = [str(s) for s in declaring]
    return {
        "contract": {"type": contract.type, "declarer": contract.declarer, "suit": contract.suit},
        "sides": {
            "declaring": side,
            "defending": [s for s in map(str, schafkopf_play.SEATS) if s not in side],
        },
    }


def _int_seat(value: Any) -> Any:
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def breach(
    game: str,
    ctx: Mapping[str, Any],
    hand: Sequence[str],
    trick: Sequence[str],
    card: str,
    earlier: Sequence[Sequence[str]] = (),
) -> str | None:
    """Return the rule that playing ``card`` from ``hand`` to ``trick`` breaks, or None.

    ``hand`` still holds ``card``; ``trick`` holds the cards already played to this trick in
    order; ``earlier`` the cards of the tricks before it (schafkopf needs them for the
    called ace). Wiezen and bridge: failing to follow suit; klaverjas: art. 6-10 (follow,
    trump, overtrump, undertrump); schafkopf: Verwerfen (follow, the called ace).
    """
    if game == "wiezen":
        if not wiezen_play.is_misplay(list(hand), list(trick), card):
            return None
        return f"did not follow suit {trick[0][0]} while holding it (Wiezen ART 6, ART 10)"
    if game == "klaverjas":
        options: Any = ctx.get("options")  # the play options by name, as a rule set gives them
        article = klaverjas_play.revoke(list(hand), list(trick), ctx["trump"], card, options)
        return f"{article}: {klaverjas_play.ARTICLES[article]}" if article else None
    if game == "bridge":
        cards = [bridge_play.parse_card(c) for c in hand]
        led = bridge_play.parse_card(trick[0]).suit if trick else None
        if not bridge_play.is_revoke(cards, led, bridge_play.parse_card(card)):
            return None
        return f"did not follow suit {led} while holding it: a revoke (Bridge §2b)"
    contract = schafkopf_play.Contract.from_dict(ctx["contract"])
    called = any(contract.suit_of(t[0]) == contract.suit for t in earlier if t)
    reason = schafkopf_play.why_illegal(
        contract, list(hand), list(trick), card, len(earlier) + 1, called
    )
    return f"Verwerfen (Nr. 5): {reason}" if reason else None


def trick_winner(game: str, ctx: Mapping[str, Any], leader: str, cards: Sequence[str]) -> str:
    """Return the seat that wins the complete trick ``cards`` led by ``leader``."""
    if len(cards) != TRICK_SIZE:
        raise PlayError("trick", f"a trick has {TRICK_SIZE} cards, got {len(cards)}")
    if game == "bridge":
        played = [bridge_play.parse_card(c) for c in cards]
        return bridge_play.trick_winner(played, leader, ctx["strain"])
    if game == "wiezen":
        position = wiezen_play.trick_winner(list(cards), ctx["trump"])
    elif game == "klaverjas":
        position = klaverjas_play.trick_winner(list(cards), ctx["trump"])
    else:
        contract = schafkopf_play.Contract.from_dict(ctx["contract"])
        position = schafkopf_play.trick_winner(contract, list(cards))
    return next_seat(ctx, leader, position)


def next_seat(ctx: Mapping[str, Any], seat: str, steps: int = 1) -> str:
    """Return the playing seat ``steps`` places after ``seat`` in playing order."""
    order = ctx["order"]
    return str(order[(order.index(seat) + steps) % len(order)])


def side_of(ctx: Mapping[str, Any], seat: str) -> str | None:
    """Return the name of the side ``seat`` plays on (None when the context has no sides)."""
    return next((name for name, seats in ctx.get("sides", {}).items() if seat in seats), None)
