"""The HTML pages: the public standings, the print pages and the shells of the two apps.

Rendered on the server from the read models (and, for print, the exports); the JSON API
lives apart in :mod:`backend.api`.
"""

from __future__ import annotations

from typing import Any


def blueprints() -> list[Any]:
    """The page blueprints, imported when an app is built (nothing connects at import time)."""
    from . import app_pages, console_pages, print_pages, public_pages

    return [app_pages.blp, console_pages.blp, print_pages.blp, public_pages.blp]
