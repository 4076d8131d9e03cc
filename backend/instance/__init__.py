"""An instance folder: the club's settings, its event store and its read models.

Layers, later winning: built-in defaults, ``troef.toml`` in the instance folder, then
environment variables (``TROEF_STORE=postgres`` and the ``POSTGRES_*`` settings of the
event store). The embedded default is two SQLite files in the folder.

This package is the composition root: it wires the application to its read models
(:meth:`Instance.open`), holds what a running web app holds (:mod:`.services`) and who its
browser is (:mod:`.session`). Only the API, the pages and the CLI import it
(docs/architecture.md, "Import rules").
"""

from __future__ import annotations

import os
import secrets
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from werkzeug.security import generate_password_hash

from ..application import Troef
from ..projections import ReadModels
from .lock import exclusive

SETTINGS = "troef.toml"
DEFAULT_DIR = "instance"
PG_KEYS = (
    "POSTGRES_HOST",
    "POSTGRES_PORT",
    "POSTGRES_DBNAME",
    "POSTGRES_USER",
    "POSTGRES_PASSWORD",
    "POSTGRES_SCHEMA",
)


class InstanceError(Exception):
    """Raised when an instance folder is missing or its settings are wrong."""


@dataclass
class Instance:
    """A club's instance folder and the settings read from it."""

    path: Path
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def club(self) -> str:
        return str(self.settings.get("club", {}).get("name", "Troef"))

    @property
    def club_number(self) -> str:
        """The club's federation number (``[club] number``); "" when not set."""
        return str(self.settings.get("club", {}).get("number", ""))

    def event_env(self) -> dict[str, str]:
        """The eventsourcing settings of the event store."""
        store = dict(self.settings.get("store", {}))
        kind = os.environ.get("TROEF_STORE", store.get("kind", "sqlite"))
        if kind == "sqlite":
            return {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(self.path / "events.sqlite"),
                "SQLITE_LOCK_TIMEOUT": "30",
            }
        if kind != "postgres":
            raise InstanceError(f"store.kind must be 'sqlite' or 'postgres', not {kind!r}")
        env = {"PERSISTENCE_MODULE": "eventsourcing.postgres"}
        for key in PG_KEYS:
            value = os.environ.get(key, store.get(key.removeprefix("POSTGRES_").lower()))
            if value is not None:
                env[key] = str(value)
        return env

    def open(self, env: dict[str, str] | None = None) -> tuple[Troef, ReadModels]:
        """The application and its read models, wired so that every save catches up.

        The read models are migrated and caught up under the instance's lock, one process
        at a time (``troef migrate`` has usually done both before the processes start).
        """
        with exclusive(self.path):
            app = Troef(env=env or self.event_env())
            views = ReadModels(self.path / "views.sqlite")
            app.after_save.append(lambda _recordings: views.catch_up(app, settle=False))
            views.catch_up(app)
        return app, views


def instance_dir(value: str | os.PathLike[str] | None = None) -> Path:
    return Path(value or os.environ.get("TROEF_INSTANCE") or DEFAULT_DIR).resolve()


def load(path: str | os.PathLike[str] | None = None) -> Instance:
    """Read an instance folder made by ``troef init``."""
    folder = instance_dir(path)
    settings_file = folder / SETTINGS
    if not settings_file.exists():
        raise InstanceError(f"{folder} is not a Troef instance; run 'troef init' first")
    try:
        settings = tomllib.loads(settings_file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InstanceError(f"{settings_file}: {exc}") from None
    return Instance(folder, settings)


def init(
    path: str | os.PathLike[str] | None,
    club: str,
    director: str,
    password: str | None = None,
    club_number: str = "",
) -> tuple[Instance, str]:
    """Create an instance folder with a club (and its federation number) and its director;
    returns the password used."""
    folder = instance_dir(path)
    if (folder / SETTINGS).exists():
        raise InstanceError(f"{folder} already holds a Troef instance")
    folder.mkdir(parents=True, exist_ok=True)
    password = password or secrets.token_urlsafe(9)
    settings = {
        "club": {"name": club, **({"number": club_number} if club_number else {})},
        "director": {"name": director, "password_hash": generate_password_hash(password)},
        "server": {"secret_key": secrets.token_hex(32)},
        "store": {"kind": "sqlite"},
    }
    (folder / SETTINGS).write_text(dumps(settings), encoding="utf-8")
    os.chmod(folder / SETTINGS, 0o600)
    return Instance(folder, settings), password


def dumps(settings: Mapping[str, Mapping[str, Any]]) -> str:
    """Write a two-level settings mapping as TOML (strings, numbers and booleans)."""
    lines = []
    for section, values in settings.items():
        lines.append(f"[{section}]")
        for key, value in values.items():
            if isinstance(value, bool):
                lines.append(f"{key} = {'true' if value else 'false'}")
            elif isinstance(value, int):
                lines.append(f"{key} = {value}")
            else:
                escaped = str(value).replace("\\", "\\\\").replace('"', '\\"')
                lines.append(f'{key} = "{escaped}"')
        lines.append("")
    return "\n".join(lines)
