"""A bridge session as PBN 2.1 (Portable Bridge Notation), the format scoring and
hand-record programs read.

One game per board with the identification tags (Event, Site, Date, Board, the four
players, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result), the board's results
in a ``ScoreTable`` (one line per table: pairs, contract, declarer, tricks, NS/EW score,
matchpoints and percentages), and the ranking in a ``TotalScoreTable`` in the first game.
The hands are not recorded by Troef, so ``Deal`` is empty and the contract tags of a
board's game are empty: its results are in the table. Matchpoints are on the 2-per-result
scale (top = 2 × (results − 1)), as Troef computes them.
"""

from __future__ import annotations

from .bridge_session import Session, decimal


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def _table_tag(name: str, columns: str) -> str:
    """A table's tag: its column formats keep their single backslash (``Rank\\2R``)."""
    return f'[{name} "{columns}"]'


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


SCORE_TABLE = (
    "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
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
    for i, board in enumerate(s.boards):
        out += [
            _tag("Event", s.event),
            _tag("Site", s.club),
            _tag("Date", date),
            _tag("Board", board.number),
            _tag("West", ""),
            _tag("North", ""),
            _tag("East", ""),
            _tag("South", ""),
            _tag("Dealer", board.dealer),
            _tag("Vulnerable", board.vulnerable),
            _tag("Deal", ""),
            _tag("Scoring", "MatchPoints;MP2"),
            _tag("Declarer", ""),
            _tag("Contract", ""),
            _tag("Result", ""),
            _tag("Competition", "Pairs"),
            _tag("Round", s.evening),
        ]
        if i == 0:
            out.append(_table_tag("TotalScoreTable", TOTAL_TABLE))
            for pair in s.pairs:
                out.append(
                    " ".join(
                        [
                            str(pair.place or "-"),
                            str(pair.number),
                            _quoted({"NS": "N-S", "EW": "E-W"}.get(pair.direction, "-")),
                            decimal(pair.percentage) or "-",
                            _quoted(pair.name),
                        ]
                    )
                )
        out.append(_table_tag("ScoreTable", SCORE_TABLE))
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
                        ns,
                        ew,
                        decimal(line.ns_mp),
                        decimal(line.ew_mp),
                        decimal(line.ns_pct),
                        decimal(10000 - line.ns_pct if board.top else 5000),
                    ]
                )
            )
        out.append("")
    return "\r\n".join(out) + "\r\n"
