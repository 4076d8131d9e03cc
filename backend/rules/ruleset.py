"""Rule sets: named, versioned presets of a game's options, and clubs' own copies of them.

Every decision a rulebook spec marks as configurable is an :class:`Option` of its game.
A preset fixes each option to the spec's default; a club derives its own rule set by
changing values (``derive``), and gets a new id so that lists always say which rules
scored them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import RuleSetError

_ID = re.compile(r"^[a-z0-9][a-z0-9-]{1,62}$")


@dataclass(frozen=True)
class Option:
    """One configurable decision of a game: its default, its allowed values, its reason."""

    name: str
    default: int | str | bool
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None

    def check(self, value: Any) -> None:
        """Refuse a value of the wrong type, outside ``choices`` or below ``minimum``."""
        field_name = f"options.{self.name}"
        expected = type(self.default)
        if type(value) is not expected:
            raise RuleSetError(field_name, f"must be {_type_word(expected)}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise RuleSetError(field_name, f"must be one of {allowed}, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise RuleSetError(field_name, f"must be at least {self.minimum}, got {value!r}")


def _type_word(t: type) -> str:
    return {bool: "true or false", int: "a whole number", str: "a text"}.get(t, t.__name__)


@dataclass(frozen=True)
class RuleSet:
    """A game's rules as data: an id, a version and a value for every option."""

    id: str
    version: int
    game: str
    title: str
    options: Mapping[str, Any]
    based_on: str | None = None
    source: str = ""
    _declared: Mapping[str, Option] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "_declared", MappingProxyType(dict(self._declared)))

    @property
    def ref(self) -> str:
        """``id@version``, the way events and records name a rule set."""
        return f"{self.id}@{self.version}"

    def __getitem__(self, name: str) -> Any:
        return self.options[name]

    def describe(self) -> list[dict[str, Any]]:
        """Each option with its value, the preset's default and the reason for it."""
        return [
            {
                "name": o.name,
                "value": self.options[o.name],
                "default": o.default,
                "choices": list(o.choices) if o.choices else None,
                "doc": o.doc,
            }
            for o in self._declared.values()
        ]

    def derive(self, id: str, title: str, changes: Mapping[str, Any], version: int = 1) -> RuleSet:
        """Return a club's own rule set: this one with some option values changed.

        :raises RuleSetError: for a bad id, an unknown option or a value it does not allow.
        """
        check_id(id)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise RuleSetError("version", "must be a whole number of at least 1")
        options = dict(self.options)
        for name, value in changes.items():
            if name not in self._declared:
                known = ", ".join(sorted(self._declared))
                raise RuleSetError(
                    f"options.{name}", f"is not an option of {self.game}; known: {known}"
                )
            self._declared[name].check(value)
            options[name] = value
        return RuleSet(
            id=id,
            version=version,
            game=self.game,
            title=title,
            options=options,
            based_on=self.based_on or self.ref,  # always the shipped preset it comes from
            source=self.source,
            _declared=self._declared,
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "version": self.version,
            "ref": self.ref,
            "game": self.game,
            "title": self.title,
            "based_on": self.based_on,
            "source": self.source,
            "options": dict(self.options),
        }


def check_id(id: Any) -> None:
    if not isinstance(id, str) or not _ID.match(id):
        raise RuleSetError(
            "id", "must be 2-63 characters: lower-case letters, digits and '-', e.g. 'mijn-club'"
        )


def preset(
    *, id: str, version: int, game: str, title: str, source: str, options: tuple[Option, ...]
) -> RuleSet:
    """Build a game's shipped preset with every option at its spec default."""
    declared = {o.name: o for o in options}
    for o in options:
        o.check(o.default)
    return RuleSet(
        id=id,
        version=version,
        game=game,
        title=title,
        options={o.name: o.default for o in options},
        source=source,
        _declared=declared,
    )
