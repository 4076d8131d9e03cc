"""Who is asking: the director (password, cookie session), a table (join code → token), or
the public. Authorisation is per object: a table's token is good for its own list only."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from flask import current_app, request, session
from flask.views import MethodView
from flask_smorest import Blueprint, abort
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.security import check_password_hash

from ..aggregates.actor import DIRECTOR, TABLE, Actor
from ..schemas.auth import JoinedSchema, JoinSchema, LoginSchema, SessionSchema
from .errors import ErrorSchema
from .security import csrf_token
from .services import services

blp = Blueprint(
    "auth",
    __name__,
    url_prefix="/api",
    description="Log in as the director; join a table's list with its code.",
)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table
CODE_LENGTH = 6
JOIN_LIMIT = (10, 60.0)  # attempts per client address per minute
LOGIN_LIMIT = (10, 300.0)


def refusals(*statuses: int) -> Any:
    """Document the error answers an operation gives (all in the one error shape)."""

    def decorate(view: Any) -> Any:
        for status in statuses:
            view = blp.alt_response(status, schema=ErrorSchema, description="refused")(view)
        return view

    return decorate


def join_code(list_id: str) -> str:
    """The code printed on a list's table card (derived from the server's secret)."""
    return code_for(current_app.secret_key, list_id)


def code_for(secret: str, list_id: str) -> str:
    """A list's table code under a server secret (the instance's ``secret_key``)."""
    digest = hmac.new(secret.encode(), f"join:{list_id}".encode(), hashlib.sha256).digest()
    return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:CODE_LENGTH])


def _tokens() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt="troef-table")


def table_token(list_id: str, client_id: str) -> str:
    return _tokens().dumps({"list": list_id, "client": client_id})


def bearer() -> dict[str, str] | None:
    """The table token of this request, if any (refused with 401 when it is forged)."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    try:
        data = _tokens().loads(header.removeprefix("Bearer ").strip())
    except BadSignature:
        abort(401, message="this table token is not valid; join the list again with its code")
    return data


def is_director() -> bool:
    return "director" in session


def current_actor(
    list_id: str | None = None, mutation_id: int | None = None, client_id: str | None = None
) -> Actor:
    """The actor of this request, allowed on ``list_id``; 401 or 403 otherwise."""
    token = bearer()
    if token is not None:
        if list_id is not None and token["list"] != str(list_id):
            abort(403, message="this device joined another list; its token is not good here")
        if client_id is not None and client_id != token["client"]:
            abort(
                403,
                message="client_id differs from the device that joined",
                errors={"client_id": "must be the client id used to join"},
            )
        return Actor(TABLE, client_id=token["client"], mutation_id=mutation_id)
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
        limit("login", LOGIN_LIMIT)
        director = services().director
        good = data["name"] == director.get("name") and check_password_hash(
            director.get("password_hash", ""), data["password"]
        )
        if not good:
            abort(401, message="wrong name or password")
        session.clear()
        session["director"] = data["name"]
        session.permanent = True
        return {
            "role": "director",
            "director": data["name"],
            "club": services().instance.club,
            "csrf_token": csrf_token(),
        }

    @blp.response(204)
    def delete(self) -> None:
        """Log out."""
        session.clear()


@blp.route("/join")
class Join(MethodView):
    @blp.arguments(JoinSchema)
    @blp.response(200, JoinedSchema)
    @refusals(400, 404, 422, 429)
    def post(self, data: dict[str, str]) -> dict[str, Any]:
        """Join a table's list with the code on its table card; returns a token for it."""
        limit("join", JOIN_LIMIT)
        code = data["code"].strip().upper()
        views = services().views
        for row in views.rows("SELECT * FROM lists WHERE status = 'open'"):
            if hmac.compare_digest(join_code(row["list_id"]).encode(), code.encode()):
                return joined(row, data["client_id"])
        abort(
            404,
            message="no open table has this code; check the table card",
            errors={"code": "matches no open table"},
        )
        raise AssertionError


def joined(row: dict[str, Any], client_id: str) -> dict[str, Any]:
    seats = json.loads(row["seats"])
    names = {
        r["player_id"]: r["name"]
        for r in services().views.rows(
            "SELECT player_id, name FROM players WHERE competition_id = ?", [row["competition_id"]]
        )
    }
    return {
        "token": table_token(row["list_id"], client_id),
        "list_id": row["list_id"],
        "game": row["game"],
        "table": row["table_no"],
        "round": row["round"],
        "boards": json.loads(row["boards"] or "null"),
        "seats": seats,
        "players": {s: names.get(p, p) for s, p in seats.items()},
        "pen": row["pen"],
        "holds_pen": row["pen"] == client_id,
        "status": row["status"],
    }
