"""Plain values: what a command's arguments may hold, whoever sends them.

Every command's arguments pass :func:`check_plain` before anything runs, so the sync push,
the REST resources and the CLI refuse the same things with the same words: strings that are
not valid Unicode (a lone surrogate cannot be stored as UTF-8), numbers that JSON cannot carry
(NaN, ±Infinity) or that no phone can count to, and nesting deeper than any record needs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..aggregates.errors import InvalidInput

MAX_DEPTH = 16
"""Deepest nesting of lists and objects in a command's arguments (a deal record needs 4)."""

MAX_INT = 2**53 - 1
"""Largest whole number a phone's JavaScript counts exactly (Number.MAX_SAFE_INTEGER)."""

MAX_STRING = 10_000
"""Longest string in a command's arguments (the longest text field takes 2,000)."""


def check_plain(value: Any, field: str, depth: int = 0) -> None:
    """Refuse ``value`` unless it is plain JSON that can be stored and served again.

    :raises InvalidInput: naming the dotted path of the first offending value.
    """
    if depth > MAX_DEPTH:
        raise InvalidInput(f"is nested more than {MAX_DEPTH} levels deep", field or "args")
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) > MAX_INT:
            raise InvalidInput(
                f"must be a whole number between {-MAX_INT} and {MAX_INT}", field or "args"
            )
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInput("must be a finite number (not NaN or Infinity)", field or "args")
        return
    if isinstance(value, str):
        check_text(value, field)
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidInput("object keys must be strings", field or "args")
            check_text(key, field)
            check_plain(item, f"{field}.{key}" if field else key, depth + 1)
        return
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            check_plain(item, f"{field}[{i}]" if field else f"[{i}]", depth + 1)
        return
    raise InvalidInput(f"must be plain JSON, not {type(value).__name__}", field or "args")


def check_text(text: str, field: str) -> None:
    """Refuse a string that is too long or is not valid Unicode (a lone surrogate)."""
    if len(text) > MAX_STRING:
        raise InvalidInput(f"must be at most {MAX_STRING} characters", field or "args")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidInput(
            f"is not valid Unicode text (a lone surrogate at character {exc.start + 1})",
            field or "args",
        ) from None
