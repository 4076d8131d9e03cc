"""A small HTTP/1.1 client on asyncio: keep-alive requests, and server-sent event streams.

One event loop holds hundreds of phones and viewers with a socket each and no thread each
(``http.client`` in threads does not scale to that on two cores). Only what the load bench
needs: JSON requests with ``Content-Length`` or chunked answers, and a stream read chunk by
chunk whose events are reported with the time their last byte arrived.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any


class HttpError(Exception):
    """No usable answer: the connection failed, closed early, or the answer was malformed
    (or, for a stream, not 200: then ``retry_after`` holds the server's Retry-After)."""

    def __init__(self, message: str, retry_after: float = 0.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError) as exc:
        raise HttpError("the connection closed before an answer") from exc
    lines = head.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError) as exc:
        raise HttpError(f"not an HTTP answer: {lines[0]!r}") from exc
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    return status, headers


async def read_chunk(reader: asyncio.StreamReader) -> bytes:
    """One chunk of a chunked body (``b""`` for the last one)."""
    size_line = await reader.readline()
    if not size_line:
        raise HttpError("the connection closed inside a chunked body")
    size = int(size_line.split(b";")[0].strip() or b"0", 16)
    data = await reader.readexactly(size + 2) if size else b""
    if not size:
        await reader.readline()  # the blank line after the last chunk (no trailers here)
    return data[:-2]


class Connection:
    """One keep-alive connection to a server, opened again when it breaks."""

    def __init__(self, host: str, port: int, source: str | None = None) -> None:
        self.host, self.port = host, port
        self.source = (source, 0) if source else None  # the phone's own address
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.opened = 0  # how many times a connection was opened

    async def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        timeout: float = 30.0,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        """(status, JSON answer) of one request; ``HttpError`` or ``TimeoutError`` when no
        answer came (the connection is closed then, and opened again by the next request)."""
        call = self._request(method, path, body, token, headers or {})
        try:
            return await asyncio.wait_for(call, timeout)
        except (OSError, HttpError, TimeoutError, asyncio.IncompleteReadError) as exc:
            self.close()
            if isinstance(exc, TimeoutError):
                raise
            raise HttpError(str(exc) or type(exc).__name__) from exc

    async def _request(
        self, method: str, path: str, body: Any, token: str | None, extra: dict[str, str]
    ) -> tuple[int, Any]:
        if self.reader is not None and self.reader.at_eof():
            self.close()  # the server closed the idle connection (keep-alive timeout): a new one
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port, local_addr=self.source
            )
            self.opened += 1
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
        if token:
            head.append(f"Authorization: Bearer {token}")
        head += [f"{name}: {value}" for name, value in extra.items()]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status, headers = await read_head(self.reader)
        if "content-length" in headers:
            raw = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while part := await read_chunk(self.reader):
                parts.append(part)
            raw = b"".join(parts)
        else:
            raw = await self.reader.read()
            headers["connection"] = "close"
        if headers.get("connection", "").lower() == "close":
            self.close()
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, raw.decode("utf-8", "replace")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def follow(
    host: str,
    port: int,
    path: str,
    on_event: Callable[[str, str, float], None],
    last_id: str | None = None,
) -> str | None:
    """Read one server-sent event stream until the server ends it; ``on_event(event, id,
    arrival)`` for each event. Returns the last event id (send it back as Last-Event-ID)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        head = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Accept: text/event-stream"]
        if last_id is not None:
            head.append(f"Last-Event-ID: {last_id}")
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        status, headers = await read_head(reader)
        if status != 200:
            retry = headers.get("retry-after", "0")
            raise HttpError(f"the stream answered {status}", float(retry) if retry.isdigit() else 0)
        chunked = headers.get("transfer-encoding", "").lower() == "chunked"
        buffer = b""
        while True:
            data = await read_chunk(reader) if chunked else await reader.read(65536)
            if not data:
                return last_id
            buffer += data
            if b"\n\n" not in buffer[-len(data) - 1 :]:
                continue
            *blocks, buffer = buffer.split(b"\n\n")
            now = time.monotonic()
            for block in blocks:
                event, event_id = "", None
                for line in block[:160].split(b"\n")[:2]:  # id and event come first
                    if line.startswith(b"id: "):
                        event_id = line[4:].decode()
                    elif line.startswith(b"event: "):
                        event = line[7:].decode()
                if event and event_id is not None:
                    last_id = event_id
                    on_event(event, event_id, now)
    finally:
        writer.close()
