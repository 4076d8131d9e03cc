"""The catch-up reads stored events with a faster JSON parser: every event is the one the
library's own mapper gives, and its time text the one the library stored (#14)."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import NAMESPACE_URL, uuid5

import pytest
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import JSONTranscoder, Mapper

from backend.application import Troef
from backend.demo.season import build_demo
from backend.projections.decoding import Decoder


@pytest.fixture(scope="module")
def club(small_club: tuple[Troef, Path]) -> Troef:
    return small_club[0]


def test_every_event_of_a_club_is_the_one_the_librarys_mapper_gives(app: Troef) -> None:
    """On both stores: PostgreSQL gives the state and the id in types of its own driver."""
    build_demo(app, seed=5, size="small")
    decode = Decoder(app)
    stored = app.recorder.select_notifications(start=1, limit=100_000)
    assert len(stored) > 300
    for n in stored:
        ours, at = decode(n)
        theirs = app.mapper.to_domain_event(n)
        assert type(ours) is type(theirs)
        assert ours.__dict__ == theirs.__dict__
        assert type(ours.timestamp) is datetime
        assert at == theirs.timestamp.isoformat()


class Note(Aggregate):
    """An aggregate whose events hold what Troef's do not: other custom types, long numbers."""

    @event("Noted")
    def note(self, value: Any) -> None:
        self.value = value


@pytest.mark.parametrize(
    "value",
    [
        {"amount": 2**70, "negative": -(2**63) - 1},  # beyond 64 bits: not read as a float
        {"id": uuid5(NAMESPACE_URL, "troef")},  # a second custom value: the library's path
        {"at": datetime(2026, 12, 4, 13, 0, tzinfo=UTC)},
        {"_type_": "not a custom value", "_data_": 1, "third": 2},
        {"hash": "1234567890123456789012", "text": "naïve \u2028 \x00"},
    ],
)
def test_what_troef_does_not_store_is_still_read_as_the_library_reads_it(
    sqlite_env: dict[str, str], value: Any
) -> None:
    app = Troef(env=sqlite_env)
    try:
        note = Note()
        note.note(value)
        app.save(note)
        decode = Decoder(app)
        for n in app.recorder.select_notifications(start=1, limit=100):
            ours, at = decode(n)
            theirs = app.mapper.to_domain_event(n)
            assert ours.__dict__ == theirs.__dict__
            assert at == theirs.timestamp.isoformat()
        assert (
            app.mapper.to_domain_event(
                app.recorder.select_notifications(start=1, limit=100)[-1]
            ).value
            == value
        )
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            app.close()


def test_an_application_with_its_own_transcoder_is_read_with_it(club: Troef) -> None:
    class Own(JSONTranscoder):
        def decode(self, data: bytes) -> Any:
            return {**super().decode(data), "read_by": "own"}

    own = Own()
    for transcoding in club.mapper.transcoder.names.values():
        own.register(transcoding)
    mapper = Mapper(own)

    class Shim:
        pass

    shim: Any = Shim()
    shim.mapper = mapper
    decode = Decoder(shim)
    n = club.recorder.select_notifications(start=1, limit=1)[0]
    ours, at = decode(n)
    assert ours.read_by == "own"  # the app's transcoder read it, not the fast path
    assert {**ours.__dict__, "read_by": None} == {
        **club.mapper.to_domain_event(n).__dict__,
        "read_by": None,
    }
    assert at == ours.timestamp.isoformat()
