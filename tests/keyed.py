"""Clients that act as the console does: each change carries a new ``Idempotency-Key``.

The console makes one key per user action (and sends it again when it retries), so a
test client that stands for it sends a fresh key with every POST, PUT, PATCH and DELETE
unless the test sets one itself. Tests of the key's own rules set it explicitly.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
HEADER = "Idempotency-Key"


def new_key() -> str:
    return f"test-{uuid.uuid4()}"


class KeyedClient(FlaskClient):
    """Flask's test client, with a fresh idempotency key on every change."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        method = str(kwargs.get("method", "GET")).upper()
        if method in UNSAFE:
            headers = dict(kwargs.get("headers") or {})
            if not any(k.lower() == HEADER.lower() for k in headers):
                headers[HEADER] = new_key()
            kwargs["headers"] = headers
        return super().open(*args, **kwargs)


def keyed(flask_app: Flask) -> Flask:
    """``flask_app`` with test clients that send idempotency keys."""
    flask_app.test_client_class = KeyedClient
    return flask_app
