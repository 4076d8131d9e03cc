"""Who this browser is: the director's session, or a table's token for one list.

Both are signed with the instance's secret key (the Flask app's ``secret_key``), and so is
the code on a table card. A table's token is a device's *secret*: the server chose the
device's id when the phone joined, signed it with the list's id and a time
(``itsdangerous.URLSafeTimedSerializer``), and refuses it once it is older than
:func:`token_hours`. Tokens of the release before (unsigned time, a client id the phone
chose) are refused: the phone joins again. The JSON API (:mod:`backend.api.auth`) turns
them into the application's actors; the print pages of :mod:`backend.web` ask :func:`director_name`
before they show a director's page, with the same answers as the API.
"""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app, g, request, session
from flask_smorest import abort
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from .services import services

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table
CODE_LENGTH = 6
TOKEN_HOURS = 24.0  # a device's secret: an evening and the night after
RENEWABLE_DAYS = 30  # an expired secret still names its device for a phone that joins again


def code_for(secret: str, list_id: str, generation: int = 0) -> str:
    """A list's table code under a server secret (the instance's ``secret_key``).

    ``generation`` counts the director's re-issues of the card: each gives a new code, and
    the list accepts only the code of its current generation.
    """
    message = f"join:{list_id}" if generation == 0 else f"join:{list_id}:{generation}"
    digest = hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()
    return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:CODE_LENGTH])


def _tokens() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key, salt="troef-device")


def token_hours() -> float:
    """How long a device's secret is good for (``TABLE_TOKEN_HOURS``, default 24)."""
    return float(current_app.config.get("TABLE_TOKEN_HOURS", TOKEN_HOURS))


def device_token(list_id: str, device: str) -> str:
    """The secret a device gets when it joins a list: signed, good for that list only, and
    only for :func:`token_hours` (then the phone joins again with the table card)."""
    return _tokens().dumps({"list": list_id, "device": device})


def renewable(token: str) -> dict[str, str] | None:
    """What an expired (but genuine) secret names, for a phone that joins again; None for a
    forged one or one older than :data:`RENEWABLE_DAYS`."""
    try:
        data = _tokens().loads(token, max_age=RENEWABLE_DAYS * 86400)
    except BadSignature:
        return None
    return data if isinstance(data, dict) and {"list", "device"} <= set(data) else None


def bearer() -> dict[str, str] | None:
    """The device secret of this request, if any: 401 when it is forged or expired.

    Read once per request (a push asks for it for every mutation it carries)."""
    if "bearer" not in g:
        g.bearer = _read_bearer()
    return g.bearer  # type: ignore[no-any-return]


def _read_bearer() -> dict[str, str] | None:
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    try:
        data = _tokens().loads(
            header.removeprefix("Bearer ").strip(), max_age=int(token_hours() * 3600)
        )
    except SignatureExpired:
        abort(
            401,
            message="this phone's sign-in has expired; join again with the table card "
            "(what is waiting to be sent is kept)",
        )
    except BadSignature:
        abort(
            401,
            message="this phone's sign-in is not valid here; join again with the table card",
        )
    if not isinstance(data, dict) or not {"list", "device"} <= set(data):
        abort(401, message="this phone's sign-in is not valid here; join again with the table card")
    return data


def is_director() -> bool:
    """Whether the director is logged in on this browser, in a session the server still holds.

    A session ends at logout and at its lifetime from the login (:mod:`.session_store`);
    a copy of its cookie is refused from then on.
    """
    if "director" not in session:
        return False
    if "troef_director" not in g:
        g.troef_director = services().sessions.holder(session.get("sid")) == session["director"]
    return bool(g.troef_director)


def director_name() -> str:
    """The director of this request; 403 for a table's token, 401 for anyone else."""
    if bearer() is not None:
        if not is_director():
            abort(403, message="a table's token is good for its own list only; ask the director")
        abort(403, message="only the director may do this; a table's token is not enough")
    if not is_director():
        abort(401, message="log in as the director to do this")
    return str(session["director"])
