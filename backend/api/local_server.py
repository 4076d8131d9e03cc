"""The web app served by waitress on 127.0.0.1 in a thread: for the browser tests and the
benchmarks, which drive a real server over real HTTP from the same process."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask


@contextmanager
def local_server(web: Flask, threads: int = 8) -> Iterator[str]:
    """Serve ``web`` on a free port until the block ends; yields the base URL."""
    from waitress.server import create_server

    server = create_server(
        web, host="127.0.0.1", port=0, threads=threads, channel_request_lookahead=1
    )
    closing = threading.Event()

    def run() -> None:
        try:
            server.run()
        except OSError:
            # Closing the listening socket from this thread can wake the server's loop on a
            # closed descriptor; only an error while still serving is a failure.
            if not closing.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        closing.set()
        server.close()
        thread.join(timeout=5)
