"""Logging the director in and out, with a back-off per account that strangers cannot abuse.

What is throttled, and why so (issue 12):

- **The director's account**: the first few wrong passwords cost nothing, then every
  failure doubles the wait before the next attempt (2 s, 4 s, … up to 5 minutes); attempts
  during a wait are refused with 429 without looking at the password, and do not lengthen it.
  The count is kept by the server for every process (:mod:`.session_store`), not per address:
  behind a club's Wi-Fi, or a reverse proxy, everyone has the same address.
- **A browser the director has logged in from before** carries a signed ``troef_device``
  cookie; its failures are counted on their own key. So strangers who make the account wait
  never make the director's own laptop wait; a stolen device cookie only gets a back-off of
  its own.
- **Names that are no account**: a limit per address and process (10 in 5 minutes, in
  :mod:`.limits`), since there is no account to count them on.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import after_this_request, current_app, g, request, session
from flask_smorest import abort
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.security import check_password_hash

from .services import services

DEVICE_COOKIE = "troef_device"
DEVICE_DAYS = 400  # browsers keep a cookie at most 400 days
UNKNOWN_LIMIT = (10, 300.0)  # attempts per address per 5 minutes on names that are no account


def _devices() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt="troef-device")


def throttle_key(name: str) -> str:
    """The key a login attempt for ``name`` is counted on: this browser's, or the account's."""
    try:
        device = _devices().loads(request.cookies.get(DEVICE_COOKIE, ""))
    except BadSignature:
        device = None
    if isinstance(device, dict) and device.get("name") == name and device.get("id"):
        return f"device:{device['id']}"
    return f"account:{name}"


def too_many(retry: int) -> None:
    """Refuse with 429 and ``Retry-After``."""
    abort(
        429,
        message=f"too many attempts; try again in {retry} s",
        headers={"Retry-After": str(retry)},
    )


def check_password(name: str, password: str) -> None:
    """Let the director's right password through; 401 or 429 for anything else."""
    director = services().director
    if name != director.get("name"):
        allowed, retry = services().limiter.allow(f"login:{request.remote_addr}", *UNKNOWN_LIMIT)
        if not allowed:
            too_many(retry)
        abort(401, message="wrong name or password")
    store, key = services().sessions, throttle_key(name)
    retry = store.retry_in(key)
    if retry:
        too_many(retry)
    if not check_password_hash(director.get("password_hash", ""), password):
        store.failed(key)
        abort(401, message="wrong name or password")
    store.succeeded(key)


def begin(name: str) -> None:
    """Start a director session for ``name`` on this browser, and remember the browser."""
    session.clear()
    g.pop("troef_director", None)
    session["director"] = name
    session["sid"] = services().sessions.start(name)
    session.permanent = True
    device = _devices().dumps({"name": name, "id": secrets.token_urlsafe(12)})
    if throttle_key(name).startswith("device:"):
        return

    @after_this_request
    def remember(response: Any) -> Any:
        response.set_cookie(
            DEVICE_COOKIE,
            device,
            max_age=DEVICE_DAYS * 24 * 3600,
            httponly=True,
            samesite="Strict",
            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
            path="/api/session",
        )
        return response


def end() -> None:
    """End this browser's director session on the server, then forget the cookie."""
    services().sessions.end(session.get("sid"))
    session.clear()
    g.pop("troef_director", None)
