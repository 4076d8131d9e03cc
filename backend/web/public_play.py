"""A played deal's tricks on the public evening page (docs/play-mode.md, "Replay").

For every submitted list of the evening, each deal whose play was recorded card by card: the
auction, each trick's cards in the order played with a revoke marked, who won it and the
tricks won per side. A bridge board is played at several tables in the evening, so its
tricks appear once the evening is closed (before that they would show the hands to the
tables still to play it).
"""

from __future__ import annotations

from typing import Any

from ..instance.services import services

SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(game: str, card: str) -> str:
    """``HK`` → ``♥K`` (schafkopf's German suits stay as letters: EA, GU)."""
    if game == "schafkopf":
        return card
    return SIGNS.get(card[:1], card[:1]) + card[1:]


def bid_text(bid: Any) -> str:
    if isinstance(bid, dict):
        return "".join(str(bid.get(k, "")) for k in ("level", "strain")) or str(bid)
    return str(bid)


def _won(state: dict[str, Any]) -> str:
    counts = state.get("sides_won") or state.get("tricks_won") or {}
    return ", ".join(f"{side} {n}" for side, n in counts.items())


def played_deals(cid: str, evening: int, game: str, closed: bool) -> list[dict[str, Any]]:
    """The deals of the evening's submitted lists that were played card by card."""
    if game == "bridge" and not closed:
        return []
    lists = services().views.rows(
        "SELECT list_id, round, table_no FROM lists WHERE competition_id = ? AND evening = ? "
        "AND status = 'submitted' ORDER BY round, table_no",
        [cid, evening],
    )
    out = []
    for row in lists:
        sl = services().app.get_list(row["list_id"])
        plays = getattr(sl, "play", {}) or {}
        for key in sorted(plays, key=int):
            state = plays[key]
            if int(key) > len(sl.rows) or not state["tricks"]:
                continue  # not recorded (its play was left), or no card played
            out.append(
                {
                    "round": row["round"],
                    "table": row["table_no"],
                    "deal_no": int(key),
                    "board": state["context"].get("board"),
                    "bids": [f"{b['seat']} {bid_text(b['bid'])}" for b in state["bids"]],
                    "tricks": [
                        {
                            "no": trick["no"],
                            "cards": [
                                {
                                    "seat": c["seat"],
                                    "card": card_text(game, c["card"]),
                                    "revoke": c["revoke"],
                                }
                                for c in trick["cards"]
                            ],
                            "winner": trick["winner"] or "–",
                        }
                        for trick in state["tricks"]
                    ],
                    "won": _won(state),
                }
            )
    return out
