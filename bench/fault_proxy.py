"""A fault proxy on loopback: between the phones and the server, it duplicates pushes, drops
answers and holds requests back so that later ones overtake them.

One HTTP request per connection (the phones send ``Connection: close``), standard library
only (asyncio in a thread of its own). Only pushes (``POST /api/sync/push``) are disturbed;
each gets one fate, drawn from a seeded generator:

- **duplicate**: forwarded as sent, and a copy sent to the server again a moment later (its
  answer thrown away);
- **drop**: forwarded and answered by the server, but the answer never reaches the phone
  (the connection is closed instead);
- **hold**: kept back for longer than the phone waits, then forwarded: the phone has given up
  and sent it again (or gone on), so the server gets the pushes out of order;
- **pass**: forwarded as sent.

:attr:`FaultProxy.arrivals` lists the pushes in the order the server got them, so the
reordering is counted from what happened, not from what was meant.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections import Counter
from dataclasses import dataclass, field

PUSH = b"POST /api/sync/push "


@dataclass(frozen=True)
class Fates:
    """How often each fault hits a push, and how long a held push is kept back (seconds)."""

    duplicate: float = 0.2
    drop: float = 0.2
    hold: float = 0.2
    held_for: tuple[float, float] = (1.2, 2.0)
    copy_after: tuple[float, float] = (0.0, 0.5)


@dataclass
class Arrival:
    """A push as the server got it: which device, which list, its mutation ids."""

    client_id: str
    list_id: str
    ids: tuple[int, ...]


@dataclass
class FaultProxy:
    """Listen on 127.0.0.1 (a free port) and forward to ``upstream``, with faults."""

    upstream: tuple[str, int]
    fates: Fates = field(default_factory=Fates)
    seed: int = 1
    counts: Counter[str] = field(default_factory=Counter)
    arrivals: list[Arrival] = field(default_factory=list)
    port: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.Server | None = None
        self._ready = threading.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._thread = threading.Thread(target=self._run, name="fault-proxy", daemon=True)

    def start(self) -> FaultProxy:
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the fault proxy did not start")
        return self

    def stop(self) -> None:
        """Stop listening, let the pushes still held back or being copied reach the server,
        then stop."""
        if self._loop is not None:
            asyncio.run_coroutine_threadsafe(self._drain(), self._loop).result(timeout=60)
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _drain(self) -> None:
        assert self._server is not None
        self._server.close()
        deadline = asyncio.get_running_loop().time() + 30
        while others := [
            t for t in asyncio.all_tasks() | self._tasks if t is not asyncio.current_task()
        ]:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                for task in others:
                    task.cancel()
                await asyncio.gather(*others, return_exceptions=True)
                break
            await asyncio.wait(others, timeout=left)

    def overtaken(self) -> int:
        """Pushes that reached the server after a later push of the same device and list."""
        highest: dict[tuple[str, str], int] = {}
        late = 0
        for a in self.arrivals:
            key, top = (a.client_id, a.list_id), max(a.ids, default=0)
            if top < highest.get(key, 0):
                late += 1
            highest[key] = max(top, highest.get(key, 0))
        return late

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        self._server = loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", self.port)
        )
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            loop.run_forever()
        finally:  # a connection accepted as the proxy stopped: ended, not left pending
            while pending := asyncio.all_tasks(loop) | self._tasks:
                for task in pending:
                    task.cancel()
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
                self._tasks -= pending
            loop.close()

    def _fate(self) -> str:
        draw, f = self._rng.random(), self.fates
        for name, p in (("duplicate", f.duplicate), ("drop", f.drop), ("hold", f.hold)):
            if draw < p:
                return name
            draw -= p
        return "pass"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)  # held until done: the loop keeps only weak references
        try:
            request = await read_request(reader)
            self.counts["requests"] += 1
            fate = self._fate() if request.startswith(PUSH) else "other"
            self.counts[fate] += 1
            if fate == "hold":
                await asyncio.sleep(self._rng.uniform(*self.fates.held_for))
            phone = writer.get_extra_info("peername")[0]  # the server sees the phone's address
            if fate == "duplicate":
                delay = self._rng.uniform(*self.fates.copy_after)
                copy = asyncio.get_running_loop().create_task(self._copy(request, phone, delay))
                self._tasks.add(copy)
                copy.add_done_callback(self._tasks.discard)
            answer = await self._forward(request, phone)
            if fate != "drop":
                writer.write(answer)
                await writer.drain()
        except (OSError, asyncio.IncompleteReadError, ValueError):
            self.counts["broken"] += 1  # the phone or the server went away: it retries
        finally:
            writer.close()
            self._tasks.discard(task)

    async def _copy(self, request: bytes, phone: str, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            await self._forward(request, phone)
        except (OSError, asyncio.IncompleteReadError):
            self.counts["copy lost"] += 1

    async def _forward(self, request: bytes, phone: str) -> bytes:
        up_reader, up_writer = await asyncio.open_connection(*self.upstream, local_addr=(phone, 0))
        try:
            if request.startswith(PUSH):
                self.arrivals.append(arrival(request))
            up_writer.write(request)
            await up_writer.drain()
            return await up_reader.read()  # the server closes after its answer
        finally:
            up_writer.close()


async def read_request(reader: asyncio.StreamReader) -> bytes:
    """One HTTP request, its head rewritten to close the connection after the answer."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head[:-4].split(b"\r\n")
    length = 0
    kept = [lines[0]]
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
        if name.strip().lower() != b"connection":
            kept.append(line)
    body = await reader.readexactly(length) if length else b""
    return b"\r\n".join([*kept, b"Connection: close"]) + b"\r\n\r\n" + body


def arrival(request: bytes) -> Arrival:
    body = json.loads(request.split(b"\r\n\r\n", 1)[1] or b"{}")
    mutations = body.get("mutations", [])
    first = mutations[0]["list"] if mutations else ""
    return Arrival(str(body.get("client_id")), first, tuple(m["id"] for m in mutations))
