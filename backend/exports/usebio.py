"""A bridge session as USEBIO 1.2 XML, the results format of the national bridge bodies.

``USEBIO`` holds the ``CLUB`` and one ``EVENT`` (a pairs event scored by matchpoints):
its ``PARTICIPANTS`` (each ``PAIR`` with its number, direction, place, percentage and
players) and every ``BOARD`` with one ``TRAVELLER_LINE`` per table (pairs, contract,
declarer, the opening lead when written down, tricks, NS score, NS and EW matchpoints).
Dates are DD/MM/YYYY; an artificial score is written as ``A`` followed by the NS and EW
percentages (``A60A40``).
"""

from __future__ import annotations

from xml.etree import ElementTree as ET

from .bridge_session import Session, decimal

ARTIFICIAL = {"AVG+": "60", "AVG": "50", "AVG-": "40"}
DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">'


def _add(parent: ET.Element, tag: str, text: object | None = None) -> ET.Element:
    child = ET.SubElement(parent, tag)
    if text is not None:
        child.text = str(text)
    return child


def _date(iso: str) -> str:
    if not iso:
        return ""
    year, month, day = [*iso.split("-"), "", ""][:3]
    return f"{day}/{month}/{year}"


def write(s: Session) -> str:
    """The session as a USEBIO 1.2 document (UTF-8)."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = _add(root, "CLUB")
    _add(club, "CLUB_NAME", s.club)
    event = _add(root, "EVENT")
    event.set("EVENT_TYPE", "MP_PAIRS")
    _add(event, "EVENT_DESCRIPTION", f"{s.event} ({s.date})")
    _add(event, "PROGRAM_NAME", "Troef")
    _add(event, "DATE", _date(s.date))
    _add(event, "BOARD_SCORING_METHOD", "MATCH_POINTS")
    _add(event, "WINNER_TYPE", 1)
    _add(event, "BOARDS_PLAYED", len(s.boards))
    participants = _add(event, "PARTICIPANTS")
    for pair in s.pairs:
        node = _add(participants, "PAIR")
        _add(node, "PAIR_NUMBER", pair.number)
        if pair.direction:
            _add(node, "DIRECTION", pair.direction)
        if pair.place is not None:
            _add(node, "PLACE", pair.place)
        if pair.percentage is not None:
            _add(node, "PERCENTAGE", decimal(pair.percentage))
        for name in [n.strip() for n in pair.name.split(" – ")] or [pair.name]:
            player = _add(node, "PLAYER")
            _add(player, "PLAYER_NAME", name)
    for board in s.boards:
        node = _add(event, "BOARD")
        _add(node, "BOARD_NUMBER", board.number)
        for line in board.lines:
            traveller = _add(node, "TRAVELLER_LINE")
            _add(traveller, "NS_PAIR_NUMBER", line.ns)
            _add(traveller, "EW_PAIR_NUMBER", line.ew)
            if line.adjusted:
                ns = ARTIFICIAL.get(line.adjusted.get("NS", ""), "50")
                ew = ARTIFICIAL.get(line.adjusted.get("EW", ""), "50")
                _add(traveller, "SCORE", f"A{ns}A{ew}")
            else:
                _add(traveller, "CONTRACT", line.contract or "PASS")
                if line.declarer:
                    _add(traveller, "PLAYED_BY", line.declarer)
                if line.lead:
                    _add(traveller, "LEAD", line.lead)
                if line.tricks is not None:
                    _add(traveller, "TRICKS", line.tricks)
                _add(traveller, "SCORE", line.score if line.score is not None else 0)
            _add(traveller, "NS_MATCH_POINTS", decimal(line.ns_mp))
            _add(traveller, "EW_MATCH_POINTS", decimal(line.ew_mp))
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'
