"""A small PDF writer: A4 pages of text and lines in the standard Helvetica fonts.

Standard library only. Text is encoded as WinAnsi (Windows-1252), which every PDF reader
knows for the standard fonts: Dutch and German letters (é, ë, ï, ü, ö, ß), the euro sign and
the dash in "Jansen – de Vries" all come out right; anything else becomes "?". Content
streams are not compressed, so the text can be searched in the file as it is.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

WIDTH, HEIGHT = 595.0, 842.0  # A4 in points
MARGIN = 40.0
FONTS = {"regular": "F1", "bold": "F2"}
# Helvetica's advance widths (per 1000 units of the font size) for ASCII 32-126 (Adobe AFM).
ASCII_WIDTHS = (
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
)  # fmt: skip
OTHER_WIDTHS = {"–": 556, "—": 1000, "€": 556, "ß": 611, "·": 278, "…": 1000, "×": 584}
BOLD_FACTOR = 1.06  # Helvetica-Bold is a little wider; close enough to fit columns


def char_width(char: str) -> int:
    """The width of one character in Helvetica (accented letters as their base letter)."""
    code = ord(char)
    if 32 <= code <= 126:
        return ASCII_WIDTHS[code - 32]
    if char in OTHER_WIDTHS:
        return OTHER_WIDTHS[char]
    base = unicodedata.normalize("NFD", char)[:1]
    if base and 32 <= ord(base) <= 126:
        return ASCII_WIDTHS[ord(base) - 32]
    return 556


def text_width(text: str, size: float, style: str = "regular") -> float:
    """How wide ``text`` is, in points, at ``size``."""
    units = sum(char_width(c) for c in text)
    return units * size / 1000 * (BOLD_FACTOR if style == "bold" else 1.0)


def fit(text: str, width: float, size: float, style: str = "regular") -> str:
    """``text`` cut (with "…") so that it fits in ``width`` points."""
    if text_width(text, size, style) <= width:
        return text
    while text and text_width(text + "…", size, style) > width:
        text = text[:-1]
    return text + "…"


def literal(text: str) -> bytes:
    """A PDF string literal in WinAnsi, with ``( ) \\`` and non-ASCII bytes escaped."""
    out = bytearray(b"(")
    for byte in text.encode("cp1252", errors="replace"):
        if byte in b"()\\":
            out += b"\\" + bytes([byte])
        elif 32 <= byte <= 126:
            out.append(byte)
        else:
            out += f"\\{byte:03o}".encode()
    return bytes(out + b")")


def info_string(text: str) -> bytes:
    """A text string for the document information (UTF-16BE with a byte order mark)."""
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


@dataclass
class Page:
    ops: list[bytes] = field(default_factory=list)

    def text(self, x: float, y: float, text: str, size: float = 10, style: str = "regular") -> None:
        """Write ``text`` with its baseline at (x, y), y measured from the top of the page."""
        font = FONTS[style]
        self.ops.append(
            b"BT /%s %.1f Tf %.2f %.2f Td %s Tj ET"
            % (font.encode(), size, x, HEIGHT - y, literal(text))
        )

    def right(
        self, x: float, y: float, text: str, size: float = 10, style: str = "regular"
    ) -> None:
        """Write ``text`` so that it ends at ``x`` (for numbers in columns)."""
        self.text(x - text_width(text, size, style), y, text, size, style)

    def line(self, x1: float, y1: float, x2: float, y2: float, grey: float = 0.6) -> None:
        self.ops.append(
            b"%.2f G 0.5 w %.2f %.2f m %.2f %.2f l S" % (grey, x1, HEIGHT - y1, x2, HEIGHT - y2)
        )

    def band(self, x: float, y: float, w: float, h: float, grey: float = 0.92) -> None:
        """A light grey band behind a header row (y is its top)."""
        self.ops.append(b"%.2f g %.2f %.2f %.2f %.2f re f 0 g" % (grey, x, HEIGHT - y - h, w, h))


@dataclass
class Document:
    """Pages in order; ``render`` writes the PDF file."""

    title: str = ""
    pages: list[Page] = field(default_factory=list)

    def new_page(self) -> Page:
        page = Page()
        self.pages.append(page)
        return page

    def render(self) -> bytes:
        pages = self.pages or [Page()]
        objects: list[bytes] = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"",  # the page tree, once the page numbers are known
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold "
            b"/Encoding /WinAnsiEncoding >>",
            b"<< /Producer (Troef) /Title " + info_string(self.title) + b" >>",
        ]
        kids = []
        for page in pages:
            stream = b"\n".join(page.ops)
            objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
            content = len(objects)
            objects.append(
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.0f %.0f] "
                b"/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>"
                % (WIDTH, HEIGHT, content)
            )
            kids.append(b"%d 0 R" % len(objects))
        objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(kids))
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(len(out))
            out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        out += b"trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
            len(objects) + 1,
            xref,
        )
        return bytes(out)
