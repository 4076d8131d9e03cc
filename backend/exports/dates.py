"""Dates and moments as a reader of the language writes them, for the printed pages and PDFs.

The read models keep dates as ISO text (``2026-12-01``) and moments as ISO timestamps in UTC
(``2026-12-01T22:32:46.953444+00:00``). On paper they become "1 december 2026" (nl),
"1. Dezember 2026" (de) or "1 December 2026" (en), and a moment adds the time to the minute
with its zone ("1 december 2026, 22:32 UTC"): the server knows no club time zone, so the time
says which one it is in. Month names are written here, not taken from the system's locale,
so a server without Dutch or German locales prints the same words.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

MONTHS: dict[str, tuple[str, ...]] = {
    "nl": (
        "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
        "september", "oktober", "november", "december",
    ),
    "de": (
        "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
        "Oktober", "November", "Dezember",
    ),
    "en": (
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ),
}  # fmt: skip
ISO = re.compile(
    r"\b(\d{4})-(\d{2})-(\d{2})"
    r"(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s?(Z|UTC|[+-]\d{2}:?\d{2})?)?"
)


def long_date(day: date, lang: str) -> str:
    """``day`` written out: "1 december 2026", "1. Dezember 2026", "1 December 2026"."""
    month = MONTHS.get(lang, MONTHS["en"])[day.month - 1]
    dot = "." if lang == "de" else ""
    return f"{day.day}{dot} {month} {day.year}"


def moment(when: datetime, lang: str) -> str:
    """A moment in UTC, to the minute: "1 december 2026, 22:32 UTC"."""
    if when.tzinfo is not None:
        when = when.astimezone(UTC)
    return f"{long_date(when.date(), lang)}, {when:%H:%M} UTC"


def written(value: str | None, lang: str) -> str:
    """An ISO date or timestamp of the read models as the reader writes it ("" for none);
    text that is no ISO date comes back as it is."""
    if not value:
        return ""
    return in_words(value, lang)


def in_words(text: str, lang: str) -> str:
    """``text`` with every ISO date or timestamp in it written in the language."""

    def one(match: re.Match[str]) -> str:
        year, month, day, hour, minute, zone = match.groups()
        try:
            if hour is None:
                return long_date(date(int(year), int(month), int(day)), lang)
            when = datetime(int(year), int(month), int(day), int(hour), int(minute))
        except ValueError:
            return match.group(0)  # not a real date ("2026-13-40"): leave it be
        aware = when.replace(tzinfo=UTC) if zone in (None, "Z", "UTC") else _offset(when, zone)
        return moment(aware, lang)

    return ISO.sub(one, text)


def _offset(when: datetime, zone: str) -> datetime:
    parsed = datetime.fromisoformat(f"{when:%Y-%m-%dT%H:%M}{zone[:3]}:{zone[-2:]}")
    return parsed
