"""``troef serve``: run the web app of an instance on a production WSGI server."""

from __future__ import annotations

import gc

import click

from .. import instance as instances
from .history import instance_option

# Threads kept for ordinary requests (pushes, joins, pages): live streams and long polls beyond
# ``threads - FREE`` are told to come back later (429) instead of holding every thread, so the
# tables can always record (500 viewers once left no thread for any push).
FREE = 8
CONNECTIONS = 1000  # open connections waitress accepts (idle ones close after 120 s)


def settle() -> None:
    """Set what the started app holds aside from the garbage collector's full passes.

    The web app starts with some 160,000 objects that live as long as the process (its
    modules, routes, schemas, OpenAPI document, rules), and every full collection walked
    them all again: in ``bench.push`` a push's mean CPU stood 0.9-1.3 ms above its median,
    0.2-0.5 ms once they are frozen. Frozen, they are never walked nor freed; what the
    requests make is collected as before.
    """
    gc.collect()
    gc.freeze()


@click.command()
@instance_option
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="The port.")
@click.option(
    "--threads",
    default=32,
    show_default=True,
    type=int,
    help=f"Worker threads: each open live stream holds one; {FREE} are kept for requests.",
)
def serve(instance_path: str | None, host: str, port: int, threads: int) -> None:
    """Serve Troef (the API, the table app and the director's console) with waitress.

    \b
    Example:
      troef serve --instance ./instance --host 0.0.0.0 --port 8000
    """
    from waitress import serve as waitress_serve

    from ..api import create_app

    try:
        inst = instances.load(instance_path)
    except instances.InstanceError as exc:
        raise click.ClickException(str(exc)) from None
    live = max(1, threads - FREE)
    flask_app = create_app({"TROEF_INSTANCE": str(inst.path), "TROEF_LIVE_MAX_CLIENTS": live})
    settle()
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    click.echo(f"Troef for {inst.club} at http://{shown}:{port}/  (API: /api/docs)")
    click.echo(f"Director login: {inst.settings.get('director', {}).get('name', 'director')}")
    try:
        waitress_serve(
            flask_app,
            host=host,
            port=port,
            threads=threads,
            ident="troef",
            # every phone keeps its connection open between pushes (keep-alive): a hall of 200
            # tables is 200 connections before any viewer; beyond the limit waitress accepts
            # nobody, and the pushes of the phones left out wait (poll(): select() stops at 1024)
            connection_limit=max(CONNECTIONS, threads * 4),
            asyncore_use_poll=True,
            channel_request_lookahead=1,  # notice a closed live stream at once, free its thread
        )
    finally:
        flask_app.extensions["troef"].close()
