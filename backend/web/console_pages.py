"""Serve the director's console (``console/``) at ``/director``, and the table app's shared
modules (``pwa/js/dom.js``, ``pwa/js/i18n.js``…) at ``/pwa/js/`` so both apps use one copy."""

from __future__ import annotations

from pathlib import Path

from flask import Response, abort, send_from_directory

from .app_pages import TYPES, PagesBlueprint

ROOT = Path(__file__).resolve().parents[2]
CONSOLE = ROOT / "console"
PWA_JS = ROOT / "pwa" / "js"

blp = PagesBlueprint("console_pages", __name__)


def _send(folder: Path, path: str) -> Response:
    if ".." in path or path.startswith("/"):
        abort(404)
    mimetype = TYPES.get(Path(path).suffix, "application/octet-stream")
    response = send_from_directory(folder, path, mimetype=mimetype, max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.get("/director")
@blp.get("/director/")
def console() -> Response:
    """The console's page; its screens are addressed by the fragment (``#/c/<id>/…``)."""
    return _send(CONSOLE, "index.html")


@blp.get("/console/<path:path>")
def console_file(path: str) -> Response:
    """A script or style sheet of the console."""
    if not path.startswith(("js/", "css/")):
        abort(404)
    return _send(CONSOLE, path)


@blp.get("/pwa/js/<path:path>")
def shared_module(path: str) -> Response:
    """A module of the table app that the console shares (the element builder, the words)."""
    return _send(PWA_JS, path)
