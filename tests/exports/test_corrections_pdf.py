"""The lists and standings PDFs show what the director changed (#16 item 21): a deal
corrected by a ruling, a deal voided by a ruling and one voided at the table, an adjustment
by points with its points, and a list closed early. Read back out of the PDF as text."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from backend.exports.pdf_pages import lists_pdf, standings_pdf
from backend.exports.sheets import lists_sheet, standings_sheet


def deal(no: int, **row: Any) -> dict[str, Any]:
    record = {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}
    points = {"1": 3, "2": -3, "3": 3, "4": -3}
    row = {"voided": None, "corrected": False} | row
    return {"deal_no": no, "kind": "deal", "counts": True, "dealer": "1", "record": record,
            "points": points, "running": points} | row  # fmt: skip


def picture() -> dict[str, Any]:
    seats = [
        {"seat": s, "name": n} for s, n in zip("1234", ("Anna", "Bert", "Cor", "Dirk"), strict=True)
    ]
    lst = {
        "evening": 1, "round": 1, "table": 2, "seats": seats, "status": "open",
        "submitted_at": None, "submitted_head": None, "head": "ab12",
        "totals": {"1": 1, "2": -1, "3": 6, "4": -6},
        "closed_short": "the hall closed at 23:00",
        "deals": [
            deal(1),
            deal(2, corrected=True),
            deal(3, voided="cards shown before the lead"),
            deal(4, voided="typed 9 instead of 6"),
            deal(5, counts=False, record={"dealer": 1, "contract": "PAS_ROND"}),
        ],
        "disputes": [
            {"deal_no": 2, "ruling": "corrected", "ruling_reason": "recounted the tricks"},
            {"deal_no": 3, "ruling": "voided", "ruling_reason": "exposed cards"},
        ],
        "adjustments": [
            {"deal_no": 1, "points": {"1": -5, "2": 5}, "reason": "slow play", "article": "ART 11"}
        ],
    }  # fmt: skip
    return {
        "club": "De Troef",
        "competition": {"name": "Zondagen", "rules_ref": "wiezen@1", "game": "wiezen"},
        "evening": 1,
        "evenings": [{"evening": 1, "date": "2026-11-29"}],
        "lists": [lst],
        "evening_results": [],
        "standings": [
            {"rank": 1, "name": "Cor", "total": 6, "results": [], "details": {}},
        ],
    }


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize(
    ("lang", "corrected", "ruled_void", "table_void", "closed", "adjustment"),
    [
        ("nl", "gecorrigeerd door de wedstrijdleider", "vervallen door de wedstrijdleider",
         "vervallen", "Vroeg gesloten", "Correctie, Spel 1: 1 -5, 2 +5"),
        ("de", "von der Turnierleitung berichtigt", "von der Turnierleitung annulliert",
         "annulliert", "Vorzeitig geschlossen", "Korrektur, Spiel 1: 1 -5, 2 +5"),
        ("en", "corrected by the director", "voided by the director", "voided",
         "Closed early", "Adjustment, Deal 1: 1 -5, 2 +5"),
    ],
)  # fmt: skip
def test_the_lists_pdf_shows_each_correction_and_the_early_close(
    lang: str, corrected: str, ruled_void: str, table_void: str, closed: str, adjustment: str
) -> None:
    sheet = lists_sheet(picture(), lang)
    whats = [row["what"] for row in sheet["lists"][0]["rows"]]
    assert whats[0].endswith("9") or "(" not in whats[0]  # a plain deal carries no note
    assert whats[1].endswith(f"({corrected}: recounted the tricks)")
    assert whats[2].endswith(f"({ruled_void}: exposed cards)")
    assert whats[3].endswith(f"({table_void})")
    pas_rond = sheet["lists"][0]["rows"][4]  # "does not count" stays beside the deal
    assert pas_rond["note"] == "" and pas_rond["played"].endswith(")")
    text = " ".join(text_of(lists_pdf(sheet, "f")).split())
    assert f"{closed}: the hall closed at 23:00" in text
    assert f"{adjustment} · slow play (ART 11)" in text
    # each note on a line of its own under its deal, whole
    assert f"{corrected}: recounted the tricks" in text
    assert f"{ruled_void}: exposed cards" in text


def test_the_standings_pdf_lists_what_changed_the_lists_without_the_directors_reasons() -> None:
    sheet = standings_sheet(picture(), "en")
    assert sheet["notes"] == [
        "Evening 1 · round 1 · table 2: Closed early",
        "Evening 1 · round 1 · table 2 · Deal 2: corrected by the director",
        "Evening 1 · round 1 · table 2 · Deal 3: voided by the director",
        "Evening 1 · round 1 · table 2 · Adjustment, Deal 1: 1 -5, 2 +5 (ART 11)",
    ]
    text = " ".join(text_of(standings_pdf(sheet, "f")).split())
    assert "Corrections and lists closed early" in text
    for note in sheet["notes"]:
        assert note in text
    assert "exposed cards" not in text and "slow play" not in text


def test_standings_without_corrections_have_no_such_section() -> None:
    pic = picture()
    pic["lists"][0] |= {"closed_short": None, "disputes": [], "adjustments": []}
    pic["lists"][0]["deals"] = [deal(1), deal(4, voided="typo")]
    sheet = standings_sheet(pic, "nl")
    assert sheet["notes"] == []
    assert "Correcties en vroeg gesloten lijsten" not in text_of(standings_pdf(sheet, "f"))
