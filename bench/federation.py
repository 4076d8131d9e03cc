"""A federation evening: hundreds of klaverjas tables recording their deals on one evening.

One competition, ``4 × tables`` players, all present, one draw; the first partij (round 1)
of every table is played: 16 deals a table, recorded in rounds (deal 1 of every table, then
deal 2 …) as the tables of one hall fill the evening, each by its table phone with the next
mutation id, as the sync applies a pushed ``record_deal``. The read models catch up after
every save, as ``open_services`` wires them (an ``after_save`` listener that leaves the
competition's results due); every ``SETTLE_EVERY`` deals the results are settled, as the
first reader of the standings or the background worker's tick does.

Measured per deal: ``Troef.record_deal`` (wall and CPU), the catch-up inside it and its
parts (:class:`~bench.instrument.Parts`); per settle: ``ReadModels.settle``, of which
``results.refresh`` recomputes the competition's evening results and standings. Compared:
the first 100 deals of the evening against the last 100. Baseline: the bare eventsourcing
library saving the same deal facts (load, call, save of :class:`~bench.fixtures.BareList`,
one per table) on the same kind of store, in the same rounds. ``--profile`` adds a cProfile
of the last deals.

With ``--profile`` the last 50 deals run under cProfile and are left out of the timings
(the last 100 are then the 100 before them). ``--deals`` plays fewer deals a table (1–16):
a deal costs what the size of the evening makes it cost, so a large hall can be sampled.

``python -m bench.federation [--tables N] [--deals D] [--profile] [--out FILE]``
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from backend.aggregates.actor import Actor, director
from backend.application import Command, Troef
from backend.demo import deal_stream
from backend.demo.tables import Phone

from .common import (
    Series,
    close,
    load_average,
    ms,
    publish,
    ratio,
    sqlite_env,
    table,
    timed,
    workdir,
)
from .fixtures import BareApp, Wired, bare_deal, open_bare
from .instrument import PARTS, Parts

RULES = "klaverjas-amsterdams"
DEALS = 16  # a partij of klaverjas (art. 1)
WINDOW = 100  # deals compared at the start and at the end of the evening
PROFILED = 50  # deals profiled at the end of the evening
SETTLE_EVERY = 50  # deals between two settles (a hall records ~6 a second: every few s)


@dataclass
class Table:
    """One table of the evening: its list, its phone, its deals and its bare twin."""

    list_id: str
    phone: Phone
    facts: list[dict[str, Any]]
    bare_id: Any = None


@dataclass
class EveningResult:
    tables: int
    players: int
    setup: dict[str, float] = field(default_factory=dict)
    deal: Series = field(default_factory=lambda: Series("record_deal"))
    bare: Series = field(default_factory=lambda: Series("bare"))
    catch_up: Series = field(default_factory=lambda: Series("catch-up"))
    settle: Series = field(default_factory=lambda: Series("settle"))
    parts: dict[str, Series] = field(default_factory=dict)
    standings_rows: int = 0
    events: int = 0
    load: tuple[str, str] = ("", "")
    total_seconds: float = 0.0
    profile: str = ""
    recursion_limit: int | None = None  # raised for the draw, when the default was too low


def draw(app: Troef, boss: Actor, cid: str, evening: int) -> dict[str, Any]:
    drawn: dict[str, Any] = app.handle(
        boss, Command("draw_seating", cid, {"evening": evening, "seed": "fed"})
    )
    return drawn


def draw_evening(wired: Wired, tables: int, deals: int, result: EveningResult) -> list[Table]:
    """Create the competition, enrol and mark present ``4 × tables`` players, draw; time it."""
    app, boss = wired.app, director("Federation director")
    cid = app.handle(
        boss, Command("create_competition", None, {"name": "Federatieavond", "rules": RULES})
    )
    players: list[str] = []
    result.setup["enrol"], _ = timed(
        lambda: players.extend(
            app.handle(boss, Command("enrol_player", cid, {"name": f"Speler {i}"}))
            for i in range(4 * tables)
        )
    )
    evening = app.handle(boss, Command("schedule_evening", cid, {"date": "2026-01-08"}))
    result.setup["attendance"], _ = timed(
        lambda: [
            app.handle(
                boss,
                Command(
                    "record_attendance",
                    cid,
                    {"evening": evening, "player_id": p, "status": "present"},
                ),
            )
            for p in players
        ]
    )
    try:
        result.setup["draw"], drawn = timed(lambda: draw(app, boss, cid, evening))
    except RecursionError:
        # The klaverjas draw pairs the players in one recursion per pair
        # (``rules.seating_search.match``): with about 1,800 players or more it passes
        # Python's default limit of 1,000 frames. Say so, and measure the rest of the evening.
        result.recursion_limit = 2 * len(players) + 1000
        sys.setrecursionlimit(result.recursion_limit)
        result.setup["draw"], drawn = timed(lambda: draw(app, boss, cid, evening))
    first = [e for e in drawn["lists"] if e["round"] == 1]
    assert len(first) == tables, f"the draw seated {len(first)} tables, not {tables}"
    out = []
    for entry in first:
        phone = Phone(f"hall-{entry['table']}")
        rng = random.Random(f"federation-{entry['table']}")
        stream = deal_stream("klaverjas", rng, entry["seats"], round=entry["round"])
        facts = [next(stream)[1] for _ in range(deals)]
        out.append(Table(entry["list_id"], phone, facts))

    def join_all() -> None:
        for t in out:
            app.handle(t.phone(), Command("join", t.list_id))

    result.setup["join"], _ = timed(join_all)
    return out


def run(tables: int, folder: Path, deals: int = DEALS, profile: bool = False) -> EveningResult:
    """Play ``deals`` deals of the first partij of ``tables`` tables in rounds, with the bare
    library alongside."""
    result = EveningResult(tables, 4 * tables)
    result.load = (load_average(), "")
    start = time.perf_counter()
    wired = Wired.open(sqlite_env(folder / "events.sqlite"), str(folder / "views.sqlite"))
    bare = BareApp(env=sqlite_env(folder / "bare.sqlite"))
    try:
        hall = draw_evening(wired, tables, deals, result)
        for t in hall:
            t.bare_id = open_bare(bare, t.list_id)
        for t in hall[:2]:  # warm up the bare store's code paths, not counted
            bare_deal(bare, t.bare_id, 0, t.facts[0])
        wired.catch_up.clear()
        total = tables * deals
        profiler = cProfile.Profile() if profile else None
        with Parts() as parts:
            wired.parts = parts
            n = 0
            for deal_no in range(1, deals + 1):
                for t in hall:
                    n += 1
                    if profiler is not None and n == total - PROFILED + 1:
                        profiler.enable()
                    _one_deal(result, wired, bare, t, deal_no, bare_first=n % 2 == 0)
                    if n % SETTLE_EVERY == 0:
                        result.settle.measure(wired.views.settle)
            if profiler is not None:
                profiler.disable()
                result.profile = _top(profiler)
            result.parts = parts.series
        result.catch_up = wired.catch_up
        if profiler is not None:  # the profiled deals ran slower: leave them out of the numbers
            for series in [result.deal, result.bare, result.catch_up, *result.parts.values()]:
                del series.values[total - PROFILED :], series.cpu[total - PROFILED :]
        result.events = wired.app.recorder.max_notification_id() or 0
        wired.views.settle()
        result.standings_rows = len(
            wired.views.rows("SELECT player_id FROM standings WHERE total IS NOT NULL")
        )
    finally:
        close(wired.app, wired.views, bare)
    result.total_seconds = time.perf_counter() - start
    result.load = (result.load[0], load_average())
    return result


def _one_deal(
    result: EveningResult, wired: Wired, bare: BareApp, t: Table, deal_no: int, bare_first: bool
) -> None:
    """Record deal ``deal_no`` of table ``t`` in both stores (the order alternates)."""
    facts = t.facts[deal_no - 1]

    def troef() -> None:
        score = result.deal.measure(
            lambda: wired.app.handle(
                t.phone(), Command("record_deal", t.list_id, {"deal_no": deal_no, "record": facts})
            )
        )
        assert "points" in score or "counts" in score, score

    def baseline() -> None:
        result.bare.measure(lambda: bare_deal(bare, t.bare_id, deal_no, facts))

    for step in (baseline, troef) if bare_first else (troef, baseline):
        step()


def _top(profiler: cProfile.Profile, lines: int = 25) -> str:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(lines)
    return out.getvalue()


def window(series: Series, first: bool) -> Series:
    """The first or the last ``WINDOW`` values of a series."""
    part = Series(series.name)
    values = series.values[:WINDOW] if first else series.values[-WINDOW:]
    cpu = series.cpu[:WINDOW] if first else series.cpu[-WINDOW:]
    part.values, part.cpu = list(values), list(cpu)
    return part


def report(result: EveningResult) -> str:
    deals = len(result.deal)
    lines = [
        f"**{result.tables} tables, {result.players} players, {deals} deals** "
        f"({result.events} events in the store at the end); whole run "
        f"{result.total_seconds:.0f} s. Load average at the start: {result.load[0]}; "
        f"at the end: {result.load[1]}.",
        "",
        "Setting up the evening (each command catches the read models up):",
        "",
        table(
            ["step", "seconds", "per command (ms)"],
            [
                [
                    "enrol the players",
                    f"{result.setup['enrol']:.1f}",
                    ms(result.setup["enrol"] / result.players),
                ],
                [
                    "mark them present",
                    f"{result.setup['attendance']:.1f}",
                    ms(result.setup["attendance"] / result.players),
                ],
                ["draw the evening", f"{result.setup['draw']:.1f}", ms(result.setup["draw"])],
                [
                    "every table phone joins",
                    f"{result.setup['join']:.1f}",
                    ms(result.setup["join"] / result.tables),
                ],
            ],
        ),
        "",
        *(
            [
                f"**The draw failed with `RecursionError` at Python's default limit of 1,000 "
                f"frames**; it was drawn again with the limit raised to "
                f"{result.recursion_limit:,} for this process.",
                "",
            ]
            if result.recursion_limit
            else []
        ),
        f"Per deal, the first {WINDOW} deals of the evening against the last {WINDOW} "
        "(medians, ms; CPU is this process's):",
        "",
    ]
    rows = []
    named = [
        ("`Troef.record_deal`, read models caught up", result.deal),
        ("bare library: load, call, save", result.bare),
        ("of `record_deal`: the catch-up after the save", result.catch_up),
    ]
    named += [
        (f"of the catch-up: {PARTS[name]}", result.parts[name])
        for name in PARTS
        if name in result.parts
    ]
    for label, series in named:
        first, last = window(series, True), window(series, False)
        rows.append(
            [
                label,
                ms(first.median),
                ms(last.median),
                ratio(last.median, first.median),
                ms(last.p95),
                ms(last.cpu_median) if last.cpu else "—",
            ]
        )
    lines.append(
        table(["", "first 100", "last 100", "last / first", "last 100 p95", "last 100 CPU"], rows)
    )
    first_deal, last_deal = window(result.deal, True), window(result.deal, False)
    first_bare, last_bare = window(result.bare, True), window(result.bare, False)
    settle = result.settle
    lines += [
        "",
        f"Against the bare library: {ratio(first_deal.median, first_bare.median)} at the "
        f"start, {ratio(last_deal.median, last_bare.median)} at the end. "
        f"{sum(result.deal.values):.1f} s were spent in `record_deal`. "
        f"`ReadModels.settle` every {SETTLE_EVERY} deals ({len(settle)} times): median "
        f"{ms(settle.median)} ms, p95 {ms(settle.p95)} ms, {sum(settle.values):.1f} s in all; "
        f"the standings hold {result.standings_rows} ranked players at the end.",
    ]
    if result.profile:
        lines += [
            "",
            f"cProfile of the last {PROFILED} deals (by cumulative time):",
            "",
            "```",
            result.profile.strip(),
            "```",
        ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500, help="tables of four (default 500)")
    parser.add_argument(
        "--deals", type=int, default=DEALS, help=f"deals a table records (default {DEALS})"
    )
    parser.add_argument("--profile", action="store_true", help=f"profile the last {PROFILED}")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    args = parser.parse_args()
    if not 1 <= args.deals <= DEALS or args.tables * args.deals < 2 * WINDOW + PROFILED:
        parser.error(f"--deals: 1 to {DEALS}; tables × deals: at least {2 * WINDOW + PROFILED}")
    with workdir() as folder:
        result = run(args.tables, folder, args.deals, profile=args.profile)
    publish("A federation evening", report(result), args.out)


if __name__ == "__main__":
    main()
