"""Schemathesis over the OpenAPI document: the server accepts exactly what it documents.

Every operation of ``/api/openapi.json`` gets generated requests (valid and invalid ones,
derandomized) as each of the three roles, against an instance with a played evening: the
public (no credentials), the director (the session cookie and the CSRF header: the
document's ``directorSession`` and ``csrfToken``) and a table (the bearer token its phone got
from ``POST /api/join``: ``tableToken``). Ids in paths and queries are now and then swapped
for real ones, so that requests get past the 404s.

Every check schemathesis has runs, with its defaults: no 5xx; status, content type, headers
and body as documented; a request the document calls valid is not refused as invalid
(positive data acceptance: 2xx, or 401/403/404/409/429 for who asks and what exists) and
one it calls invalid is refused (negative data rejection); a secured operation refuses
missing and wrong credentials (ignored auth); an undeclared method gets 405 with ``Allow``.
Two of our own on top: a status must be one the operation lists itself (``default``
describes nothing), and an operation the document calls public never asks for credentials.
No failure is tolerated: a disagreement is fixed in the document or in the server. One
exception, narrow and stated in the document: the counting settings of a new competition
that its game (from ``rules``) does not allow (see ``ACROSS_FIELDS``).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from flask import Flask
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.application import Command

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
            "coverage": {"enabled": True},
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
TABLE_DEVICE = "phone-table-2"
LOGIN = "POST /api/session"
LOGOUT = "DELETE /api/session"


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


REAL: dict[str, list[Any]] = {}  # parameter name -> values that exist, filled by ``club``
ROLES: dict[str, dict[str, dict[str, str]]] = {}  # role -> its cookies and headers, ditto


def table_token(director_browser: Any, cid: str, list_id: str) -> str:
    """The token a table's phone gets by joining its list with the code on its table card."""
    cards = director_browser.get(f"/api/competitions/{cid}/evenings/1/cards").json["cards"]
    code = next(card["join_code"] for card in cards if card["list_id"] == list_id)
    phone = director_browser.application.test_client()
    joined = phone.post("/api/join", json={"code": code, "client_id": TABLE_DEVICE})
    assert joined.status_code == 200 and joined.json["list_id"] == list_id, joined.json
    return str(joined.json["token"])


def _club(folder: Path) -> Iterator[dict[str, Any]]:
    """An instance with a wiezen evening: one list played and submitted, one open."""
    flask_app = _app(folder / "club", **LIVE)
    app, boss = flask_app.extensions["troef"].app, director("anna")
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    players = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"<b>Speler</b> {i}"}))
        for i in range(8)
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-05"}))
    for pid in players:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    lists = [
        e["list_id"]
        for e in app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "st"}))[
            "lists"
        ]
    ]
    for n in range(1, 4):
        app.handle(
            boss,
            Command(
                "record_deal", lists[0], {"deal_no": n, "record": vraag(dealer=n, tricks=7 + n)}
            ),
        )
        app.handle(
            boss,
            Command(
                "record_deal", lists[1], {"deal_no": n, "record": vraag(dealer=n, tricks=10 - n)}
            ),
        )
    app.handle(
        boss,
        Command("raise_dispute", lists[1], {"deal_no": 2, "reason": "the tricks were miscounted"}),
    )
    app.handle(boss, Command("close_list_short", lists[0], {"reason": "the café closed"}))
    app.handle(boss, Command("submit_list", lists[0], {"scorer": "1", "confirmed_by": "2"}))
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
    ROLES["director"] = {
        "cookies": {"troef_session": cookie.value},
        "headers": {"X-CSRF-Token": answer.json["csrf_token"]},
    }
    token = table_token(browser, cid, lists[1])
    ROLES["table"] = {"cookies": {}, "headers": {"Authorization": f"Bearer {token}"}}
    yield {"app": flask_app, "cookies": ROLES["director"]["cookies"]}
    REAL.clear()
    ROLES.clear()
    flask_app.extensions["troef"].close()


OPEN: list[tuple[Iterator[dict[str, Any]], dict[str, Any], Path]] = []


def opened() -> dict[str, Any]:
    """The club, opened on first use: when the coverage phase's cases are made, that is while
    the tests are collected, since they carry the roles' credentials."""
    if not OPEN:
        folder = Path(tempfile.mkdtemp(prefix="schemathesis-"))
        running = _club(folder)
        OPEN.append((running, next(running), folder))
    return OPEN[0][1]


@pytest.fixture(scope="module")
def club() -> Iterator[dict[str, Any]]:
    """An instance with a wiezen evening: one list played and submitted, one open."""
    yield opened()
    running, _, folder = OPEN.pop()
    next(running, None)
    shutil.rmtree(folder, ignore_errors=True)


# Loaded from the club's app, so that every request (and every probe a check sends) reaches it.
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", opened()["app"], config=CONFIG)


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


def explicitly_documented(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """The status is one the operation lists itself (``default`` is not a description)."""
    responses = case.operation.definition.raw.get("responses", {})
    if case.method.upper() != case.operation.method.upper():  # another verb on the path
        return None
    assert str(response.status_code) in responses, (
        f"{case.operation.label} answered {response.status_code}, which it does not "
        f"document (it documents {', '.join(sorted(responses))})"
    )
    return None


def public_means_public(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """An operation the document calls public (``security: []``) asks nobody to log in.

    Logging in itself answers 401 to a wrong name or password: that is its answer, not a
    credential it asks for.
    """
    if case.method.upper() != case.operation.method.upper() or case.operation.label == LOGIN:
        return None
    security = case.operation.definition.raw.get("security")
    assert not (security == [] and response.status_code in (401, 403)), (
        f"{case.operation.label} is public in the document but answered "
        f"{response.status_code}: {response.text[:200]}"
    )
    return None


OURS = [explicitly_documented, public_means_public]

# The one operation whose schema cannot say all it refuses: the counting settings a new
# competition takes depend on the game, and the game comes from ``rules`` (a shipped rule
# set's name, or a club's own rule set's base); OpenAPI 3.0 has no if/then. So the body lists
# every game's settings, and the operation's description names the three rules across
# fields, each refused with 422 naming the setting. Positive data acceptance accepts exactly
# those answers for exactly that operation; every other 422 is still a failure.
CREATE = "POST /api/competitions"
ACROSS_FIELDS = (  # (the setting, the rule it breaks)
    (re.compile(r"counting\.\w+"), re.compile(r"is not a setting of \w+'s counting rule")),
    (re.compile(r"counting\.evenings"), re.compile(r"must be a whole number from 1 to ")),
    (re.compile(r"counting\.best"), re.compile(r"must be at most the season's \d+ evenings")),
)  # a setting of another game; a wiezen season of 0 evenings; a wiezen best above them


def refused_across_fields(response: Any) -> bool:
    """The answer is a 422 for counting settings the game of ``rules`` does not allow."""
    if response.status_code != 422:
        return False
    refused = (response.json() or {}).get("fields") or {}
    return bool(refused) and all(
        any(name.fullmatch(field) and rule.match(str(why)) for name, rule in ACROSS_FIELDS)
        for field, why in refused.items()
    )


# Every body is read by the rules of I-JSON (RFC 7493, docs/api.md "Bad input"): a whole
# number beyond what a phone's JavaScript counts exactly is refused wherever it stands. Where
# the document declares a number, it gives those bounds; a free-form object (a deal's
# ``record``) cannot declare them for the numbers nested in it, so there that refusal is the
# rule as documented, not a disagreement.
BEYOND_SAFE = "must be a whole number between -9007199254740991 and 9007199254740991"


def refused_beyond_safe(response: Any) -> bool:
    """The answer is a 422 for whole numbers beyond ±(2**53 - 1) inside a record only."""
    if response.status_code != 422:
        return False
    refused = (response.json() or {}).get("fields") or {}
    return bool(refused) and all(
        field.startswith("record.") and str(why) == BEYOND_SAFE for field, why in refused.items()
    )


def positive_data_accepted(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """Schemathesis's positive data acceptance, but for the counting rules across fields
    and whole numbers beyond a phone's range inside free-form objects.

    Only a case whose every part is positive is one: the coverage phase can mark a case
    positive as a whole while one part of it (a body of the wrong type beside a path
    parameter near its boundary) was made negative.
    """
    if case.operation.label == CREATE and refused_across_fields(response):
        return None
    if refused_beyond_safe(response):
        return None
    parts = case.meta.components.values() if case.meta else ()
    if any(part.mode is GenerationMode.NEGATIVE for part in parts):
        return None
    return positive_data_acceptance(ctx, response, case)


def call_and_validate(case: schemathesis.Case) -> None:
    """Send the case and run every check, with :func:`positive_data_accepted` for ours.

    A generated logout as the director ends the session every director's case shares (the
    server keeps it): the director logs in again, or every case after it would test a 401.
    """
    try:
        case.call_and_validate(
            additional_checks=[*OURS, positive_data_accepted],
            excluded_checks=[positive_data_acceptance],
        )
    finally:
        director = ROLES.get("director")
        if (
            case.operation.label == LOGOUT
            and director
            and (case.cookies or {}).get("troef_session") == director["cookies"]["troef_session"]
        ):
            log_in_again(director)


def log_in_again(director: dict[str, dict[str, str]]) -> None:
    """Give the director's role (and the tests that use its cookie) a new session."""
    browser = opened()["app"].test_client()
    answer = browser.post("/api/session", json={"name": "anna", "password": PASSWORD})
    cookie = browser.get_cookie("troef_session")
    assert answer.status_code == 200 and cookie is not None, answer.json
    director["cookies"]["troef_session"] = cookie.value
    director["headers"]["X-CSRF-Token"] = answer.json["csrf_token"]


def credentials(role: str) -> Any:
    """Apply ``role``'s credentials (from ``ROLES``) to each generated case of a test.

    Given to schemathesis as the test's auth, so that its checks know them for the caller's
    own: ``ignored_auth`` then sends the request again without them, and with wrong ones.
    """

    class Credentials:
        def get(self, case: schemathesis.Case, context: Any) -> dict[str, dict[str, str]]:
            opened()
            return ROLES[role]

        def set(self, case: schemathesis.Case, data: dict[str, Any], context: Any) -> None:
            case.cookies = {**(case.cookies or {}), **data["cookies"]}
            case.headers = {**(case.headers or {}), **data["headers"]}

    Credentials.__name__ = f"{role.title()}Credentials"
    return schema.auth.apply(Credentials, refresh_interval=None)


@schema.parametrize()
@SETTINGS
def test_the_public_gets_what_the_document_promises(
    case: schemathesis.Case, club: dict[str, Any]
) -> None:
    call_and_validate(case)


@schema.parametrize()
@SETTINGS
@credentials("director")
def test_the_director_gets_what_the_document_promises(
    case: schemathesis.Case, club: dict[str, Any]
) -> None:
    call_and_validate(case)


@schema.parametrize()
@SETTINGS
@credentials("table")
def test_a_table_gets_what_the_document_promises(
    case: schemathesis.Case, club: dict[str, Any]
) -> None:
    call_and_validate(case)


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
