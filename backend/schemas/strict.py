"""Strict wire values, so that the OpenAPI document says what the server refuses.

A name or a reason that is blank once its spaces are stripped is refused by the aggregates;
the pattern :data:`NOT_BLANK` says so in the document (it asks for one character that
``str.strip()`` keeps: the class lists exactly the characters ``str.isspace()`` calls space).
A flag takes ``true`` or ``false`` only, never ``1``, ``"yes"`` or ``"true"``.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import ValidationError, fields, validate

SPACE = r"\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
"""Every character ``str.isspace()`` calls space, as a regular-expression class body."""

NOT_BLANK = f"[^{SPACE}]"
"""Somewhere in the text, a character that is not space (JSON Schema patterns search)."""


class Searched(validate.Regexp):
    """A pattern that must occur somewhere in the value, as JSON Schema's ``pattern`` means."""

    def __call__(self, value: str) -> str:
        if self.regex.search(value) is None:
            raise ValidationError(self._format_error(value))
        return value


def not_blank(max_length: int) -> list[validate.Validator]:
    """The validators of a name or reason: 1 to ``max_length`` characters, not all space."""
    return [
        validate.Length(min=1, max=max_length),
        Searched(re.compile(NOT_BLANK), error="must not be blank"),
    ]


class StrictBoolean(fields.Boolean):
    """``true`` or ``false``, nothing that merely looks like one."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value
