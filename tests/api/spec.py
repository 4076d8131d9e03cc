"""Check an answer against the OpenAPI document: its status is documented, its body fits.

A small stand-in for schemathesis' response check, usable inside ordinary tests.
"""

from __future__ import annotations

import re
from typing import Any
from weakref import WeakKeyDictionary

from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from werkzeug.test import TestResponse

ROOT = "urn:troef-openapi"


def conforms(client: FlaskClient, answer: TestResponse) -> None:
    """Assert that the answer's status is documented for its operation and its body fits."""
    spec, registry = _document(client)
    method, path = answer.request.method.lower(), answer.request.path
    template = next(
        (t for t in spec["paths"] if re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", t), path)), None
    )
    assert template is not None, f"{path} is not in the OpenAPI document"
    responses = spec["paths"][template][method]["responses"]
    status = str(answer.status_code)
    assert status in responses, f"{method.upper()} {template} does not document {status}"
    if answer.status_code in (204, 304):
        return
    documented = responses[status]
    if "$ref" in documented:  # e.g. flask-smorest's UNPROCESSABLE_ENTITY
        documented = spec["components"]["responses"][documented["$ref"].split("/")[-1]]
    kinds = documented.get("content", {})
    if "application/json" not in kinds and kinds:  # a file: CSV, PDF, PBN, zip …
        assert answer.mimetype in kinds, f"{method.upper()} {template} {status}: {answer.mimetype}"
        return
    content = kinds.get("application/json")
    assert content is not None, f"{method.upper()} {template} {status} has no JSON body"
    validator = Draft202012Validator(nullable(content["schema"]), registry=registry)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(answer.json)]
    assert not errors, f"{method.upper()} {template} {status}: {errors[:5]}"


_DOCUMENTS: WeakKeyDictionary[Flask, tuple[dict[str, Any], Registry]] = WeakKeyDictionary()


def _document(client: FlaskClient) -> tuple[dict[str, Any], Registry]:
    """The app's OpenAPI document (fetched once per app) and a registry to resolve its refs."""
    if client.application not in _DOCUMENTS:
        spec = client.get("/api/openapi.json").json
        registry = Registry().with_resource(ROOT, Resource.opaque(nullable(spec)))
        _DOCUMENTS[client.application] = (spec, registry)
    return _DOCUMENTS[client.application]


def nullable(node: Any) -> Any:
    """OpenAPI 3.0's ``nullable`` and local refs, as JSON Schema 2020-12 says them."""
    if isinstance(node, list):
        return [nullable(n) for n in node]
    if not isinstance(node, dict):
        return node
    if node == {"type": "object", "nullable": True}:  # apispec's "or null" of a nested schema
        return {"type": "null"}
    out = {k: nullable(v) for k, v in node.items() if k != "nullable"}
    if isinstance(out.get("$ref"), str) and out["$ref"].startswith("#"):
        out["$ref"] = ROOT + out["$ref"]
    if node.get("nullable"):
        if "type" in out and isinstance(out["type"], str) and "enum" not in out:
            out["type"] = [out["type"], "null"]
        else:
            out = {"anyOf": [out, {"type": "null"}]}
    return out
