"""A list's chain cannot be shortened unnoticed: the close of its evening anchored its head.

A chain checks out on its own even when its newest events are deleted, so closing an evening
records each list's head and version in the competition's chain, and ``verify`` compares them
with what is stored. Real SQLite files (and PostgreSQL), changed with raw SQL as someone with
the database file would, and the ``troef`` command as a person runs it.
"""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from backend.aggregates.actor import Actor, director
from backend.aggregates.chain import event_hash
from backend.aggregates.competition import Competition
from backend.application import Command, Troef
from backend.demo.tables import Incidents, Phones, play_list
from backend.instance import load

from .conftest import _pg_connect

TROEF = [sys.executable, "-m", "backend.cli"]
PLAYERS = ("An", "Bert", "Carla", "Dirk", "Els", "Frans", "Greet", "Hans")


def drawn_evening(app: Troef, boss: Actor) -> tuple[str, list[dict[str, Any]]]:
    """A wiezen competition, eight players present, two tables drawn; its id and lists."""
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    players = [app.handle(boss, Command("enrol_player", cid, {"name": name})) for name in PLAYERS]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-03-01"}))
    for player in players:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": player, "status": "present"}
            ),
        )
    return cid, app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "anker"}))[
        "lists"
    ]


def play_and_submit(app: Troef, boss: Actor, lists: list[dict[str, Any]]) -> None:
    """Each table plays three deals; the director stops it (23:00) and it is submitted."""
    rng, phones = random.Random(3), Phones("phone")
    for entry in lists:
        play_list(app, boss, entry, "wiezen", rng, phones, Incidents(close_after=3))


def closed_evening(app: Troef, boss: Actor) -> tuple[str, list[dict[str, Any]]]:
    cid, lists = drawn_evening(app, boss)
    play_and_submit(app, boss, lists)
    app.handle(boss, Command("close_evening", cid, {"evening": 1}))
    return cid, lists


def delete_event(app: Troef, env: dict[str, str], aggregate_id: str, version: int) -> None:
    """Delete one stored event row straight from the database, behind the application."""
    if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        with sqlite3.connect(env["SQLITE_DBNAME"]) as conn:
            gone = conn.execute(
                "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = ?",
                [aggregate_id.replace("-", ""), version],
            ).rowcount
    else:
        with _pg_connect() as conn:
            gone = conn.execute(
                f"DELETE FROM {env['POSTGRES_SCHEMA']}.{app.recorder.events_table_name} "
                "WHERE originator_id = %s AND originator_version = %s",
                [UUID(aggregate_id), version],
            ).rowcount
    assert gone == 1


@pytest.fixture
def sqlite_app(sqlite_env: dict[str, str]) -> Iterator[Troef]:
    application = Troef(env=sqlite_env)
    yield application
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        application.close()


def test_closing_an_evening_anchors_each_list_head_and_version(app: Troef, boss: Actor) -> None:
    cid, lists = closed_evening(app, boss)
    closed = app.repository.event_store.get(UUID(cid), gt=0)
    heads = next(e for e in closed if type(e).__name__ == "EveningClosed").heads
    assert heads == {
        e["list_id"]: {
            "head": app.get_list(e["list_id"]).head,
            "version": app.get_list(e["list_id"]).version,
        }
        for e in lists
    }
    assert len(heads) == 2
    assert app.verify().ok


def test_a_list_whose_submission_was_deleted_is_named_by_the_close_that_anchored_it(
    app: Troef, store_env: dict[str, str], boss: Actor
) -> None:
    _cid, lists = closed_evening(app, boss)
    victim, other = (app.get_list(e["list_id"]) for e in lists)
    delete_event(app, store_env, str(victim.id), victim.version)  # its ListSubmitted
    report = app.verify()
    assert not report.ok
    assert [c.aggregate_id for c in report.broken] == [str(victim.id)]
    broken = report.broken[0]
    assert broken.events == victim.version - 1
    assert broken.broken_at == victim.version
    assert broken.problem == (
        f"list {victim.id} of 'Zondagen', evening 1, round 1, table {victim.table}: the "
        f"evening's close anchored version {victim.version} with head {victim.head[:12]}…, "
        f"the stored chain ends at version {victim.version - 1}"
    )
    untouched = next(c for c in report.chains if c.aggregate_id == str(other.id))
    assert untouched.ok and untouched.head == other.head


def test_the_last_deals_deleted_too_are_still_named(
    sqlite_app: Troef, sqlite_env: dict[str, str], boss: Actor
) -> None:
    _cid, lists = closed_evening(sqlite_app, boss)
    victim = sqlite_app.get_list(lists[1]["list_id"])
    for version in range(victim.version, victim.version - 4, -1):
        delete_event(sqlite_app, sqlite_env, str(victim.id), version)
    broken = sqlite_app.verify().broken
    assert [(c.aggregate_id, c.broken_at) for c in broken] == [(str(victim.id), victim.version - 3)]
    assert f"the stored chain ends at version {victim.version - 4}" in broken[0].problem


def test_a_list_deleted_entirely_is_named(
    sqlite_app: Troef, sqlite_env: dict[str, str], boss: Actor
) -> None:
    _cid, lists = closed_evening(sqlite_app, boss)
    victim = sqlite_app.get_list(lists[0]["list_id"])
    for version in range(1, victim.version + 1):
        delete_event(sqlite_app, sqlite_env, str(victim.id), version)
    broken = sqlite_app.verify().broken
    assert [(c.aggregate_id, c.kind, c.events, c.broken_at) for c in broken] == [
        (str(victim.id), "ScoreList", 0, 1)
    ]
    assert broken[0].problem.endswith("the stored chain has no events")


def test_a_submission_rewritten_with_a_fresh_hash_differs_from_the_anchor(
    sqlite_app: Troef, sqlite_env: dict[str, str], boss: Actor
) -> None:
    """Rewriting the last event and its hash keeps the list's chain whole; not the anchor."""
    _cid, lists = closed_evening(sqlite_app, boss)
    victim = sqlite_app.get_list(lists[0]["list_id"])
    key = [victim.id.hex, victim.version]
    transcoder = sqlite_app.mapper.transcoder
    with sqlite3.connect(sqlite_env["SQLITE_DBNAME"]) as conn:
        where = "WHERE originator_id = ? AND originator_version = ?"
        stored = conn.execute(f"SELECT state FROM stored_events {where}", key).fetchone()[0]
        state = transcoder.decode(stored)
        player = next(iter(state["totals"]))
        state["totals"][player] += 10
        state["hash"] = event_hash(
            "ListSubmitted", victim.id, victim.version, state["timestamp"], state
        )
        conn.execute(
            f"UPDATE stored_events SET state = ? {where}", [transcoder.encode(state), *key]
        )
    broken = sqlite_app.verify().broken
    assert [(c.aggregate_id, c.broken_at) for c in broken] == [(str(victim.id), victim.version)]
    assert broken[0].problem.endswith(
        f"anchored version {victim.version} with head {victim.head[:12]}…, the stored event "
        f"at that version has head {state['hash'][:12]}…"
    )


def close_by_hand(app: Troef, cid: str, **extra: Any) -> tuple[int, str]:
    """Store an EveningClosed as another version of the code wrote it; its version and hash."""
    competition = app.get_competition(cid)
    version, when = competition.version + 1, datetime.now(UTC)
    fields: dict[str, Any] = {
        "evening": 1,
        **extra,
        "actor": director().as_dict(),
        "prev_hash": competition.head,
    }
    fields["hash"] = event_hash("EveningClosed", competition.id, version, when, fields)
    app.recorder.insert_events(
        [
            StoredEvent(
                originator_id=competition.id,
                originator_version=version,
                topic=get_topic(Competition.EveningClosed),
                state=app.mapper.transcoder.encode({"timestamp": when, **fields}),
            )
        ]
    )
    return version, fields["hash"]


def test_an_evening_closed_before_anchoring_still_loads_and_verifies(
    app: Troef, boss: Actor
) -> None:
    """An EveningClosed written by the version before (no heads) is stored as it was."""
    cid, lists = drawn_evening(app, boss)
    play_and_submit(app, boss, lists)
    version, head = close_by_hand(app, cid)  # no heads, no class_version: version 1
    reloaded = app.get_competition(cid)
    assert reloaded.version == version and reloaded.evening(1)["closed"] is True
    old = app.repository.event_store.get(UUID(cid), gt=version - 1)
    assert [e.heads for e in old] == [{}]
    report = app.verify()
    assert report.ok, [c.problem for c in report.broken]
    assert next(c for c in report.chains if c.aggregate_id == cid).head == head


def test_an_anchor_that_is_no_head_and_version_breaks_the_competition_not_verify(
    sqlite_app: Troef, boss: Actor
) -> None:
    cid, lists = drawn_evening(sqlite_app, boss)
    version, _head = close_by_hand(
        sqlite_app, cid, heads={lists[0]["list_id"]: {"head": 7, "version": "last"}}
    )
    broken = sqlite_app.verify().broken
    assert [(c.aggregate_id, c.broken_at) for c in broken] == [(cid, version)]
    assert (
        broken[0].problem == f"its anchor of list {lists[0]['list_id']} is not a head and a version"
    )


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*TROEF, *args], capture_output=True, text=True, timeout=120, check=False)


def test_troef_audit_verify_names_the_shortened_list_after_the_read_models_are_rebuilt(
    tmp_path: Path,
) -> None:
    """Even with the read models rebuilt from the shortened store, the anchor still tells."""
    folder = tmp_path / "club"
    assert run("init", "--instance", str(folder), "--club", "De Troef").returncode == 0
    app, views = load(folder).open()
    _cid, lists = closed_evening(app, director())
    victim = app.get_list(lists[0]["list_id"])
    app.close()
    views.close()
    clean = run("audit", "verify", "--instance", str(folder))
    assert clean.returncode == 0, clean.stdout
    assert clean.stdout.splitlines()[-1].startswith("5 chains, 0 broken; 0 other findings")
    with sqlite3.connect(folder / "events.sqlite") as conn:
        conn.execute(
            "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = ?",
            [victim.id.hex, victim.version],
        )
    assert run("projections", "rebuild", "--instance", str(folder)).returncode == 0
    broken = run("audit", "verify", "--instance", str(folder))
    assert broken.returncode == 1
    line = next(x for x in broken.stdout.splitlines() if str(victim.id) in x)
    assert f"BROKEN at event {victim.version}" in line
    assert f"evening 1, round 1, table {victim.table}" in line
    assert f"the stored chain ends at version {victim.version - 1}" in line
    assert broken.stdout.splitlines()[-1].startswith("5 chains, 1 broken; 1 other findings")
    assert "no longer stored" in broken.stdout  # the seal names the deleted event too
