"""A phone's offline batch over HTTP: one transaction for the list, each mutation answered."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .conftest import join, vraag, wiezen_evening
from .test_sync import push


def outbox(lst: str) -> list[tuple]:
    """An evening offline: the join, 12 deals, one sent twice, one in conflict, one refused."""
    deals = [
        (n + 1, "record_deal", lst, {"deal_no": n, "record": vraag(n % 4 + 1)}) for n in range(1, 7)
    ]
    more = [
        (n + 3, "record_deal", lst, {"deal_no": n, "record": vraag(n % 4 + 1)})
        for n in range(7, 13)
    ]
    return [
        (1, "join", lst, {}),
        *deals,
        (7, "record_deal", lst, {"deal_no": 6, "record": vraag(6 % 4 + 1)}),  # sent twice
        (
            8,
            "record_deal",
            lst,
            {"deal_no": 3, "record": vraag(1, 10)},
        ),  # conflict: deal 3 is taken
        (9, "record_deal", lst, {"deal_no": 7, "record": {"contract": "NONSENSE"}}),  # refused
        *more,
    ]


def test_an_offline_batch_is_saved_once_and_answered_mutation_by_mutation(
    web: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = web.extensions["troef"].app
    saves: list[int] = []
    save = app.save
    monkeypatch.setattr(app, "save", lambda *o, **k: saves.append(1) or save(*o, **k))
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    saves.clear()
    answer = push(client, auth, "phone-1", *outbox(lst))
    assert saves == [1]  # the whole batch in one transaction
    statuses = [r["status"] for r in answer["results"]]
    assert statuses == ["applied"] * 7 + ["duplicate", "conflict", "refused"] + ["applied"] * 6
    assert answer["results"][8]["error"]["error"] == "deal_taken"
    assert answer["last_mutation_id"] == 15
    # each answer shows the list as it stood right after that mutation
    assert [r["list"]["rows"] for r in answer["results"]] == [
        0,
        *range(1, 7),
        6,
        6,
        6,
        *range(7, 13),
    ]
    assert answer["results"][-1]["list"]["version"] == app.get_list(lst).version
    assert all(r["list"]["holds_pen"] for r in answer["results"])

    position = app.recorder.max_notification_id()
    again = push(client, auth, "phone-1", *outbox(lst))
    assert len(saves) == 1 and app.recorder.max_notification_id() == position
    assert [r["status"] for r in again["results"]] == (
        ["duplicate"] * 8 + ["conflict", "refused"] + ["duplicate"] * 6
    )
    for first, repeat in zip(answer["results"], again["results"], strict=True):
        assert repeat.get("result") == first.get("result")
        assert repeat.get("error") == first.get("error")


def test_the_read_models_hold_a_batch_once_it_is_answered(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    push(client, auth, "phone-1", *outbox(lst))
    sheet: Any = client.get(f"/api/lists/{lst}", headers=auth).json
    assert [row["deal_no"] for row in sheet["rows"]] == list(range(1, 13))
    views = web.extensions["troef"].views
    trail = views.rows("SELECT count(*) AS n FROM audit_trail WHERE aggregate_id = ?", [lst])
    assert trail[0]["n"] == web.extensions["troef"].app.get_list(lst).version
