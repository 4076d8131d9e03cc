"""Shared fixtures: a real application on a real SQLite file, and on PostgreSQL."""

from __future__ import annotations

import os
import uuid
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

from backend.aggregates.actor import Actor, director
from backend.application import Troef

PG = {
    "POSTGRES_HOST": os.environ.get("TROEF_TEST_PGHOST", "127.0.0.1"),
    "POSTGRES_PORT": os.environ.get("TROEF_TEST_PGPORT", "5432"),
    "POSTGRES_DBNAME": os.environ.get("TROEF_TEST_PGDATABASE", "troef_test"),
    "POSTGRES_USER": os.environ.get("TROEF_TEST_PGUSER", "troef"),
    "POSTGRES_PASSWORD": os.environ.get("TROEF_TEST_PGPASSWORD", "troef"),
}
_pg_missing: list[str] = []

# Properties are about results, not speed: on a loaded 2-core machine one example can take
# far longer than hypothesis's 200 ms deadline, which would fail a correct test.
# The suite draws the same examples on every run, so that a red run says something about the
# change and not about the draw; `scripts/explore` runs the properties on fresh random examples
# (TROEF_HYPOTHESIS=explore) to look for what these have not found yet.
settings.register_profile("troef", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("TROEF_HYPOTHESIS", "troef"))


def _pg_connect() -> Any:
    import psycopg

    return psycopg.connect(
        host=PG["POSTGRES_HOST"],
        port=PG["POSTGRES_PORT"],
        dbname=PG["POSTGRES_DBNAME"],
        user=PG["POSTGRES_USER"],
        password=PG["POSTGRES_PASSWORD"],
        connect_timeout=3,
        autocommit=True,
    )


@pytest.fixture(scope="session")
def postgres() -> dict[str, str]:
    """The PostgreSQL settings, or a loud skip when no server is reachable."""
    try:
        _pg_connect().close()
    except Exception as exc:  # any failure to connect means: no server here
        _pg_missing.append(str(exc).strip().splitlines()[0])
        pytest.skip(f"NO POSTGRESQL SERVER: {_pg_missing[-1]}")
    return PG


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _pg_missing:
        terminalreporter.write_sep(
            "!", "PostgreSQL tests were SKIPPED: no server reachable", red=True, bold=True
        )
        terminalreporter.write_line(f"  {_pg_missing[0]}")


@pytest.fixture
def pg_env(postgres: dict[str, str]) -> Iterator[dict[str, str]]:
    """An event-store environment in a fresh PostgreSQL schema, dropped afterwards."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    with _pg_connect() as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield {"PERSISTENCE_MODULE": "eventsourcing.postgres", **postgres, "POSTGRES_SCHEMA": schema}
    with _pg_connect() as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def sqlite_env(tmp_path: Any) -> dict[str, str]:
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(tmp_path / "events.sqlite"),
    }


@pytest.fixture(params=["sqlite", "postgres"])
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """The event store of each kind: a SQLite file, then PostgreSQL."""
    return request.getfixturevalue(f"{'sqlite' if request.param == 'sqlite' else 'pg'}_env")


@pytest.fixture
def app(store_env: dict[str, str]) -> Iterator[Troef]:
    application = Troef(env=store_env)
    yield application
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        application.close()


@pytest.fixture
def boss() -> Actor:
    return director("Directeur")


def phone(client_id: str, mutation_id: int | None = None) -> Actor:
    return Actor("table", client_id=client_id, mutation_id=mutation_id)


@pytest.fixture
def wired(store_env: dict[str, str], tmp_path: Any) -> Iterator[tuple[Troef, Any]]:
    """The application with its read models in a SQLite file, caught up after every save."""
    from backend.projections import ReadModels

    application = Troef(env=store_env)
    views = ReadModels(tmp_path / "views.sqlite")
    application.after_save.append(lambda _r: views.catch_up(application))
    yield application, views
    views.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        application.close()
