"""The one place where errors become HTTP answers: ``{error, message, fields}``."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify
from flask_smorest import Api
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException

from ..application.interface import DomainError, MutationGap
from ..instance.storage import forget_connections, storage_problem

KINDS = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported",
    422: "invalid",
    429: "too_many_requests",
    500: "server_error",
}
STORAGE_KIND = "storage_unavailable"
STORAGE_RETRY_AFTER = "10"  # seconds before a client sends a write again that storage refused


class ErrorSchema(Schema):
    """Every error answer of the API."""

    error = fields.String(required=True, metadata={"description": "the kind of error"})
    message = fields.String(required=True, metadata={"description": "what went wrong, in words"})
    fields_ = fields.Dict(
        data_key="fields",
        keys=fields.String(),
        values=fields.Raw(),
        metadata={"description": "each refused field (dotted path) with its rule"},
    )
    last_mutation_id = fields.Integer(metadata={"description": "sync: the last applied id"})


class TroefApi(Api):
    """flask-smorest's Api with Troef's error shape."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException) -> Any:
        data = getattr(error, "data", None) or {}
        payload: dict[str, Any] = {
            "error": KINDS.get(error.code or 500, "error"),
            "message": data.get("message") or error.description or error.name,
        }
        errors = data.get("errors") or data.get("messages")
        if errors:
            payload["fields"] = flatten(errors)
            payload["message"] = data.get("message") or describe(payload["fields"])
        headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
        headers.update(data.get("headers") or {})  # e.g. Retry-After on 429
        return payload, error.code, headers


def flatten(errors: Any, prefix: str = "") -> dict[str, str]:
    """webargs/marshmallow messages as ``{"dotted.path": "rule"}``.

    The request location (``json``, ``query``) is dropped: a field is named as the client
    wrote it.
    """
    out: dict[str, str] = {}
    if isinstance(errors, dict):
        for key, value in errors.items():
            if not prefix and key in ("json", "query", "form", "headers", "path", "files"):
                out.update(flatten(value, ""))
                continue
            out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(errors, list) and all(isinstance(e, str) for e in errors):
        out[prefix or "body"] = " ".join(errors)
    elif isinstance(errors, list):
        for i, value in enumerate(errors):
            out.update(flatten(value, f"{prefix}[{i}]"))
    else:
        out[prefix or "body"] = str(errors)
    return out


def describe(fields_: dict[str, str]) -> str:
    return "; ".join(f"{name}: {rule}" for name, rule in list(fields_.items())[:5])


def domain_error(error: DomainError) -> Any:
    body: dict[str, Any] = {"error": error.kind, "message": error.message}
    if error.field:
        body["fields"] = {error.field: error.message}
    if isinstance(error, MutationGap):
        body["last_mutation_id"] = error.last_mutation_id
    return jsonify(body), error.status


def unexpected(error: Exception) -> Any:
    """Anything else is a bug of ours: a 500 in the same shape, and the traceback in the log."""
    return jsonify(
        {
            "error": "server_error",
            "message": "something went wrong on the server; "
            "the director can find it in the server log",
        }
    ), 500


def storage_unavailable(flask_app: Flask, problem: str) -> Any:
    """The store cannot write (the disk full, the file read-only): a 503 naming the problem.

    Nothing of the request was acknowledged, so a phone keeps it and sends it again (the
    same mutation ids: what did reach the store is answered as a duplicate). The failure
    is kept for ``/api/health`` until a save succeeds.
    """
    svc = flask_app.extensions.get("troef")
    if svc is not None:
        svc.storage.failed(problem)
        forget_connections(svc.app)  # a file made writable again is opened afresh
    flask_app.logger.error("storage cannot be written: %s", problem)
    body = {
        "error": STORAGE_KIND,
        "message": f"the server cannot store this now: {problem}. Nothing of it was "
        "acknowledged; it is sent again once the director has fixed the server's storage",
    }
    return jsonify(body), 503, {"Retry-After": STORAGE_RETRY_AFTER}


def init_app(flask_app: Flask) -> None:
    flask_app.register_error_handler(DomainError, domain_error)
    flask_app.register_error_handler(Exception, _log_and(unexpected, flask_app))


def _log_and(handler: Any, flask_app: Flask) -> Any:
    def wrapped(error: Exception) -> Any:
        if isinstance(error, HTTPException):
            raise error
        svc = flask_app.extensions.get("troef")
        problem = storage_problem(error, svc.instance.path if svc is not None else None)
        if problem is not None:
            return storage_unavailable(flask_app, problem)
        flask_app.logger.exception("unexpected error", exc_info=error)
        return handler(error)

    return wrapped
