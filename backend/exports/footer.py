"""The line at the foot of every printed page, on paper (PDF) and in the browser (print)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from .dates import moment


def footer(pic: Mapping[str, Any], lang: str = "en", now: datetime | None = None) -> str:
    """The club, the competition and when it was printed (``now``), in the language ``lang``."""
    printed = moment(now or datetime.now(UTC), lang)
    return f"Troef · {pic['club']} · {pic['competition']['name']} · {printed}"
