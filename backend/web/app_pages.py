"""Serve the table app (the PWA in ``pwa/``): its shell at ``/``, ``/t/<code>`` and ``/sw.js``."""

from __future__ import annotations

import functools
import hashlib
import mimetypes
import re
from pathlib import Path

from flask import Blueprint, Response, abort, request, send_from_directory

PWA = Path(__file__).resolve().parents[2] / "pwa"
TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".html": "text/html",
    ".json": "application/json",
}
SERVED = ("index.html", "sw.js", "manifest.webmanifest", "css/", "js/", "icons/")


class PagesBlueprint(Blueprint):
    """A plain Flask blueprint that flask-smorest can register but leaves out of the API docs."""

    description = "The table app (not part of the API)."

    def register_views_in_doc(self, *args: object, **kwargs: object) -> None:
        """Document nothing: these are pages and files, not API operations."""


blp = PagesBlueprint("app_pages", __name__)


def _send(path: str) -> Response:
    """Send one file of the app shell with its MIME type (404 for anything outside it)."""
    if not path.startswith(SERVED) or ".." in path or path.startswith("/"):
        abort(404)
    suffix = Path(path).suffix
    mimetype = TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"
    response = send_from_directory(PWA, path, mimetype=mimetype, max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.get("/")
def shell() -> Response:
    """The app shell."""
    return _send("index.html")


@blp.get("/t/<code>")
def table_card(code: str) -> Response:
    """The QR link on a table card: the app shell; the page reads the code from its path."""
    return _send("index.html")


VERSION = re.compile(r'const VERSION = "([^"]*)";')


def shell_digest(folder: Path) -> str:
    """A digest of every file of the app shell: it changes whenever any of them changes.

    Browsers ask for ``/sw.js`` on every visit; the files are read again only when one of
    them has a new size or modification time.
    """
    files = sorted(p for p in folder.rglob("*") if p.is_file() and "tests" not in p.parts)
    stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    return _digest(folder, stamp)


@functools.lru_cache(maxsize=4)
def _digest(folder: Path, stamp: tuple[tuple[str, int, int], ...]) -> str:
    digest = hashlib.sha256()
    for name, _, _ in stamp:
        path = Path(name)
        digest.update(str(path.relative_to(folder)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@blp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so that its scope is the whole app.

    Its cache version is the declared ``VERSION`` plus a digest of the shell's files, so a
    changed file always reaches the phones (with the "update available" prompt), even when
    nobody remembered to bump the number.
    """
    source = (PWA / "sw.js").read_text(encoding="utf-8")
    versioned = VERSION.sub(
        lambda m: f'const VERSION = "{m.group(1)}-{shell_digest(PWA)}";', source, count=1
    )
    response = Response(versioned, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.get("/favicon.ico")
def favicon() -> Response:
    """The icon a browser asks for by itself on every page without one named (#16): Troef's."""
    response = Response((PWA / "icons" / "icon-192.png").read_bytes(), mimetype="image/png")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@blp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest."""
    return _send("manifest.webmanifest")


@blp.get("/js/<path:path>")
@blp.get("/css/<path:path>")
@blp.get("/icons/<path:path>")
def static_file(path: str) -> Response:
    """A script, style sheet or icon of the app."""
    return _send(request.path.lstrip("/"))
