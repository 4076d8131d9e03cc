"""Who is asking: the director (password, cookie session), a table's device (join code →
the device's signed secret), or the public. Authorisation is per object: a device's secret
is good for its own list only, while the device is not withdrawn and the secret not expired."""

from __future__ import annotations

from typing import Any

from flask import g, request, session
from flask.views import MethodView
from flask_smorest import Blueprint, abort

from ..application.interface import DIRECTOR, TABLE, Actor, NotFound, ScoreList
from ..instance import login
from ..instance.session import bearer, is_director
from ..schemas.auth import JoinedSchema, JoinKeySchema, JoinSchema, LoginSchema, SessionSchema
from .errors import ErrorSchema
from .joining import card_code, follow, join
from .openapi_security import ANYONE, DIRECTOR_READ, DIRECTOR_WRITE, secured
from .openapi_security import TABLE as TABLE_TOKEN
from .reading import request_list
from .security import csrf_token
from .services import services

blp = Blueprint(
    "auth",
    __name__,
    url_prefix="/api",
    description="Log in as the director; join a table's list with its code.",
)
JOIN_LIMIT = (10, 60.0)  # attempts per client address per minute


def refusals(*statuses: int) -> Any:
    """Document the error answers an operation gives (all in the one error shape)."""

    def decorate(view: Any) -> Any:
        for status in statuses:
            view = blp.alt_response(status, schema=ErrorSchema, description="refused")(view)
        return view

    return decorate


def join_code(list_id: str) -> str:
    """The code printed on a list's table card (its current one)."""
    return card_code(list_id)


def table_device(list_id: str | None = None) -> tuple[ScoreList, str] | None:
    """The list and device id of this request's device secret (None without one).

    403 when the secret is for another list; 401 (and nothing recorded) when it is forged,
    expired, names a device that never joined, or one the director withdrew.
    """
    token = bearer()
    if token is None:
        return None
    if list_id is not None and token["list"] != str(list_id):
        abort(403, message="this device joined another list; its sign-in is not good here")
    found = g.get("table_device")
    if found is None:
        try:
            sl = request_list(token["list"])
        except NotFound:
            abort(401, message="this phone's list no longer exists; join with the table card")
        device = token["device"]
        if not sl.is_active_device(device):
            if sl.device_name(device) is not None:
                abort(
                    401,
                    message="the director withdrew this phone from the table; ask the director, "
                    "then join again with the table card",
                )
            abort(401, message="this phone's sign-in is not valid here; join with the table card")
        found = g.table_device = (sl, device)
    return found


def current_actor(
    list_id: str | None = None, mutation_id: int | None = None, client_id: str | None = None
) -> Actor:
    """The actor of this request, allowed on ``list_id``; 401 or 403 otherwise.

    A table's device is who its secret says; a ``client_id`` the phone sends is ignored.
    """
    table = table_device(list_id)
    if table is not None:
        sl, device = table
        return Actor(
            TABLE, client_id=device, mutation_id=mutation_id, name=sl.device_name(device) or ""
        )
    if is_director():
        return Actor(
            DIRECTOR,
            client_id=client_id or "console",
            mutation_id=mutation_id,
            name=session["director"],
        )
    abort(401, message="log in as the director, or join the list with its table code")
    raise AssertionError  # unreachable: abort raises


def require_director() -> Actor:
    if bearer() is not None:
        abort(403, message="only the director may do this; a table's token is not enough")
    if not is_director():
        abort(401, message="log in as the director to do this")
    return Actor(DIRECTOR, client_id="console", name=session["director"])


def limit(scope: str, rule: tuple[int, float]) -> None:
    allowed, retry = services().limiter.allow(f"{scope}:{request.remote_addr}", *rule)
    if not allowed:
        abort(
            429,
            message=f"too many attempts; try again in {retry} s",
            headers={"Retry-After": str(retry)},
        )


@blp.route("/session")
class Session(MethodView):
    @secured(ANYONE, DIRECTOR_READ)
    @blp.response(200, SessionSchema)
    def get(self) -> dict[str, Any]:
        """Who is logged in on this browser (and the CSRF token for the director)."""
        if is_director():
            return {
                "role": "director",
                "director": session["director"],
                "club": services().instance.club,
                "csrf_token": csrf_token(),
            }
        return {
            "role": "public",
            "director": None,
            "club": services().instance.club,
            "csrf_token": None,
        }

    @blp.arguments(LoginSchema)
    @blp.response(200, SessionSchema)
    @refusals(400, 401, 422, 429)
    def post(self, data: dict[str, str]) -> dict[str, Any]:
        """Log in as the director."""
        login.check_password(data["name"], data["password"])
        login.begin(data["name"])
        return {
            "role": "director",
            "director": data["name"],
            "club": services().instance.club,
            "csrf_token": csrf_token(),
        }

    @secured(ANYONE, DIRECTOR_WRITE)
    @blp.response(204)
    def delete(self) -> None:
        """Log out: the session ends on the server, and a copy of its cookie is refused."""
        login.end()


@blp.route("/join")
class Join(MethodView):
    @blp.arguments(JoinSchema)
    @blp.arguments(JoinKeySchema, location="headers")
    @blp.response(200, JoinedSchema)
    @refusals(400, 401, 404, 410, 422, 429)
    def post(self, data: dict[str, Any], headers: dict[str, Any]) -> dict[str, Any]:
        """Join a table's list with the code on its table card: the server registers the
        device under the name given and returns its secret for this list. A join sent
        again with the same ``Idempotency-Key`` is answered with the same device."""
        limit("join", JOIN_LIMIT)
        return join(data, headers.get("key"))


@blp.route("/join/next")
class JoinNext(MethodView):
    @secured(TABLE_TOKEN)
    @blp.response(200, JoinedSchema)
    @refusals(401, 404, 409)
    def post(self) -> dict[str, Any]:
        """Bridge: move this phone on to its table's list of the next round (a table's
        device whose list is submitted). The server picks the list from the phone's secret:
        the same table, the next open round of the same evening; the phone names nothing.
        The answer is that of a join, with a secret good for the next list only."""
        table = table_device()
        if table is None:
            abort(401, message="join the table with its card first")
        sl, device = table
        return follow(sl, device)
