"""The public standings pages: no login, the same numbers as the API, the chain heads,
names escaped, a 404 page for what does not exist, and no script anywhere."""

from __future__ import annotations

import re
from datetime import datetime
from html.parser import HTMLParser
from typing import Any
from uuid import uuid4

import pytest
from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command
from backend.demo.season import Summary
from backend.web.public_words import day, detail_words, moment, number

from ..standings_club import best_of_one, demo_club, open_evening, play


class Tables(HTMLParser):
    """Every table of a page as rows of cell texts, and the page's tags and attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self._table: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "table":
            self._table = self.tables.setdefault(dict(attrs).get("class") or "", [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._table is not None:
            self._table[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def page(client: FlaskClient, path: str, **headers: str) -> tuple[Any, Tables]:
    answer = client.get(path, headers=headers)
    parsed = Tables()
    parsed.feed(answer.get_data(as_text=True))
    return answer, parsed


@pytest.fixture
def club(web: Flask) -> dict[str, Summary]:
    return demo_club(web.extensions["troef"].app)


def test_the_season_table_needs_no_login_and_shows_the_apis_numbers_for_every_game(
    client: FlaskClient, club: dict[str, Summary]
) -> None:
    for game, summary in club.items():
        api = client.get(f"/api/competitions/{summary.competition_id}/standings").json
        answer, parsed = page(client, f"/standings/{summary.competition_id}?lang=en")
        assert answer.status_code == 200 and answer.mimetype == "text/html", game
        body = parsed.tables["grid season"][1:]
        lines = api["lines"]
        if all("field_rank" in line["details"] for line in lines):  # a Mitchell: NS, then EW
            lines = [
                {**line, "rank": line["details"]["field_rank"]}
                for side in ("NS", "EW")
                for line in sorted(lines, key=lambda x: x["details"]["field_rank"])
                if line["details"]["direction"] == side
            ]
            body = [row for row in body if row[0] != "Place"]  # the East-West table's head
        assert [(row[0], row[1], row[-1]) for row in body] == [
            (str(line["rank"]), line["name"], number(line["total"], api["unit"], "en"))
            for line in lines
        ], game


def test_every_submitted_lists_chain_head_is_on_the_season_and_the_evening_page(
    client: FlaskClient, club: dict[str, Summary]
) -> None:
    for summary in club.values():
        cid = summary.competition_id
        heads = client.get(f"/api/competitions/{cid}/standings").json["lists"]
        assert heads, summary.game
        _, season = page(client, f"/standings/{cid}")
        shown = [row[3] for row in season.tables["grid chain-heads"][1:]]
        assert shown == [entry["submitted_head"] for entry in heads]
        _, evening = page(client, f"/standings/{cid}/evenings/1")
        shown = [row[3] for row in evening.tables["grid chain-heads"][1:]]
        assert shown == [entry["submitted_head"] for entry in heads if entry["evening"] == 1]


def test_a_result_that_does_not_count_is_struck_through_with_its_reason(
    web: Flask, client: FlaskClient
) -> None:
    cid = best_of_one(web.extensions["troef"].app, ("An", "Bert", "Carla", "Dirk"))
    api = client.get(f"/api/competitions/{cid}/standings").json
    html = client.get(f"/standings/{cid}?lang=nl").get_data(as_text=True)
    for line in api["lines"]:
        (dropped,) = [r for r in line["results"] if not r["counts"]]
        assert f'<del>{dropped["value"]}</del><small class="reason">niet bij de beste 1' in html
    assert "de beste 1 van 15 zondagen tellen" in html  # the counting rule, in words
    _, parsed = page(client, f"/standings/{cid}?lang=en")
    first = parsed.tables["grid season"][1]
    assert "not among the best 1" in " ".join(first[2:4])


def test_klaverjas_shows_the_rule_sets_4200_and_1600_as_such(
    client: FlaskClient, club: dict[str, Summary]
) -> None:
    cid = club["klaverjas"].competition_id
    html = client.get(f"/standings/{cid}?lang=en").get_data(as_text=True)
    assert "4200: absent with notice (SB-7)" in html
    assert "× 1600: partij sat out (SB-8)" in html
    evening = client.get(f"/standings/{cid}/evenings/1?lang=en").get_data(as_text=True)
    assert '<span class="mark">1600 (sat out)</span>' in evening
    second = client.get(f"/standings/{cid}/evenings/2?lang=nl").get_data(as_text=True)
    # the evening's score in Dutch digits, then its mark
    assert '<span class="mark">4.200: afwezig met bericht (SB-7)</span>' in second


def test_totals_read_in_their_unit_and_the_readers_digits() -> None:
    assert number(6667, "pct_hundredths", "nl") == "66,67 %"
    assert number(6667, "pct_hundredths", "en") == "66.67 %"
    assert number(-150, "imp_hundredths", "de") == "-1,50 IMP"
    assert number(12, "imps", "en") == "12 IMP"
    assert number(4759, "points", "nl") == "4.759"  # grouped as the console writes it
    assert number(4759, "points", "en") == "4,759"
    assert number(-12345, "points", "de") == "-12.345"
    assert number(None, "points", "en") == "–"


def test_dates_read_as_the_console_writes_them_in_each_language() -> None:
    assert day("2026-03-03", "nl") == "3 maart 2026"
    assert day("2026-03-03", "de") == "3. März 2026"
    assert day("2026-03-03", "en") == "3 March 2026"
    assert day(None, "nl") == "–"
    stamp = datetime(2026, 5, 12, 21, 4)
    assert moment(stamp, "nl") == "12-05-2026, 21:04"
    assert moment(stamp, "de") == "12.05.2026, 21:04"
    assert moment(stamp, "en") == "12/05/2026, 21:04"


def test_how_a_result_came_about_names_the_table_in_the_pages_language() -> None:
    assert detail_words("table 2: +154", "nl") == "tafel 2: +154"
    assert detail_words("Durchgang 1, table 2", "de") == "Durchgang 1, Tisch 2"
    assert detail_words("table 2: +154", "en") == "table 2: +154"


def test_the_public_pages_show_no_raw_iso_dates(
    client: FlaskClient, club: dict[str, Summary]
) -> None:
    cid = club["klaverjas"].competition_id
    for lang in ("nl", "de", "en"):
        for path in (f"/standings/{cid}", f"/standings/{cid}/evenings/1"):
            html = client.get(f"{path}?lang={lang}").get_data(as_text=True)
            text = re.sub(r"<[^>]+>", " ", html)
            assert not re.search(r"\d{4}-\d{2}-\d{2}", text), (lang, path)


def test_a_directors_ruling_is_its_own_entry_with_its_reason(
    web: Flask, client: FlaskClient, club: dict[str, Summary]
) -> None:
    cid = club["klaverjas"].competition_id
    app = web.extensions["troef"].app
    app.handle(
        director("anna"),
        Command(
            "adjust_standing",
            cid,
            {"player_id": "p2", "points": -50, "reason": "list <i>late</i>", "article": "SB-9"},
        ),
    )
    _, parsed = page(client, f"/standings/{cid}?lang=en")
    header, *rows = parsed.tables["grid season"]
    column = header.index("Rulings")
    api = {
        line["name"]: line
        for line in client.get(f"/api/competitions/{cid}/standings").json["lines"]
    }
    (ruled,) = [row for row in rows if row[column]]
    assert ruled[column] == "-50ruling: list <i>late</i> (SB-9)"
    assert ruled[-1] == f"{api[ruled[1]]['total']:,}"  # English digits: 8,992
    # in Dutch and German the ruling is named in the page's language, its reason as written
    for lang, ruling, heading in (
        ("nl", "beslissing", "Beslissingen"),
        ("de", "Entscheidung", "Entscheidungen"),
    ):
        header, *rows = page(client, f"/standings/{cid}?lang={lang}")[1].tables["grid season"]
        (ruled,) = [row for row in rows if row[header.index(heading)]]
        assert ruled[header.index(heading)] == f"-50{ruling}: list <i>late</i> (SB-9)"


def test_the_bridge_evening_shows_every_board_with_the_travellers_matchpoints(
    client: FlaskClient, club: dict[str, Summary]
) -> None:
    cid = club["bridge"].competition_id
    travellers = client.get(f"/api/competitions/{cid}/evenings/1/travellers").json["boards"]
    _, parsed = page(client, f"/standings/{cid}/evenings/1?lang=en")
    rows = parsed.tables["grid traveller"]  # every board's table appends to the same key
    shown = [row for row in rows if row and row[0] != "Table"]
    expected = [r for board in travellers for r in board["results"]]
    assert len(shown) == len(expected) == 18
    for row, result in zip(shown, expected, strict=True):
        assert row[0] == str(result["table"]) and row[1] == result["ns"]["name"]
        assert row[7] == f"{result['ns_mp'] / 100:.2f}" and row[8] == f"{result['ew_mp'] / 100:.2f}"
        assert row[9] == f"{result['ns_pct'] / 100:.2f} %"


def test_names_are_escaped_everywhere(web: Flask, client: FlaskClient) -> None:
    names = ("<script>alert(1)</script>", '"><img src=x>', "Bert & Co", "Dirk")
    cid = best_of_one(web.extensions["troef"].app, names)
    for path in (f"/standings/{cid}", f"/standings/{cid}/evenings/1"):
        html = client.get(path).get_data(as_text=True)
        assert "<script" not in html and "<img" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "&#34;&gt;&lt;img src=x&gt;" in html and "Bert &amp; Co" in html


def test_a_competition_or_evening_that_does_not_exist_is_a_404_page(
    client: FlaskClient, club: dict[str, Summary]
) -> None:
    cid = club["wiezen"].competition_id
    for path in (f"/standings/{uuid4()}", "/standings/not-an-id", f"/standings/{cid}/evenings/9"):
        answer = client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9"})
        assert answer.status_code == 404 and answer.mimetype == "text/html", path
        assert "Nicht gefunden" in answer.get_data(as_text=True)


def test_the_page_speaks_the_readers_language_and_uses_no_script(
    client: FlaskClient, club: dict[str, Summary]
) -> None:
    cid = club["schafkopf"].competition_id
    answer, parsed = page(client, f"/standings/{cid}", **{"Accept-Language": "de"})
    assert answer.headers["Content-Language"] == "de"
    assert parsed.tables["grid season"][0][:2] == ["Platz", "Name"]
    assert "Touts" in parsed.tables["grid season"][0]
    _, dutch = page(client, f"/standings/{cid}?lang=nl", **{"Accept-Language": "de"})
    assert dutch.tables["grid season"][0][:2] == ["Plaats", "Naam"]
    assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
    assert not [tag for tag, attrs in parsed.tags if tag == "script" or "style" in attrs]
    css = next(attrs["href"] for tag, attrs in parsed.tags if tag == "link")
    with client.get(css) as sheet:
        assert sheet.status_code == 200 and b"@media print" in sheet.data


def test_the_pages_stay_out_of_the_api_document(client: FlaskClient) -> None:
    paths = client.get("/api/openapi.json").json["paths"]
    assert not [path for path in paths if path.startswith("/standings")]


def test_the_evening_page_read_first_after_play_shows_the_results_just_recorded(
    web: Flask, client: FlaskClient
) -> None:
    """Saves leave the results due; the evening page, read before any other page, settles
    them itself."""
    app = web.extensions["troef"].app
    drawn = open_evening(app, ("An", "Bert", "Carla", "Dirk"))
    cid = drawn["competition_id"]
    _, before = page(client, f"/standings/{cid}/evenings/1?lang=en")
    assert {row[3] for row in before.tables["grid evening"][1:]} == {"0"}
    play(app, drawn["entry"])
    _, after = page(client, f"/standings/{cid}/evenings/1?lang=en")
    api = client.get(f"/api/competitions/{cid}/evenings/1/results").json["results"]
    shown = {row[1]: row[3] for row in after.tables["grid evening"][1:]}
    assert shown == {r["name"]: str(r["points"]) for r in api}
    assert set(shown.values()) != {"0"}


def test_a_page_asked_for_the_wall_reloads_itself_and_only_then(
    web: Flask, client: FlaskClient
) -> None:
    app = web.extensions["troef"].app
    drawn = open_evening(app, ("An", "Bert", "Carla", "Dirk"))
    cid = drawn["competition_id"]
    paths = (f"/standings/{cid}", f"/standings/{cid}/evenings/1")

    def refresh(path: str) -> list[str | None]:
        _, parsed = page(client, path)
        return [a.get("content") for tag, a in parsed.tags if a.get("http-equiv") == "refresh"]

    assert [refresh(p) for p in paths] == [[], []]  # a reader's page never moves by itself
    assert [refresh(f"{p}?wall&lang=nl") for p in paths] == [["60"], ["60"]]
