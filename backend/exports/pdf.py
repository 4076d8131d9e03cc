"""A4 pages of text and lines, written with fpdf2 in an embedded Unicode font.

The font is DejaVu Sans Condensed (regular and bold), shipped in ``fonts/`` beside this
module with its licence, so no system package and no network is needed to print: Latin with
every accent (Łukasz, Şükrü, Geënt-Straße), Greek (Γιώργος), Cyrillic (Дмитрий), the suit
symbols ♠ ♥ ♦ ♣ and the dash in "Jansen – de Vries" print as typed. fpdf2 embeds only the
glyphs a document uses, so a PDF stays small. A character the font does not have (Chinese,
emoji) is printed as "?", so that a reader sees something is missing. Pages are written in
order: a :class:`Page` draws on the document's newest page.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF

WIDTH, HEIGHT = 595.28, 841.89  # A4 in points
MARGIN = 40.0
FONT = "DejaVuSansCondensed"
FONT_FILES = {
    "": Path(__file__).with_name("fonts") / f"{FONT}.ttf",
    "B": Path(__file__).with_name("fonts") / f"{FONT}-Bold.ttf",
}
STYLES = {"regular": "", "bold": "B"}
MISSING = "?"


class Document:
    """One PDF: its pages, title and language; ``render`` gives the file's bytes."""

    def __init__(self, title: str = "", lang: str = "en") -> None:
        pdf = FPDF(orientation="portrait", unit="pt", format="A4")
        for style, path in FONT_FILES.items():
            pdf.add_font(FONT, style, str(path))
        pdf.set_auto_page_break(False)
        pdf.set_margins(MARGIN, MARGIN)
        pdf.set_title(title)
        pdf.set_lang(lang)
        pdf.set_creator("Troef")
        pdf.set_producer("Troef (fpdf2)")
        self.pdf = pdf
        self.pages: list[Page] = []
        self._glyphs: dict[str, frozenset[int]] = {}

    def new_page(self) -> Page:
        """Start a new A4 page and return it."""
        self.pdf.add_page()
        page = Page(self)
        self.pages.append(page)
        return page

    def use(self, size: float, style: str = "regular") -> None:
        """Set the font for what is written or measured next."""
        self.pdf.set_font(FONT, STYLES[style], size)

    def printable(self, text: str, style: str = "regular") -> str:
        """``text`` with every character the font lacks replaced by "?"."""
        key = STYLES[style]
        if key not in self._glyphs:
            self.use(10, style)
            self._glyphs[key] = frozenset(self.pdf.current_font.cmap)
        glyphs = self._glyphs[key]
        return "".join(c if ord(c) in glyphs or c in "\n\t" else MISSING for c in text)

    def width(self, text: str, size: float, style: str = "regular") -> float:
        """How wide ``text`` is, in points, at ``size``."""
        shown = self.printable(text, style)  # before use(): it may load the font
        self.use(size, style)
        return float(self.pdf.get_string_width(shown))

    def fit(self, text: str, width: float, size: float, style: str = "regular") -> str:
        """``text`` cut (with "…") so that it fits in ``width`` points."""
        if self.width(text, size, style) <= width:
            return text
        while text and self.width(text + "…", size, style) > width:
            text = text[:-1]
        return text + "…"

    def render(self) -> bytes:
        """The PDF file (one empty page when nothing was written)."""
        if not self.pages:
            self.new_page()
        return bytes(self.pdf.output())


@dataclass
class Page:
    """Drawing on the document's current page; y is measured from the top, in points."""

    doc: Document

    def text(self, x: float, y: float, text: str, size: float = 10, style: str = "regular") -> None:
        """Write ``text`` with its baseline at (x, y)."""
        shown = self.doc.printable(text, style)
        self.doc.use(size, style)
        self.doc.pdf.text(x, y, shown)

    def right(
        self, x: float, y: float, text: str, size: float = 10, style: str = "regular"
    ) -> None:
        """Write ``text`` so that it ends at ``x`` (for numbers in columns)."""
        self.text(x - self.doc.width(text, size, style), y, text, size, style)

    def line(self, x1: float, y1: float, x2: float, y2: float, grey: float = 0.6) -> None:
        """A thin grey line from (x1, y1) to (x2, y2)."""
        pdf = self.doc.pdf
        pdf.set_draw_color(round(grey * 255))
        pdf.set_line_width(0.5)
        pdf.line(x1, y1, x2, y2)

    def band(self, x: float, y: float, w: float, h: float, grey: float = 0.92) -> None:
        """A light grey band behind a header row (y is its top)."""
        pdf = self.doc.pdf
        pdf.set_fill_color(round(grey * 255))
        pdf.rect(x, y, w, h, style="F")
