"""The line under every printed page says when it was printed in the reader's language."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

import pytest

from backend.exports.dates import MONTHS
from backend.exports.footer import footer

PICTURE = {"club": "De Troef", "competition": {"name": "Zondagen 2026"}}
PRINTED = datetime(2026, 12, 1, 22, 32, 46, tzinfo=UTC)


@pytest.mark.parametrize(
    ("lang", "when"),
    [
        ("nl", "1 december 2026, 22:32 UTC"),
        ("de", "1. Dezember 2026, 22:32 UTC"),
        ("en", "1 December 2026, 22:32 UTC"),
    ],
)
def test_the_footer_writes_when_it_was_printed_in_the_chosen_language(lang: str, when: str) -> None:
    assert footer(PICTURE, lang, PRINTED) == f"Troef · De Troef · Zondagen 2026 · {when}"


def test_a_moment_in_another_zone_is_printed_in_utc_as_the_footer_says() -> None:
    amsterdam = PRINTED.astimezone(timezone(timedelta(hours=1)))  # 23:32 there
    assert footer(PICTURE, "nl", amsterdam).endswith("1 december 2026, 22:32 UTC")


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_a_footer_printed_now_holds_no_raw_timestamp(lang: str) -> None:
    line = footer(PICTURE, lang)
    assert not re.search(r"\d{4}-\d{2}-\d{2}", line)
    assert any(f" {month} " in line for month in MONTHS[lang]) and line.endswith(" UTC")
