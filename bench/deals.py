"""Benchmark 1: one deal recorded through the application against the bare library.

Three stores are filled side by side with the same deal facts, in rounds, so that a change
in the machine's load hits all of them alike: the bare library (load, call, save of
:class:`~bench.fixtures.BareList`), ``Troef.record_deal`` without read models, and
``Troef.record_deal`` with the read models catching up after each save (as
``Instance.open`` wires it). The parts are measured on the application without read models
right after each deal: ``score_record`` alone, rebuilding the list's rule set, hashing the
deal's event, loading the list and loading the device.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from backend.aggregates.chain import event_hash
from backend.application import Troef
from backend.rules import score_record
from backend.rules.games import ruleset_from_stored

from .common import Series, close, ms, pg_schema, ratio, sqlite_env, table
from .fixtures import BareApp, Wired, bare_deal, deal_facts, open_bare, open_lists
from .instrument import PARTS, Parts

EnvFor = Callable[[str], dict[str, str]]


@dataclass
class DealResult:
    """The per-deal series of one store."""

    store: str
    tables: int
    deals: int
    wall: dict[str, Series] = field(default_factory=dict)

    def series(self, name: str) -> Series:
        return self.wall.setdefault(name, Series(name))


@contextmanager
def sqlite_stores(folder: Path) -> Iterator[EnvFor]:
    yield lambda name: sqlite_env(folder / f"{name}.sqlite")


@contextmanager
def pg_stores() -> Iterator[EnvFor]:
    """A fresh PostgreSQL schema per store name, all dropped at the end."""
    with ExitStack() as stack:
        yield lambda name: stack.enter_context(pg_schema())


def run(store: str, env_for: EnvFor, folder: Path, tables: int, deals: int) -> DealResult:
    """Record ``deals`` deals on each of ``tables`` lists in the three stores; time each."""
    result = DealResult(store, tables, deals)
    bare = BareApp(env=env_for("bare"))
    app = Troef(env=env_for("troef"))
    wired = Wired.open(env_for("wired"), str(folder / f"views-{store}.sqlite"))
    with Parts() as parts:
        try:
            wired.parts = parts
            _rounds(result, bare, app, wired, tables, deals)
            for name, series in parts.series.items():
                result.wall[f"catch-up/{name}"] = series
        finally:
            close(bare, app, wired.app, wired.views)
    return result


def _rounds(
    result: DealResult, bare: BareApp, app: Troef, wired: Wired, tables: int, deals: int
) -> None:
    """Fill the three stores deal by deal, rotating who goes first; time everything."""
    lists = open_lists(app, tables + 1, seed="bench-deals")
    wired_lists = open_lists(wired.app, tables + 1, seed="bench-deals")
    bare_ids = [open_bare(bare, f"table {t}") for t in range(tables + 1)]
    facts = [deal_facts(lst.seats, deals, f"deals-{t}") for t, lst in enumerate(lists)]
    # Warm-up: the extra table, untimed, in every store.
    for deal in facts[-1][:10]:
        bare_deal(bare, bare_ids[-1], lists[-1].recorded + 1, deal)
        lists[-1].record(app, deal)
        wired_lists[-1].record(wired.app, deal)
    wired.catch_up.clear()
    for series in wired.parts.series.values() if wired.parts else ():
        series.clear()
    for n in range(deals):
        for t in range(tables):
            steps = [
                ("bare", lambda t=t, n=n: bare_deal(bare, bare_ids[t], n + 1, facts[t][n])),
                ("troef", lambda t=t, n=n: lists[t].record(app, facts[t][n])),
                ("wired", lambda t=t, n=n: wired_lists[t].record(wired.app, facts[t][n])),
            ]
            shift = (n * tables + t) % 3  # rotate who goes first
            for name, call in steps[shift:] + steps[:shift]:
                result.series(name).measure(call)
            _parts(app, lists[t], result)
    result.wall["catch-up"] = wired.catch_up
    _check(app, lists[:tables], deals)


def _parts(app: Troef, lst: Any, result: DealResult) -> None:
    """Time the parts of a deal on the list just written: rules, rule set, list, device."""
    score_list = app.get_list(lst.list_id)
    record, stored_rules = score_list.rows[-1]["record"], score_list.rules
    rules = result.series("ruleset").measure(lambda: ruleset_from_stored(stored_rules))
    result.series("score").measure(lambda: score_record(record, rules))
    row = score_list.rows[-1]
    actor = {"role": "table", "client_id": lst.phone.client_id, "mutation_id": lst.phone.last}
    fields = {**row, "actor": actor, "prev_hash": score_list.head}
    fields.pop("kind"), fields.pop("voided")
    when = datetime.now(UTC)
    result.series("hash").measure(
        lambda: event_hash("DealRecorded", score_list.id, score_list.version, when, fields)
    )
    result.series("get_list").measure(lambda: app.get_list(lst.list_id))
    result.series("get_device").measure(lambda: app.get_device(lst.phone.client_id, lst.list_id))


def _check(app: Troef, lists: list[Any], deals: int) -> None:
    for lst in lists:
        rows = app.get_list(lst.list_id).rows
        assert [r["deal_no"] for r in rows] == list(range(1, deals + 1)), lst.list_id


ROWS = (
    ("bare", "bare library: load, call, save (baseline)"),
    ("troef", "`Troef.record_deal`, no read models"),
    ("wired", "`Troef.record_deal` + read models caught up after the save"),
    ("catch-up", "part of the line above: the read models' catch-up after the save"),
    *((f"catch-up/{k}", f"part of the catch-up: {v}") for k, v in PARTS.items()),
    ("get_list", "part of `record_deal`: `get_list` (load the list)"),
    ("get_device", "part of `record_deal`: `get_device` (load the phone's device)"),
    ("score", "part of `record_deal`: `score_record` alone (the rules)"),
    ("ruleset", "part of `record_deal`: `ruleset_from_stored` (the `ruleset` property)"),
    ("hash", "part of `record_deal`: `event_hash` (the deal event's link in the chain)"),
)


def report(result: DealResult) -> str:
    """The per-deal table of one store."""
    base = result.wall["bare"].median
    whole = {"catch-up": result.wall["wired"].median}
    whole |= {f"catch-up/{k}": result.wall["catch-up"].median for k in PARTS}
    rows = []
    for key, label in ROWS:
        s = result.wall.get(key)
        if s is None or not len(s):
            continue
        rows.append(
            [
                label,
                len(s),
                ms(s.median),
                ms(s.p95),
                ms(s.cpu_median),
                ratio(s.median, base),
                ratio(s.cpu_median, result.wall["bare"].cpu_median),
                f"{s.median / whole.get(key, result.wall['troef'].median):.0%}"
                if key not in ("bare", "troef", "wired")
                else "",
            ]
        )
    head = (
        f"**{result.store}**: {result.tables} lists × {result.deals} deals per store "
        "(wiezen, one phone per list, mutation ids 1, 2, 3 …), after 10 warm-up deals."
    )
    return (
        head
        + "\n\n"
        + table(
            [
                "per deal",
                "n",
                "median ms",
                "p95 ms",
                "CPU ms (median)",
                "× baseline",
                "CPU × baseline",
                "share of the whole",
            ],
            rows,
        )
    )
