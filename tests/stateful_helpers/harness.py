"""The machinery of the stateful history test: stores, devices, actors and running a command.

:meth:`Harness.run` is where invariant 4 is checked: it sends one command, compares the
outcome with the model's prediction (applied, or refused with exactly that error class)
and checks that a refusal left the list's version alone while an applied change appended
exactly one event. Numbered commands are remembered per device, to be sent again.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
import uuid
import warnings
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import event
from hypothesis.stateful import RuleBasedStateMachine

from backend.aggregates.actor import DIRECTOR, TABLE, Actor, director, system
from backend.aggregates.errors import Conflict, DomainError, ListSubmittedError
from backend.aggregates.score_list import ScoreList
from backend.application import Command, Troef
from backend.projections import ReadModels
from backend.rules import default_ruleset

from ..conftest import _pg_connect
from .model import SEAT_NAMES, ListModel, Refusal

PHONES = ("phone-a", "phone-b", "phone-c")
CONSOLE = "console"  # the director's client id
PEN = "pen"  # whoever may write: the device with the pen, else the director
SCHAFKOPF_PLANNED = 30  # Schafkopf Nr. 1: a Durchgang has 30 games
# SQLite syncs every commit to disk; on a RAM disk (when there is one) that costs nothing.
RAM_DISK = "/dev/shm" if Path("/dev/shm").is_dir() else None
Then = Callable[[Any, ScoreList, ScoreList], None]


class Store:
    """Where a machine's events live: a SQLite file, or a fresh PostgreSQL schema."""

    def __init__(self, postgres: Mapping[str, str] | None = None) -> None:
        self.postgres, self.schema = postgres, ""

    def open(self, folder: Path) -> dict[str, str]:
        """The event store's environment (on PostgreSQL, in a schema made for it)."""
        if self.postgres is None:
            return {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(folder / "events.sqlite"),
            }
        self.schema = f"t_{uuid.uuid4().hex[:12]}"
        with _pg_connect() as conn:
            conn.execute(f"CREATE SCHEMA {self.schema}")
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            **self.postgres,
            "POSTGRES_SCHEMA": self.schema,
        }

    def drop(self) -> None:
        """Drop the PostgreSQL schema (SQLite files go with their folder)."""
        if self.schema:
            with _pg_connect() as conn:
                conn.execute(f"DROP SCHEMA {self.schema} CASCADE")


@dataclass
class Sent:
    """A numbered command a device sent, to send again, and what came of it."""

    actor: Actor
    list_id: str
    send: Callable[[Actor], Any]
    outcome: dict[str, Any]


@dataclass
class DeviceModel:
    """The last mutation id a device used and what it sent."""

    last: int = 0
    sent: list[Sent] = field(default_factory=list)


class Harness(RuleBasedStateMachine):
    """An application with live read models in a temporary folder, and the test's models."""

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="troef-history-", dir=RAM_DISK))
        self.store = store
        try:
            self.app = Troef(env=store.open(self.folder))
        except BaseException:
            store.drop()
            raise
        self.views = ReadModels(self.folder / "views.sqlite")
        self.app.after_save.append(lambda _r: self.views.catch_up(self.app))
        self.empty = self.folder / "empty.sqlite"
        ReadModels(self.empty).close()
        self.models: dict[str, ListModel] = {}
        # mutation ids count per device and list (issue 12): one model each, made on first use
        self.devices: dict[tuple[str, str], DeviceModel] = defaultdict(DeviceModel)
        self.counter = itertools.count(1)
        self.competitions: dict[str, str] = {}
        self.drawn: list[str] = []
        self.seated = False

    def teardown(self) -> None:
        """Close the read models and the store; drop the schema and the folder."""
        self.views.close()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.app.close()
        self.store.drop()
        shutil.rmtree(self.folder, ignore_errors=True)

    # ---- opening lists ----------------------------------------------------------------

    def open_season(self) -> None:
        """Create a schafkopf and a wiezen competition (players come with the first draw)."""
        self.competitions = {
            game: self.app.handle(
                director(),
                Command(
                    "create_competition",
                    None,
                    {"name": game, "rules": default_ruleset(game).id, "counting": counting},
                ),
            )
            for game, counting in (("schafkopf", {"durchgaenge": 1}), ("wiezen", None))
        }

    def open(self, how: str, seed: int, planned: int) -> list[str]:
        """Draw the schafkopf tables (``draw``), or open a ``game-seats`` list directly."""
        if how == "draw":
            return self.draw(seed)
        game, size = how.split("-")
        return [self.open_directly(game, int(size), planned)]

    def _seat_players(self) -> None:
        """Enrol four schafkopf players, schedule an evening and mark them present."""
        boss, app, competition = director(), self.app, self.competitions["schafkopf"]
        players = [
            app.handle(boss, Command("enrol_player", competition, {"name": f"Speler {i}"}))
            for i in range(1, 5)
        ]
        evening = app.handle(boss, Command("schedule_evening", competition, {"date": "2026-03-01"}))
        for player in players:
            app.handle(
                boss,
                Command(
                    "record_attendance",
                    competition,
                    {"evening": evening, "player_id": player, "status": "present"},
                ),
            )
        self.seated = True

    def draw(self, seed: int) -> list[str]:
        """Draw the schafkopf tables (again); check the outcome and model the lists."""
        if not self.seated:
            self._seat_players()
        old = [self.models[list_id] for list_id in self.drawn]
        refusal: Refusal = None
        if any(m.rows for m in old):
            refusal = Conflict
        elif any(m.submitted for m in old):
            refusal = ListSubmittedError
        try:
            drawn = self.app.handle(
                director(),
                Command(
                    "draw_seating",
                    self.competitions["schafkopf"],
                    {"evening": 1, "seed": str(seed)},
                ),
            )
        except DomainError as exc:
            event(f"draw: {exc.kind}")
            assert type(exc) is refusal, f"expected {refusal}, got {exc!r}"
            drawn = {"lists": []}
        else:
            event("draw: applied")
            assert refusal is None, f"the draw should be refused with {refusal.__name__}"
            for m in old:
                m.cancelled, m.version = True, m.version + 1
            self.drawn = [e["list_id"] for e in drawn["lists"]]
        for m in old:
            assert self.app.get_list(m.list_id).version == m.version
        for e in drawn["lists"]:
            lm = ListModel(e["list_id"], "schafkopf", dict(e["seats"]), SCHAFKOPF_PLANNED)
            self.models[lm.list_id] = self.with_phones(lm)
        return [e["list_id"] for e in drawn["lists"]]

    def open_directly(self, game: str, size: int, planned: int) -> str:
        """Open a list with ScoreList.open and save it (as tests/aggregates/helpers.py does)."""
        seats = {s: f"p{s}" for s in SEAT_NAMES[size]}
        opened = ScoreList.open(
            competition_id=self.competitions[game],
            evening=2,
            round=1,
            table=next(self.counter),
            draw=1,
            rules=default_ruleset(game),
            seats=seats,
            planned_deals=planned,
            actor=director(),
        )
        self.app.save(opened)
        event(f"open a {game} list of {size} seats")
        self.models[str(opened.id)] = self.with_phones(
            ListModel(str(opened.id), game, seats, planned)
        )
        return str(opened.id)

    def with_phones(self, lm: ListModel) -> ListModel:
        """Register every phone on the list, as joining with the table card does (each phone
        is a device of the list, known by its own id as its name)."""
        for phone in PHONES:
            self.app.handle(
                system(), Command("register_device", lm.list_id, {"device": phone, "name": phone})
            )
        lm.version = self.app.get_list(lm.list_id).version
        return lm

    # ---- helpers of the rules and invariants ------------------------------------------

    def rebuild(self) -> dict[str, list[tuple[Any, ...]]]:
        """Dump new read models caught up from scratch (their tables made once, copied)."""
        path = self.folder / f"rebuild-{next(self.counter)}.sqlite"
        shutil.copyfile(self.empty, path)
        fresh = ReadModels(path)
        try:
            fresh.catch_up(self.app)
            return fresh.dump()
        finally:
            fresh.close()
            for stale in self.folder.glob(f"{path.name}*"):
                stale.unlink()

    def live_lists(self) -> int:
        return sum(1 for m in self.models.values() if not (m.submitted or m.cancelled))

    def sent(self) -> list[Sent]:
        return [sent for device in self.devices.values() for sent in device.sent]

    def actor(self, lm: ListModel, who: str, numbered: bool, skip: int = 1) -> Actor:
        """The director, a phone or the pen's holder; numbered with the device's next id."""
        if who == PEN:
            who = DIRECTOR if lm.pen in (None, CONSOLE) else lm.pen
        client = CONSOLE if who == DIRECTOR else who
        number = self.devices[(client, lm.list_id)].last + skip if numbered else None
        return Actor(DIRECTOR if who == DIRECTOR else TABLE, client_id=client, mutation_id=number)

    def deal(self, lm: ListModel, which: int) -> Any:
        """A deal number: mostly one on the list, else the next, zero or a boolean."""
        if which < 7:
            return 1 + which % max(1, len(lm.rows))
        return {7: len(lm.rows) + 1, 8: 0, 9: True}[which]

    def run(
        self,
        name: str,
        lm: ListModel,
        actor: Actor,
        send: Callable[[Actor], Any],
        refusal: Refusal,
        then: Then | None = None,
        changes: bool = True,
        kept: bool = True,
    ) -> None:
        """Send a command; check the predicted outcome and that the list moved only if applied."""
        before = self.app.get_list(lm.list_id)
        assert before.version == lm.version, f"{lm.list_id} changed behind the test's back"
        try:
            result, error = send(actor), None
        except DomainError as exc:
            result, error = None, exc
        after = self.app.get_list(lm.list_id)
        state = "submitted list" if lm.submitted else "cancelled list" if lm.cancelled else "list"
        event(f"{name} on a {state}: {'applied' if error is None else error.kind}")
        if refusal is not None:
            assert type(error) is refusal, f"{name}: expected {refusal.__name__}, got {error!r}"
            assert after.version == before.version, f"the refused {name} changed the list"
            outcome = {"status": "refused", "kind": error.kind, "code": error.status}
        else:
            assert error is None, f"{name} was refused: {error.as_dict()}"
            assert after.version == before.version + int(changes), f"{name}: version moved wrong"
            lm.version = after.version
            if then is not None:
                then(result, before, after)
            outcome = {"status": "applied", "result": result}
        if kept and actor.mutation_id is not None:
            device = self.devices[(actor.client_id, lm.list_id)]
            device.last = actor.mutation_id
            device.sent.append(Sent(actor, lm.list_id, send, outcome))
