"""Bridge hand records: the dealt hands of a session's boards, read from PBN.

A dealing machine or a deal generator writes a PBN file (PBN 2.1) with one game per board:
at least its ``[Board "n"]`` and ``[Deal "N:AKQ.JT9.876.5432 …"]`` tags. The ``Deal`` value
gives the four hands clockwise from the seat before the colon, each as its spades, hearts,
diamonds and clubs separated by dots, a ten as ``T`` (§3.4.11). A hand record needs all four
hands (``-`` for an unknown hand is refused) with the 52 cards each dealt once.

:func:`read_games` reads the ``Board``/``Deal``/``Dealer`` tags of every game of a file;
:func:`read_deal` checks one ``Deal`` value and returns the hands in Troef's card notation
(``SA``, ``H10``, docs/play-mode.md). Every refusal names the board and the tag.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .errors import PlayError

SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")
RANKS = "AKQJT98765432"
TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')
MAX_BOARD = 999


def _refuse(board: Any, tag: str, rule: str, field: str = "pbn") -> PlayError:
    return PlayError(field, f"board {board}, [{tag}]: {rule}")


def card(suit: str, rank: str) -> str:
    """A card of a PBN hand in Troef's notation: ``S`` + ``T`` → ``S10``."""
    return suit + ("10" if rank == "T" else rank)


def read_deal(value: Any, board: Any, field: str = "pbn") -> dict[str, list[str]]:
    """The four hands of a ``Deal`` value (seat → 13 cards, Troef's notation).

    :raises PlayError: naming ``field``, the board and the tag.
    """
    if not isinstance(value, str):
        raise _refuse(board, "Deal", "must be a text such as N:AKQ.JT9.876.5432 …", field)
    text = value.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEATS:
        raise _refuse(
            board, "Deal", "must start with the first hand's seat: N:, E:, S: or W:", field
        )
    first = SEATS.index(text[0].upper())
    hands = text[2:].split()
    if len(hands) != 4:
        raise _refuse(board, "Deal", f"must give 4 hands, gives {len(hands)}", field)
    out: dict[str, list[str]] = {}
    seen: dict[str, str] = {}
    for k, hand in enumerate(hands):
        seat = SEATS[(first + k) % 4]
        if hand == "-":
            raise _refuse(board, "Deal", f"the hand of {seat} is not given (-)", field)
        suits = hand.split(".")
        if len(suits) != 4:
            raise _refuse(
                board, "Deal", f"the hand of {seat} must have 4 suits separated by dots", field
            )
        cards = []
        for suit, ranks in zip(SUITS, suits, strict=True):
            for rank in ranks.upper():
                if rank not in RANKS:
                    raise _refuse(
                        board, "Deal", f"{rank!r} in the hand of {seat} is not a rank", field
                    )
                c = card(suit, rank)
                if c in seen:
                    raise _refuse(
                        board, "Deal", f"{c} is dealt twice (to {seen[c]} and {seat})", field
                    )
                seen[c] = seat
                cards.append(c)
        if len(cards) != 13:
            raise _refuse(
                board, "Deal", f"the hand of {seat} has {len(cards)} cards, not 13", field
            )
        out[seat] = cards
    return {seat: out[seat] for seat in SEATS}


def deal_text(hands: Mapping[str, list[str]], first: str = "N") -> str:
    """The ``Deal`` value of four hands, from ``first`` clockwise (the inverse of read_deal)."""
    start = SEATS.index(first)
    parts = []
    for seat in SEATS[start:] + SEATS[:start]:
        by_suit = {s: "" for s in SUITS}
        for c in hands[seat]:
            by_suit[c[0]] += "T" if c[1:] == "10" else c[1:]
        parts.append(".".join("".join(sorted(by_suit[s], key=RANKS.index)) for s in SUITS))
    return f"{first}:{' '.join(parts)}"


def _board_number(value: str, position: int) -> int:
    if not value.isdigit() or not 1 <= int(value) <= MAX_BOARD:
        raise _refuse(
            value or f"of game {position}", "Board", f"must be a number from 1 to {MAX_BOARD}"
        )
    return int(value)


def _games(text: str) -> list[dict[str, str]]:
    """The tags of each game: a game starts at its first tag after a line without one."""
    games: list[dict[str, str]] = []
    in_tags = False
    in_comment = False
    for raw in text.splitlines():
        line = raw.strip()
        if in_comment:
            in_comment = "}" not in line
            continue
        if line.startswith("{"):
            in_comment = "}" not in line
            continue
        if line.startswith(("%", ";")):
            continue
        match = TAG.match(line)
        if not match:
            in_tags = False
            continue
        if not in_tags:
            games.append({})
            in_tags = True
        games[-1].setdefault(match[1], re.sub(r"\\(.)", r"\1", match[2]))
    return games


def read_games(text: Any) -> list[dict[str, Any]]:
    """The boards of a PBN file, in file order: ``{"board", "dealer", "deal"}`` each.

    ``deal`` is the ``Deal`` value as written; ``dealer`` the ``Dealer`` tag (or the seat
    before the colon). A board given twice must have the same deal (a results file has one
    game per table); it is kept once.

    :raises PlayError: on ``pbn``, naming the board and the tag.
    """
    if not isinstance(text, str) or not text.strip():
        raise PlayError("pbn", "must be the text of a PBN file")
    boards: dict[int, dict[str, Any]] = {}
    inherited: dict[str, str] = {}
    for position, tags in enumerate(_games(text), start=1):
        for name, value in tags.items():
            if value == "#" and name in inherited:  # PBN §3.3: the previous game's value
                tags[name] = inherited[name]
        inherited.update(tags)
        if "Board" not in tags:
            if "Deal" in tags:
                raise _refuse(f"of game {position}", "Board", "is missing")
            continue
        number = _board_number(tags["Board"].strip(), position)
        if "Deal" not in tags:
            raise _refuse(number, "Deal", "is missing")
        hands = read_deal(tags["Deal"], number)
        dealer = (tags.get("Dealer") or tags["Deal"].strip()[:1]).strip().upper()
        if dealer not in SEATS:
            raise _refuse(number, "Dealer", "must be N, E, S or W")
        found = {"board": number, "dealer": dealer, "deal": deal_text(hands, "N")}
        if number in boards and boards[number]["deal"] != found["deal"]:
            raise _refuse(number, "Deal", "the board is given twice with different hands")
        boards.setdefault(number, found)
    if not boards:
        raise PlayError("pbn", "holds no game with a [Board] and a [Deal] tag")
    return list(boards.values())
