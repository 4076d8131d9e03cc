"""Typed reads of a deal record's fields that refuse bad input by naming the field.

Every game reads its record through :class:`Fields`, so every refusal has the same shape:
the dotted path of the field (``misplay.trick``, ``roem[1].value``) and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .errors import RecordError

_MISSING = object()
# The largest whole number every device counts exactly (JavaScript's numbers hold 2**53 - 1):
# a record's number beyond it would be read one way here and another way on the phone.
SAFE_INT = 2**53 - 1


class Fields:
    """A JSON object (a record or a part of one) read field by field."""

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, Mapping):
            raise RecordError(path or "record", "must be a JSON object")
        self.data = data
        self.path = path

    def at(self, name: str | int) -> str:
        """The dotted path of a field (or ``[i]`` of a list element) below this object."""
        if isinstance(name, int):
            return f"{self.path}[{name}]"
        return f"{self.path}.{name}" if self.path else name

    def error(self, name: str, message: str) -> RecordError:
        return RecordError(self.at(name), message)

    def has(self, name: str) -> bool:
        """True when the field is present and not null."""
        return self.data.get(name) is not None

    def raw(self, name: str, default: Any = None) -> Any:
        value = self.data.get(name, default)
        return default if value is None else value

    def only(self, allowed: Iterable[str]) -> None:
        """Refuse fields this format does not know (a typo must not be ignored silently).

        With several unknown fields the first is named in the order the JS port sees them
        (:func:`js_key_order`), so that both name the same field.
        """
        known = set(allowed)
        for name in js_key_order([str(name) for name in self.data]):
            if name not in known:
                raise self.error(
                    name or '""', "is not a field of this record; see 'troef score --help'"
                )

    def _get(self, name: str, required: bool, default: Any) -> Any:
        value = self.data.get(name)
        if value is None:
            if required:
                raise self.error(name, "is required")
            return _MISSING if default is None else default
        return value

    def int(
        self,
        name: str,
        lo: int | None = None,
        hi: int | None = None,
        *,
        required: bool = True,
        default: int | None = None,
    ) -> int | None:
        value = self._get(name, required, default)
        if value is _MISSING:
            return None
        check_int(value, self.at(name), lo, hi)
        if abs(value) > SAFE_INT:
            raise self.error(
                name,
                f"must be between {-SAFE_INT} and {SAFE_INT}, the whole numbers every device"
                " counts exactly",
            )
        return value

    def bool(self, name: str, default: bool = False) -> bool:
        value = self.data.get(name)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(name, f"must be true or false, got {value!r}")
        return value

    def str(
        self,
        name: str,
        choices: Iterable[str] | None = None,
        *,
        required: bool = True,
        default: str | None = None,
    ) -> str | None:
        value = self._get(name, required, default)
        if value is _MISSING:
            return None
        if not isinstance(value, str):
            raise self.error(name, f"must be a text, got {value!r}")
        if choices is not None:
            allowed = list(choices)
            if value not in allowed:
                raise self.error(name, f"must be one of {', '.join(allowed)}; got {value!r}")
        return value

    def list(self, name: str, *, required: bool = False) -> list[Any]:
        value = self._get(name, required, None)
        if value is _MISSING:
            return []
        if not isinstance(value, list):
            raise self.error(name, "must be a list")
        return value

    def obj(self, name: str, *, required: bool = False) -> Fields | None:
        value = self._get(name, required, None)
        if value is _MISSING:
            return None
        return Fields(value, self.at(name))

    def objs(self, name: str, *, required: bool = False) -> list[Fields]:
        """A list of JSON objects, each read as :class:`Fields` with its ``[i]`` path."""
        return [
            Fields(v, f"{self.at(name)}[{i}]")
            for i, v in enumerate(self.list(name, required=required))
        ]


def js_key_order(names: list[str]) -> list[str]:
    """Order an object's names as a JavaScript object lists them: array indexes first.

    An array index is a name like ``"7"`` (the digits of a whole number below 2**32 - 1,
    without a leading zero); JavaScript lists those in numeric order before every other
    name, which keeps its place in the record.
    """
    indexes = [name for name in names if _is_array_index(name)]
    return sorted(indexes, key=int) + [name for name in names if not _is_array_index(name)]


def _is_array_index(name: str) -> bool:
    return name.isascii() and name.isdigit() and str(int(name)) == name and int(name) < 2**32 - 1


def is_text_or_number(value: Any) -> bool:
    """Tell whether ``value`` is a text or a whole number every device reads alike (an id)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, str) or (isinstance(value, int) and abs(value) <= SAFE_INT)


def check_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    """Refuse anything but a whole number within ``lo..hi`` (booleans and 7.5 included)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(path, f"must be a whole number, got {value!r}")
    if lo is not None and hi is not None and not lo <= value <= hi:
        raise RecordError(path, f"must be between {lo} and {hi}, got {value}")
    if lo is not None and value < lo:
        raise RecordError(path, f"must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise RecordError(path, f"must be at most {hi}, got {value}")
    return value
