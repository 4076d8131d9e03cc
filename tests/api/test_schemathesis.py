"""Schemathesis over the OpenAPI document: no answer is a 5xx, every answer is documented.

Every operation of ``/api/openapi.json`` gets a few generated requests (valid and invalid
ones, derandomized), as the director (session cookie and CSRF header) and anonymously,
against an instance with a played evening. Ids in paths and queries are now and then
swapped for real ones, so that requests get past the 404s. Each answer must not be a 5xx,
must have a status its operation lists itself (``default`` describes nothing), and a body
that fits the documented schema.

Known bugs, reported and not fixed here, are pinned by plain tests marked
``xfail(strict=True)`` (they fail the run as soon as a bug is fixed, so that its mark goes
with it); the generated run tolerates exactly the requests that trigger them, nothing else.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from flask import Flask
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app

from .conftest import PASSWORD, vraag

EXAMPLES = 10
LIVE = {  # streams and long polls answer at once instead of holding a thread for minutes
    "TROEF_LIVE_INTERVAL": 0.02,
    "TROEF_LIVE_MAX_AGE": 0.05,
    "TROEF_LIVE_POLL_WAIT": 0.05,
}
CONFIG = schemathesis.Config.from_dict(
    {
        "generation": {
            "mode": "all",
            "max-examples": EXAMPLES,
            "deterministic": True,
            "database": "none",
        },
        "phases": {
            "examples": {"enabled": False},
            "coverage": {"enabled": False},
            "stateful": {"enabled": False},
            "fuzzing": {"enabled": True},
        },
    }
)
SETTINGS = hypothesis.settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
# Statuses these operations once listed only under ``default``; each must now be documented
# (checked below, and by the generated run's strict status check).
UNDOCUMENTED: dict[str, set[int]] = {
    "POST /api/session": {400, 401, 429},
    "POST /api/join": {400, 404, 429},
    "POST /api/sync/push": {400, 401, 403},
    "GET /api/sync/pull": {401, 403, 404},
}
NON_ASCII_JOIN = (
    "reported bug: POST /api/join answers 500 for a code with a non-ASCII character: "
    "hmac.compare_digest(str, str) raises TypeError (backend/api/auth.py:166)"
)
NON_ASCII_CSRF = (
    "reported bug: a director's change with a non-ASCII X-CSRF-Token header answers 500: "
    "hmac.compare_digest(str, str) raises TypeError (backend/api/security.py:44)"
)
HUGE_CURSOR = (
    "reported bug: GET /api/sync/pull?cursor=<more than 2**63-1> answers 500: the cursor has "
    "no upper bound (backend/schemas/sync.py:68) and SQLite raises OverflowError "
    "(backend/api/sync.py:116 -> backend/projections/models.py:107)"
)
MAX_SQLITE = 2**63 - 1


def known_bug(case: schemathesis.Case) -> str | None:
    """The reported bug this request runs into, if any (none left: kept for the next one)."""
    return None


def _fixed_bug(case: schemathesis.Case) -> str | None:
    """The requests that ran into bugs now fixed (each kept as a regression test below)."""
    body = case.body if isinstance(case.body, dict) else {}
    code = body.get("code")
    if case.operation.label == "POST /api/join" and isinstance(code, str) and not code.isascii():
        return NON_ASCII_JOIN
    cursor = str((case.query or {}).get("cursor", "0"))
    if case.operation.label == "GET /api/sync/pull" and cursor.isdigit():
        return HUGE_CURSOR if int(cursor) > MAX_SQLITE else None
    return None


def _app(folder: Path, **config: Any) -> Flask:
    instance.init(folder, "De Troef", "anna", PASSWORD)
    return create_app(
        {"TESTING": True, "TROEF_INSTANCE": str(folder), "TROEF_WORKER": False, **config}
    )


def _document() -> dict[str, Any]:
    """The OpenAPI document, read from a throw-away app when the tests are collected."""
    with tempfile.TemporaryDirectory() as folder:
        flask_app = _app(Path(folder) / "club")
        try:
            return flask_app.test_client().get("/api/openapi.json").json
        finally:
            flask_app.extensions["troef"].close()


schema = schemathesis.openapi.from_dict(_document(), config=CONFIG)
REAL: dict[str, list[Any]] = {}  # parameter name -> values that exist, filled by ``club``


def _sometimes_real(values: dict[str, Any] | None) -> Any:
    """The generated values, or (as often as Hypothesis likes) ones naming real things."""
    real = {name: REAL[name] for name in values or {} if name in REAL}
    if not real:
        return st.just(values)
    swapped = st.fixed_dictionaries({name: st.sampled_from(v) for name, v in real.items()})
    return st.one_of(st.just(values), swapped.map(lambda d: {**(values or {}), **d}))


@schema.hook
def flatmap_path_parameters(context: Any, path_parameters: dict[str, Any] | None) -> Any:
    return _sometimes_real(path_parameters)


@schema.hook
def flatmap_query(context: Any, query: dict[str, Any] | None) -> Any:
    return _sometimes_real(query)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """An instance with a wiezen evening: one list played and submitted, one open."""
    flask_app = _app(tmp_path_factory.mktemp("schemathesis") / "club", **LIVE)
    app, boss = flask_app.extensions["troef"].app, director("anna")
    cid = app.create_competition(boss, "Zondagen", "wiezen-reglement-2019")
    players = [app.enrol_player(boss, cid, f"<b>Speler</b> {i}") for i in range(8)]
    app.schedule_evening(boss, cid, "2026-04-05")
    for pid in players:
        app.record_attendance(boss, cid, 1, pid, "present")
    lists = [e["list_id"] for e in app.draw_seating(boss, cid, 1, seed="st")["lists"]]
    for n in range(1, 4):
        app.record_deal(boss, lists[0], n, vraag(dealer=n, tricks=7 + n))
        app.record_deal(boss, lists[1], n, vraag(dealer=n, tricks=10 - n))
    app.raise_dispute(boss, lists[1], 2, "the tricks were miscounted")
    app.close_list_short(boss, lists[0], "the café closed")
    app.submit_list(boss, lists[0], "1", "2")
    REAL.update(
        competition_id=[cid],
        competition=[cid],
        list_id=lists,
        list=lists,
        evening=[1],
        player_id=players[:2],
    )
    browser = flask_app.test_client()
    answer = browser.post("/api/session", json={"name": "anna", "password": PASSWORD})
    cookie = browser.get_cookie("troef_session")
    assert answer.status_code == 200 and cookie is not None
    yield {
        "app": flask_app,
        "cookies": {"troef_session": cookie.value},
        "headers": {"X-CSRF-Token": answer.json["csrf_token"]},
    }
    REAL.clear()
    flask_app.extensions["troef"].close()


def no_server_error(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """No 5xx, except the reported bugs (``known_bug``) that the xfail tests below pin."""
    if response.status_code >= 500 and known_bug(case):
        return None
    return not_a_server_error(ctx, response, case)


def explicitly_documented(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """The status is one the operation lists itself (``default`` is not a description)."""
    responses = case.operation.definition.raw.get("responses", {})
    if case.method.upper() != case.operation.method.upper():  # another verb on the path
        return None
    if response.status_code >= 500 and known_bug(case):
        return None
    assert str(response.status_code) in responses, (
        f"{case.operation.label} answered {response.status_code}, which it does not "
        f"document (it documents {', '.join(sorted(responses))})"
    )
    return None


CHECKS = [
    no_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    explicitly_documented,
]


@schema.parametrize()
@SETTINGS
def test_the_director_gets_documented_answers_and_never_a_5xx(
    case: schemathesis.Case, club: dict[str, Any]
) -> None:
    case.call_and_validate(
        app=club["app"], headers=club["headers"], cookies=club["cookies"], checks=CHECKS
    )


@schema.parametrize()
@SETTINGS
def test_the_public_gets_documented_answers_and_never_a_5xx(
    case: schemathesis.Case, club: dict[str, Any]
) -> None:
    case.call_and_validate(app=club["app"], checks=CHECKS)


def test_the_session_join_and_sync_operations_list_their_refusals() -> None:
    spec = _document()
    missing = [
        f"{label} {status}"
        for label, statuses in UNDOCUMENTED.items()
        for status in sorted(statuses)
        if str(status)
        not in spec["paths"][label.split(" ")[1]][label.split(" ")[0].lower()]["responses"]
    ]
    assert not missing, f"undocumented statuses: {missing}"


def test_a_join_code_with_a_non_ascii_character_is_a_404_not_a_500(
    club: dict[str, Any],
) -> None:
    answer = (
        club["app"].test_client().post("/api/join", json={"code": "ABCDÉ2", "client_id": "phone-1"})
    )
    assert answer.status_code == 404, answer.json


def test_a_non_ascii_csrf_header_is_a_403_not_a_500(club: dict[str, Any]) -> None:
    browser = club["app"].test_client()
    browser.set_cookie("troef_session", club["cookies"]["troef_session"])
    answer = browser.post(
        "/api/competitions",
        json={"name": "Nieuw", "rules": "klaverjas-amsterdams"},
        headers={"X-CSRF-Token": "caf\xe9"},
    )
    assert answer.status_code == 403, answer.json


def test_a_pull_from_a_huge_cursor_is_refused_not_a_500(club: dict[str, Any]) -> None:
    browser = club["app"].test_client()
    browser.set_cookie("troef_session", club["cookies"]["troef_session"])
    answer = browser.get(f"/api/sync/pull?list={REAL['list_id'][0]}&cursor={2**63}")
    assert answer.status_code == 422, answer.json


@pytest.mark.parametrize(
    "header",
    [
        {"Authorization": "Bearer caf\xe9"},
        {"Authorization": "Bearer " + "x" * 5000},
        {"Last-Event-ID": "caf\xe9"},
        {"X-CSRF-Token": "caf\xe9"},  # without a session the view answers 401 first
    ],
)
def test_odd_headers_schemathesis_does_not_send_get_no_5xx(
    club: dict[str, Any], header: dict[str, str]
) -> None:
    browser = club["app"].test_client()
    cid = REAL["competition_id"][0]
    for method, path in [
        ("POST", "/api/sync/push"),
        ("GET", f"/api/live/poll?competition={cid}&wait=0"),
        ("GET", f"/api/lists/{REAL['list_id'][1]}"),
        ("POST", "/api/competitions"),
    ]:
        body = {"client_id": "phone-1", "mutations": []} if method == "POST" else None
        answer = browser.open(path, method=method, json=body, headers=header)
        assert answer.status_code < 500, (method, path, header, answer.json)
        assert answer.json["error"] if answer.status_code >= 400 else True
