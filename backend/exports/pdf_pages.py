"""The standings and the score lists laid out on A4 pages (see :mod:`.pdf` for the writer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .pdf import HEIGHT, MARGIN, WIDTH, Document, Page, fit

LINE = 14.0
BOTTOM = HEIGHT - MARGIN - 20
RIGHT = WIDTH - MARGIN
SEATS_AT = 200.0  # the points columns start this far from the left margin (or later)


class Writer:
    """Writes rows down the page and starts a new page (with the header again) when full."""

    def __init__(self, title: str, footer: str) -> None:
        self.doc = Document(title=title)
        self.title, self.footer = title, footer
        self.page: Page = self._start()
        self.y = MARGIN + 40

    def _start(self) -> Page:
        page = self.doc.new_page()
        page.text(MARGIN, MARGIN + 12, fit(self.title, RIGHT - MARGIN, 14, "bold"), 14, "bold")
        page.text(MARGIN, HEIGHT - MARGIN + 10, fit(self.footer, RIGHT - MARGIN, 8), 8)
        page.right(RIGHT, HEIGHT - MARGIN + 10, str(len(self.doc.pages)), 8)
        return page

    def room(self, lines: float = 1, header: Any = None) -> None:
        """Make room for ``lines`` rows: a new page when they do not fit on this one."""
        if self.y + lines * LINE > BOTTOM:
            self.page = self._start()
            self.y = MARGIN + 40
            if header:
                header()

    def text(self, text: str, size: float = 10, style: str = "regular") -> None:
        self.room()
        self.page.text(MARGIN, self.y, fit(text, RIGHT - MARGIN, size, style), size, style)
        self.y += LINE

    def render(self) -> bytes:
        return self.doc.render()


def standings_pdf(sheet: Mapping[str, Any], footer: str) -> bytes:
    """The standings as a PDF: rank, name, total, counted, dropped, and each result."""
    w = sheet["w"]
    out = Writer(sheet["title"], footer)
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

    def header() -> None:
        out.page.band(MARGIN - 2, out.y - 10, RIGHT - MARGIN + 4, LINE)
        for x, label in columns:
            out.page.text(x, out.y, label, 9, "bold")
        for x, label in numbers:
            out.page.right(x, out.y, fit(label, 48, 9, "bold"), 9, "bold")
        out.page.text(
            MARGIN + 332, out.y, fit(w["results"], RIGHT - MARGIN - 332, 8, "bold"), 8, "bold"
        )
        out.y += LINE

    header()
    for line in sheet["lines"]:
        out.room(header=header)
        out.page.text(MARGIN, out.y, str(line["rank"]), 10)
        out.page.text(MARGIN + 40, out.y, fit(line["name"], 145, 10), 10)
        out.page.right(MARGIN + 230, out.y, line["total"], 10, "bold")
        out.page.right(MARGIN + 270, out.y, str(line["counted"]), 10)
        out.page.right(MARGIN + 320, out.y, str(line["dropped"]), 10)
        out.page.text(MARGIN + 332, out.y, fit(line["results"], RIGHT - MARGIN - 332, 8), 8)
        out.page.line(MARGIN, out.y + 4, RIGHT, out.y + 4, 0.85)
        out.y += LINE
    return out.render()


def lists_pdf(sheet: Mapping[str, Any], footer: str) -> bytes:
    """The score lists as a PDF: each list's seats, every deal with its points and the totals."""
    w = sheet["w"]
    out = Writer(sheet["title"], footer)
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
                    fit(f"{seat['seat']} {seat['name']}", width - 4, 8, "bold"),
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
        header()
        for row in block["rows"]:
            out.room(header=header)
            out.page.right(MARGIN + 20, out.y, str(row["deal"]), 9)
            out.page.text(MARGIN + 32, out.y, str(row["dealer"]), 9)
            out.page.text(MARGIN + 70, out.y, fit(row["what"], xs[0] - width - MARGIN - 74, 8), 8)
            for x, points in zip(xs, row["points"], strict=True):
                out.page.right(x - 2, out.y, points, 9)
            out.page.line(MARGIN, out.y + 4, RIGHT, out.y + 4, 0.88)
            out.y += LINE
        out.room(lines=2, header=header)
        out.page.text(MARGIN + 70, out.y, w["total"], 9, "bold")
        for x, total in zip(xs, block["totals"], strict=True):
            out.page.right(x - 2, out.y, total, 9, "bold")
        out.y += LINE
        status = f"{block['status']} {block['submitted_at']}".strip()
        out.text(f"{status} · {w['head']}: {block['head']}", 7)
        if block["closed_short"]:
            out.text(f"{w['closed_short']}: {block['closed_short']}", 7)
        for adjustment in block["adjustments"]:
            out.text(f"{w['adjustments']}: {adjustment}", 7)
    return out.render()
