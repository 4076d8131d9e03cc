"""The schafkopf standings PDF says which tie-break placed two players level on points
(Schafkopf Nr. 9: Touts, then Solos won, then Solos played, then the lot), #16 item 12."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment, FileSystemLoader
from pypdf import PdfReader

from backend.exports.pdf_pages import standings_pdf
from backend.exports.sheets import standings_sheet

PAGES = Environment(
    loader=FileSystemLoader(Path(__file__).parents[2] / "backend" / "web" / "templates"),
    autoescape=True,
)


def line(rank: int, name: str, total: int, **details: Any) -> dict[str, Any]:
    tiebreak = {"touts": 0, "solos_won": 0, "solos_played": 0, "lot": None} | details
    return {"rank": rank, "player_id": name, "name": name, "total": total, "results": [],
            "details": tiebreak}  # fmt: skip


def picture(game: str) -> dict[str, Any]:
    return {
        "club": "De Troef",
        "competition": {"name": "Schafkopfturnier", "rules_ref": "x@1", "game": game},
        "evening_results": [],
        "standings": [
            line(1, "Anna", 27, solos_won=5, solos_played=6),
            line(2, "Bert", 27, solos_won=3, solos_played=7),
            line(3, "Cor", 20, touts=1),
            line(4, "Dirk", 12, lot=1),
            line(5, "Els", 12, lot=2),
        ],
    }


@pytest.mark.parametrize(
    ("lang", "won", "lot"),
    [
        ("nl", "Solos gewonnen", "loting"),
        ("de", "gewonnene Solos", "Los"),
        ("en", "Solos won", "lot"),
    ],
)
def test_two_players_on_27_show_the_tie_break_that_placed_them(
    lang: str, won: str, lot: str
) -> None:
    sheet = standings_sheet(picture("schafkopf"), lang)
    assert [x["decided_by"] for x in sheet["lines"]] == [
        f"{won} 5",
        f"{won} 3",
        "",
        f"{lot} 1",
        f"{lot} 2",
    ]
    text = "\n".join(
        page.extract_text() for page in PdfReader(io.BytesIO(standings_pdf(sheet, "f"))).pages
    )
    assert sheet["w"]["decided_by"] in text
    assert f"{won} 5" in text and f"{won} 3" in text


def test_other_games_have_no_tie_break_column() -> None:
    sheet = standings_sheet(picture("wiezen"), "en")
    assert sheet["tiebreaks"] is False
    text = PdfReader(io.BytesIO(standings_pdf(sheet, "f"))).pages[0].extract_text()
    assert sheet["w"]["decided_by"] not in text


def printed(sheet: dict[str, Any]) -> str:
    page = PAGES.get_template("troef_print_standings.html")
    return page.render(**sheet, css="", js="", pdf="", footer="", languages=[])


def test_the_printable_standings_page_has_the_tie_break_column_too() -> None:
    """The page printed from the browser shows what the PDF shows (#16, item 12)."""
    sheet = standings_sheet(picture("schafkopf"), "de")
    html = printed(sheet)
    assert f'<th class="decided">{sheet["w"]["decided_by"]}</th>' in html
    assert '<td class="decided">gewonnene Solos 5</td>' in html
    assert '<td class="decided">Los 2</td>' in html
    assert 'class="decided"' not in printed(standings_sheet(picture("wiezen"), "de"))
