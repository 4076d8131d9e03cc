"""One way in: every command declared once, checked before it runs, idempotent per key."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.aggregates.actor import TABLE, Actor, director
from backend.aggregates.errors import Conflict, Forbidden, InvalidInput
from backend.application import COMMANDS, Command, Troef
from backend.application.commands import LIST, NEW

BOSS = director()
PHONE = Actor(TABLE, client_id="phone-anna")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Troef]:
    troef = Troef(
        env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "e")}
    )
    yield troef
    troef.close()


def stored_events(app: Troef) -> int:
    return app.recorder.max_notification_id() or 0


def competition(app: Troef) -> str:
    create = {"name": "Zondagen", "rules": "wiezen-reglement-2019"}
    return str(app.handle(BOSS, Command("create_competition", None, create)))


def test_every_command_is_declared_once_with_its_sender_target_and_arguments() -> None:
    assert len(COMMANDS) == len({spec.name for spec in COMMANDS.values()})
    for name, spec in COMMANDS.items():
        assert spec.name == name
        assert spec.roles, name
        assert spec.aggregate in ("competition", LIST, NEW), name
        assert len({a.name for a in spec.args}) == len(spec.args), name
    # the table's phones send list commands only; the director alone runs a competition
    for spec in COMMANDS.values():
        if TABLE in spec.roles:
            assert spec.aggregate == LIST, spec.name


def test_an_unknown_command_is_refused_with_the_known_names(app: Troef) -> None:
    with pytest.raises(InvalidInput) as refused:
        app.handle(BOSS, Command("delete_everything", None, {}))
    assert refused.value.field == "name"
    assert "enrol_player" in refused.value.message
    assert stored_events(app) == 0


@pytest.mark.parametrize(
    ("args", "field", "rule"),
    [
        ({}, "name", "is required"),
        ({"name": 7}, "name", "must be text"),
        ({"name": "Jan", "nickname": "J"}, "nickname", "is not an argument"),
        ({"name": "Jan \ud83d"}, "name", "lone surrogate"),
        ({"name": "x" * 10_001}, "name", "at most 10000 characters"),
    ],
)
def test_arguments_are_checked_against_the_declaration_before_anything_is_loaded(
    app: Troef, args: dict[str, Any], field: str, rule: str
) -> None:
    cid = competition(app)
    before = stored_events(app)
    with pytest.raises(InvalidInput) as refused:
        app.handle(BOSS, Command("enrol_player", cid, args))
    assert refused.value.field == field
    assert rule in refused.value.message
    assert stored_events(app) == before


def test_a_role_the_table_does_not_admit_is_refused_and_records_nothing(app: Troef) -> None:
    cid = competition(app)
    before = stored_events(app)
    with pytest.raises(Forbidden):
        app.handle(PHONE, Command("enrol_player", cid, {"name": "Jan"}))
    assert stored_events(app) == before


def test_a_repeated_key_gets_the_first_answer_and_records_nothing(app: Troef) -> None:
    cid = competition(app)
    first = app.handle(BOSS, Command("enrol_player", cid, {"name": "Jan"}, key="k-1"))
    after_first = stored_events(app)
    again = app.handle(BOSS, Command("enrol_player", cid, {"name": "Jan"}, key="k-1"))
    assert again == first
    assert stored_events(app) == after_first
    assert list(app.get_competition(cid).players) == [first]


def test_the_same_key_with_other_content_is_refused_naming_the_key(app: Troef) -> None:
    cid = competition(app)
    app.handle(BOSS, Command("enrol_player", cid, {"name": "Jan"}, key="k-1"))
    before = stored_events(app)
    with pytest.raises(Conflict) as refused:
        app.handle(BOSS, Command("enrol_player", cid, {"name": "Piet"}, key="k-1"))
    assert refused.value.field == "Idempotency-Key"
    assert "'k-1'" in refused.value.message
    assert stored_events(app) == before


def test_a_command_without_a_key_is_applied_each_time_it_is_sent(app: Troef) -> None:
    cid = competition(app)
    adjust = {"player_id": "", "points": 5, "reason": "late", "article": ""}
    adjust["player_id"] = app.handle(BOSS, Command("enrol_player", cid, {"name": "Jan"}))
    app.handle(BOSS, Command("adjust_standing", cid, adjust, key="a"))
    app.handle(BOSS, Command("adjust_standing", cid, adjust, key="a"))
    app.handle(BOSS, Command("adjust_standing", cid, adjust, key="b"))
    assert len(app.get_competition(cid).adjustments) == 2


def test_a_creation_sent_twice_creates_one_competition(app: Troef) -> None:
    create = {"name": "Zondagen", "rules": "wiezen-reglement-2019"}
    one = app.handle(BOSS, Command("create_competition", None, create, key="new-1"))
    two = app.handle(BOSS, Command("create_competition", None, create, key="new-1"))
    assert one == two
    three = app.handle(BOSS, Command("create_competition", None, create, key="new-2"))
    assert three != one
    assert app.get_competition(str(one)).name == app.get_competition(str(three)).name


def test_the_same_key_sent_by_two_threads_at_once_is_applied_once(app: Troef) -> None:
    cid = competition(app)
    answers: list[Any] = []
    start = threading.Barrier(4)

    def send() -> None:
        start.wait()
        answers.append(app.handle(BOSS, Command("enrol_player", cid, {"name": "Jan"}, key="x")))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(answers)) == 1
    assert len(app.get_competition(cid).players) == 1


def test_keys_are_kept_per_sender(app: Troef) -> None:
    cid = competition(app)
    other = director("bert", client_id="console-2")
    a = app.handle(BOSS, Command("enrol_player", cid, {"name": "Jan"}, key="same"))
    b = app.handle(other, Command("enrol_player", cid, {"name": "Piet"}, key="same"))
    assert a != b
    assert len(app.get_competition(cid).players) == 2
