"""Send a command to the application from a REST resource, with the caller's idempotency key.

Every operation that changes the history names its command of the command table
(:mod:`backend.application.commands`) and sends it through :meth:`Troef.handle`, as the
sync push does. The caller makes an ``Idempotency-Key`` for each action and sends it again
when it retries: a repeat gets the first answer and records nothing; the same key with other
content is refused with 409.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from copy import deepcopy
from functools import wraps
from typing import Any, TypeVar

from flask import current_app, request
from flask_smorest import abort
from marshmallow import Schema, fields, validate

from ..application import Command
from ..application.interface import MAX_KEY, Actor
from ..schemas.strict import NOT_BLANK, Searched
from .errors import ErrorSchema
from .services import services

F = TypeVar("F", bound=Callable[..., Any])
HEADER = "Idempotency-Key"
REFUSED = {
    400: f"the {HEADER} header is missing, blank or longer than {MAX_KEY} characters",
    409: f"the {HEADER} was used for another request",
}
"""What a command operation answers about its key, besides its own refusals."""


class KeyHeaderSchema(Schema):
    """The header every command operation takes (documented; checked by :func:`send`)."""

    key = fields.String(
        data_key=HEADER,
        required=True,
        validate=[
            validate.Length(min=1, max=MAX_KEY),
            Searched(re.compile(NOT_BLANK), error="must not be blank"),
        ],
        metadata={
            "description": "one key per user action, sent again when the action is retried: "
            "a repeat gets the first answer and records nothing; the same key with other "
            "content gets 409"
        },
    )


def keyed(view: F) -> F:
    """Document the ``Idempotency-Key`` header on a command operation, and its refusals.

    A key that is missing, blank or too long gets 400; a key used for another request gets
    409. An operation that already lists one of these statuses for its own reasons gets the
    key's reason added to its description.
    """

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return current_app.ensure_sync(view)(*args, **kwargs)

    apidoc = deepcopy(getattr(wrapper, "_apidoc", {}))
    arguments = apidoc.setdefault("arguments", {})
    arguments.setdefault("parameters", []).append(
        {"in": "headers", "required": True, "schema": KeyHeaderSchema}
    )
    responses = apidoc.setdefault("response", {}).setdefault("responses", {})
    for status, reason in REFUSED.items():
        listed = responses.setdefault(status, [])
        for answer in listed:  # the operation's own reason, then the key's
            answer["description"] = f"{answer.get('description')}; or {reason}"
        if not listed:
            listed.append({"schema": ErrorSchema(), "description": reason, "content_type": None})
    wrapper._apidoc = apidoc  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def send(actor: Actor, command: str, target: str | None = None, /, **args: Any) -> Any:
    """Run ``command`` on ``target`` as ``actor``, under the request's idempotency key."""
    return services().app.handle(actor, Command(command, target, args, key=idempotency_key()))


def idempotency_key() -> str:
    """The request's ``Idempotency-Key``; 400 when it is missing, blank or too long."""
    key = request.headers.get(HEADER)
    if key is None or not key.strip():
        abort(
            400,
            message=f"a change needs an {HEADER} header: one key per action, "
            "sent again when the action is retried",
            errors={HEADER: "is required"},
        )
    if len(key) > MAX_KEY:
        abort(
            400,
            message=f"an {HEADER} has at most {MAX_KEY} characters",
            errors={HEADER: f"must be 1 to {MAX_KEY} characters"},
        )
    return key
