"""The established revokes of a list's played deals, for the director's room.

A breach recorded in play mode can be taken back while its trick is open; it is established
once a card of a later trick is on the table or the deal is recorded (docs/play-mode.md,
"When a breach is established"). The room shows each table's established ones as they happen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def established_revokes(plays: Mapping[str, Any], recorded: int) -> list[dict[str, Any]]:
    """Every established breach of the list's deals, in deal and trick order.

    ``plays`` is the list's play state per deal number (as text); ``recorded`` the number of
    deals on the list (a deal up to it is recorded, so its breaches stand).
    """
    out = []
    for key in sorted(plays, key=int):
        state = plays[key]
        done = int(key) <= recorded
        for breach in state.get("revokes") or []:
            if done or len(state.get("tricks") or []) > breach["trick"]:
                out.append({"deal_no": int(key), **breach})
    return out
