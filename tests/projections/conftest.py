"""Shared fixtures of the read-model tests."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.application import Troef
from backend.demo.season import build_demo


@pytest.fixture(scope="module")
def small_club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Troef, Path]]:
    """A small demo season of all four games on a SQLite file; the app and its folder."""
    folder = tmp_path_factory.mktemp("club")
    app = Troef(
        env={
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(folder / "events.sqlite"),
        }
    )
    build_demo(app, seed=5, size="small")
    yield app, folder
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.close()
