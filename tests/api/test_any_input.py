"""Any input to any operation is answered, never with a 5xx, and a refusal changes nothing.

Every operation of ``/api/openapi.json`` gets generated requests as the public, the director
and a table: JSON of any shape in its body (its own fields and others, any values, NaN and
Infinity, integers of thousands of digits, nesting a thousand deep, lone surrogates, text
that is not UTF-8), and odd path parts and query values (``%ED%A0%80`` is not UTF-8). Each
answer must not be a 5xx, must be JSON a client can read (no ``NaN``), every 4xx must be in
the API's one error shape, and a refused request must leave the stored history as it was.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import strategies as st

from backend import instance
from backend.api import create_app

from ..keyed import keyed
from .conftest import PASSWORD, join, vraag, wiezen_evening

EXAMPLES = 24  # per operation; about 1,100 requests in all
SETTINGS = hypothesis.settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
LIVE = {"TROEF_LIVE_INTERVAL": 0.02, "TROEF_LIVE_MAX_AGE": 0.05, "TROEF_LIVE_POLL_WAIT": 0.05}
ERROR_KEYS = {"error", "message", "fields", "last_mutation_id"}
CLIENT_ID = "phone-any"


def _app(folder: Path) -> Flask:
    instance.init(folder, "De Troef", "anna", PASSWORD)
    config = {"TESTING": True, "TROEF_INSTANCE": str(folder), "TROEF_WORKER": False, **LIVE}
    return create_app(config)


def _operations() -> list[tuple[str, str, list[str], list[str]]]:
    """(method, path template, query names, body field names) of every operation."""
    with tempfile.TemporaryDirectory() as folder:
        flask_app = _app(Path(folder) / "club")
        try:
            spec = flask_app.test_client().get("/api/openapi.json").json
        finally:
            flask_app.extensions["troef"].close()
    out = []
    for template, ops in spec["paths"].items():
        for method, op in ops.items():
            if method == "parameters":
                continue
            query = [p["name"] for p in op.get("parameters", []) if p["in"] == "query"]
            body: list[str] = []
            if "requestBody" in op:
                ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                body = list(spec["components"]["schemas"][ref.split("/")[-1]]["properties"])
            out.append((method, template, query, body))
    return out


OPERATIONS = _operations()


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A wiezen evening with deals on a list; a director's browser and a joined table."""
    flask_app = keyed(_app(tmp_path_factory.mktemp("any-input") / "club"))
    evening = wiezen_evening(flask_app, players=8)
    lst = evening["lists"][0]["list_id"]
    table = flask_app.test_client()
    auth = join(table, evening["codes"][0], CLIENT_ID)
    deals = [{"id": 1, "name": "join", "list": lst, "args": {}}] + [
        {
            "id": n + 1,
            "name": "record_deal",
            "list": lst,
            "args": {"deal_no": n, "record": vraag(n)},
        }
        for n in (1, 2)
    ]
    pushed = table.post(
        "/api/sync/push", json={"client_id": CLIENT_ID, "mutations": deals}, headers=auth
    )
    assert [r["status"] for r in pushed.json["results"]] == ["applied"] * 3, pushed.json
    browser = flask_app.test_client()
    csrf = login(browser)
    yield {
        "cookie": browser.get_cookie("troef_session").value,
        "app": flask_app,
        "next_id": 4,
        "real": {
            "competition_id": evening["competition_id"],
            "list_id": lst,
            "evening": "1",
            "player_id": evening["players"][0],
            "table": "1",
        },
        "clients": {
            "public": (flask_app.test_client(), {}),
            "director": (browser, csrf),
            "table": (table, auth),
        },
    }
    flask_app.extensions["troef"].close()


def login(browser: FlaskClient) -> dict[str, str]:
    answer = browser.post("/api/session", json={"name": "anna", "password": PASSWORD})
    return {"X-CSRF-Token": answer.json["csrf_token"]}


# ---- what is thrown -----------------------------------------------------------------------

TEXT = st.text(st.one_of(st.characters(), st.characters(categories=["Cs"])), max_size=12)
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([2**53, -(2**53), 10**30, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
)
VALUES = st.recursive(
    LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4)
)
RAW = st.sampled_from(
    [
        "NaN",
        "-Infinity",
        "1e400",
        "9" * 5000,
        "-" + "7" * 4301,
        '"Jan \\ud83d"',
        '"\\udc80"',
        "[" * 1000 + "]" * 1000,
        '{"a":' * 1000 + "1" + "}" * 1000,
        "[" * 40 + "]" * 40,
        "[" * 1000,
        "{nope",
    ]
)
"""Snippets of JSON text that ``json.dumps`` does not write, or that Python cannot read."""

PLAIN = st.sampled_from(['"Jan"', '"Speler 9"', "1", "2", "true", '"2026-04-05"', '"present"'])
"""Sound values, so that requests also get past the schemas to the commands."""

PIECES = st.one_of(VALUES.map(lambda v: json.dumps(v, allow_nan=True)), RAW, PLAIN)
PATH_PARTS = st.sampled_from(["nope", "%ED%A0%80", "%F0%9F%98", "9" * 5000, "NaN", "%00", "-1"])
QUERY_VALUES = st.sampled_from(["", "1", "-1", "9" * 5000, "NaN", "%ED%A0%80", "%ff", "%00"])


@st.composite
def bodies(draw: st.DrawFn, names: list[str], club: dict[str, Any]) -> str:
    """A body's text: the operation's own fields (some of them wild), or anything at all."""
    if not names or draw(st.integers(0, 4)) == 0:
        return draw(PIECES)
    fields = {n: draw(PIECES) for n in names if draw(st.booleans())}
    if "mutations" in names:  # a push: a sound envelope around wild mutations, now and then
        mutations = [
            f'{{"id": {i}, "name": {draw(PIECES)}, "list": "{club["real"]["list_id"]}", '
            f'"args": {draw(PIECES)}}}'
            for i in range(club["next_id"], club["next_id"] + draw(st.integers(1, 3)))
        ]
        fields["mutations"] = "[" + ", ".join(mutations) + "]"
        fields["client_id"] = f'"{CLIENT_ID}"'
    fields.update(
        {draw(TEXT).replace('"', "") or "x": draw(PIECES) for _ in range(draw(st.integers(0, 1)))}
    )
    return "{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in fields.items()) + "}"


# ---- what must hold -----------------------------------------------------------------------


def history(club: dict[str, Any]) -> int:
    """How many events are stored."""
    return club["app"].extensions["troef"].app.recorder.max_notification_id() or 0


def check_answer(answer: Any, what: str) -> None:
    """No 5xx; JSON answers readable by any client; every 4xx in the one error shape."""
    assert answer.status_code < 500, f"{what} -> {answer.status_code} {answer.data[:300]!r}"
    if answer.status_code in (204, 304):
        return
    if answer.mimetype != "application/json":
        assert answer.status_code < 400, f"{what} -> {answer.status_code} not JSON"
        return
    body = json.loads(answer.data.decode("utf-8"), parse_constant=_not_json)
    if answer.status_code >= 400:
        assert isinstance(body, dict) and set(body) <= ERROR_KEYS, f"{what} -> {body}"
        assert isinstance(body["error"], str) and isinstance(body["message"], str), what
        assert all(isinstance(k, str) for k in body.get("fields", {})), what


def _not_json(literal: str) -> float:
    raise AssertionError(f"the answer holds {literal}, which is not JSON")


@pytest.mark.parametrize(("method", "template", "query", "names"), OPERATIONS)
@SETTINGS
@hypothesis.given(data=st.data())
def test_any_input_is_answered_and_a_refusal_changes_nothing(
    club: dict[str, Any],
    method: str,
    template: str,
    query: list[str],
    names: list[str],
    data: st.DataObject,
) -> None:
    role = data.draw(st.sampled_from(["public", "director", "table"]))
    client, headers = club["clients"][role]
    if role == "director":  # a browser of its own: logging out here logs out nobody else
        client = club["app"].test_client()
        client.set_cookie("troef_session", club["cookie"])
    path = template
    for name, real in club["real"].items():
        path = path.replace(f"{{{name}}}", data.draw(st.just(real) | PATH_PARTS))
    pairs = [f"{q}={data.draw(QUERY_VALUES)}" for q in query if data.draw(st.booleans())]
    url = path + ("?" + "&".join(pairs) if pairs else "")
    extra: dict[str, Any] = {}
    if names or data.draw(st.integers(0, 5)) == 0:
        extra["data"] = data.draw(bodies(names, club))
        if data.draw(st.integers(0, 9)) == 0:
            extra["data"] = extra["data"].encode("utf-8", "surrogatepass")  # not UTF-8
    before = history(club)
    answer = client.open(
        url, method=method.upper(), headers=headers, content_type="application/json", **extra
    )
    check_answer(answer, f"{role} {method.upper()} {url} {str(extra.get('data'))[:200]}")
    if 400 <= answer.status_code < 500:
        assert history(club) == before, f"refused, yet stored: {method.upper()} {url}"
    if template == "/api/sync/push" and answer.status_code == 200:
        club["next_id"] = answer.json["last_mutation_id"] + 1
