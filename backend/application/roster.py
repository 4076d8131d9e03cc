"""Import a competition's players from a CSV file: one name per line, or a ``name`` column.

Clubs keep their members in a spreadsheet; the director pastes or uploads it. Every line is
answered on its own — taken, or refused with the reason — so the director can fix the file
and import the refused lines again. The names taken are enrolled in one save (all of them or,
when the competition changed meanwhile and the retries run out, none).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from typing import Any

from ..aggregates.actor import Actor
from ..aggregates.competition import Competition, name_key
from ..aggregates.errors import InvalidInput
from ..aggregates.federation import checked_numbers

MAX_NAME = 200  # the aggregate's limit for a name
MAX_LINES = 1000
HEADERS = ("name", "naam", "speler", "spieler", "player")
NUMBER_HEADERS = ("bondsnummer", "federation", "number", "nummer", "mitgliedsnummer", "lidnummer")
DELIMITERS = (";", "\t", ",")


@dataclass(frozen=True)
class Line:
    """One line of the file: its number, its text, the name read from it, or why not."""

    line: int
    text: str
    name: str | None
    reason: str | None = None
    numbers: tuple[str, ...] = ()  # federation numbers, when the file has a column for them


def read_names(text: str) -> tuple[str | None, list[Line]]:
    """The name on each non-blank line, and the header column used (None: a name a line).

    A first line with a cell called name (naam, speler, spieler, player) is a header: the
    lines are then read as CSV (comma, semicolon or tab) and the name is that column. Without
    a header each whole line is a name, so "Jansen, Piet" stays one name.

    :raises InvalidInput: when the file holds no lines, or too many.
    """
    raw = text.lstrip("\ufeff").splitlines()
    numbered = [(i + 1, line) for i, line in enumerate(raw) if line.strip()]
    if not numbered:
        raise InvalidInput("holds no names: put one name on each line", "csv")
    if len(numbered) > MAX_LINES + 1:
        raise InvalidInput(f"has more than {MAX_LINES} lines; split the file", "csv")
    first = numbered[0][1]
    delimiter = max(DELIMITERS, key=first.count)
    header = [cell.strip().lower() for cell in next(csv.reader([first], delimiter=delimiter))]
    column = next((i for i, cell in enumerate(header) if cell in HEADERS), None)
    if column is None:
        return None, [_checked(n, line, _unquoted(line)) for n, line in numbered]
    numbers = next((i for i, cell in enumerate(header) if cell in NUMBER_HEADERS), None)
    lines = []
    for n, line in numbered[1:]:
        cells = next(csv.reader([line], delimiter=delimiter), [])
        if column >= len(cells):
            lines.append(Line(n, line, None, f"has no {header[column]} column"))
        else:
            lines.append(_with_numbers(_checked(n, line, cells[column]), cells, numbers))
    return header[column], lines


def _with_numbers(line: Line, cells: list[str], column: int | None) -> Line:
    """The line with the federation numbers of its number column ("12345, 67890" for a pair)."""
    if column is None or column >= len(cells) or not cells[column].strip() or line.name is None:
        return line
    try:
        numbers = checked_numbers(cells[column].split(","), "numbers")
    except InvalidInput as refused:
        return Line(line.line, line.text, None, f"the federation number {refused.message}")
    return Line(line.line, line.text, line.name, numbers=tuple(numbers))


def enrol_lines(competition: Competition, lines: list[Line], actor: Actor) -> list[dict[str, Any]]:
    """Enrol each line's name unless it is already enrolled or earlier in the file.

    Runs on a freshly loaded competition, so the check against the enrolled players and the
    enrolment happen in the same save.
    """
    known = {_key(p["name"]): pid for pid, p in competition.players.items()}
    seen: dict[str, int] = {}
    out = []
    for line in lines:
        reason, player_id = line.reason, None
        if line.name is not None and reason is None:
            key = _key(line.name)
            if key in known:
                reason = f"{line.name} is already enrolled ({known[key]})"
            elif key in seen:
                reason = f"{line.name} is on line {seen[key]} already"
            else:
                seen[key] = line.line
                player_id = competition.enrol(line.name, actor)
                if line.numbers:
                    competition.set_numbers(player_id, line.numbers, actor)
        out.append(
            {
                "line": line.line,
                "text": line.text,
                "name": line.name,
                "status": "refused" if reason else "taken",
                "player_id": player_id,
                "reason": reason,
            }
        )
    return out


def _checked(number: int, text: str, name: str) -> Line:
    name = " ".join(name.split())
    if not name:
        return Line(number, text, None, "the name is empty")
    if len(name) > MAX_NAME:
        return Line(number, text, None, f"the name is longer than {MAX_NAME} characters")
    if any(ord(c) < 32 for c in name):
        return Line(number, text, None, "the name holds control characters")
    return Line(number, text, name)


def _unquoted(line: str) -> str:
    stripped = line.strip()
    if len(stripped) >= 2 and stripped[0] == stripped[-1] == '"':
        return stripped[1:-1].replace('""', '"')
    return stripped


_key = name_key  # one rule for a name already taken, here and in Competition.enrol
