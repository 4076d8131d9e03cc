"""Every resource blueprint of the JSON API, in the order they appear in the OpenAPI document."""

from __future__ import annotations

from typing import Any

from . import (
    audit,
    checklist,
    competitions,
    docs,
    evenings,
    exports,
    hand_records,  # noqa: F401  (adds …/evenings/<n>/hand-records to evenings.blp)
    lists,
    live,
    play_mode,  # noqa: F401  (adds …/play-mode and …/play to lists.blp and competitions.blp)
    player_import,  # noqa: F401  (adds POST …/player-import to competitions.blp)
    standings,
)

BLUEPRINTS: tuple[Any, ...] = (
    competitions.blp,
    evenings.blp,
    checklist.blp,
    lists.blp,
    standings.blp,
    audit.blp,
    exports.blp,
    live.blp,
    docs.blp,
)
