"""The PostgreSQL steps of docs/ops/backup.md, run as an operator runs them.

``troef serve`` runs on an instance whose event store is its own fresh PostgreSQL database; a
table pushes deals over real HTTP; ``pg_dump --format=custom`` runs while they are pushed;
``createdb`` and ``pg_restore`` put the dump into a new empty database; a new instance folder
with the settings file pointed at it passes ``troef restore`` (without a backup folder: it
migrates, rebuilds the read models, and runs ``troef audit verify`` and ``troef projections
check``). The restored store holds every deal
acknowledged before the dump began, each once; the deals acknowledged after it ended are not
in it, and the phone that still holds them pushes them to ``troef serve`` on the restored
instance, where they are stored once.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import tomllib
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from backend import instance
from backend.api import create_app
from backend.application import Troef

from ..api.conftest import wiezen_evening
from .conftest import ROOT, free_port, http, troef, vraag_deal

DEALS = 30  # pushed one per request, on the evening's one list
DUMP_AFTER = 8  # acknowledged deals before pg_dump starts
LAST = 3  # deals the table pushes only once the dump has ended: never in it
PACE = 0.05  # seconds between two pushes, a busy table's rhythm sped up
ADMIN = os.environ.get("TROEF_PGADMIN", "postgres")  # the role that may create databases


def deal(n: int) -> dict[str, Any]:
    return {"deal_no": n, "record": vraag_deal(n)}


def run(*command: str, pg: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """A PostgreSQL client program, with the store's password in its environment."""
    env = {**os.environ, "PGPASSWORD": pg["POSTGRES_PASSWORD"]}
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, f"{' '.join(command)}: {done.stderr}"
    return done


def createdb(name: str, pg: dict[str, str]) -> None:
    """docs/ops/backup.md: ``createdb --username=postgres --owner=troef NAME``."""
    host, port, owner = pg["POSTGRES_HOST"], pg["POSTGRES_PORT"], pg["POSTGRES_USER"]
    run(
        "createdb", f"--host={host}", f"--port={port}", f"--username={ADMIN}",
        f"--owner={owner}", name, pg=pg,
    )  # fmt: skip


@pytest.fixture
def databases(postgres: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Two new databases' names: the club's (made empty) and the restore's; both dropped."""
    club = f"troef_bk_{uuid.uuid4().hex[:10]}"
    names = (club, f"{club}_restored")
    createdb(club, postgres)
    yield names
    for name in names:
        run(
            "dropdb", f"--host={postgres['POSTGRES_HOST']}", f"--port={postgres['POSTGRES_PORT']}",
            f"--username={ADMIN}", "--if-exists", "--force", name, pg=postgres,
        )  # fmt: skip


def point_at(path: Path, store: dict[str, str]) -> None:
    """Set the ``[store]`` section of the instance's ``troef.toml``, as an operator edits it."""
    settings_file = path / instance.SETTINGS
    settings = tomllib.loads(settings_file.read_text(encoding="utf-8"))
    settings["store"] = store
    settings_file.write_text(instance.dumps(settings), encoding="utf-8")


def answers(base: str) -> bool:
    try:
        http("GET", f"{base}/api/health")
        return True
    except (OSError, urllib.error.URLError):
        return False


@contextmanager
def serving(path: Path, log: Path) -> Iterator[str]:
    """``troef serve`` on the instance, in its own process; its address once it answers."""
    port = free_port()
    command = [sys.executable, "-m", "backend.cli", "serve", "--instance", str(path)]
    with log.open("wb") as out:
        server = subprocess.Popen([*command, "--port", str(port)], cwd=ROOT, stdout=out, stderr=out)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not answers(base) and time.monotonic() < deadline:
            assert server.poll() is None, log.read_text()
            time.sleep(0.1)
        yield base
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=5)


def recorded(pg: dict[str, str], dbname: str, list_id: str) -> list[int]:
    """The deal numbers of every DealRecorded event of the list, in the store's order."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.postgres"} | pg | {"POSTGRES_DBNAME": dbname}
    app = Troef(env=env)
    events = app.repository.event_store.get(UUID(list_id))
    deals = [e.deal_no for e in events if type(e).__name__ == "DealRecorded"]
    app.close()
    return deals


def test_a_pg_dump_taken_during_pushes_restores_as_documented_with_every_acknowledged_deal_once(
    postgres: dict[str, str], databases: tuple[str, str], tmp_path: Path
) -> None:
    club_db, restored_db = databases
    host, port = postgres["POSTGRES_HOST"], postgres["POSTGRES_PORT"]
    user = postgres["POSTGRES_USER"]
    store = {
        "kind": "postgres",
        "host": host,
        "port": port,
        "dbname": club_db,
        "user": user,
        "password": postgres["POSTGRES_PASSWORD"],
    }
    path = tmp_path / "club"
    instance.init(path, "De Troef", "anna", "geheim-genoeg")
    point_at(path, store)
    migrated = troef("migrate", "--instance", str(path))
    assert migrated.returncode == 0, migrated.stderr
    web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
    evening = wiezen_evening(web)
    web.extensions["troef"].close()
    list_id, code = evening["lists"][0]["list_id"], evening["codes"][0]

    acknowledged: list[int] = []
    errors: list[BaseException] = []
    enough, dumped = threading.Event(), threading.Event()
    mutations = [{"id": 1, "name": "join", "list": list_id, "args": {}}] + [
        {"id": n + 1, "name": "record_deal", "list": list_id, "args": deal(n)}
        for n in range(1, DEALS + 1)
    ]
    with serving(path, tmp_path / "serve.log") as base:
        token = http("POST", f"{base}/api/join", {"code": code, "name": "phone-1"})["token"]

        def push() -> None:
            try:
                for mutation in mutations:
                    n = mutation["id"] - 1
                    if n > DEALS - LAST:
                        dumped.wait(60)
                    body = {"client_id": "phone-1", "mutations": [mutation]}
                    answer = http("POST", f"{base}/api/sync/push", body, token)
                    assert answer["results"][0]["status"] == "applied", answer
                    if n:
                        acknowledged.append(n)
                    if len(acknowledged) >= DUMP_AFTER:
                        enough.set()
                    time.sleep(PACE)
            except BaseException as exc:  # re-raised below, in the test's thread
                errors.append(exc)
                enough.set()

        pusher = threading.Thread(target=push)
        pusher.start()
        try:
            assert enough.wait(60) and not errors, errors
            before = list(acknowledged)
            dump = tmp_path / "troef-2026-12-01.dump"
            run(
                "pg_dump", "--format=custom", f"--file={dump}",
                f"--host={host}", f"--port={port}", f"--username={user}", club_db, pg=postgres,
            )  # fmt: skip
            shutil.copy2(path / instance.SETTINGS, dump.with_suffix(".toml"))
            while_dumping = len(acknowledged) - len(before)
        finally:
            dumped.set()
            pusher.join(60)
    assert not errors, errors[0]
    assert acknowledged == list(range(1, DEALS + 1))

    # Restore into an empty database, then point a new instance folder at it: the settings
    # file kept beside the dump, with the new database's name.
    createdb(restored_db, postgres)
    run(
        "pg_restore", "--no-owner", f"--role={user}", f"--dbname={restored_db}",
        f"--host={host}", f"--port={port}", f"--username={user}", str(dump), pg=postgres,
    )  # fmt: skip
    restored = tmp_path / "restored"
    restored.mkdir()
    shutil.copy2(dump.with_suffix(".toml"), restored / instance.SETTINGS)
    point_at(restored, store | {"dbname": restored_db})
    # `troef restore` without a backup folder: migrate, rebuild the read models, check
    done = troef("restore", "--instance", str(restored))
    assert done.returncode == 0, f"troef restore: {done.stdout}{done.stderr}"
    said = done.stdout
    assert "event store (postgres): tables ready" in said, said
    assert "== troef projections rebuild" in said and "Rebuilt the read models from" in said
    assert ", 0 broken" in said and "read models match a fresh rebuild" in said, said
    assert said.rstrip().endswith(
        "The restored instance passed troef audit verify and troef projections check."
    )

    # The dump is one moment: every deal acknowledged before it began, none twice, none of
    # those acknowledged only after it ended.
    deals = recorded(postgres, restored_db, list_id)
    assert deals == list(range(1, len(deals) + 1))
    assert set(before) <= set(deals)
    assert len(deals) <= DEALS - LAST
    app, views = instance.load(restored).open()
    assert [row["deal_no"] for row in app.get_list(list_id).rows] == deals
    app.close()
    views.close()

    # The phone still holds its outbox and pushes it again to the restored instance, served:
    # the deals in the dump are duplicates, the later ones are stored, each once.
    with serving(restored, tmp_path / "restored.log") as base:
        body = {"client_id": "phone-1", "mutations": mutations}
        answer = http("POST", f"{base}/api/sync/push", body, token)
    statuses = [r["status"] for r in answer["results"]]
    assert statuses == ["duplicate"] * (1 + len(deals)) + ["applied"] * (DEALS - len(deals))
    assert recorded(postgres, restored_db, list_id) == list(range(1, DEALS + 1))
    print(
        f"\npg backup: {len(before)} deals acknowledged before pg_dump, "
        f"{while_dumping} while it ran; "
        f"the restore holds {len(deals)} of {DEALS}, each once; the other "
        f"{DEALS - len(deals)} pushed again after the restore, each once"
    )
