"""The real app over real HTTP: waitress in a background thread, and a small JSON client.

``serve(flask_app)`` runs the app with waitress on a free port of 127.0.0.1 for the length
of a ``with`` block; ``Client`` talks to it with urllib only, keeps the cookies it is given
(the director's session) and sends the CSRF header and a table's bearer token by itself.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from typing import Any

from waitress import wasyncore
from waitress.server import create_server

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@contextmanager
def serve(flask_app: Any, threads: int = 8) -> Iterator[str]:
    """Serve ``flask_app`` with waitress on 127.0.0.1; yield its base URL."""
    server = create_server(
        flask_app, host="127.0.0.1", port=0, threads=threads, clear_untrusted_proxy_headers=True
    )
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            wasyncore.loop(timeout=0.05, map=server._map, use_poll=True, count=1)
        server.task_dispatcher.shutdown(timeout=10)
        wasyncore.close_all(server._map)

    runner = threading.Thread(target=loop, name="waitress-test", daemon=True)
    runner.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        stop.set()
        runner.join(timeout=15)


@dataclass
class Answer:
    """One HTTP answer: its status, headers, raw body and (for JSON) the parsed body."""

    status: int
    headers: dict[str, str]
    body: bytes
    method: str
    path: str
    sent: Any = None

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";")[0].strip()

    def __repr__(self) -> str:
        text = self.body[:600].decode("utf-8", "replace")
        return f"{self.method} {self.path} -> {self.status} {text}"


@dataclass
class Client:
    """A browser or a phone: a cookie jar, the director's CSRF token, a table's token."""

    base_url: str
    csrf: str | None = None
    token: str | None = None
    timeout: float = 30.0
    jar: CookieJar = field(default_factory=CookieJar)
    answers: list[Answer] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Answer:
        """Send one request (a JSON body when given); answers of every status come back."""
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent.setdefault("Content-Type", "application/json")
        if method in UNSAFE and self.csrf:
            sent.setdefault("X-CSRF-Token", self.csrf)
        if method in UNSAFE:  # one key per action, as the console makes them
            sent.setdefault("Idempotency-Key", f"test-{uuid.uuid4()}")
        if self.token:
            sent.setdefault("Authorization", f"Bearer {self.token}")
        req = urllib.request.Request(self.base_url + path, data=data, method=method, headers=sent)
        try:
            with self._opener.open(req, timeout=self.timeout) as res:
                answer = Answer(res.status, _lower(res.headers), res.read(), method, path, body)
        except urllib.error.HTTPError as err:
            with err:
                answer = Answer(err.code, _lower(err.headers), err.read(), method, path, body)
        self.answers.append(answer)
        return answer

    def get(self, path: str, **kwargs: Any) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return self.request("POST", path, body if body is not None else {}, **kwargs)

    def put(self, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return self.request("PUT", path, body if body is not None else {}, **kwargs)

    def login(self, name: str, password: str) -> Answer:
        """Log in as the director; later changes carry the session's CSRF token."""
        answer = self.post("/api/session", {"name": name, "password": password})
        assert answer.status == 200, answer
        self.csrf = answer.json["csrf_token"]
        return answer

    def join(self, code: str, name: str) -> Answer:
        """Join a table's list with its code as a phone called ``name``; later requests carry
        the device's secret."""
        answer = self.post("/api/join", {"code": code, "name": name})
        assert answer.status == 200, answer
        self.token = answer.json["token"]
        return answer


def _lower(headers: Any) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}
