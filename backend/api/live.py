"""Live updates: server-sent events at ``/api/live``, long polling at ``/api/live/poll``.

The read models' position is the clock. A stream checks it every ``TROEF_LIVE_INTERVAL``
seconds (one read shared by every open stream); when it moved, each followed channel's
mark is compared with the last one sent, and a changed channel goes out as an event whose
``id`` is the position it was read at. The marks and the event texts at a position are read
once per process and shared by every stream following the same channels (:mod:`.live_frames`).
A client that reconnects with ``Last-Event-ID`` (or ``since``) gets only what changed after
that position; a new client gets everything once.

Each open stream holds one server thread (waitress: ``--threads``), so a stream ends after
``TROEF_LIVE_MAX_AGE`` seconds and the client reconnects (EventSource does that by itself,
after the ``retry:`` hint); a dead client is noticed at the next heartbeat. A long poll
holds its thread for at most ``TROEF_LIVE_POLL_WAIT`` seconds.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from typing import Any
from uuid import UUID

from flask import Response, current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint, abort

from ..schemas.live import (
    LiveArgsSchema,
    LiveHeadersSchema,
    LivePollArgsSchema,
    LivePolledSchema,
)
from .auth import bearer, current_actor, is_director, require_director
from .errors import ErrorSchema
from .feeds import Clock, Watch
from .live_frames import Frames
from .openapi_security import ANYONE, DIRECTOR_READ, TABLE, secured
from .services import services

blp = Blueprint(
    "live",
    __name__,
    url_prefix="/api/live",
    description="Live updates of standings, lists and the director's room: server-sent "
    "events, or long polling for phones and proxies that cannot keep a stream open.",
)

SETTINGS: dict[str, float] = {
    "TROEF_LIVE_INTERVAL": 0.5,  # seconds between looks at the read models' position (#13)
    "TROEF_LIVE_HEARTBEAT": 15.0,  # seconds between keep-alive comments on a quiet stream
    "TROEF_LIVE_MAX_AGE": 300.0,  # seconds a stream stays open before the client reconnects
    "TROEF_LIVE_RETRY_MS": 3000,  # the reconnection delay EventSource is told to use
    "TROEF_LIVE_POLL_WAIT": 25.0,  # the longest a long poll waits before answering empty
    "TROEF_LIVE_MAX_CLIENTS": 0,  # streams and polls open at once; 0: no limit
}
STREAM_DOC = """A stream of server-sent events (`text/event-stream`), one per change:

    retry: 3000

    id: 42
    event: standings
    data: {"competition_id": "…", "standings": [...], ...}

`event` is `standings` (data: LiveStandings), `list` (LiveList) or `room` (LiveRoom); `id`
is the read models' position, which EventSource sends back as `Last-Event-ID` when it
reconnects. Lines starting with `:` are heartbeats. The stream ends after a few minutes;
reconnect (EventSource does by itself)."""


EVENT = {  # OpenAPI 3.0: the schema of an event stream describes one event
    "type": "object",
    "required": ["event", "id", "data"],
    "properties": {
        "event": {"type": "string", "enum": ["standings", "list", "room"]},
        "id": {"type": "string", "description": "the read models' position"},
        "data": {
            "type": "string",
            "description": "one line of JSON: LiveStandings, LiveList or LiveRoom",
        },
    },
}


def setting(name: str) -> float:
    return float(current_app.config.get(name, SETTINGS[name]))


class _Gate:
    """Counts the live connections of this process, to refuse more than the server can hold."""

    def __init__(self) -> None:
        self.open = 0
        self._lock = threading.Lock()

    def enter(self, limit: int) -> bool:
        with self._lock:
            if limit and self.open >= limit:
                return False
            self.open += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self.open -= 1


def _live() -> tuple[Clock, _Gate, Frames]:
    ext = current_app.extensions
    if "troef_live" not in ext:
        svc = services()
        clock = Clock(lambda: svc.views.position(svc.app.name), setting("TROEF_LIVE_INTERVAL"))
        ext.setdefault("troef_live", (clock, _Gate(), Frames()))
    return ext["troef_live"]


def authorised_watch(args: dict[str, Any]) -> Watch:
    """What the client asked to follow, once it may (401/403/404 otherwise)."""
    views = services().views
    cid = _canonical(args["competition"], "competition")
    if not views.rows("SELECT 1 FROM competitions WHERE competition_id = ?", [cid]):
        abort(404, message=f"there is no competition {cid!r}", errors={"competition": "unknown"})
    list_id = args.get("list")
    if list_id is not None:
        list_id = _canonical(list_id, "list")
        found = views.rows(
            "SELECT status FROM lists WHERE list_id = ? AND competition_id = ?", [list_id, cid]
        )
        if not found:
            abort(404, message="the competition has no such list", errors={"list": "unknown"})
        if found[0]["status"] != "submitted":
            if bearer() is not None:
                current_actor(list_id=list_id)
            elif not is_director():
                abort(401, message="join the list with its table code to follow it")
    evening = args.get("room")
    if evening is not None:
        if bearer() is not None and not is_director():
            abort(403, message="the room is the director's; a table's token is not good there")
        require_director()
        if not views.rows(
            "SELECT 1 FROM evenings WHERE competition_id = ? AND evening = ?", [cid, evening]
        ):
            abort(404, message=f"there is no evening {evening}", errors={"room": "unknown"})
    return Watch(views, cid, args["standings"], list_id, evening, plays=_plays_of())


def _plays_of() -> Any:
    """A reader of a list's play states and recorded deals, for the room's revokes."""
    app = services().app

    def plays(list_id: str) -> tuple[dict[str, Any], int]:
        sl = app.get_list(list_id)
        try:
            return getattr(sl, "play", {}) or {}, len(sl.rows)
        finally:  # read only: the list's next load (its phone's push) takes it
            app.put_back(sl)

    return plays


def _canonical(value: str, field: str) -> str:
    """The id as the read models store it (a lower-case UUID); 404 for anything else."""
    try:
        return str(UUID(value))
    except ValueError:
        abort(404, message=f"there is no {field} {value!r}", errors={field: "unknown"})
        raise AssertionError from None  # unreachable: abort raises


def _admit(gate: _Gate) -> None:
    if not gate.enter(int(setting("TROEF_LIVE_MAX_CLIENTS"))):
        abort(
            429,
            message="too many live connections are open; try again shortly",
            headers={"Retry-After": "10"},
        )


@blp.route("")
class Stream(MethodView):
    @secured(ANYONE, TABLE, DIRECTOR_READ)
    @blp.arguments(LiveArgsSchema, location="query")
    @blp.arguments(LiveHeadersSchema, location="headers")
    @blp.response(200, EVENT, content_type="text/event-stream", description=STREAM_DOC)
    @blp.alt_response(401, schema=ErrorSchema, description="a list or room that needs a login")
    @blp.alt_response(403, schema=ErrorSchema, description="another list's table token")
    @blp.alt_response(404, schema=ErrorSchema, description="no such competition, list, evening")
    @blp.alt_response(429, schema=ErrorSchema, description="too many live connections")
    def get(self, args: dict[str, Any], headers: dict[str, Any]) -> Response:
        """Follow standings, a list or the room as server-sent events."""
        watch = authorised_watch(args)
        since = headers.get("last_event_id", args.get("since"))
        clock, gate, frames = _live()
        _admit(gate)
        timing = {name: setting(name) for name in SETTINGS}
        gone = request.environ.get("waitress.client_disconnected")
        return Response(
            _Guarded(stream(watch, clock, since, timing, gone, frames), gate),
            mimetype="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )


@blp.route("/poll")
class Poll(MethodView):
    @secured(ANYONE, TABLE, DIRECTOR_READ)
    @blp.arguments(LivePollArgsSchema, location="query")
    @blp.response(200, LivePolledSchema)
    @blp.alt_response(401, schema=ErrorSchema, description="a list or room that needs a login")
    @blp.alt_response(403, schema=ErrorSchema, description="another list's table token")
    @blp.alt_response(404, schema=ErrorSchema, description="no such competition, list, evening")
    @blp.alt_response(429, schema=ErrorSchema, description="too many live connections")
    def get(self, args: dict[str, Any]) -> Any:
        """Wait (at most ``wait`` seconds) for a change after ``since``; empty when none came.

        Without ``since`` the answer comes at once with everything followed. Send the
        answer's ``position`` back as ``since`` in the next poll.
        """
        watch = authorised_watch(args)
        clock, gate, _frames = _live()
        _admit(gate)
        try:
            wait = min(float(args["wait"]), setting("TROEF_LIVE_POLL_WAIT"))
            answer = poll(watch, clock, args.get("since"), wait)
        finally:
            gate.leave()
        return answer, 200, {"Cache-Control": "no-store"}


def poll(watch: Watch, clock: Clock, since: int | None, wait: float) -> dict[str, Any]:
    """The changed channels after ``since`` as soon as there are any, or none after ``wait``."""
    deadline = time.monotonic() + wait
    seen = -1
    while True:
        position = clock.now()
        if position != seen:
            seen = position
            watch.settle()
            with watch.views.reading() as db:
                names = list(watch.channels) if since is None else watch.changed_since(db, since)
                if names:
                    body = {name: watch.payload(db, name) for name in names}
                    return {"position": position, "changed": names, **body}
        left = deadline - time.monotonic()
        if left <= 0:
            return {"position": seen, "changed": []}
        time.sleep(min(clock.interval, left))


def stream(
    watch: Watch,
    clock: Clock,
    since: int | None,
    timing: dict[str, float],
    gone: Callable[[], bool] | None = None,
    frames: Frames | None = None,
) -> Generator[str, None, None]:
    """The event stream of one client: what changed after ``since``, then every change.

    ``gone`` tells whether the client hung up (waitress offers it when it reads ahead,
    ``channel_request_lookahead``); without it a dead client is noticed when a write fails.
    ``frames`` are the process's shared reads (one per position for every stream following
    the same channels, :mod:`.live_frames`).
    """
    frames = frames or Frames()
    started = time.monotonic()
    yield f"retry: {int(timing['TROEF_LIVE_RETRY_MS'])}\n\n"
    shot = frames.at(watch, clock.now())
    position, marks = shot.position, shot.marks
    if since is None:
        names = list(watch.channels)
    else:
        with watch.views.reading() as db:
            names = watch.changed_since(db, since)
    sent = {name: frames.text(watch, shot, name) for name in watch.channels}
    yield from (f"id: {position}\n{sent[name]}" for name in names)
    beat = time.monotonic()
    while time.monotonic() - started < timing["TROEF_LIVE_MAX_AGE"]:
        time.sleep(clock.interval)
        if gone is not None and gone():
            return
        now = clock.now()
        if now != position:
            shot = frames.at(watch, now)
            position, out = shot.position, []
            for name in watch.channels:
                if shot.marks[name] != marks[name]:
                    text = frames.text(watch, shot, name)
                    if text != sent[name]:  # e.g. the pen moved: the standings did not
                        sent[name] = text
                        out.append(f"id: {position}\n{text}")
            marks = shot.marks
            if out:
                yield from out
                beat = time.monotonic()
                continue
        if time.monotonic() - beat >= timing["TROEF_LIVE_HEARTBEAT"]:
            yield ": still here\n\n"
            beat = time.monotonic()
    yield ": this stream ends here; reconnect with Last-Event-ID\n\n"


class _Guarded:
    """The stream, counted as open until the server closes it (also when it never started)."""

    def __init__(self, events: Generator[str, None, None], gate: _Gate) -> None:
        self.events, self.gate, self.closed = events, gate, False

    def __iter__(self) -> _Guarded:
        return self

    def __next__(self) -> str:
        return next(self.events)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.gate.leave()
            self.events.close()
