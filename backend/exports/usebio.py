"""A bridge session as USEBIO 1.2 XML, the results format of the national bridge bodies.

The document names the published DTD by its URL (:data:`SYSTEM_URL`) and nests as it does:
``USEBIO`` holds the ``CLUB`` (``CLUB_NAME``, ``CLUB_ID_NUMBER``), one ``EVENT`` and, when the
hands are known, a ``HANDSET``. The ``EVENT`` (a pairs event scored by matchpoints) says who
wrote it (``PROGRAM_NAME``, ``PROGRAM_VERSION``), which evening it is (``EVENT_IDENTIFIER``,
the same each time the evening is exported), its description, date and scoring, and holds one
``SESSION`` with one ``SECTION``: the ``PARTICIPANTS`` (each ``PAIR`` with its number,
direction, place, percentage and a ``PLAYER`` per partner with ``PLAYER_NAME`` and
``NATIONAL_ID_NUMBER``) and every ``BOARD`` with one ``TRAVELLER_LINE`` per table (pairs,
contract, declarer, the opening lead when written down, tricks, NS score, NS and EW
matchpoints). A number Troef does not know (the club's, a player's federation number) is an
empty element, never a missing one: an importer stops on a missing element. Dates are
DD/MM/YYYY; an artificial score is ``A`` followed by the NS and EW percentages
(``A60A40``).
"""

from __future__ import annotations

from importlib import metadata
from xml.etree import ElementTree as ET

from .bridge_session import Board, Line, Pair, Session, decimal

SYSTEM_URL = "http://www.usebio.org/files/usebio_v1_2.dtd"
DOCTYPE = f'<!DOCTYPE USEBIO SYSTEM "{SYSTEM_URL}">'
ARTIFICIAL = {"AVG+": "60", "AVG": "50", "AVG-": "40"}
SUIT_ELEMENTS = (("S", "SPADES"), ("H", "HEARTS"), ("D", "DIAMONDS"), ("C", "CLUBS"))
RANKS = "AKQJT98765432"


def program_version() -> str:
    """Troef's package version, as installed ("" when it runs from a bare checkout)."""
    try:
        return metadata.version("troef")
    except metadata.PackageNotFoundError:
        return ""


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
    _add(club, "CLUB_ID_NUMBER", s.club_id)
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "MP_PAIRS"})
    _add(event, "PROGRAM_NAME", "Troef")
    _add(event, "PROGRAM_VERSION", program_version())
    _add(event, "EVENT_IDENTIFIER", s.identifier)
    _add(event, "EVENT_DESCRIPTION", f"{s.event} ({s.date})" if s.date else s.event)
    _add(event, "DATE", _date(s.date))
    _add(event, "BOARD_SCORING_METHOD", "MATCH_POINTS")
    _add(event, "WINNER_TYPE", 1)
    _add(event, "BOARDS_PLAYED", len(s.boards))
    session = ET.SubElement(event, "SESSION", {"SESSION_ID": "1"})
    section = ET.SubElement(session, "SECTION", {"SECTION_ID": "A"})
    participants = _add(section, "PARTICIPANTS")
    for pair in s.pairs:
        _pair(participants, pair)
    for board in s.boards:
        node = _add(section, "BOARD")
        _add(node, "BOARD_NUMBER", board.number)
        for line in board.lines:
            _traveller_line(node, line)
    known = [board for board in s.boards if board.hands]
    if known:
        handset = _add(root, "HANDSET")
        for board in known:
            _hands(handset, board)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'


def _pair(parent: ET.Element, pair: Pair) -> None:
    node = _add(parent, "PAIR")
    _add(node, "PAIR_NUMBER", pair.number)
    if pair.direction:
        _add(node, "DIRECTION", pair.direction)
    if pair.place is not None:
        _add(node, "PLACE", pair.place)
    if pair.percentage is not None:
        _add(node, "PERCENTAGE", decimal(pair.percentage))
    for person in pair.players:
        player = _add(node, "PLAYER")
        _add(player, "PLAYER_NAME", person.name)
        _add(player, "NATIONAL_ID_NUMBER", person.national_id)


def _traveller_line(parent: ET.Element, line: Line) -> None:
    traveller = _add(parent, "TRAVELLER_LINE")
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


def _hands(parent: ET.Element, board: Board) -> None:
    """A board of the hand record: a ``HAND`` per known seat, its suits high to low."""
    node = _add(parent, "BOARD")
    _add(node, "BOARD_NUMBER", board.number)
    for seat in ("N", "E", "S", "W"):
        cards = board.hands.get(seat)
        if not cards:
            continue
        hand = _add(node, "HAND")
        _add(hand, "DIRECTION", seat)
        for suit, element in SUIT_ELEMENTS:
            ranks = [c[1:].replace("10", "T") for c in cards if c[:1] == suit]
            _add(hand, element, "".join(sorted(ranks, key=RANKS.index)))
