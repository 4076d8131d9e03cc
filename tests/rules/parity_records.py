"""A reproducible batch of deal records for the parity of the Python rules and the JS port.

:func:`batch` draws ``count`` cases from one seed: a record of one of the four games
(``parity_games``), the rule set it is scored with (none, a shipped preset, or a club's
copy of one with other option values) and, for about half of them, one to three breakages
of the kind a phone, a typo or a fuzzer makes: a value of the wrong type (``true`` for
``1``, ``"9"``, ``9.5``, ``9.0``, a number too big for any device), a missing field, an
unknown field, ``null``, an empty list, a value nudged past its range.
"""

from __future__ import annotations

import copy
from random import Random
from typing import Any

from backend.rules import GAME_NAMES, game_module

from .parity_games import DRAW, Record, maybe

# Values a breakage puts anywhere in a record; the game's own words are added per game.
ODD_VALUES: tuple[Any, ...] = (
    True, False, None, 0, 1, -1, 2, 3, 5, 7, 8, 9, 12, 13, 14, 16, 61, 99, 120, 121, 162, 163,
    2**31, 2**53 - 1, 2**53, 2**53 + 1, 2**64, 10**30, -(2**64), 10**400, -(10**400),
    9.0, 1.0, 0.0, -0.0, 9.5, 0.5, -1.5, 1e300, 2.0**60, 1e-7,
    "9", "1", "", " ", "\t", "\x1c", "\x1f", "\x85", "\xa0", "\u2007", "\ufeff", "\u200b",
    "\ud83d", "é", "😀", "abc", "null", "true",
    [], [1], [None], ["a"], {}, {"a": 1}, {"seat": 1}, [{}],
)  # fmt: skip
WORDS = {
    "wiezen": ("VRAAG", "TROEL", "ALLEEN", "MIS", "OMIS", "SOLO", "AB9", "PAS_ROND",
               "PEN_SHUFFLE", "PEN_MISDEAL", "PEN_MISPLAY", "H10", "SA"),
    "klaverjas": ("N", "E", "S", "W", "NS", "EW", "H", "C", "stuk", "vierkaart", "pit",
                  "DEAL", "REDEAL_NO_PICTURE", "H10", "SA", "CJ"),
    "bridge": ("N", "E", "S", "W", "NT", "C", "H", "P", "T", "AVG+", "AVG", "D7", "SA", "H10"),
    "schafkopf": ("RUFSPIEL", "SOLO", "TOUT", "NO_GAME", "WENZ", "GEIER", "GRAS", "EICHEL",
                  "AUFLEGEN", "VERWERFEN"),
}  # fmt: skip
# Names an unknown field gets: typos, other games' facts, JS-special names, number-like names.
EXTRA_NAMES = (
    "contracts", "trick", "Tricks", "seat", "dealer ", "board", "playing", "type", "points",
    "__proto__", "constructor", "toString", "hasOwnProperty", "", "0", "7", "10", "01", "-1",
    "4294967294", "4294967295", "٣", "1.5",
    "é", "😀", "\ud83d", "\ue000",
)  # fmt: skip
PRESET_OF = {game: game_module(game).PRESETS[0] for game in GAME_NAMES}


def club_copies(r: Random, game: str, count: int = 4) -> list[dict[str, Any]]:
    """Clubs' own rule sets for ``game``: its preset with some options at other values."""
    base = PRESET_OF[game]
    copies = []
    for n in range(count):
        options: dict[str, Any] = {}
        for o in game_module(game).OPTIONS:
            if not maybe(r, 0.5):
                continue
            if o.choices:
                options[o.name] = r.choice(o.choices)
            elif isinstance(o.default, bool):
                options[o.name] = not o.default
            else:
                low = o.minimum if o.minimum is not None else 0
                options[o.name] = r.choice((low, low + 1, o.default, o.default + 1, o.default * 3))
        copies.append({"id": f"club-{game}-{n}", "title": f"Club {n}", "base": base.id,
                       "version": r.choice((1, 1, 2)), "options": options})  # fmt: skip
    return copies


def _rules(r: Random, game: str, clubs: dict[str, list[dict[str, Any]]]) -> Any:
    pick = r.random()
    if pick < 0.5:
        return None
    if pick < 0.7:
        preset = PRESET_OF[game if maybe(r, 0.95) else r.choice(GAME_NAMES)]
        return r.choice((preset.id, preset.ref))
    return r.choice(clubs[game])


def _envelope(r: Random, rec: Record, game: str, rules: Any) -> None:
    """Add the shared envelope now and then: format, a named rule set, deal, table, evening."""
    if maybe(r, 0.3):
        rec["format"] = 1 if maybe(r, 0.95) else r.choice((2, 0, "1", True))
    if maybe(r, 0.25):
        own = rules if isinstance(rules, str) else PRESET_OF[game].ref
        if isinstance(rules, dict):
            own = r.choice((rules["id"], f"{rules['id']}@{rules['version']}", PRESET_OF[game].id))
        odd = (PRESET_OF[r.choice(GAME_NAMES)].id, own + "@9", own + "@1@1", "constructor",
               "no-such-rules", "")  # fmt: skip
        rec["rules"] = own if maybe(r, 0.75) else r.choice(odd)
    if maybe(r, 0.3):
        rec["deal"] = r.randint(1, 40)
    for name in ("table", "evening"):
        if maybe(r, 0.15):
            rec[name] = r.choice(("T1", 3, "2025-11-04", 0))


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path below ``node`` (dict keys and list indices), the node itself excluded."""
    found = []
    children = node.items() if isinstance(node, dict) else enumerate(node)
    for key, child in children:
        found.append((*path, key))
        if isinstance(child, (dict, list)):
            found.extend(_paths(child, (*path, key)))
    return found


def _parent(rec: Record, path: tuple[Any, ...]) -> Any:
    node: Any = rec
    for key in path[:-1]:
        node = node[key]
    return node


def _containers(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if isinstance(node, dict) else []
    children = node.items() if isinstance(node, dict) else enumerate(node)
    for key, child in children:
        if isinstance(child, (dict, list)):
            found.extend(_containers(child, (*path, key)))
    return found


def _odd(r: Random, game: str, old: Any) -> Any:
    if isinstance(old, int) and not isinstance(old, bool) and maybe(r, 0.3):
        return old + r.choice((-1, 1, -13, 13, 100))
    if isinstance(old, int) and not isinstance(old, bool) and abs(old) < 2**60 and maybe(r, 0.15):
        return r.choice((float(old), str(old), old == 1))
    return r.choice(WORDS[game]) if maybe(r, 0.25) else copy.deepcopy(r.choice(ODD_VALUES))


def break_record(r: Random, rec: Record, game: str) -> None:
    """Break ``rec`` in one to three places, the way phones, typos and fuzzers do."""
    for _ in range(r.choice((1, 1, 1, 2, 3))):
        paths = _paths(rec)
        how = r.choice(("set", "set", "set", "delete", "add", "null", "list"))
        if how == "add" or not paths:
            where = r.choice(_containers(rec))
            node = rec
            for key in where:
                node = node[key]
            node[r.choice(EXTRA_NAMES)] = _odd(r, game, None)
            continue
        path = r.choice(paths)
        parent = _parent(rec, path)
        if how == "delete":
            del parent[path[-1]]
        elif how == "null":
            parent[path[-1]] = None
        elif how == "list" and isinstance(parent[path[-1]], list):
            items = parent[path[-1]]
            items.append(copy.deepcopy(items[0]) if items else _odd(r, game, None))
        else:
            parent[path[-1]] = _odd(r, game, parent[path[-1]])


def batch(seed: int, count: int) -> list[dict[str, Any]]:
    """Draw ``count`` cases ``{"record", "rules"}`` from ``seed``, every game alike."""
    r = Random(seed)
    clubs = {game: club_copies(r, game) for game in GAME_NAMES}
    cases = []
    for i in range(count):
        game = GAME_NAMES[i % len(GAME_NAMES)]
        rec = DRAW[game](r)
        rules = _rules(r, game, clubs)
        _envelope(r, rec, game, rules)
        if maybe(r, 0.45):
            break_record(r, rec, game)
        if maybe(r, 0.002):
            rec = r.choice(([rec], "wiezen", None, 1))  # not a JSON object at all
        cases.append({"record": rec, "rules": rules})
    return cases
