"""Every resource blueprint of the API, in the order they appear in the OpenAPI document."""

from __future__ import annotations

from typing import Any

from . import (
    app_pages,
    audit,
    competitions,
    console_pages,
    docs,
    evenings,
    exports,
    lists,
    live,
    player_import,  # noqa: F401  (adds POST …/player-import to competitions.blp)
    print_pages,
    public_pages,
    standings,
)

BLUEPRINTS: tuple[Any, ...] = (
    competitions.blp,
    evenings.blp,
    lists.blp,
    standings.blp,
    audit.blp,
    exports.blp,
    live.blp,
    docs.blp,
    app_pages.blp,
    console_pages.blp,
    print_pages.blp,
    public_pages.blp,
)
