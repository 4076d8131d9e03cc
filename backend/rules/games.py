"""The four games behind one door: find a rule set, score a deal record.

A deal record is one JSON object in the envelope every game shares (see docs/formats.md):
``format``, ``game``, ``rules``, ``deal``, ``table``, ``evening``, ``seats``, ``dealer``,
followed by the game's own facts. Each game module provides ``GAME``, ``FIELDS`` (its fact
names), ``OPTIONS``, ``PRESETS`` (the first is the default), ``EXAMPLES`` and
``score(fields, rules) -> Score``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Any

from .errors import RecordError, RuleSetError
from .record import Fields, is_text_or_number
from .result import Score
from .ruleset import RuleSet, check_id

FORMAT = 1
GAME_NAMES = ("wiezen", "klaverjas", "bridge", "schafkopf")
ENVELOPE = frozenset({"format", "game", "rules", "deal", "table", "evening", "seats", "dealer"})


@cache
def game_module(game: str) -> ModuleType:
    """The rules module of a game (``backend.rules.wiezen`` …)."""
    if game not in GAME_NAMES:
        raise RecordError("game", f"must be one of {', '.join(GAME_NAMES)}; got {game!r}")
    return importlib.import_module(f"{__package__}.{game}")


def presets() -> list[RuleSet]:
    """Every shipped rule set, the default of each game first."""
    return [rs for game in GAME_NAMES for rs in game_module(game).PRESETS]


def default_ruleset(game: str) -> RuleSet:
    return game_module(game).PRESETS[0]


def find_ruleset(ref: str, extra: Mapping[str, RuleSet] | None = None) -> RuleSet:
    """A rule set by ``id`` (newest version) or ``id@version``, shipped or in ``extra``.

    :raises RuleSetError: when no such rule set exists.
    """
    candidates = [*presets(), *(extra or {}).values()]
    rid, _, version = ref.partition("@")
    matches = [
        rs for rs in candidates if rs.id == rid and (not version or str(rs.version) == version)
    ]
    if not matches:
        known = ", ".join(sorted({rs.ref for rs in candidates}))
        raise RuleSetError("rules", f"no rule set {ref!r}; known: {known}")
    return max(matches, key=lambda rs: rs.version)


def ruleset_from_dict(data: Any, extra: Mapping[str, RuleSet] | None = None) -> RuleSet:
    """A club's own rule set: ``{"id", "title", "base", "version"?, "options": {...}}``.

    :raises RuleSetError: naming the field that is wrong.
    """
    if not isinstance(data, Mapping):
        raise RuleSetError("rules", "a rule set must be a JSON object")
    unknown = set(data) - {"id", "title", "base", "version", "options"}
    if unknown:
        raise RuleSetError(sorted(unknown)[0], "is not a field of a rule set")
    check_id(data.get("id"))
    base_ref = data.get("base")
    if not isinstance(base_ref, str):
        raise RuleSetError(
            "base", "must name the rule set it starts from, e.g. 'wiezen-reglement-2019'"
        )
    base = find_ruleset(base_ref, extra)
    if data["id"] == base.id:
        raise RuleSetError("id", "must differ from the rule set it is based on")
    title = data.get("title") or data["id"]
    if not isinstance(title, str):
        raise RuleSetError("title", "must be a text")
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise RuleSetError("options", "must be a JSON object of option values")
    return base.derive(data["id"], title, options, version=data.get("version", 1))


def score_record(record: Any, rules: RuleSet | None = None) -> Score:
    """Score one deal record.

    Without ``rules`` the record's own ``rules`` field (or its game's default preset) is
    used. With ``rules`` (the list's rule set) a record that names another one is refused.

    :raises RecordError: naming the field and the rule, for any record it refuses.
    """
    f = Fields(record)
    version = f.raw("format", FORMAT)
    if type(version) is not int or version != FORMAT:  # not true, not 1.0 (a decimal)
        raise f.error("format", f"this version of Troef reads deal records of format {FORMAT}")
    game = f.str("game", GAME_NAMES)
    assert game is not None
    module = game_module(game)
    named = f.str("rules", required=False)
    if rules is None:
        try:
            rules = find_ruleset(named) if named else default_ruleset(game)
        except RuleSetError as exc:
            raise RecordError("rules", exc.message) from None
    elif named is not None and named not in (rules.id, rules.ref):
        raise RecordError("rules", f"this record is scored with {rules.ref}, but names {named!r}")
    if rules.game != game:
        raise RecordError("rules", f"{rules.ref} is a rule set for {rules.game}, not {game}")
    f.int("deal", 1, None, required=False)
    for name in ("table", "evening"):
        value = f.raw(name)
        if value is not None and not is_text_or_number(value):
            raise f.error(name, "must be a text or a number")
    f.only(ENVELOPE | module.FIELDS)
    return module.score(f, rules)


def ruleset_from_stored(data: Mapping[str, Any]) -> RuleSet:
    """Rebuild a rule set from its ``as_dict()`` form, as stored on a list or competition.

    A preset is looked up by its ref; a club's own rule set is derived again from the preset
    it is based on, with the stored option values.

    :raises RuleSetError: when the preset it names is not shipped by this version.
    """
    if data.get("based_on") is None:
        found = find_ruleset(data["ref"])
        if dict(found.options) != dict(data["options"]):
            raise RuleSetError("rules", f"{data['ref']} differs from the shipped preset")
        return found
    base = find_ruleset(data["based_on"])
    return base.derive(data["id"], data["title"], data["options"], version=data["version"])
