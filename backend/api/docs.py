"""The API page at ``/api/docs``: the app's own OpenAPI document, readable on a phone.

Rendered on the server from ``Api.spec.to_dict()`` into a Jinja template with autoescaping
(nothing in the page is marked safe), with one stylesheet served by the app: no script, no
inline style, no CDN, so the Content-Security-Policy holds.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Response, current_app, make_response, render_template
from flask.views import MethodView
from flask_smorest import Blueprint

blp = Blueprint(
    "docs",
    __name__,
    url_prefix="/api",
    description="This page: every operation of the API, read from its OpenAPI document.",
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)
METHODS = ("get", "post", "put", "patch", "delete")
Part = tuple[str, str | None]  # text, and the anchor of a schema it names (if any)


@blp.route("/docs")
class Docs(MethodView):
    @blp.response(
        200,
        {"type": "string"},
        content_type="text/html",
        description="an HTML page listing every operation, grouped by tag",
    )
    def get(self) -> Response:
        """Read the API: every operation with its parameters, request body and responses."""
        page = describe(current_api().spec.to_dict())
        response = make_response(render_template("troef_api_docs.html", **page))
        response.headers["Cache-Control"] = "no-cache"
        return response


def current_api() -> Any:
    """The flask-smorest Api of this app (the one that serves ``/api/openapi.json``)."""
    return current_app.extensions["flask-smorest"]["apis"][""]["ext_obj"]


def describe(spec: dict[str, Any]) -> dict[str, Any]:
    """The page's contents: the spec's info, its operations by tag, and its schemas."""
    components = spec.get("components", {})
    declared = [(t["name"], t.get("description", "")) for t in spec.get("tags", [])]
    groups: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in declared}
    for path, item in spec.get("paths", {}).items():
        shared = item.get("parameters", [])
        for method in METHODS:
            if method in item:
                op = operation(path, method, item[method], shared, components)
                for tag in item[method].get("tags") or ["other"]:
                    groups.setdefault(tag, []).append(op)
    notes = dict(declared)
    tags = [
        {
            "name": name,
            "anchor": "tag-" + slug(name),
            "description": paragraphs(notes.get(name, "")),
            "ops": ops,
        }
        for name, ops in groups.items()
        if ops
    ]
    schemas = [schema_entry(name, schema) for name, schema in components.get("schemas", {}).items()]
    info = spec.get("info", {})
    return {
        "title": str(info.get("title", "API")),
        "version": str(info.get("version", "")),
        "intro": paragraphs(info.get("description", "")),
        "openapi": str(spec.get("openapi", "")),
        "tags": tags,
        "schemas": schemas,
        "count": sum(len(t["ops"]) for t in tags),
    }


def operation(
    path: str, method: str, op: dict[str, Any], shared: list[Any], components: dict[str, Any]
) -> dict[str, Any]:
    """One operation, with its references resolved into names and anchors."""
    params = [resolve(p, components) for p in [*shared, *op.get("parameters", [])]]
    body = None
    if "requestBody" in op:
        request = resolve(op["requestBody"], components)
        body = {
            "required": bool(request.get("required")),
            "description": paragraphs(request.get("description", "")),
            "content": contents(request.get("content", {})),
        }
    responses = []
    for status, answer in op.get("responses", {}).items():
        answer = resolve(answer, components)
        responses.append(
            {
                "status": str(status),
                "description": paragraphs(answer.get("description", "")),
                "content": contents(answer.get("content", {})),
            }
        )
    responses.sort(key=lambda r: (r["status"] == "default", r["status"]))
    return {
        "anchor": "op-" + slug(f"{method} {path}"),
        "method": method.upper(),
        "path": path,
        "summary": inline(op.get("summary", "")),
        "description": paragraphs(op.get("description", "")),
        "deprecated": bool(op.get("deprecated")),
        "parameters": [
            {
                "name": str(p.get("name", "")),
                "where": str(p.get("in", "")),
                "required": bool(p.get("required")),
                "type": type_parts(p.get("schema", {})),
                "description": inline(p.get("description", "")),
            }
            for p in params
        ],
        "body": body,
        "responses": responses,
    }


def contents(content: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "type": str(kind),
            "schema": type_parts(media.get("schema")) if media.get("schema") else [],
        }
        for kind, media in content.items()
    ]


def schema_entry(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    required = set(schema.get("required", []))
    return {
        "name": str(name),
        "anchor": "schema-" + slug(name),
        "description": paragraphs(schema.get("description", "")),
        "shape": [] if "properties" in schema else type_parts(schema),
        "fields": [
            {
                "name": str(field),
                "required": field in required,
                "type": type_parts(prop),
                "description": inline(prop.get("description", "")),
            }
            for field, prop in schema.get("properties", {}).items()
        ],
    }


def type_parts(schema: Any) -> list[Part]:
    """A schema as words, e.g. ``array of Mutation, at most 200``; named schemas get a link."""
    if not isinstance(schema, dict) or not schema:
        return [("any", None)]
    if "$ref" in schema:
        name = str(schema["$ref"]).rsplit("/", 1)[-1]
        return [(name, "schema-" + slug(name))]
    for combinator, word in (("allOf", " and "), ("oneOf", " or "), ("anyOf", " or ")):
        if combinator in schema:
            out: list[Part] = []
            for i, sub in enumerate(schema[combinator]):
                out += ([(word, None)] if i else []) + type_parts(sub)
            return out + constraints(schema)
    kind = schema.get("type", "any")
    if kind == "array":
        return [("array of ", None), *type_parts(schema.get("items")), *constraints(schema)]
    extra = schema.get("additionalProperties")
    if kind == "object" and isinstance(extra, dict):
        return [("object of string → ", None), *type_parts(extra), *constraints(schema)]
    if kind == "object" and schema.get("properties"):
        fields = ", ".join(str(name) for name in schema["properties"])
        return [(f"object {{{fields}}}", None), *constraints(schema)]
    word = str(kind) + (f" ({schema['format']})" if "format" in schema else "")
    return [(word, None), *constraints(schema)]


def constraints(schema: dict[str, Any]) -> list[Part]:
    words = []
    if "enum" in schema:
        words.append("one of " + ", ".join(str(v) for v in schema["enum"]))
    if "minimum" in schema:
        words.append(f"≥ {schema['minimum']}")
    if "maximum" in schema:
        words.append(f"≤ {schema['maximum']}")
    if "minLength" in schema or "maxLength" in schema:
        words.append(f"length {schema.get('minLength', 0)}–{schema.get('maxLength', '…')}")
    if "minItems" in schema:
        words.append(f"at least {schema['minItems']}")
    if "maxItems" in schema:
        words.append(f"at most {schema['maxItems']}")
    if "pattern" in schema:
        words.append(f"matching {schema['pattern']}")
    if schema.get("nullable"):
        words.append("or null")
    if "default" in schema:
        words.append(f"default {schema['default']}")
    if schema.get("readOnly"):
        words.append("read-only")
    return [(", " + w, None) for w in words]


def resolve(obj: Any, components: dict[str, Any]) -> dict[str, Any]:
    """Follow a ``#/components/<kind>/<name>`` reference (other than to a schema)."""
    seen = 0
    while isinstance(obj, dict) and "$ref" in obj and seen < 10:
        ref = str(obj["$ref"])
        parts = ref.removeprefix("#/components/").split("/")
        if not ref.startswith("#/components/") or len(parts) != 2:
            break
        obj, seen = components.get(parts[0], {}).get(parts[1], {}), seen + 1
    return obj if isinstance(obj, dict) else {}


def paragraphs(text: Any) -> list[dict[str, Any]]:
    """Blank-line separated paragraphs; an indented one is kept as preformatted text."""
    out = []
    for block in re.split(r"\n\s*\n", str(text or "").strip("\n")):
        if not block.strip():
            continue
        lines = block.split("\n")
        if all(line.startswith("    ") or not line.strip() for line in lines):
            text = "\n".join(line[4:] for line in lines)
            if out and out[-1]["pre"]:  # one example, even with blank lines in it
                out[-1]["text"] += "\n\n" + text
            else:
                out.append({"pre": True, "text": text})
        else:
            out.append({"pre": False, "parts": inline(" ".join(x.strip() for x in lines))})
    return out


def inline(text: Any) -> list[tuple[str, bool]]:
    """Text split at backticks: (words, False) and (code, True)."""
    pieces = str(text or "").replace("``", "`").split("`")
    if len(pieces) % 2 == 0:  # an unmatched backtick stays a backtick
        pieces[-2:] = [pieces[-2] + "`" + pieces[-1]]
    return [(piece, i % 2 == 1) for i, piece in enumerate(pieces) if piece]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-") or "x"
