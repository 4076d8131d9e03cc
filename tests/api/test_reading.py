"""A sync round reads its list once per request, and a reading request gives it back for the
next load: a phone's pull and sheet no longer rebuild the list from its stored events, and
what they gave back never hides what another process stored since (#14)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command, Troef

from .conftest import join, vraag, wiezen_evening
from .test_sync import push


@contextmanager
def rebuilt(app: Troef, list_id: str) -> Iterator[list[int]]:
    """Count the loads of ``list_id`` from the store that decode its events (not a kept one)."""
    count = [0]
    real = app.repository.get

    def spy(uid: UUID, *args: Any, **kwargs: Any) -> Any:
        if str(uid) == list_id:
            count[0] += 1
        return real(uid, *args, **kwargs)

    app.repository.get = spy  # type: ignore[method-assign]
    try:
        yield count
    finally:
        del app.repository.get


def test_a_phones_sync_rounds_do_not_rebuild_its_list(web: Flask, client: FlaskClient) -> None:
    app = web.extensions["troef"].app
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    push(client, auth, "phone-1", (1, "join", lst, {}))
    with rebuilt(app, lst) as loads:
        for n in range(1, 6):  # a round: a push, a pull, a read of the sheet
            push(
                client,
                auth,
                "phone-1",
                (n + 1, "record_deal", lst, {"deal_no": n, "record": vraag()}),
            )
            pulled = client.get(f"/api/sync/pull?list={lst}&cursor=0", headers=auth)
            assert pulled.status_code == 200, pulled.json
            sheet = client.get(f"/api/lists/{lst}", headers=auth)
            assert sheet.status_code == 200, sheet.json
            assert len(sheet.json["rows"]) == n and sheet.json["holds_pen"] is True
    assert loads[0] == 0


def test_what_another_process_stored_after_a_read_is_in_the_next_read(
    web: Flask, client: FlaskClient
) -> None:
    svc = web.extensions["troef"]
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    push(client, auth, "phone-1", (1, "join", lst, {}))
    play = f"/api/lists/{lst}/play"
    assert client.get(play, headers=auth).json["play_mode"] is False  # read, and given back
    other = Troef(env=svc.instance.event_env())  # a second server process on the same store
    try:
        other.handle(director("anna"), Command("set_play_mode", lst, {"on": True}))
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            other.close()
    assert client.get(play, headers=auth).json["play_mode"] is True
    sheet = client.get(f"/api/lists/{lst}", headers=auth).json
    assert sheet["holds_pen"] is True and sheet["rows"] == []
