"""Exports over the API: CSV, JSON, zip, PDF, PBN and USEBIO, checked against the API's own
numbers (real SQLite files, the Flask test client)."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from pypdf import PdfReader

from backend.aggregates.actor import director
from backend.api.exports import slug
from backend.application import Command
from backend.demo.season import build_demo
from backend.exports.dates import MONTHS

from .conftest import bridge_pairs, four_spades_on_board_one, join, login, vraag, wiezen_evening
from .spec import conforms


def played(web: Flask) -> dict[str, Any]:
    """A wiezen evening with a Flemish name, two deals on list 1 (submitted) and an adjustment."""
    ev = wiezen_evening(web, players=8)
    app, boss = web.extensions["troef"].app, director()
    cid, first = ev["competition_id"], ev["lists"][0]["list_id"]
    app.handle(
        boss, Command("rename_player", cid, {"player_id": "p1", "name": "Loïc Geënt-Straße"})
    )
    app.handle(boss, Command("record_deal", first, {"deal_no": 1, "record": vraag()}))
    app.handle(
        boss, Command("record_deal", first, {"deal_no": 2, "record": vraag(dealer=2, tricks=10)})
    )
    app.handle(boss, Command("close_list_short", first, {"reason": "de zaal sloot"}))
    app.handle(boss, Command("submit_list", first, {"scorer": "1", "confirmed_by": "2"}))
    app.handle(
        boss,
        Command(
            "adjust_standing",
            cid,
            {"player_id": "p2", "points": -5, "reason": "te laat", "article": "ART 3"},
        ),
    )
    return {**ev, "first": first}


def rows_of(text: str) -> list[dict[str, str]]:
    assert text.startswith("\ufeff"), "Excel needs the byte order mark to read UTF-8"
    return list(csv.DictReader(io.StringIO(text[1:]), delimiter=";"))


def test_the_deals_csv_holds_every_deal_with_the_points_of_the_scoresheet(
    web: Flask, client: FlaskClient
) -> None:
    ev = played(web)
    login(client)
    answer = client.get(f"/api/competitions/{ev['competition_id']}/export/deals.csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert re.search(
        r'filename="troef-zondagen-\d{4}-\d\d-\d\d-deals\.csv"',
        answer.headers["Content-Disposition"],
    )
    deals = rows_of(answer.get_data(as_text=True))
    sheet = client.get(f"/api/lists/{ev['first']}").json
    mine = [d for d in deals if d["list_id"] == ev["first"]]
    assert [int(d["deal"]) for d in mine] == [r["deal_no"] for r in sheet["rows"]] == [1, 2]
    for row, d in zip(sheet["rows"], mine, strict=True):
        for seat in sheet["seats"]:
            assert int(d[f"{seat['seat']} points"]) == row["points"][seat["seat"]]
            assert d[f"{seat['seat']} player"] == seat["name"]
        assert d["counts"] == "ja" and d["summary"] == row["summary"]


def test_the_standings_csv_is_public_and_says_what_counts(web: Flask, client: FlaskClient) -> None:
    ev = played(web)
    cid = ev["competition_id"]
    standings = client.get(f"/api/competitions/{cid}/standings").json
    answer = client.get(f"/api/competitions/{cid}/export/standings.csv")
    assert answer.status_code == 200
    lines = rows_of(answer.get_data(as_text=True))
    assert [(int(r["rank"]), r["name"], int(r["total"])) for r in lines] == [
        (line["rank"], line["name"], line["total"]) for line in standings["lines"]
    ]
    assert any(r["name"] == "Loïc Geënt-Straße" for r in lines)
    results = rows_of(client.get(f"/api/competitions/{cid}/export/results.csv").get_data(True))
    counted = {(r["player_id"], r["result"]): r["counts"] for r in results}
    for line in standings["lines"]:
        for r in line["results"]:
            assert counted[(line["player_id"], r["key"])] == ("ja" if r["counts"] else "nee")
    assert client.get(f"/api/competitions/{cid}/export/deals.csv").status_code == 401


def test_the_json_document_rebuilds_the_picture(web: Flask, client: FlaskClient) -> None:
    ev = played(web)
    cid = ev["competition_id"]
    login(client)
    answer = client.get(f"/api/competitions/{cid}/export.json")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    doc = json.loads(answer.get_data(as_text=True))
    assert doc["format"] == "troef-export" and doc["version"] == 1
    detail = client.get(f"/api/competitions/{cid}").json
    assert doc["competition"]["head"] == detail["head"]
    assert [p["name"] for p in doc["players"]] == [p["name"] for p in detail["players"]]
    sheet = client.get(f"/api/lists/{ev['first']}").json
    (lst,) = [x for x in doc["lists"] if x["list_id"] == ev["first"]]
    assert lst["totals"] == sheet["totals"] and lst["submitted_head"] == sheet["submitted_head"]
    assert [d["points"] for d in lst["deals"]] == [r["points"] for r in sheet["rows"]]
    standings = client.get(f"/api/competitions/{cid}/standings").json
    assert [(s["player_id"], s["total"]) for s in doc["standings"]] == [
        (line["player_id"], line["total"]) for line in standings["lines"]
    ]
    assert doc["standing_adjustments"][0]["points"] == -5
    trail = client.get(f"/api/audit?competition={cid}&limit=500").json["entries"]
    assert [e["position"] for e in doc["audit"]] == [e["position"] for e in trail]
    chains = {c["aggregate_id"]: c for c in doc["chains"]}
    assert chains[ev["first"]]["head"] == sheet["head"] and chains[ev["first"]]["ok"] is True
    assert chains[cid]["head"] == detail["head"]
    evening = json.loads(client.get(f"/api/competitions/{cid}/export.json?evening=1").data)
    assert evening["evening"] == 1 and len(evening["lists"]) == len(ev["lists"])


def test_the_zip_holds_every_table_and_the_document(web: Flask, client: FlaskClient) -> None:
    ev = played(web)
    login(client)
    answer = client.get(f"/api/competitions/{ev['competition_id']}/export.zip?evening=1")
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    assert 'avond-1-2026-04-05.zip"' in answer.headers["Content-Disposition"]
    archive = zipfile.ZipFile(io.BytesIO(answer.data))
    names = {name.split("/")[-1] for name in archive.namelist()}
    assert {"players.csv", "deals.csv", "standings.csv", "audit.csv", "chains.csv"} <= names
    chains = rows_of(
        archive.read(next(n for n in archive.namelist() if n.endswith("chains.csv"))).decode()
    )
    assert chains and all(c["intact"] == "ja" for c in chains)


def pdf_text(data: bytes) -> str:
    """The text of every page, as a PDF reader extracts it (pypdf)."""
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_pdfs_show_the_names_and_numbers(web: Flask, client: FlaskClient) -> None:
    ev = played(web)
    cid = ev["competition_id"]
    answer = client.get(f"/api/competitions/{cid}/standings.pdf?lang=de")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    text = pdf_text(answer.data)
    assert "Loïc Geënt-Straße" in text and "Tabelle" in text
    for line in client.get(f"/api/competitions/{cid}/standings").json["lines"]:
        assert line["name"] in text
    assert client.get(f"/api/competitions/{cid}/lists.pdf").status_code == 401
    login(client)
    lists = pdf_text(client.get(f"/api/competitions/{cid}/lists.pdf?evening=1&lang=nl").data)
    sheet = client.get(f"/api/lists/{ev['first']}").json
    for seat in sheet["seats"]:
        assert seat["name"] in lists
    assert sheet["submitted_head"] in lists and "Totaal" in lists


def test_the_printable_pages_print_the_standings_and_the_lists(
    web: Flask, client: FlaskClient
) -> None:
    ev = played(web)
    cid = ev["competition_id"]
    page = client.get(f"/print/competitions/{cid}/standings?lang=en")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "Loïc Geënt-Straße" in html and "style=" not in html and "<script>" not in html
    assert f"/api/competitions/{cid}/standings.pdf?lang=en" in html
    css = client.get("/print/static/troef_print.css")
    assert css.status_code == 200 and b"@media print" in css.data
    css.close()
    assert client.get(f"/print/competitions/{cid}/lists?evening=1").status_code == 401
    login(client)
    lists = client.get(f"/print/competitions/{cid}/lists?evening=1&lang=de").get_data(True)
    assert "Abend 1" in lists
    assert not re.search(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}", html + lists)  # footers in words
    assert any(f" {month} " in html for month in MONTHS["en"])
    assert any(f" {month} " in lists for month in MONTHS["de"])
    assert client.get(f"/api/lists/{ev['first']}").json["submitted_head"] in lists
    bad = client.get(f"/print/competitions/{cid}/lists?evening=0")
    assert bad.status_code == 422 and "evening" in bad.json["fields"]


def ns_score(line: dict[str, str]) -> int:
    """A ScoreTable line's NS score: in Score_NS when positive, else minus Score_EW."""
    if line["Score_NS"] != "-":
        return int(line["Score_NS"].strip('"'))
    return -int(line["Score_EW"].strip('"'))


def bridge_evening_with_leads(web: Flask) -> dict[str, Any]:
    """The bridge evening of the standings tests; West's opening lead written down at each
    table of board 1."""
    app, boss = web.extensions["troef"].app, director()
    drawn = bridge_pairs(web)
    cid = drawn["competition_id"]
    board_one = [e["list_id"] for e in drawn["lists"] if 1 in e["boards"]]
    for tricks, lead, lst in zip((10, 11, 9), LEADS, board_one, strict=True):
        facts = {"board": 1, "contract": {"level": 4, "strain": "S"}, "declarer": "S"}
        app.handle(
            boss,
            Command(
                "record_deal",
                lst,
                {"deal_no": 1, "record": {**facts, "tricks": tricks, "lead": lead}},
            ),
        )
    return {"competition_id": cid, "lists": board_one}


LEADS = ("HK", "D10", "CA")


def test_pbn_and_usebio_match_the_travellers(web: Flask, client: FlaskClient) -> None:
    ev = bridge_evening_with_leads(web)
    cid = ev["competition_id"]
    travellers = client.get(f"/api/competitions/{cid}/evenings/1/travellers").json["boards"]
    assert client.get(f"/api/competitions/{cid}/evenings/1/session.pbn").status_code == 401
    login(client)
    answer = client.get(f"/api/competitions/{cid}/evenings/1/session.pbn")
    assert answer.status_code == 200 and answer.headers["Content-Disposition"].endswith('.pbn"')
    text = answer.get_data(as_text=True)
    games = [
        dict(re.findall(r'^\[(\w+) "(.*)"\]', game, re.M))
        for game in text.split("\r\n\r\n")
        if "[Event " in game
    ]
    expected = travellers[0]["results"]
    assert len(games) == len(expected)  # one game per table that played the board
    for game in games:
        assert game["Event"] == "Dinsdagparen" and game["Date"] == "2026.04.07"
        assert (game["Board"], game["Dealer"], game["Vulnerable"]) == ("1", "N", "None")
    by_table = {int(g["Table"]): g for g in games}
    for r in expected:
        game = by_table[r["table"]]
        assert (game["Contract"], game["Declarer"]) == ("4S", "S")
        assert (int(game["Result"]), game["Score"]) == (r["tricks"], f"NS {r['score']}")
        assert game["ScoreMP"] == f"NS {r['ns_mp'] / 100:.2f} EW {r['ew_mp'] / 100:.2f}"
        assert game["PairNS"] == r["ns"]["player_id"][1:]
        assert game["Lead"] in {"HK", "DT", "CA"}
        assert r["ns"]["name"] in (game["North"], f"{game['North']} – {game['South']}")
    table_tag = games[0]["ScoreTable"]
    columns = [c.split("\\")[0] for c in table_tag.split(";")]
    block = text.split('[ScoreTable "')[1].split("\r\n\r\n")[0].split("\r\n[")[0]
    rows = block.split("\r\n")[1:]
    lines = [dict(zip(columns, row.split(), strict=True)) for row in rows if row]
    assert sorted((r["table"], r["score"], r["ns_mp"]) for r in expected) == sorted(
        (int(line["Table"]), ns_score(line), round(float(line["MP_NS"]) * 100)) for line in lines
    )
    assert {line["Contract"] for line in lines} == {"4S"}
    assert {line["Lead"] for line in lines} == {g["Lead"] for g in games} == {"HK", "DT", "CA"}
    xml = client.get(f"/api/competitions/{cid}/evenings/1/session.usebio.xml")
    assert xml.status_code == 200
    root = ET.fromstring(xml.data)
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    event = root.find("EVENT")
    assert event is not None and event.findtext("DATE") == "07/04/2026"
    (board,) = event.findall("SESSION/SECTION/BOARD")
    got = sorted(
        (
            int(t.findtext("SCORE") or 0),
            t.findtext("CONTRACT"),
            t.findtext("PLAYED_BY"),
            int(t.findtext("TRICKS") or 0),
            round(float(t.findtext("NS_MATCH_POINTS") or 0) * 100),
            round(float(t.findtext("EW_MATCH_POINTS") or 0) * 100),
        )
        for t in board.findall("TRAVELLER_LINE")
    )
    assert got == sorted(
        (r["score"], "4S", "S", r["tricks"], r["ns_mp"], r["ew_mp"]) for r in expected
    )
    assert {t.findtext("LEAD") for t in board.findall("TRAVELLER_LINE")} == {"HK", "DT", "CA"}
    pairs = {int(p.findtext("PAIR_NUMBER") or 0) for p in event.iter("PAIR")}
    assert {int(r["ns"]["player_id"][1:]) for r in expected} <= pairs
    deals = rows_of(client.get(f"/api/competitions/{cid}/export/deals.csv").get_data(True))
    assert sorted(int(d["NS points"]) for d in deals) == sorted(r["score"] for r in expected)
    assert {d["board"] for d in deals} == {"1"}
    assert all(int(d["EW points"]) == -int(d["NS points"]) for d in deals)


def test_refusals_are_json_and_name_the_field(web: Flask, client: FlaskClient) -> None:
    ev = played(web)
    cid = ev["competition_id"]
    token = join(client, ev["codes"][1], "phone-9")
    table = client.get(f"/api/competitions/{cid}/export.json", headers=token)
    assert table.status_code == 403 and table.json["error"] == "forbidden"
    login(client)
    checks = [
        (f"/api/competitions/{cid}/export.json?evening=0", 422, "evening"),
        (f"/api/competitions/{cid}/export.json?evening=7", 404, "evening"),
        (f"/api/competitions/{cid}/lists.pdf?lang=fr", 422, "lang"),
        (f"/api/competitions/{cid}/evenings/1/session.pbn", 404, "competition_id"),
        ("/api/competitions/nope/export.zip", 404, "competition_id"),
    ]
    for path, status, field in checks:
        answer = client.get(path)
        assert answer.status_code == status and field in answer.json["fields"], (path, answer.json)
        conforms(client, answer)
    assert client.get(f"/api/competitions/{cid}/export/nope.csv").status_code == 404


def test_file_names_are_plain_ascii_as_the_console_makes_them() -> None:
    # pwa/tests/console_audit_exports.test.mjs checks the console's names for the same inputs.
    assert slug("Loïc Geënt-Straße 2026") == "loic-geent-strae-2026"
    assert (
        slug("Kleurenwiezen zondagcompetitie 2025-2026 van de club De Troef te Gent")
        == "kleurenwiezen-zondagcompetitie-2025-2026-van-de-club-de"
    )
    assert slug("!!!") == "competitie"


SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "schemas" / "troef-export.schema.json"


def test_every_game_of_the_demo_exports_a_valid_document_and_rectangular_tables(
    web: Flask, client: FlaskClient
) -> None:
    build_demo(web.extensions["troef"].app, seed=5, size="small")
    validator = Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    login(client)
    games = set()
    for comp in client.get("/api/competitions").json:
        cid, games = comp["id"], games | {comp["game"]}
        doc = client.get(f"/api/competitions/{cid}/export.json").json
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(doc)]
        assert not errors, (comp["game"], errors[:5])
        assert doc["chains"] and all(c["ok"] for c in doc["chains"])
        archive = zipfile.ZipFile(
            io.BytesIO(client.get(f"/api/competitions/{cid}/export.zip").data)
        )
        for name in archive.namelist():
            if name.endswith(".csv"):
                text = archive.read(name).decode("utf-8")
                table = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
                assert {len(row) for row in table} == {len(table[0])}, name
        deals = rows_of(
            archive.read(next(n for n in archive.namelist() if n.endswith("/deals.csv"))).decode()
        )
        assert len(deals) == sum(len(lst["deals"]) for lst in doc["lists"])
        assert pdf_text(client.get(f"/api/competitions/{cid}/lists.pdf").data)
    assert games == {"wiezen", "klaverjas", "schafkopf", "bridge"}


def test_an_artificial_bridge_score_is_marked_in_pbn_and_usebio(
    web: Flask, client: FlaskClient
) -> None:
    build_demo(web.extensions["troef"].app, seed=5, size="small", games=["bridge"])
    login(client)
    (comp,) = client.get("/api/competitions").json
    boards = client.get(f"/api/competitions/{comp['id']}/evenings/1/travellers").json["boards"]
    adjusted = [(b["board"], r) for b in boards for r in b["results"] if r["adjusted"]]
    assert adjusted, "the demo's first bridge evening has an artificial score"
    board, result = adjusted[0]
    root = ET.fromstring(
        client.get(f"/api/competitions/{comp['id']}/evenings/1/session.usebio.xml").data
    )
    line = next(
        t
        for b in root.iter("BOARD")
        if b.findtext("BOARD_NUMBER") == str(board)
        for t in b.findall("TRAVELLER_LINE")
        if t.findtext("NS_PAIR_NUMBER") == result["ns"]["player_id"][1:]
    )
    marks = {"AVG+": "60", "AVG": "50", "AVG-": "40"}
    ns, ew = (marks[result["adjusted"][side]] for side in ("ns", "ew"))
    assert line.findtext("SCORE") == f"A{ns}A{ew}" and line.find("CONTRACT") is None
    assert round(float(line.findtext("NS_MATCH_POINTS") or 0) * 100) == result["ns_mp"]
    pbn_text = client.get(f"/api/competitions/{comp['id']}/evenings/1/session.pbn").get_data(True)
    marked = re.compile(
        rf"\^{re.escape(result['adjusted']['ns'])} +\^{re.escape(result['adjusted']['ew'])} "
    )
    assert marked.search(pbn_text), "an artificial score's table elements start with ^"


def test_a_name_that_looks_like_a_formula_stays_text(web: Flask, client: FlaskClient) -> None:
    ev = played(web)
    cid = ev["competition_id"]
    web.extensions["troef"].app.handle(
        director(), Command("rename_player", cid, {"player_id": "p3", "name": '=HYPERLINK("x")'})
    )
    lines = rows_of(client.get(f"/api/competitions/{cid}/export/standings.csv").get_data(True))
    names = {r["player_id"]: r["name"] for r in lines}
    # an invisible zero-width space first: a spreadsheet shows the name as text, runs nothing
    assert names["p3"] == '\u200b=HYPERLINK("x")'
    assert all(
        int(r["total"]) == r_total for r, r_total in zip(lines, totals(client, cid), strict=True)
    )


def totals(client: FlaskClient, cid: str) -> list[int]:
    return [
        line["total"] for line in client.get(f"/api/competitions/{cid}/standings").json["lines"]
    ]


def test_butler_imps_are_written_whole_in_the_csv_and_on_the_printed_standings(
    web: Flask, client: FlaskClient
) -> None:
    """Butler totals are whole IMPs; only MP % and centi-IMPs are kept in hundredths."""
    drawn = bridge_pairs(web, {"method": "butler"})
    cid = drawn["competition_id"]
    four_spades_on_board_one(web, drawn["lists"], [10, 12, 9])
    lines = rows_of(client.get(f"/api/competitions/{cid}/export/standings.csv").get_data(True))
    assert [r["total"] for r in lines] == [str(t) for t in totals(client, cid)]
    assert max(totals(client, cid)) >= 1  # whole IMPs, not hundredths of one
    printed = client.get(f"/print/competitions/{cid}/standings").get_data(True)
    best = max(totals(client, cid))
    assert f">{best}<" in printed.replace(" ", "")
