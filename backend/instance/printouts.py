"""When the director printed an evening's table cards, as far as the server can know it.

Pressing *Print* on the console's cards page tells the server which draw's cards were on the
screen when the print dialogue opened; whether paper came out of the printer, nobody but the
director knows. The first press per draw is kept (``printouts.sqlite`` in the instance
folder): a new draw makes new cards with new codes, and those are printed again.

This is the club's working note for the evening checklist, not a fact of the competition's
record: it scores nothing, and the audited history does not hold it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

FILE = "printouts.sqlite"
SCHEMA = """
CREATE TABLE IF NOT EXISTS cards_printed (
    competition_id TEXT NOT NULL,
    evening INTEGER NOT NULL,
    draw_no INTEGER NOT NULL,
    printed_at TEXT NOT NULL,
    director TEXT NOT NULL,
    PRIMARY KEY (competition_id, evening, draw_no)
);
"""


@contextmanager
def _db(folder: Path) -> Iterator[sqlite3.Connection]:
    db = sqlite3.connect(folder / FILE, timeout=30, isolation_level=None)
    try:
        db.executescript(SCHEMA)
        yield db
    finally:
        db.close()


def record_cards_printed(
    folder: Path, competition_id: str, evening: int, draw_no: int, director: str
) -> dict[str, Any]:
    """Note that ``director`` printed draw ``draw_no``'s cards (the first time is kept)."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    with _db(folder) as db:
        db.execute(
            "INSERT OR IGNORE INTO cards_printed VALUES (?, ?, ?, ?, ?)",
            [competition_id, evening, draw_no, stamp, director],
        )
    found = cards_printed(folder, competition_id, evening, draw_no)
    assert found is not None
    return found


def cards_printed(
    folder: Path, competition_id: str, evening: int, draw_no: int
) -> dict[str, Any] | None:
    """When and by whom draw ``draw_no``'s cards were first printed, or None."""
    with _db(folder) as db:
        row = db.execute(
            "SELECT draw_no, printed_at, director FROM cards_printed "
            "WHERE competition_id = ? AND evening = ? AND draw_no = ?",
            [competition_id, evening, draw_no],
        ).fetchone()
    if row is None:
        return None
    return {"draw_no": row[0], "printed_at": row[1], "director": row[2]}
