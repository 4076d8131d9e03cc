"""Issue #11: bad input is answered with a JSON error naming the field, never with a 500, and
a refused mutation never blocks the valid ones pushed behind it."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .conftest import PASSWORD, join, login, vraag, wiezen_evening
from .http import serve

DEEP = "[" * 1000 + "]" * 1000
HUGE = "9" * 5000
VALID = json.dumps({"deal_no": 1, "record": vraag()})
BAD_ARGS = {
    "a lone surrogate": '{"deal_no": 1, "record": {"dealer": 1, "contract": "Jan \\ud83d"}}',
    "NaN": '{"deal_no": NaN, "record": {"dealer": 1}}',
    "Infinity": '{"deal_no": 1, "record": {"dealer": 1, "tricks": -Infinity}}',
    "a 5,000-digit integer": f'{{"deal_no": {HUGE}, "record": {{"dealer": 1}}}}',
    "nesting 1,000 deep": f'{{"deal_no": 1, "record": {DEEP}}}',
    "null": "null",
    "a list": "[1, 2]",
}


def push_text(client: FlaskClient, auth: dict[str, str], mutations: list[str]) -> Any:
    """Push mutations written as JSON text (so that they can hold what JSON should not)."""
    body = f'{{"client_id": "phone-1", "mutations": [{", ".join(mutations)}]}}'
    return client.post("/api/sync/push", data=body, content_type="application/json", headers=auth)


def mutation(i: int, lst: str, args: str, name: str = "record_deal") -> str:
    return f'{{"id": {i}, "name": "{name}", "list": "{lst}", "args": {args}}}'


def strict(answer: Any) -> Any:
    """The answer's JSON as any client reads it: no NaN, no Infinity."""

    def refuse(literal: str) -> None:
        raise AssertionError(f"{literal} is not JSON")

    return json.loads(answer.data.decode("utf-8"), parse_constant=refuse)


def assert_refused(answer: Any, status: int, field: str) -> None:
    """A JSON error in the one shape, naming ``field`` (or a field inside it)."""
    assert answer.status_code == status, answer.data[:300]
    body = strict(answer)
    assert set(body) <= {"error", "message", "fields"}, body
    assert any(name.startswith(field) for name in body["fields"]), body


@pytest.mark.parametrize("bad", list(BAD_ARGS), ids=list(BAD_ARGS))
def test_a_bad_mutation_is_refused_alone_and_the_deal_behind_it_applied(
    web: Flask, client: FlaskClient, bad: str
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    first = push_text(
        client, auth, [mutation(1, lst, "{}", "join"), mutation(2, lst, BAD_ARGS[bad])]
    )
    assert first.status_code == 200, first.data[:300]
    assert [r["status"] for r in strict(first)["results"]] == ["applied", "refused"]
    again = push_text(client, auth, [mutation(2, lst, BAD_ARGS[bad]), mutation(3, lst, VALID)])
    results = strict(again)["results"]
    assert [r["status"] for r in results] == ["refused", "applied"], results
    assert results[0]["error"]["fields"], results[0]  # says which field, for the director
    assert results[1]["list"]["rows"] == 1
    assert strict(again)["last_mutation_id"] == 3  # the refused id is used up


def test_an_unknown_command_is_refused_alone(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    answer = push_text(
        client,
        auth,
        [
            mutation(1, lst, "{}", "join"),
            mutation(2, lst, "{}", "Jan \\ud83d"),
            mutation(3, lst, VALID),
        ],
    )
    assert [r["status"] for r in strict(answer)["results"]] == ["applied", "refused", "applied"]


def test_a_bad_envelope_is_refused_as_a_whole_naming_the_field(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    nan_id = '{"client_id": "phone-1", "mutations": [{"id": NaN, "name": "join", "list": "x"}]}'
    answer = client.post("/api/sync/push", data=nan_id, content_type="application/json")
    assert_refused(answer, 422, "mutations[0].id")
    answer = push_text(client, auth, [mutation(1, lst, "{}", "join"), DEEP])
    assert_refused(answer, 422, "mutations[1]")


def test_json_nested_1000_deep_is_refused_on_every_json_endpoint(
    web: Flask, client: FlaskClient
) -> None:
    spec = client.get("/api/openapi.json").json
    ev = wiezen_evening(web)
    ids = {
        "{competition_id}": ev["competition_id"],
        "{list_id}": ev["lists"][0]["list_id"],
        "{evening}": "1",
        "{player_id}": ev["players"][0],
    }
    operations = [
        (method, template, op)
        for template, ops in spec["paths"].items()
        for method, op in ops.items()
        if isinstance(op, dict) and "requestBody" in op
    ]
    assert len(operations) > 15
    public = web.test_client()
    headers = login(client)
    for method, template, op in operations:
        path = template
        for name, value in ids.items():
            path = path.replace(name, value)
        ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        field = next(iter(spec["components"]["schemas"][ref.split("/")[-1]]["properties"]))
        for body, named in ((DEEP, "[0]"), (f'{{"{field}": {DEEP}}}', field)):
            sent = {"method": method, "data": body, "content_type": "application/json"}
            assert_refused(client.open(path, headers=headers, **sent), 422, named)
            anonymous = public.open(path, **sent)  # refused too: unread, or as deep
            assert anonymous.status_code in (401, 422), (path, anonymous.data[:300])
            assert set(strict(anonymous)) <= {"error", "message", "fields"}


def test_a_5000_digit_integer_is_refused_at_join_before_its_rate_limit(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    for _ in range(12):  # more than the 10 attempts a minute a join allows
        answer = client.post(
            "/api/join",
            data=f'{{"code": {HUGE}, "client_id": "phone-1"}}',
            content_type="application/json",
        )
        assert_refused(answer, 422, "code")
    join(client, ev["codes"][0], "phone-1")


def test_a_lone_surrogate_in_a_body_is_refused_with_its_field_before_login(
    client: FlaskClient,
) -> None:
    body = f'{{"name": "Jan \\ud83d", "password": "{PASSWORD}"}}'
    answer = client.post("/api/session", data=body, content_type="application/json")
    assert_refused(answer, 422, "name")
    body = '{"code": "ABC", "client_id": "phone-1", "\\udc80": 1}'
    answer = client.post("/api/join", data=body, content_type="application/json")
    assert_refused(answer, 422, "\\udc80")


def test_nan_and_infinity_in_mutation_args_are_refused_and_mutations_serve_json(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    answer = push_text(
        client,
        auth,
        [
            mutation(1, lst, "{}", "join"),
            mutation(2, lst, BAD_ARGS["NaN"]),
            mutation(3, lst, BAD_ARGS["Infinity"]),
        ],
    )
    assert [r["status"] for r in strict(answer)["results"]] == ["applied", "refused", "refused"]
    served = client.get("/api/mutations", headers=login(client))
    assert served.status_code == 200
    refused = [m for m in strict(served)["mutations"] if m["mutation_id"] in (2, 3)]
    assert len(refused) == 2, strict(served)


@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("/api/lists/%ED%A0%80", "list_id"),
        ("/api/sync/pull?list=%ED%A0%80&cursor=0", "list"),
        ("/api/competitions/%F0%9F%98/standings", "competition_id"),
    ],
)
def test_a_url_that_is_not_utf8_is_refused_naming_its_part(
    web: Flask, client: FlaskClient, url: str, field: str
) -> None:
    assert_refused(client.get(url), 400, field)
    with serve(web) as base:  # as a real server hands the path over
        try:
            urllib.request.urlopen(base + url, timeout=30)
        except urllib.error.HTTPError as err:
            with err:
                assert err.code == 400
                assert field in json.loads(err.read())["fields"]
        else:
            raise AssertionError(f"{url} was not refused")
