"""No silent failure: health answers 503 with the reasons, one failing competition never keeps
another from being settled, and every page of results says up to which event it is current."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from backend import instance
from backend.api import create_app
from backend.application import Command
from backend.projections import results, store

from ..conftest import phone
from ..keyed import keyed
from .conftest import wiezen_evening


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Flask]:
    """A web app with its catch-up worker running, as ``troef serve`` starts it."""
    instance.init(tmp_path / "club", "De Troef", "anna", "geheim-genoeg")
    config = {"TESTING": True, "TROEF_INSTANCE": str(tmp_path / "club"), "TROEF_WORKER": True}
    flask_app = keyed(create_app({**config, "TROEF_WORKER_INTERVAL": 0.05}))
    yield flask_app
    flask_app.extensions["troef"].close()


def test_health_is_red_with_the_worker_stopped(running: Flask) -> None:
    client = running.test_client()
    answer = client.get("/api/health")
    assert answer.status_code == 200
    assert answer.json["status"] == "ok" and answer.json["worker"] == "running"
    running.extensions["troef"].worker.stop()
    answer = client.get("/api/health")
    assert answer.status_code == 503
    assert answer.json["status"] == "failing" and answer.json["worker"] == "stopped"
    assert answer.json["reasons"] == ["the catch-up worker is stopped"]


def _deal(web: Flask, evening: dict[str, Any], client_id: str) -> None:
    app, list_id = web.extensions["troef"].app, evening["lists"][0]["list_id"]
    app.handle(phone(client_id), Command("join", list_id))
    record = {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}
    app.handle(phone(client_id), Command("record_deal", list_id, {"deal_no": 1, "record": record}))


def test_a_failing_competition_is_recorded_and_the_others_are_settled(
    web: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, views = web.test_client(), web.extensions["troef"].views
    broken, fine = wiezen_evening(web), wiezen_evening(web)
    views.settle()
    _deal(web, broken, "T-broken")
    _deal(web, fine, "T-fine")
    refresh = results.refresh

    def failing(db: Any, competition_id: str) -> None:
        if competition_id == broken["competition_id"]:
            raise RuntimeError("a bug in a counting rule")
        refresh(db, competition_id)

    monkeypatch.setattr(results, "refresh", failing)
    assert views.settle() == 1, "the other competition is settled all the same"
    totals = views.rows(
        "SELECT total FROM standings WHERE competition_id = ?", [fine["competition_id"]]
    )
    assert sorted(r["total"] for r in totals) != [0, 0, 0, 0]
    answer = client.get("/api/health")
    assert answer.status_code == 503
    (failure,) = answer.json["failures"]
    assert failure["subject"] == "results"
    assert failure["competition_id"] == broken["competition_id"]
    assert failure["error"] == "RuntimeError: a bug in a counting rule"
    assert broken["competition_id"] in answer.json["reasons"][0]
    standings = client.get(f"/api/competitions/{broken['competition_id']}/standings").json
    assert standings["current"]["behind_since"] == failure["since"]
    assert standings["current"]["reason"] == "RuntimeError: a bug in a counting rule"
    page = client.get(f"/standings/{broken['competition_id']}?lang=en").get_data(as_text=True)
    assert "These standings are behind since" in page
    monkeypatch.undo()
    assert views.settle() == 1
    assert client.get("/api/health").status_code == 200
    standings = client.get(f"/api/competitions/{broken['competition_id']}/standings").json
    assert standings["current"]["behind_since"] is None


def test_a_failing_catch_up_is_recorded_with_its_event(
    web: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, svc = web.test_client(), web.extensions["troef"]
    evening = wiezen_evening(web)

    def broken(*_args: Any) -> None:
        raise RuntimeError("cannot project a deal")

    monkeypatch.setitem(store.HANDLERS, "ScoreList.DealRecorded", broken)
    _deal(web, evening, "T1")  # stored; the catch-up after the save fails and is recorded
    answer = client.get("/api/health")
    assert answer.status_code == 503
    (failure,) = answer.json["failures"]
    assert failure["subject"] == "catch-up" and failure["competition_id"] is None
    assert failure["position"] == svc.app.recorder.max_notification_id()
    assert "cannot project a deal" in failure["error"]
    assert answer.json["behind"] >= 1
    monkeypatch.undo()
    svc.views.catch_up(svc.app)
    answer = client.get("/api/health")
    assert answer.status_code == 200 and answer.json["behind"] == 0


def test_every_page_of_results_says_up_to_which_event_it_is_current(web: Flask) -> None:
    client, svc = web.test_client(), web.extensions["troef"]
    evening = wiezen_evening(web)
    _deal(web, evening, "T1")
    cid = evening["competition_id"]
    last = svc.app.recorder.max_notification_id()
    current = client.get(f"/api/competitions/{cid}/standings").json["current"]
    assert current["event"] == last and current["behind_since"] is None
    assert current["at"] is not None
    for path in (f"/standings/{cid}?lang=nl", f"/standings/{cid}/evenings/1?lang=nl"):
        page = client.get(path).get_data(as_text=True)
        assert f"Bijgewerkt tot gebeurtenis {last} (" in page, path


def test_an_app_whose_worker_runs_elsewhere_is_healthy_when_current(web: Flask) -> None:
    answer = web.test_client().get("/api/health")  # no session: health is public
    assert answer.status_code == 200 and answer.json["worker"] == "off"
