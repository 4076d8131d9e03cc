"""No input to the resource endpoints, however malformed, gets a 500; every answer is documented."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from .conftest import join, login, wiezen_evening
from .spec import conforms

MINE = ("/api/rulesets", "/api/competitions", "/api/lists", "/api/audit", "/api/mutations")
NASTY: list[Any] = [None, [], {}, "", "<b>x</b>", -1, 10**30, 1.5, True, "\u0000", {"a": [None]}]
QUERIES = ("", "?deal=0&since=-1&limit=10000&status=x&game=x&kind=x&aggregate=%00")


def operations(client: FlaskClient) -> list[tuple[str, str, list[str]]]:
    """(method, path template, body fields) of every resource operation in the document."""
    spec = client.get("/api/openapi.json").json
    out = []
    for template, ops in spec["paths"].items():
        if not template.startswith(MINE) or "/live" in template:
            continue
        for method, op in ops.items():
            if method == "parameters":
                continue
            fields: list[str] = []
            if "requestBody" in op:
                ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                fields = list(spec["components"]["schemas"][ref.split("/")[-1]]["properties"])
            out.append((method, template, fields))
    return out


def test_malformed_ids_bodies_and_queries_never_get_a_500(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    cid, lst = ev["competition_id"], ev["lists"][0]["list_id"]
    token = join(client, ev["codes"][0], "phone-1")
    headers = login(client)
    ids = [(cid, lst, "1"), ("nope", "%3Cb%3E", "99999999999999999999"), (cid.upper(), lst, "2")]
    answers = 0
    for method, template, fields in operations(client):
        bodies: list[str | None] = [None]
        if method != "get":
            bodies += ["[]", "null", '{"unknown": 1}', "{nope"]
            bodies += [json.dumps(dict.fromkeys(fields, value)) for value in NASTY]
        queries = QUERIES if method == "get" else ("",)
        for competition_id, list_id, evening in ids:
            path = (
                template.replace("{competition_id}", competition_id)
                .replace("{list_id}", list_id)
                .replace("{evening}", evening)
                .replace("{player_id}", "p1")
            )
            tries = [(body, query, headers) for body in bodies for query in queries]
            tries += [(bodies[-1], "", token), (bodies[-1], "", {})]
            for body, query, auth in tries:
                extra = {} if body is None else {"data": body}
                answer = getattr(client, method)(
                    path + query, headers=auth, content_type="application/json", **extra
                )
                answers += 1
                assert answer.status_code < 500, (method, path, body, answer.json)
                conforms(client, answer)
    assert answers > 500, answers
