"""A bridge session as PBN 2.1 (Portable Bridge Notation) in export format, the format
scoring and hand-record programs read.

One game per board and table. Its tags come as the standard's export format orders them
(§3.4): the 15 mandatory tags first, in their fixed order (Event, Site, Date, Board, West,
North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result), then the
supplemental tags sorted by name (Competition, Lead, PairEW, PairNS, Round, Score, ScoreMP,
ScorePercentage, Table), then the sections sorted by name: a board played card by card has its
``Auction`` and ``Play`` (:mod:`.pbn_play`, §3.5, §3.6), the board's
traveller as a ``ScoreTable`` in its first game, the ranking as a ``TotalScoreTable`` in the
file's first game (§3.1, §5). Table elements are padded to their columns' declared widths
(§5.2); an artificial score's elements start with ``^``, a lead nobody wrote down is ``?``
(unknown) and what does not apply is ``-``.

``Scoring`` is ``MatchPoints;MP1``: §3.4.12 defines MP1 as 2 points for each lower score and 1
for each equal one, which is how Troef counts (top = 2 × (results − 1)). The hands are written
when the picture carries them; otherwise the ``Deal`` gives none of the four (``N:- - - -``,
§3.4.11: a hand that is not given is ``-``, and the first hand is the dealer's). A score that is
not the score of ``Contract`` and ``Result`` (a revoke's transferred tricks or penalty points,
a ruling) has a commentary after its ``Score`` tag saying why (§4.2.1), as has an artificial
score after ``Result``. Names are string tokens with ``\\`` and ``"`` escaped; a ``;`` inside
one player's name becomes ``,`` because PBN separates players with ``;`` (§3.4.5, §5.7).
"""

from __future__ import annotations

import textwrap

from .bridge_session import Board, Line, Session, decimal, partners
from .pbn_play import sections

SCORING = "MatchPoints;MP1"
MANDATORY = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")
RANKS = "AKQJT98765432"
SCORE_COLUMNS = (
    ("Table", 2, "R"), ("PairId_NS", 2, "R"), ("PairId_EW", 2, "R"), ("Contract", 5, "L"),
    ("Declarer", 1, "R"), ("Result", 2, "R"), ("Lead", 3, "L"), ("Score_NS", 6, "R"),
    ("Score_EW", 6, "R"), ("MP_NS", 5, "R"), ("MP_EW", 5, "R"), ("Percentage_NS", 6, "R"),
    ("Percentage_EW", 6, "R"),
)  # fmt: skip
TOTAL_COLUMNS = (
    ("Rank", 2, "R"), ("PairId", 2, "R"), ("Direction", 5, "R"), ("TotalPercentage", 6, "R"),
    ("Names", 40, "L"),
)  # fmt: skip


def _plain(text: object) -> str:
    """Text without the control characters a string token may not hold."""
    return "".join(" " if ord(c) < 32 or c == "\x7f" else c for c in str(text))


def quoted(text: object) -> str:
    """A PBN string token: ``\\`` and ``"`` escaped (§3.2)."""
    return '"' + _plain(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def person(name: str) -> str:
    """One player's name as PBN can hold it: ``;`` would split it in two, so it becomes ``,``."""
    return _plain(name).replace(";", ",").strip()


def _tag(name: str, value: object) -> str:
    return f"[{name} {quoted(value)}]"


def _table_tag(name: str, columns: tuple[tuple[str, int, str], ...]) -> str:
    """A table's tag: its column names with their widths, one backslash each (§5.2)."""
    names = ";".join(column + "\\" + f"{width}{align}" for column, width, align in columns)
    return f'[{name} "{names}"]'


def _row(columns: tuple[tuple[str, int, str], ...], cells: list[str]) -> str:
    """A table's row: each element padded to its column's width and alignment (§5.2)."""
    return " ".join(
        cell.rjust(width) if align == "R" else cell.ljust(width)
        for (_, width, align), cell in zip(columns, cells, strict=True)
    )


def _comment(text: str) -> list[str]:
    """A brace commentary on lines of at most 78 characters; braces in it become brackets."""
    body = text.replace("{", "(").replace("}", ")")
    lines = textwrap.wrap(body, 76) or [""]
    lines[0] = "{" + lines[0]
    lines[-1] += "}"
    return lines


def percentage(mp: int, top: int) -> int:
    """A side's board percentage in hundredths: MP / top, halves up; 50 % on a top of 0."""
    return (mp * 20000 + top) // (2 * top) if top else 5000


def deal_value(board: Board) -> str:
    """The Deal tag: the dealer first, clockwise; ``-`` for a hand that is not known."""
    start = SEATS.index(board.dealer)
    hands = []
    for seat in SEATS[start:] + SEATS[:start]:
        cards = board.hands.get(seat)
        if not cards:
            hands.append("-")
            continue
        suits = {suit: "" for suit in SUITS}
        for card in cards:
            suits[card[0]] += card[1:].replace("10", "T")
        hands.append(".".join("".join(sorted(suits[s], key=RANKS.index)) for s in SUITS))
    return f"{board.dealer}:{' '.join(hands)}"


def _game(s: Session, board: Board, line: Line, names: dict[int, str]) -> list[str]:
    """One table's game: the mandatory tags, the supplemental tags, and commentary."""
    north, south = (partners(names.get(line.ns, str(line.ns))) * 2)[:2]
    east, west = (partners(names.get(line.ew, str(line.ew))) * 2)[:2]
    mandatory = {
        "Event": s.event,
        "Site": s.club,
        "Date": s.date.replace("-", ".") if s.date else "????.??.??",
        "Board": board.number,
        "West": person(west),
        "North": person(north),
        "East": person(east),
        "South": person(south),
        "Dealer": board.dealer,
        "Vulnerable": board.vulnerable,
        "Deal": deal_value(board),
        "Scoring": SCORING,
        "Declarer": line.declarer,
        "Contract": line.contract,
        "Result": "" if line.tricks is None else line.tricks,
    }
    ew_pct = percentage(line.ew_mp, board.top)
    supplemental: dict[str, object] = {
        "Competition": "Pairs",
        "PairEW": line.ew,
        "PairNS": line.ns,
        "Round": s.evening,
        "ScoreMP": f"NS {decimal(line.ns_mp)} EW {decimal(line.ew_mp)}",
        "ScorePercentage": f"NS {decimal(line.ns_pct)} EW {decimal(ew_pct)}",
        "Table": line.table,
    }
    if line.lead:
        supplemental["Lead"] = line.lead
    if line.score is not None and not line.adjusted:
        supplemental["Score"] = f"NS {line.score}"
    notes = {"Score": line.note} if line.note else {}
    if line.adjusted:
        marks = ", ".join(f"{side} {line.adjusted.get(side, '')}" for side in ("NS", "EW"))
        notes["Result"] = f"artificial adjusted score: {marks}; no result at the table"
    out = []
    for name, value in [*mandatory.items(), *sorted(supplemental.items())]:
        out.append(_tag(name, value))
        out += _comment(notes[name]) if name in notes else []
    return out + (sections(line.play) if line.play else [])


def write(s: Session) -> str:
    """The session as PBN text in export format (UTF-8, CRLF; the first lines say so)."""
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", "%Creator: Troef"]
    names = {pair.number: pair.name for pair in s.pairs}
    first = True
    for board in s.boards:
        for n, line in enumerate(board.lines):
            if not first:
                out.append("")
            out += _game(s, board, line, names)
            if n == 0:
                out += _score_table(board)
            if first:
                out += _total_table(s)
                first = False
    return "\r\n".join(out) + "\r\n"


def _total_table(s: Session) -> list[str]:
    """The ranking of the session: players' names separated by ``;`` (§5.8)."""
    out = [_table_tag("TotalScoreTable", TOTAL_COLUMNS)]
    for pair in s.pairs:
        direction = {"NS": '"N-S"', "EW": '"E-W"'}.get(pair.direction, "-")
        players = ";".join(person(p.name) for p in pair.players) or person(pair.name)
        cells = [
            str(pair.place) if pair.place else "-",
            str(pair.number),
            direction,
            decimal(pair.percentage) or "?",
            quoted(players),
        ]
        out.append(_row(TOTAL_COLUMNS, cells))
    return out


def _score_cells(line: Line, board: Board) -> list[str]:
    """A table's scores: positive on the side that got them; ``^`` when artificial (§5.2)."""
    values = [
        decimal(line.ns_mp),
        decimal(line.ew_mp),
        decimal(line.ns_pct),
        decimal(percentage(line.ew_mp, board.top)),
    ]
    if line.adjusted:
        marks = [line.adjusted.get("NS", "?"), line.adjusted.get("EW", "?")]
        return ["^" + v for v in [*marks, *values]]
    if line.score is None:
        return ["?", "?", *values]
    if line.score >= 0:
        return [quoted(line.score), "-", *values]
    return ["-", quoted(-line.score), *values]


def _score_table(board: Board) -> list[str]:
    """The board's traveller: every table's result (in the board's first game)."""
    out = [_table_tag("ScoreTable", SCORE_COLUMNS)]
    for line in board.lines:
        played = bool(line.contract) and line.contract != "Pass"
        cells = [
            str(line.table),
            str(line.ns),
            str(line.ew),
            line.contract or "-",
            line.declarer or "-",
            "-" if line.tricks is None else str(line.tricks),
            (line.lead or "?") if played else "-",
            *_score_cells(line, board),
        ]
        out.append(_row(SCORE_COLUMNS, cells))
    return out
