"""``troef serve``: run the web app of an instance on a production WSGI server."""

from __future__ import annotations

import click

from .. import instance as instances
from .history import instance_option


@click.command()
@instance_option
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="The port.")
@click.option(
    "--threads",
    default=32,
    show_default=True,
    type=int,
    help="Worker threads: each open live stream holds one, plus a few for requests.",
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
    flask_app = create_app({"TROEF_INSTANCE": str(inst.path)})
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
            connection_limit=max(100, threads * 4),
            channel_request_lookahead=1,  # notice a closed live stream at once, free its thread
        )
    finally:
        flask_app.extensions["troef"].close()
