"""JSON text for read-model columns: compact, UTF-8 as written, made by ``orjson``.

A catch-up encodes a few small values per event (a deal's record and points, an actor, an
audit line's details) and reads some back when it settles the results; the standard
library's ``json`` was a sixth of a catch-up. The text is compact (no spaces after ``,`` and
``:``) and keeps the values' own key order unless sorted. A value ``orjson`` refuses (an
integer beyond 64 bits) is written by the standard library in the same form. Read models
written in the library's spaced form before are rewritten once by migration
``m017_compact_json`` (:func:`recompact`), as a rebuild writes them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import orjson

Encode = Callable[[Any], str]

# The types ``default`` is asked about as ``json.dumps`` would ask (time and dataclasses
# included: orjson would write them itself, differently from ``str``).
_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


def encoder(*, sort_keys: bool = False, default: Callable[[Any], Any] | None = None) -> Encode:
    """``lambda value: json.dumps(value, separators=(",", ":"), ensure_ascii=False,
    sort_keys=…, default=…)``, faster."""
    option = _OPTIONS | (orjson.OPT_SORT_KEYS if sort_keys else 0)
    library = json.JSONEncoder(
        separators=(",", ":"), ensure_ascii=False, sort_keys=sort_keys, default=default
    ).encode
    dumps = orjson.dumps

    def encode(value: Any) -> str:
        try:
            return dumps(value, default=default, option=option).decode()
        except orjson.JSONEncodeError:  # an integer beyond 64 bits: the library writes it
            return library(value)

    return encode


sorted_text = encoder(sort_keys=True)
"""Keys sorted: rules, counting, a deal's record."""

text = encoder(default=str)
"""Keys in their order (a deal's seats N, E, S, W), anything else as ``str``."""

compact = encoder()
"""Keys in their order, JSON values only: standings, an error, JSON rewritten in place."""


_BEFORE_A_NUMBER = b":[, \t\r\n-"
_DIGITS = bytes(
    0x30 if 0x30 <= b <= 0x39 else 0x3A if b in _BEFORE_A_NUMBER else 0x78 for b in range(256)
)
_LONG = b"0" * 19
_LONG_NUMBER = b":" + _LONG
"""After ``_DIGITS``: 19 digits in a row where a number may begin, maybe an integer beyond
64 bits, which ``orjson`` would read as a float. (The digits of a hash or of a name are
inside a string, after a quote or a letter; a regular expression took ten times as long.)"""


def parse(text: str) -> Any:
    """``json.loads(text)``, faster: ``orjson`` parses it, and the standard library what
    ``orjson`` refuses or would read otherwise (integers beyond 64 bits, NaN), so the value
    is always the same."""
    try:
        data = text.encode()
    except UnicodeEncodeError:  # a lone surrogate, as json.dumps may write one
        return json.loads(text)
    return parse_bytes(data)


def parse_bytes(data: bytes) -> Any:
    """:func:`parse` for UTF-8 bytes."""
    mapped = data.translate(_DIGITS)
    if _LONG_NUMBER not in mapped and not mapped.startswith(_LONG):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(data)


JSON_COLUMNS: Mapping[str, tuple[str, ...]] = {
    "competitions": ("rules", "counting"),
    "evenings": ("draw",),
    "lists": ("seats", "boards", "totals"),
    "deal_rows": ("record", "points", "running", "markers", "explain", "actor"),
    "adjustments": ("points",),
    "audit_trail": ("details",),
    "mutations": ("args", "error"),
    "standings": ("tiebreak", "results", "details", "explain"),
    "travellers": ("adjusted",),
}
"""Every read-model column that holds JSON text (a test checks it against a whole club)."""

FIELDS_IN_SUMMARY = "kind NOT IN ('ScoreList', 'Competition')"
"""The audit lines whose summary ends in the event's fields as JSON (a device's events)."""


def recompact(conn: Any) -> int:
    """Rewrite every JSON value of the read models in this module's form; return how many
    changed. Key order is kept: the old text had the order the new writer gives."""
    changed = 0
    for table, columns in JSON_COLUMNS.items():
        names = ", ".join(f"[{c}]" for c in columns)
        sets = ", ".join(f"[{c}] = ?" for c in columns)
        rows = conn.execute(f"SELECT rowid, {names} FROM [{table}]").fetchall()
        updates = []
        for rowid, *values in rows:
            new = [_compact(v) for v in values]
            if new != values:
                updates.append((*new, rowid))
        conn.executemany(f"UPDATE [{table}] SET {sets} WHERE rowid = ?", updates)
        changed += len(updates)
    rows = conn.execute(
        f"SELECT rowid, summary FROM audit_trail WHERE {FIELDS_IN_SUMMARY} AND summary LIKE '% %'"
    ).fetchall()
    updates = []
    for rowid, summary in rows:
        name, _, fields = summary.partition(" ")
        new = f"{name} {_compact(fields)}"
        if new != summary:
            updates.append((new, rowid))
    conn.executemany("UPDATE audit_trail SET summary = ? WHERE rowid = ?", updates)
    return changed + len(updates)


def _compact(value: Any) -> Any:
    """The JSON text ``value`` in this module's form; anything else (NULL, a text that is
    not JSON) as it is."""
    if not isinstance(value, str):
        return value
    try:
        return compact(parse(value))
    except ValueError:
        return value
