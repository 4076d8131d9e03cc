"""Headers on every answer, CSRF protection for the director's cookie, ETags on reads."""

from __future__ import annotations

import hmac
import secrets

from flask import Flask, Response, request, session
from werkzeug.exceptions import Forbidden

from ..instance.session import is_director

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CSRF_HEADER = "X-CSRF-Token"
# Logging in cannot carry a token yet (SameSite=Strict covers it); joining a table uses no
# cookie at all (the code is the credential).
EXEMPT = frozenset({("auth.Session", "POST"), ("auth.Join", "POST")})


def csrf_token() -> str:
    """The session's CSRF token (made on first use)."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def check_csrf() -> None:
    """Refuse a state-changing request that rides on the director's cookie without the token.

    Requests authorised by a table's bearer token carry no ambient credentials, so they
    need no CSRF token.
    """
    if request.method not in UNSAFE or (request.endpoint, request.method) in EXEMPT:
        return
    if request.routing_exception is not None:
        return  # no such route or method: the 404 or 405 (with Allow) comes first
    if request.headers.get("Authorization", "").startswith("Bearer "):
        return
    if not is_director():
        return  # not logged in, or the session has ended: the view itself answers 401
    sent = request.headers.get(CSRF_HEADER, "")
    if not sent or not hmac.compare_digest(sent.encode(), session.get("csrf", "").encode()):
        raise Forbidden(description=f"missing or wrong {CSRF_HEADER} header (CSRF protection)")


def add_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    if request.path.endswith("/sw.js"):
        response.headers["Cache-Control"] = "no-cache"
    if (
        request.method == "GET"
        and response.status_code == 200
        and not response.is_streamed
        and response.mimetype == "application/json"
    ):
        personal = "Authorization" in request.headers or "director" in session
        response.headers.setdefault(
            "Cache-Control", "private, no-cache" if personal else "no-cache"
        )
        response.add_etag()
        response.make_conditional(request)
    return response


def init_app(flask_app: Flask) -> None:
    flask_app.before_request(check_csrf)
    flask_app.after_request(add_headers)
