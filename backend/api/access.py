"""Who may call a resource endpoint, checked before the request body is parsed.

The decorators go outermost (above ``@blp.arguments``) so that an anonymous caller gets 401
and a table's token 403 whatever the body holds; ``refusals`` documents the error answers
an operation can give.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from functools import wraps
from typing import Any, TypeVar
from uuid import UUID

from flask_smorest import Blueprint

from ..application.interface import DIRECTOR, Actor
from ..instance.session import director_name
from .auth import current_actor
from .errors import ErrorSchema
from .openapi_security import director_security, mark, table_or_director_security

F = TypeVar("F", bound=Callable[..., Any])

MEANING = {
    400: "the body is not valid JSON",
    401: "not logged in as the director (nor joined as this list's table)",
    403: "a table's token on a director's endpoint or on another list, "
    "or a change without the X-CSRF-Token header",
    404: "no such competition, evening, player or list",
    409: "the change clashes with the history (a submitted list, a draw after the first deal …)",
    422: "a field breaks a rule; `fields` names it",
}
PRIVATE = {"Cache-Control": "private, no-cache"}


def director() -> Actor:
    """The director of this request; 403 for a table's token, 401 for anyone else."""
    return Actor(DIRECTOR, client_id="console", name=director_name())


def director_only(view: F) -> F:
    """Refuse anyone but the director before the view (and its body parsing) runs.

    The OpenAPI document says so: the director's cookie, with the CSRF header on a change.
    """

    @wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        director()
        return view(*args, **kwargs)

    return mark(checked, director_security(view))  # type: ignore[return-value]


def table_or_director(view: F) -> F:
    """Let the director or the table of the view's ``list_id`` through; 401/403 otherwise."""

    @wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        list_id = kwargs.get("list_id")
        with suppress(ValueError, TypeError):
            list_id = str(UUID(list_id))
        current_actor(list_id=list_id)
        return view(*args, **kwargs)

    return mark(checked, table_or_director_security(view))  # type: ignore[return-value]


def refusals(blp: Blueprint, *codes: int | tuple[int, str]) -> Callable[[F], F]:
    """Document the error answers of an operation (``{error, message, fields}``)."""

    def decorate(view: F) -> F:
        for code in reversed(codes):
            status, text = code if isinstance(code, tuple) else (code, MEANING[code])
            view = blp.alt_response(status, schema=ErrorSchema, description=text)(view)
        return view

    return decorate


def private(data: Any, status: int = 200) -> tuple[Any, int, dict[str, str]]:
    """An answer for the director or one table only: no shared cache may keep it."""
    return data, status, PRIVATE
