"""The PDFs as a reader gets them: names in every script as typed, every word in the chosen
language, dates as that language writes them, the bridge dealer filled. The text is read
back with pypdf, as a PDF reader's search or copy would."""

from __future__ import annotations

import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from backend.aggregates.actor import director
from backend.application import Command
from backend.exports.words import WORDS

from .conftest import bridge_pairs, four_spades_on_board_one, login
from .test_exports import played

NAMES = {  # Polish, Turkish, Greek, Cyrillic
    "p3": "Łukasz Wiśniewski",
    "p4": "Şükrü Öztürk",
    "p5": "Γιώργος Παπαδάκης",
    "p6": "Дмитрий Иванов",
}
DATES = {"nl": "5 april 2026", "de": "5. April 2026", "en": "5 April 2026"}  # 2026-04-05
ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
DUTCH_SEATS = {"N": "N", "E": "O", "S": "Z", "W": "W"}


def text_of(data: bytes) -> str:
    """Every page's text, as pypdf extracts it."""
    assert data.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def english_only(lang: str) -> set[str]:
    """Words of Troef's English printed words that the other language does not use."""

    def tokens(lang: str) -> set[str]:
        return {t.lower() for v in WORDS[lang].values() for t in re.findall(r"[A-Za-z]{4,}", v)}

    return tokens("en") - tokens(lang)


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_the_pdfs_print_every_script_and_only_the_chosen_language(
    web: Flask, client: FlaskClient, lang: str
) -> None:
    ev = played(web)
    app, cid = web.extensions["troef"].app, ev["competition_id"]
    for pid, name in NAMES.items():
        app.handle(director(), Command("rename_player", cid, {"player_id": pid, "name": name}))
    login(client)
    standings = text_of(client.get(f"/api/competitions/{cid}/standings.pdf?lang={lang}").data)
    lists = text_of(client.get(f"/api/competitions/{cid}/lists.pdf?lang={lang}").data)
    for name in NAMES.values():
        assert name in standings and name in lists
    assert WORDS[lang]["standings"] in standings and WORDS[lang]["total"] in lists

    assert DATES[lang] in lists  # the evening's date, in the heading of each list
    for text in (standings, lists):
        assert not ISO.search(text), ISO.search(text)  # no raw 2026-04-05 or timestamps
        found = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in english_only(lang)}
        assert not found, f"English in a {lang} PDF: {found}"


def test_the_english_pdf_is_the_control_of_the_language_check(
    web: Flask, client: FlaskClient
) -> None:
    """The same check finds English words in an English PDF: it can fail."""
    ev = played(web)
    login(client)
    lists = text_of(client.get(f"/api/competitions/{ev['competition_id']}/lists.pdf?lang=en").data)
    found = {w for w in re.findall(r"[A-Za-z]{4,}", lists) if w.lower() in english_only("nl")}
    assert {"total", "declarers", "submitted"} <= {w.lower() for w in found}
    assert DATES["en"] in lists


def test_the_bridge_lists_show_the_dealer_of_each_board(web: Flask, client: FlaskClient) -> None:
    drawn = bridge_pairs(web)
    four_spades_on_board_one(web, drawn["lists"], [10, 11, 9])
    login(client)
    cid = drawn["competition_id"]
    lists = text_of(client.get(f"/api/competitions/{cid}/lists.pdf?lang=nl").data)
    rows = re.findall(r"^(\d+) ([NOZW]) spel (\d+): 4♠ Z", lists, re.M)
    assert len(rows) == 3  # board 1 at each of its three tables
    for _deal, dealer, board in rows:
        # §B6: board 1 is dealt by North, 2 by East, 3 by South, 4 by West, and round again
        assert dealer == DUTCH_SEATS["NESW"[(int(board) - 1) % 4]]


def test_the_pdf_embeds_its_font(web: Flask, client: FlaskClient) -> None:
    """No system font is needed to show the names: the font travels inside the file."""
    ev = played(web)
    data = client.get(f"/api/competitions/{ev['competition_id']}/standings.pdf").data
    fonts = [
        font.get_object()
        for page in PdfReader(io.BytesIO(data)).pages
        for font in page["/Resources"]["/Font"].values()
    ]
    assert fonts and all("DejaVu" in str(font["/BaseFont"]) for font in fonts)
    assert all("/FontFile2" in font["/DescendantFonts"][0]["/FontDescriptor"] for font in fonts)


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_the_lists_pdf_says_each_deal_in_the_language_and_no_explanation_in_english(
    web: Flask, client: FlaskClient, lang: str
) -> None:
    """A miserie row names its player and tricks; the rules' working of every printed deal
    (English, the one source: docs/languages.md) leaves no English word on the page (#16,
    items 13 and 27)."""
    ev = played(web)
    app, other = web.extensions["troef"].app, ev["lists"][1]["list_id"]
    miserie = {"dealer": 3, "contract": "MIS", "miserie": [{"seat": 2, "open": False, "tricks": 0}]}
    app.handle(director(), Command("record_deal", other, {"deal_no": 1, "record": miserie}))
    login(client)
    cid = ev["competition_id"]
    text = text_of(client.get(f"/api/competitions/{cid}/lists.pdf?lang={lang}").data)
    opened = {"nl": "MIS · 2 (0 slagen)", "de": "MIS · 2 (0 Stiche)"}[lang]
    assert opened in text and "VRAAG · " in text
    working = " ".join(
        line
        for lst in (ev["first"], other)
        for row in client.get(f"/api/lists/{lst}").json["rows"]
        for line in row["explain"]
    )
    assert "miserie" in working.lower()  # the rules' working is there to be printed, in English
    printed_words = {t.lower() for v in WORDS[lang].values() for t in re.findall(r"\w{4,}", v)}
    rulebook = {"vraag", "miserie", "wiezen"}  # the rulebook's own words, in every language
    english = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", working)} - printed_words - rulebook
    assert {"tricks", "seats"} <= english  # what would show if the working were printed as is
    found = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in english}
    assert not found, f"the rules' English in a {lang} PDF: {found}"
