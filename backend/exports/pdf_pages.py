"""The standings and the score lists laid out on A4 pages (see :mod:`.pdf` for the writer).

The words come from the sheet (:mod:`.sheets`), in its language; the footer that the caller
gives is printed with its dates written in that language too ("1 december 2026, 22:32 UTC").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .dates import in_words
from .pdf import HEIGHT, MARGIN, WIDTH, Document, Page

LINE = 14.0
BOTTOM = HEIGHT - MARGIN - 20
RIGHT = WIDTH - MARGIN
SEATS_AT = 200.0  # the points columns start this far from the left margin (or later)


class Writer:
    """Writes rows down the page and starts a new page (with the header again) when full."""

    def __init__(self, sheet: Mapping[str, Any], footer: str) -> None:
        self.doc = Document(title=sheet["title"], lang=sheet["lang"])
        self.title, self.w = sheet["title"], sheet["w"]
        self.footer = in_words(footer, sheet["lang"])
        self.page: Page = self._start()
        self.y = MARGIN + 40

    def _start(self) -> Page:
        page = self.doc.new_page()
        size = 14.0  # a long title is set smaller before it is cut
        while size > 10 and self.doc.width(self.title, size, "bold") > RIGHT - MARGIN:
            size -= 1
        page.text(
            MARGIN, MARGIN + 12, self.fit(self.title, RIGHT - MARGIN, size, "bold"), size, "bold"
        )
        page.text(MARGIN, HEIGHT - MARGIN + 10, self.fit(self.footer, RIGHT - MARGIN - 60, 8), 8)
        page.right(RIGHT, HEIGHT - MARGIN + 10, f"{self.w['page']} {len(self.doc.pages)}", 8)
        return page

    def fit(self, text: str, width: float, size: float, style: str = "regular") -> str:
        """``text`` cut (with "…") so that it fits in ``width`` points."""
        return self.doc.fit(text, width, size, style)

    def room(self, lines: float = 1, header: Any = None) -> None:
        """Make room for ``lines`` rows: a new page when they do not fit on this one."""
        if self.y + lines * LINE > BOTTOM:
            self.page = self._start()
            self.y = MARGIN + 40
            if header:
                header()

    def text(self, text: str, size: float = 10, style: str = "regular") -> None:
        self.room()
        self.page.text(MARGIN, self.y, self.fit(text, RIGHT - MARGIN, size, style), size, style)
        self.y += LINE

    def render(self) -> bytes:
        """The PDF file."""
        return self.doc.render()


def standings_pdf(sheet: Mapping[str, Any], footer: str) -> bytes:
    """The standings as a PDF: rank, name, total, counted, dropped, and each result."""
    w = sheet["w"]
    out = Writer(sheet, footer)
    out.text(f"{sheet['club']} · {w['rules']}: {sheet['rules']}", 9)
    if sheet["provisional"]:
        out.text(w["provisional"], 9, "bold")
    out.y += 4
    columns = [(MARGIN, w["rank"]), (MARGIN + 40, w["name"])]
    numbers = [
        (MARGIN + 230, w["total"]),
        (MARGIN + 270, w["counted"]),
        (MARGIN + 320, w["dropped"]),
    ]
    # schafkopf: a column saying which tie-break (Nr. 9) decided a place level on points
    results_x = MARGIN + (456 if sheet.get("tiebreaks") else 332)

    def header() -> None:
        out.page.band(MARGIN - 2, out.y - 10, RIGHT - MARGIN + 4, LINE)
        for x, label in columns:
            out.page.text(x, out.y, label, 9, "bold")
        for x, label in numbers:
            out.page.right(x, out.y, out.fit(label, 48, 9, "bold"), 9, "bold")
        if sheet.get("tiebreaks"):
            out.page.text(MARGIN + 332, out.y, out.fit(w["decided_by"], 120, 8, "bold"), 8, "bold")
        out.page.text(
            results_x, out.y, out.fit(w["results"], RIGHT - results_x, 8, "bold"), 8, "bold"
        )
        out.y += LINE

    # one table, or a bridge Mitchell's two: North-South and East-West, each with its winner
    for field in sheet.get("fields") or [{"heading": "", "lines": sheet["lines"]}]:
        if field["heading"]:
            out.room(lines=3)
            out.y += 6
            out.text(field["heading"], 12, "bold")
        header()
        for line in field["lines"]:
            out.room(header=header)
            out.page.text(MARGIN, out.y, str(line["rank"]), 10)
            out.page.text(MARGIN + 40, out.y, out.fit(line["name"], 145, 10), 10)
            out.page.right(MARGIN + 230, out.y, line["total"], 10, "bold")
            out.page.right(MARGIN + 270, out.y, str(line["counted"]), 10)
            out.page.right(MARGIN + 320, out.y, str(line["dropped"]), 10)
            if sheet.get("tiebreaks"):
                out.page.text(MARGIN + 332, out.y, out.fit(line["decided_by"], 120, 8), 8)
            out.page.text(results_x, out.y, out.fit(line["results"], RIGHT - results_x, 8), 8)
            out.page.line(MARGIN, out.y + 4, RIGHT, out.y + 4, 0.85)
            out.y += LINE
    if sheet.get("notes"):
        # what the director changed in the lists behind these numbers
        out.y += 6
        out.text(w["corrections"], 9, "bold")
        for note in sheet["notes"]:
            out.text(note, 8)
    return out.render()


def lists_pdf(sheet: Mapping[str, Any], footer: str) -> bytes:
    """The score lists as a PDF: each list's seats, every deal with its points and the totals."""
    w = sheet["w"]
    out = Writer(sheet, footer)
    if not sheet["lists"]:
        out.text(w["no_lists"])
    for block in sheet["lists"]:
        seats = block["seats"]
        width = min(80.0, (RIGHT - MARGIN - SEATS_AT) / max(1, len(seats)))
        xs = [RIGHT - width * (len(seats) - 1 - i) for i in range(len(seats))]

        def header(seats: Any = seats, xs: list[float] = xs, width: float = width) -> None:
            out.page.band(MARGIN - 2, out.y - 10, RIGHT - MARGIN + 4, LINE)
            out.page.text(MARGIN, out.y, w["deal"], 9, "bold")
            out.page.text(MARGIN + 32, out.y, w["dealer"], 9, "bold")
            out.page.text(MARGIN + 70, out.y, w["what"], 9, "bold")
            for x, seat in zip(xs, seats, strict=True):
                out.page.right(
                    x - 2,
                    out.y,
                    out.fit(f"{seat['seat']} {seat['name']}", width - 4, 8, "bold"),
                    8,
                    "bold",
                )
            out.y += LINE

        need = len(block["rows"]) + 7  # heading, names, header, rows, total, notes
        out.room(lines=need if need * LINE < BOTTOM - MARGIN - 40 else 5)  # keep a list whole
        out.y += 6
        out.text(block["heading"], 12, "bold")
        names = ", ".join(f"{s['seat']}: {s['name']}" for s in seats)
        out.text(names, 9)
        if block["closed_short"]:  # under the heading: the list ends before its plan
            out.text(f"{w['closed_short']}: {block['closed_short']}", 9, "bold")
        header()
        for row in block["rows"]:
            out.room(lines=2 if row["note"] else 1, header=header)
            out.page.right(MARGIN + 20, out.y, str(row["deal"]), 9)
            out.page.text(MARGIN + 32, out.y, str(row["dealer"]), 9)
            out.page.text(
                MARGIN + 70, out.y, out.fit(row["played"], xs[0] - width - MARGIN - 74, 8), 8
            )
            for x, points in zip(xs, row["points"], strict=True):
                out.page.right(x - 2, out.y, points, 9)
            if row["note"]:  # voided, corrected by a ruling…: a line of its own, never cut off
                out.y += LINE - 3
                out.page.text(
                    MARGIN + 70,
                    out.y,
                    out.fit(row["note"], RIGHT - MARGIN - 70, 7, "bold"),
                    7,
                    "bold",
                )
            out.page.line(MARGIN, out.y + 4, RIGHT, out.y + 4, 0.88)
            out.y += LINE
        out.room(lines=2, header=header)
        out.page.text(MARGIN + 70, out.y, w["total"], 9, "bold")
        for x, total in zip(xs, block["totals"], strict=True):
            out.page.right(x - 2, out.y, total, 9, "bold")
        out.y += LINE
        status = f"{block['status']} {block['submitted_at']}".strip()
        out.text(f"{status} · {w['head']}: {block['head']}", 7)
        for adjustment in block["adjustments"]:
            out.text(adjustment, 8)
    return out.render()
