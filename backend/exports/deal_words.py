"""What a deal was, in one line of the reader's language, for the printed lists and PDFs.

The read models keep a short English summary of each deal for the API ("4S declarer: S");
paper is read by players, so the printed line is written from the deal's record instead:
suits as the symbols every card player reads (♠ ♥ ♦ ♣), no trump as the language says it
(SA, NT), compass seats in the language's letters (N O Z W in Dutch, N O S W in German), and
a bridge result as scoring programs write it (``=``, ``+1``, ``-2``); the declarers, a
Schafkopf partner with the called ace, each miserie player (open or not) with the tricks taken,
a wiezen deal's tricks. Contract names (VRAAG, MIS) are the rulebooks' own and stay as they
are; Schafkopf games are written as Nr. 2 names them (Rufspiel, Solo-Tout). The twin of the
console's ``console/js/views/deal_words.js``: the two write the same line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.bridge import board_info

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Schafkopf games by the rulebook's names (Nr. 2); the called aces by their suit
SCHAFKOPF = {
    "RUFSPIEL": "Rufspiel",
    "SOLO": "Solo",
    "TOUT": "Solo-Tout",
    "WENZ": "Wenz",
    "GEIER": "Geier",
}
ACES = {"EICHEL": "Eichel-Ass", "GRAS": "Gras-Ass", "SCHELLEN": "Schellen-Ass"}
COMPASS = ("N", "E", "S", "W")
BOOK = 6  # a bridge contract of level n asks for 6 + n tricks


def seat(label: Any, w: Mapping[str, str]) -> str:
    """A seat as the language writes it: "E" → "O" in Dutch, "NS" → "NZ"; numbers as they are."""
    text = "" if label is None else str(label)
    letters = dict(zip(COMPASS, w["seats"].split(), strict=True))
    if text and all(c in letters for c in text):
        return "".join(letters[c] for c in text)
    return text


def dealer(deal: Mapping[str, Any], w: Mapping[str, str]) -> str:
    """Who dealt: the recorded dealer, or for bridge the dealer of the board (§B6)."""
    board = (deal.get("record") or {}).get("board")
    if deal.get("dealer") in (None, "") and isinstance(board, int) and board >= 1:
        return seat(board_info(board)[0], w)
    return seat(deal.get("dealer"), w)


def contract(value: Any, w: Mapping[str, str]) -> str:
    """A bridge contract ``{"level", "strain", "dbl"}`` as "4♠", "3SA", "1♦X"."""
    if not isinstance(value, Mapping):
        return "" if value is None else str(value)
    strain = str(value.get("strain", ""))
    shown = w["no_trump"] if strain == "NT" else SUITS.get(strain, strain)
    return f"{value.get('level', '')}{shown}{('', 'X', 'XX')[int(value.get('dbl') or 0)]}"


def _bridge(record: Mapping[str, Any], w: Mapping[str, str]) -> str:
    adjusted = record.get("adjusted")
    if isinstance(adjusted, Mapping):
        sides = [f"{seat(s.upper(), w)} {adjusted[s]}" for s in ("ns", "ew") if s in adjusted]
        return f"{w['adjusted']} {', '.join(sides)}"
    bid = record.get("contract")
    if bid is None and "contract" in record:
        return w["passed_out"]
    if not isinstance(bid, Mapping):
        return ""
    text = f"{contract(bid, w)} {seat(record.get('declarer'), w)}".strip()
    tricks, level = record.get("tricks"), bid.get("level")
    if isinstance(tricks, int) and isinstance(level, int):
        over = tricks - BOOK - level
        text += " " + ("=" if over == 0 else f"{over:+d}")
    return text


def _tricks(n: int, w: Mapping[str, str]) -> str:
    return f"{n} {w['trick' if n == 1 else 'tricks']}"


def _miserie(players: list[Any], w: Mapping[str, str]) -> str:
    """ "2 (0 slagen), 4 open (1 slag)": each miserie player, open or not, and the tricks."""
    out = []
    for m in players:
        if not isinstance(m, Mapping):
            continue
        parts = [seat(m.get("seat"), w)]
        if m.get("open"):
            parts.append(w["open_miserie"])
        if isinstance(m.get("tricks"), int):
            parts.append(f"({_tricks(m['tricks'], w)})")
        out.append(" ".join(parts))
    return ", ".join(out)


def _others(record: Mapping[str, Any], w: Mapping[str, str]) -> str:
    parts: list[str] = []
    if record.get("contract") not in (None, ""):
        parts.append(str(record["contract"]))
    game = record.get("type")
    if game not in (None, ""):
        parts.append(w["no_game"] if game == "NO_GAME" else SCHAFKOPF.get(str(game), str(game)))
    if record.get("playing"):  # klaverjas: the pair that plays, and trumps
        plays = f"{seat(record['playing'], w)} {w['plays']}"
        parts.append(f"{plays} {SUITS.get(str(record.get('trump')), record.get('trump') or '')}")
    declarers = record.get("declarers")
    if isinstance(declarers, list) and declarers:
        parts.append(f"{w['declarers']} {', '.join(seat(d, w) for d in declarers)}")
    elif record.get("declarer") not in (None, ""):
        parts.append(f"{w['player']} {seat(record['declarer'], w)}")
    if record.get("partner") is not None:
        ace = ACES.get(str(record.get("called_ace")))
        parts.append(f"{w['partner']} {seat(record['partner'], w)}" + (f" ({ace})" if ace else ""))
    miserie = record.get("miserie")
    if isinstance(miserie, list) and miserie:
        parts.append(_miserie(miserie, w))
    tricks = record.get("tricks")
    if not isinstance(miserie, list) and isinstance(tricks, int) and not isinstance(tricks, bool):
        parts.append(_tricks(tricks, w))
    return " · ".join(p.strip() for p in parts if p.strip())


def deal_line(deal: Mapping[str, Any], w: Mapping[str, str]) -> str:
    """What a deal was: "spel 6: 3SA N +1", "VRAAG · spelers 1, 3", "OW speelt ♦"."""
    record = deal.get("record") or {}
    text = _bridge(record, w) if "board" in record else _others(record, w)
    if not text and deal.get("kind") == "penalty":
        text = w["penalty"]
    return f"{w['board']} {record['board']}: {text}".strip() if "board" in record else text
