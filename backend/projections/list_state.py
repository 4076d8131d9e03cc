"""A list's rows inside one batch: its deal rows from some deal on, its adjustments and
disputes, read from the read models once and then kept in memory (:class:`.fold.Fold`).

Running totals are kept parsed while the batch folds its events and written as JSON once,
when the batch is written (:func:`finish`).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass, field

from ..rules.sides import list_points
from .fold import Fold, Row
from .jsontext import parse
from .jsontext import sorted_text as encode

NO_FLOOR = 2**62  # no stored deal row of the list is in memory yet


@dataclass
class Deals:
    """A list's deal rows in the batch: every stored row from ``floor`` on is in ``rows``."""

    rows: dict[int, Row] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)  # the numbers in ``rows``, sorted
    floor: int = NO_FLOOR
    below: tuple[dict[str, int] | None, int] | None = None  # (running, counted) under floor
    points: dict[int, dict[str, int]] = field(default_factory=dict)  # parsed, by deal
    running: dict[int, dict[str, int]] = field(default_factory=dict)  # parsed, by deal
    changed: set[int] = field(default_factory=set)  # rows whose running is to be written
    result: tuple[dict[str, int], int, int] | None = None  # running, counted, rows: the last
    dirty: int | None = None  # the first deal whose running totals are to be carried forward

    def mark(self, deal_no: int) -> None:
        """Carry the running totals forward from ``deal_no`` (or an earlier deal) at the end."""
        self.dirty = deal_no if self.dirty is None else min(self.dirty, deal_no)

    def keep(self, row: Row) -> Row:
        """Hold a deal row (a new one, or one read from the read models)."""
        if row["deal_no"] not in self.rows:
            insort(self.order, row["deal_no"])
        self.rows[row["deal_no"]] = row
        return row

    def points_of(self, deal_no: int) -> dict[str, int]:
        if deal_no not in self.points:
            self.points[deal_no] = parse(self.rows[deal_no]["points"])
        return self.points[deal_no]

    def running_of(self, deal_no: int) -> dict[str, int]:
        if deal_no not in self.running:
            self.running[deal_no] = parse(self.rows[deal_no]["running"])
        return self.running[deal_no]

    def start(
        self, fold: Fold, list_id: str, deal_no: int
    ) -> tuple[int, dict[str, int] | None, int]:
        """Where a refresh from ``deal_no`` begins: the index in ``order``, the running
        totals and the counted number of the rows before it (None: no row before)."""
        index = bisect_left(self.order, deal_no)
        if index == 0:
            running, counted = below(fold, list_id, self)
            return index, running, counted
        counted = next(
            (
                self.rows[no]["counted_no"]
                for no in reversed(self.order[:index])
                if self.rows[no]["counted_no"]
            ),
            None,
        )
        if counted is None:
            counted = below(fold, list_id, self)[1]
        return index, self.running_of(self.order[index - 1]), counted


def deals_of(fold: Fold, list_id: str) -> Deals:
    return fold.state("deals", list_id, Deals)


def reach(fold: Fold, list_id: str, start: int) -> Deals:
    """The list's deals with every row from ``start`` on in memory."""
    deals = deals_of(fold, list_id)
    if start < deals.floor:
        cursor = fold.db.execute(
            "SELECT * FROM deal_rows WHERE list_id = ? AND deal_no >= ? AND deal_no < ?",
            [list_id, start, deals.floor],
        )
        names = [d[0] for d in cursor.description]
        for values in cursor.fetchall():
            row = dict(zip(names, values, strict=True))
            if row["deal_no"] not in deals.rows:
                fold.cache["deal_rows"][(list_id, row["deal_no"])] = deals.keep(row)
        deals.floor, deals.below = start, None
    return deals


def below(fold: Fold, list_id: str, deals: Deals) -> tuple[dict[str, int] | None, int]:
    """The running totals of the last stored row under the floor, and the counted number."""
    if deals.below is None:
        found = fold.db.execute(
            "SELECT running, (SELECT MAX(counted_no) FROM deal_rows WHERE list_id = ? AND "
            "deal_no < ?) FROM deal_rows WHERE list_id = ? AND deal_no < ? "
            "ORDER BY deal_no DESC LIMIT 1",
            [list_id, deals.floor, list_id, deals.floor],
        ).fetchone()
        deals.below = (parse(found[0]), found[1] or 0) if found else (None, 0)
    return deals.below


def per_list(fold: Fold, kind: str, list_id: str) -> list[Row]:
    """A list's adjustments or disputes, in order (few rows: loaded whole, once per batch)."""

    def load() -> list[Row]:
        order = "position" if kind == "adjustments" else "dispute_no"
        cursor = fold.db.execute(
            f"SELECT * FROM [{kind}] WHERE list_id = ? ORDER BY {order}", [list_id]
        )
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]

    return fold.state(kind, list_id, load)


def carry(fold: Fold, list_id: str, deals: Deals) -> None:
    """Carry the running totals and counted numbers forward from the first deal the batch
    changed. Rows before it keep their values; the running totals of the row just before it
    are the starting point, so appending deals touches only the new rows."""
    first, deals.dirty = deals.dirty, None
    if first is None:
        return
    lst = fold.need("lists", list_id)
    reach(fold, list_id, first)
    index, before, counted = deals.start(fold, list_id, first)
    running = dict(before) if before is not None else dict.fromkeys(parse(lst["seats"]), 0)
    rows = first - 1
    game = lst["game"]
    for deal_no in deals.order[index:]:
        row = deals.rows[deal_no]
        number = None
        if not row["voided"]:
            for seat, pts in list_points(game, deals.points_of(deal_no)).items():
                running[seat] = running.get(seat, 0) + pts
            if row["counts"]:
                counted += 1
                number = counted
        row["counted_no"] = number
        deals.running[deal_no] = dict(running)
        deals.changed.add(deal_no)
        fold.put("deal_rows", row)
        rows = deal_no
    deals.result = (running, counted, rows)


def finish(fold: Fold, list_id: str) -> None:
    """Write what the batch's events left of a list: running totals, counts, totals."""
    deals = deals_of(fold, list_id)
    carry(fold, list_id, deals)
    for deal_no in deals.changed:
        deals.rows[deal_no]["running"] = encode(deals.running[deal_no])
    deals.changed.clear()
    if deals.result is None:
        return
    running, counted, rows = deals.result
    totals = dict(running)
    for adjustment in per_list(fold, "adjustments", list_id):
        for seat, pts in parse(adjustment["points"]).items():
            totals[seat] = totals.get(seat, 0) + pts
    open_disputes = sum(1 for d in per_list(fold, "disputes", list_id) if d["ruling"] is None)
    fold.update(
        "lists",
        (list_id,),
        {
            "totals": encode(totals),
            "counted_deals": counted,
            "rows": rows,
            "open_disputes": open_disputes,
        },
    )
