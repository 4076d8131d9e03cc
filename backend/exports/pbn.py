"""A bridge session as PBN 2.1 (Portable Bridge Notation), the format scoring and
hand-record programs read.

One game per board and table: the identification tags (Event, Site, Date, Board, the four
players from the pairs' names, Dealer and Vulnerable from the board number, Deal, Scoring),
the table's result (Declarer, Contract, Result = tricks, Score = the NS score, ScoreMP and
ScorePercentage for both sides) and Round, Table, PairNS, PairEW. The first game of a board
also carries the board's traveller as a ``ScoreTable`` (every table's result), and the
file's first game the ranking as a ``TotalScoreTable``, for programs that read those. The
hands are not recorded by Troef, so ``Deal`` is empty; the opening lead is in ``Lead`` when
the table wrote it down. Matchpoints
are on the 2-per-result scale (top = 2 × (results − 1)), as Troef computes them.
"""

from __future__ import annotations

from .bridge_session import Board, Line, Session, decimal


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def _table_tag(name: str, columns: str) -> str:
    """A table's tag: its column formats keep their single backslash (``Rank\\2R``)."""
    return f'[{name} "{columns}"]'


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


SCORE_TABLE = (
    "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;"
    "Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\6R;Percentage_EW\\6R"
)
TOTAL_TABLE = "Rank\\2R;PairId\\2R;Direction\\3R;TotalPercentage\\6R;Names\\40L"


def _score_cells(score: int | None, adjusted: dict[str, str] | None) -> tuple[str, str]:
    if adjusted:
        return _quoted(adjusted.get("NS", "")), _quoted(adjusted.get("EW", ""))
    if score is None:
        return "-", "-"
    if score >= 0:
        return _quoted(str(score)), "-"
    return "-", _quoted(str(-score))


def percentage(mp: int, top: int) -> int:
    """A side's board percentage in hundredths: MP / top, halves up; 50 % on a top of 0."""
    return (mp * 20000 + top) // (2 * top) if top else 5000


def _partners(name: str) -> tuple[str, str]:
    """A pair's two players ("Jansen – de Vries" → Jansen, de Vries), else the name twice."""
    parts = [p.strip() for p in name.split(" – ")]
    return (parts[0], parts[1]) if len(parts) == 2 else (name, name)


def _result_tags(line: Line, board: Board) -> list[str]:
    """The tags of one table's result: contract, declarer, tricks, NS score, matchpoints."""
    ew_pct = percentage(line.ew_mp, board.top)
    tags = [
        _tag("Declarer", line.declarer),
        _tag("Contract", line.contract),
        _tag("Result", "" if line.tricks is None else line.tricks),
    ]
    if line.lead:
        tags.append(_tag("Lead", line.lead))
    if line.score is not None and not line.adjusted:
        tags.append(_tag("Score", f"NS {line.score}"))
    tags += [
        _tag("ScoreMP", f"NS {decimal(line.ns_mp)} EW {decimal(line.ew_mp)}"),
        _tag("ScorePercentage", f"NS {decimal(line.ns_pct)} EW {decimal(ew_pct)}"),
    ]
    return tags


def write(s: Session) -> str:
    """The session as PBN text (UTF-8; the first lines say so)."""
    out = [
        "% PBN 2.1",
        "% EXPORT",
        "%Content-type: text/x-pbn; charset=UTF-8",
        "%Creator: Troef",
        "",
    ]
    date = s.date.replace("-", ".") if s.date else "????.??.??"
    names = {pair.number: pair.name for pair in s.pairs}
    first = True
    for board in s.boards:
        for n, line in enumerate(board.lines):
            north, south = _partners(names.get(line.ns, str(line.ns)))
            east, west = _partners(names.get(line.ew, str(line.ew)))
            out += [
                _tag("Event", s.event),
                _tag("Site", s.club),
                _tag("Date", date),
                _tag("Board", board.number),
                _tag("West", west),
                _tag("North", north),
                _tag("East", east),
                _tag("South", south),
                _tag("Dealer", board.dealer),
                _tag("Vulnerable", board.vulnerable),
                _tag("Deal", ""),
                _tag("Scoring", "MatchPoints;MP2"),
                *_result_tags(line, board),
                _tag("Competition", "Pairs"),
                _tag("Round", s.evening),
                _tag("Table", line.table),
                _tag("PairNS", line.ns),
                _tag("PairEW", line.ew),
            ]
            if line.adjusted:
                marks = ", ".join(f"{side} {line.adjusted[side]}" for side in ("NS", "EW"))
                out.append(f"{{artificial adjusted score: {marks}}}")
            if first:
                out += _total_table(s)
                first = False
            if n == 0:
                out += _score_table(board)
            out.append("")
    return "\r\n".join(out) + "\r\n"


def _total_table(s: Session) -> list[str]:
    """The ranking of the session (in the file's first game)."""
    out = [_table_tag("TotalScoreTable", TOTAL_TABLE)]
    for pair in s.pairs:
        direction = {"NS": "N-S", "EW": "E-W"}.get(pair.direction, "-")
        out.append(
            " ".join(
                [
                    str(pair.place or "-"),
                    str(pair.number),
                    _quoted(direction),
                    decimal(pair.percentage) or "-",
                    _quoted(pair.name),
                ]
            )
        )
    return out


def _score_table(board: Board) -> list[str]:
    """The board's traveller: every table's result (in the board's first game)."""
    out = [_table_tag("ScoreTable", SCORE_TABLE)]
    for line in board.lines:
        ns, ew = _score_cells(line.score, line.adjusted)
        out.append(
            " ".join(
                [
                    str(line.table),
                    str(line.ns),
                    str(line.ew),
                    line.contract or "-",
                    line.declarer or "-",
                    "-" if line.tricks is None else str(line.tricks),
                    line.lead or "-",
                    ns,
                    ew,
                    decimal(line.ns_mp),
                    decimal(line.ew_mp),
                    decimal(line.ns_pct),
                    decimal(percentage(line.ew_mp, board.top)),
                ]
            )
        )
    return out
