"""Who may call each operation, as the OpenAPI document says it: security schemes and marks.

Three schemes, as :mod:`.auth` and :mod:`.security` check them:

- ``directorSession``: the director's session cookie (from ``POST /api/session``);
- ``csrfToken``: the ``X-CSRF-Token`` header the director sends with every change (a
  director's change needs both: they form one requirement);
- ``tableToken``: a table's bearer token (from ``POST /api/join``), good for its own list.

An operation lists the requirements it accepts, any one of them enough. A public operation
lists none (``security: []``); one that answers everyone but shows more to some (a list
before it is submitted, a pull, a live stream) lists the empty requirement ``{}`` first.
:mod:`.access` marks the director's and the tables' operations itself; :func:`secured` marks
the others; what is marked by neither is public.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any, TypeVar

from apispec import APISpec, BasePlugin

F = TypeVar("F", bound=Callable[..., Any])
Requirement = dict[str, list[str]]

UNSAFE = frozenset({"post", "put", "patch", "delete"})
DIRECTOR_READ: Requirement = {"directorSession": []}
DIRECTOR_WRITE: Requirement = {"directorSession": [], "csrfToken": []}
TABLE: Requirement = {"tableToken": []}
ANYONE: Requirement = {}


def schemes(cookie: str, csrf_header: str) -> dict[str, dict[str, Any]]:
    """The security schemes of the document (``cookie``: the session cookie's name)."""
    return {
        "directorSession": {
            "type": "apiKey",
            "in": "cookie",
            "name": cookie,
            "description": "the director's session, set by `POST /api/session` (12 hours)",
        },
        "csrfToken": {
            "type": "apiKey",
            "in": "header",
            "name": csrf_header,
            "description": "the `csrf_token` of `POST/GET /api/session`; with the session "
            "cookie on every change (POST, PUT, PATCH, DELETE)",
        },
        "tableToken": {
            "type": "http",
            "scheme": "bearer",
            "description": "a table's token from `POST /api/join`, good for its own list only",
        },
    }


def secured(*requirements: Requirement) -> Callable[[F], F]:
    """Document that the operation accepts any one of ``requirements`` (none: public)."""

    def decorate(view: F) -> F:
        return mark(view, list(requirements))

    return decorate


def mark(view: F, requirements: list[Requirement]) -> F:
    """Set the view's requirements in its flask-smorest docs (as ``Blueprint.doc`` would)."""
    apidoc = deepcopy(getattr(view, "_apidoc", {}))
    apidoc.setdefault("manual_doc", {})["security"] = [dict(r) for r in requirements]
    view._apidoc = apidoc  # type: ignore[attr-defined]
    return view


def director_security(view: Callable[..., Any]) -> list[Requirement]:
    """The director's requirement for a view: the cookie, and the CSRF header on a change."""
    return [DIRECTOR_WRITE if view.__name__ in UNSAFE else DIRECTOR_READ]


def table_or_director_security(view: Callable[..., Any]) -> list[Requirement]:
    """A table's token, or the director's requirement for the view."""
    return [TABLE, *director_security(view)]


class PublicUnlessMarked(BasePlugin):
    """An apispec plugin: an operation that names no requirement is public (``[]``)."""

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        for operation in (operations or {}).values():
            if isinstance(operation, dict):
                operation.setdefault("security", [])


def declare(spec: APISpec, cookie: str, csrf_header: str) -> None:
    """Add the security schemes to the document's components."""
    for name, scheme in schemes(cookie, csrf_header).items():
        spec.components.security_scheme(name, scheme)
