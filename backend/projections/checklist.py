"""The director's evening checklist, read from the read models: what is done and what is not.

One item per step of a club evening, in the order the evening goes: the players present, the
draw, the table cards printed, every table's phone joined, every list submitted, the disputes
ruled, the evening closed and its standings published. Each says whether it is done, counts
where there is something to count ("3 of 4 table cards joined") and names the lists still
waiting, so the console can link to where the director acts.

The table cards are printed when the director pressed *Print* on the cards page of the
current draw: the caller passes that note (:mod:`backend.instance.printouts`), which is not
part of the read models.
"""

from __future__ import annotations

from typing import Any

from .models import ReadModels
from .queries import evening

ITEMS = ("present", "draw", "cards", "phones", "submitted", "disputes", "closed", "published")


def _item(
    name: str,
    done: bool,
    count: int | None = None,
    of: int | None = None,
    *,
    at: str | None = None,
    waiting: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "item": name,
        "done": done,
        "count": count,
        "of": of,
        "at": at,
        "waiting": waiting or [],
    }


def _table(row: dict[str, Any]) -> dict[str, Any]:
    return {"list_id": row["list_id"], "round": row["round"], "table": row["table_no"]}


def _cards(lists: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The evening's table cards, each as the list its phone joins first and whether a phone
    joined it. A card per list; a bridge table has one card for the whole movement (its
    phone moves on to the table's next round by itself), joined once any of its lists is."""
    if not lists or lists[0]["game"] != "bridge":
        return [{**lst, "joined": bool(lst["joined"] or lst["pen"])} for lst in lists]
    tables: dict[int, dict[str, Any]] = {}
    for lst in lists:  # by round: the table's first list stands for its card
        card = tables.setdefault(lst["table_no"], {**lst, "joined": False})
        card["joined"] = card["joined"] or bool(lst["joined"] or lst["pen"])
    return list(tables.values())


def evening_checklist(
    views: ReadModels, competition_id: str, number: int, printed: dict[str, Any] | None
) -> dict[str, Any]:
    """The checklist of evening ``number``; ``printed`` is the note of the current draw's
    printed cards (or None). Raises ``Missing`` for an unknown competition or evening."""
    row = evening(views, competition_id, number)
    cid = row["competition_id"]
    players = views.rows(
        "SELECT p.player_id, a.status FROM players p LEFT JOIN attendance a "
        "ON a.competition_id = p.competition_id AND a.player_id = p.player_id AND a.evening = ? "
        "WHERE p.competition_id = ? AND p.withdrawn IS NULL",
        [number, cid],
    )
    present = sum(p["status"] == "present" for p in players)
    unmarked = sum(p["status"] is None for p in players)
    lists = views.rows(
        "SELECT l.*, EXISTS (SELECT 1 FROM audit_trail t WHERE t.aggregate_id = l.list_id "
        "AND t.event = 'DeviceJoined') AS joined FROM lists l "
        "WHERE l.competition_id = ? AND l.evening = ? AND l.status != 'cancelled' "
        "ORDER BY l.round, l.table_no",
        [cid, number],
    )
    disputes = views.rows(
        "SELECT d.list_id, d.ruling FROM disputes d JOIN lists l ON l.list_id = d.list_id "
        "WHERE l.competition_id = ? AND l.evening = ? AND l.status != 'cancelled'",
        [cid, number],
    )
    drawn = row["draw_no"] is not None and bool(lists)
    draw_no = row["draw_no"] if drawn else None
    printed_now = printed if printed and printed["draw_no"] == draw_no else None
    table_cards = _cards(lists)
    joined = [card for card in table_cards if card["joined"]]
    submitted = [lst for lst in lists if lst["status"] == "submitted"]
    disputed = [lst for lst in lists if lst["open_disputes"]]
    closed = bool(row["closed"])
    views.settle(cid)
    results = views.rows(
        "SELECT provisional FROM evening_results WHERE competition_id = ? AND evening = ?",
        [cid, number],
    )
    published = closed and bool(results) and not any(r["provisional"] for r in results)
    items = [
        _item("present", present > 0 and unmarked == 0, present, len(players)),
        _item("draw", drawn, len(table_cards) if drawn else 0),
        _item(
            "cards",
            printed_now is not None,
            at=printed_now["printed_at"] if printed_now else None,
        ),
        _item(
            "phones",
            drawn and len(joined) == len(table_cards),
            len(joined),
            len(table_cards),
            waiting=[_table(card) for card in table_cards if not card["joined"]],
        ),
        _item(
            "submitted",
            drawn and len(submitted) == len(lists),
            len(submitted),
            len(lists),
            waiting=[_table(lst) for lst in lists if lst not in submitted],
        ),
        _item(
            "disputes",
            not disputed,
            sum(d["ruling"] is not None for d in disputes),
            len(disputes),
            waiting=[_table(lst) for lst in disputed],
        ),
        _item("closed", closed),
        _item("published", published),
    ]
    return {
        "competition_id": cid,
        "evening": number,
        "date": row["date"],
        "draw_no": draw_no,
        "done": sum(i["done"] for i in items),
        "items": items,
    }
