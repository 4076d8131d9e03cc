"""A schafkopf table keeps a whole list (a Durchgang: 30 games, Nr. 1) in the table app, the
second half of it offline, and the server ends up with every game once and the standings."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask

from .conftest import drawn_evening, phone_at_table

DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
SEATS = ("1", "2", "3", "4")
GAMES_PER_LIST = 30  # Schafkopf Nr. 1: "Jede Tischpartie hat 30 Spiele"
OFFLINE_FROM = 12  # the phone loses the network before this line and records the rest offline
RELOAD_AT = 22  # the app is reloaded (offline) before this line; the dealer must survive it


@dataclass(frozen=True)
class Game:
    """One line as the players call it out: the game, who played it, and one pile's Augen."""

    type: str
    declarer: str = ""
    partner: str = ""
    ace: str = ""
    augen: int = 0
    counted: str = "decl"  # whose pile was counted: the declarers' or the defenders'
    tricks: int | None = None  # typed only when the form's own guess would be wrong

    @property
    def decl_augen(self) -> int:
        return self.augen if self.counted == "decl" else 120 - self.augen


R, S, T = "RUFSPIEL", "SOLO", "TOUT"
NO_GAME = Game("NO_GAME")
# 30 games and two deals nobody played (lines 6 and 21, not among the 30: S-D6; the second
# while offline, just before the app is reloaded). Every kind of line:
# Rufspiele won and lost, schneider both ways, Solo at the Schneider limit (90/91), Solo
# schwarz, a Tout won and one lost, Augen counted from either pile.
GAMES = [
    Game(R, "1", "3", "GRAS", 75),
    Game(R, "2", "4", "EICHEL", 28),
    Game(S, "3", augen=91),
    Game(R, "4", "1", "SCHELLEN", 40, counted="def"),
    Game(S, "2", augen=90),
    NO_GAME,
    Game(R, "1", "2", "EICHEL", 61),
    Game(T, "3", augen=120),
    Game(R, "2", "3", "GRAS", 60),
    Game(S, "4", augen=29, counted="def"),
    Game(R, "3", "1", "SCHELLEN", 95),
    Game(S, "1", augen=120),
    Game(R, "4", "2", "GRAS", 30),
    Game(R, "1", "4", "EICHEL", 31),
    Game(T, "2", augen=100, tricks=7),
    Game(R, "3", "4", "GRAS", 88),
    Game(S, "4", augen=55),
    Game(R, "2", "1", "SCHELLEN", 0),
    Game(R, "1", "3", "GRAS", 66, counted="def"),
    Game(S, "3", augen=72),
    NO_GAME,
    Game(R, "4", "3", "EICHEL", 102),
    Game(R, "2", "4", "GRAS", 47),
    Game(S, "1", augen=12, counted="def"),
    Game(R, "3", "2", "SCHELLEN", 64),
    Game(R, "4", "1", "GRAS", 59),
    Game(S, "2", augen=33),
    Game(R, "1", "2", "EICHEL", 81),
    Game(R, "3", "4", "GRAS", 70, counted="def"),
    Game(S, "4", augen=64),
    Game(R, "2", "3", "EICHEL", 120, tricks=7),
    Game(R, "1", "4", "SCHELLEN", 77),
]
VALUES = {R: (1, 2, 3), S: (3, 4, 5)}
# The form's buttons and inputs narrower or lower than 44 px (thumbs), by their text.
SMALL_TARGETS = """[...document.querySelectorAll('.sk button, .sk input')]
  .filter((el) => { const r = el.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
  .map((el) => el.textContent || el.id)"""


def expected_points(game: Game) -> dict[str, int]:
    """The line by Nr. 3 and Nr. 10 (S-D1 to S-D4), worked out here from the rules text."""
    if game.type == "NO_GAME":
        return dict.fromkeys(SEATS, 0)
    augen = game.decl_augen
    tricks = (
        game.tricks if game.tricks is not None else (8 if augen == 120 else 0 if augen == 0 else 4)
    )
    if game.type == T:
        won, value = tricks == 8, 8
    else:
        won = augen >= 61
        loser_augen, loser_tricks = (120 - augen, 8 - tricks) if won else (augen, tricks)
        limit = 29 if won else 30  # the defenders are schneider with 29, the declarers with 30
        level = 2 if loser_tricks == 0 else 1 if loser_augen <= limit else 0
        value = VALUES[game.type][level]
    sign = 1 if won else -1
    if game.type == R:
        side = {game.declarer, game.partner}
        return {s: sign * value if s in side else -sign * value for s in SEATS}
    return {s: sign * 3 * value if s == game.declarer else -sign * value for s in SEATS}


def expected_dealers() -> list[str]:
    """Seat 1 deals first, clockwise (S-D15); after a deal nobody played, the same again."""
    dealers, dealer = [], 1
    for game in GAMES:
        dealers.append(str(dealer))
        if game.type != "NO_GAME":
            dealer = dealer % 4 + 1
    return dealers


def schafkopf_tournament(web: Flask) -> dict[str, Any]:
    """A schafkopf tournament with one table of four; Durchgang 1's list and its code."""
    drawn = drawn_evening(
        web, "Schafkopfturnier", "schafkopf-tsv-lengfeld", ["Anna", "Bert", "Cor", "Dirk"]
    )
    first = next(entry for entry in drawn["lists"] if entry["round"] == 1)
    return {"competition_id": drawn["competition_id"], **first}


def enter(page: Any, n: int, game: Game, dealer: str) -> None:
    """Tap game n into the form and check the line it shows before writing it down."""
    page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
    assert page.get_attribute('[data-field="dealer"].on', "data-value") == dealer, n
    page.click(f'[data-field="type"][data-value="{game.type}"]')
    if game.type != "NO_GAME":
        page.click(f'[data-field="declarer"][data-value="{game.declarer}"]')
        if game.type == R:
            page.click(f'[data-field="ace"][data-value="{game.ace}"]')
            page.click(f'[data-field="partner"][data-value="{game.partner}"]')
        if game.counted == "def":
            page.click('[data-field="counted"][data-value="def"]')
        page.fill("#sk-augen", str(game.augen))
        if game.tricks is not None:
            page.fill("#sk-tricks", str(game.tricks))
    assert "null" not in page.inner_text(".sk"), n
    line = page.locator("#sk-line")
    cells = line.locator("li[data-seat]")
    shown = dict(zip(SEATS, (int(c.split()[1]) for c in cells.all_inner_texts()), strict=True))
    assert shown == expected_points(game), (n, game)
    assert sum(shown.values()) == 0 and line.get_attribute("data-sum") == "0"
    assert (line.get_attribute("data-dot") == "1") == (game.type in (S, T)), n
    page.click("#record")


def test_a_schafkopf_list_of_thirty_games_partly_offline_reaches_the_server_once(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    shots = DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    web, base = served
    table = schafkopf_tournament(web)
    context, page, errors = phone_at_table(browser, base, table["code"], "de-DE")

    # Validation as you type, in the player's language (a German phone).
    page.click('[data-field="declarer"][data-value="1"]')
    assert page.is_disabled('[data-field="partner"][data-value="1"]')
    page.click('[data-field="partner"][data-value="3"]')
    assert page.evaluate(SMALL_TARGETS) == []  # a Rufspiel shows the most buttons
    page.fill("#sk-augen", "130")
    assert page.get_attribute("#sk-augen", "aria-invalid") == "true"
    refused = page.locator('#preview .error[data-field="decl_augen"]').inner_text()
    assert refused == "Augen der Spieler: muss zwischen 0 und 120 liegen, nicht 130"
    assert page.locator("#sk-line").count() == 0
    page.fill("#sk-augen", "70")
    assert page.get_attribute("#sk-augen", "aria-invalid") == "false"
    assert page.get_attribute("#sk-line", "data-sum") == "0"
    page.click('[data-field="declarer"][data-value="3"]')  # the partner's seat: choose again
    assert page.locator('#preview .error[data-field="partner"]').count() == 1
    assert page.locator("#sk-line").count() == 0

    dealers = expected_dealers()
    for n, game in enumerate(GAMES, start=1):
        if n == OFFLINE_FROM:
            page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
            page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
            # Going offline keeps the form as it is (nothing half-typed is lost).
            page.evaluate("document.querySelector('.sk').dataset.before = 'offline'")
            context.set_offline(True)
            page.wait_for_selector(".status .bar.off")
            assert page.locator('.sk[data-before="offline"]').count() == 1
        if n == RELOAD_AT:
            page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
            response = page.reload()
            assert response is not None and response.from_service_worker
        if n == 3:
            # The entry screen for the docs: a Solo won schneider, the dot at the line's end.
            # Tapped into game 3's form once it shows (a tap on game 2's form, still on the
            # screen while game 2 is written, is gone with it).
            page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
            page.click('[data-field="type"][data-value="SOLO"]')
            page.click('[data-field="declarer"][data-value="3"]')
            page.fill("#sk-augen", "91")
            assert "Schneider" in page.inner_text("#sk-verdict")
            assert page.locator("#sk-dot").count() == 1
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert page.evaluate(SMALL_TARGETS) == []
            page.screenshot(path=str(shots / "schafkopf-entry.png"), full_page=True)
        enter(page, n, game, dealers[n - 1])
    lines = len(GAMES)
    # 30 games are a full Durchgang (Nr. 1): no line 33 is offered, the entry points to Submit.
    page.wait_for_selector("#entry-complete")
    assert page.locator("#entry-title").count() == 0
    offline_lines = lines - OFFLINE_FROM + 1
    page.wait_for_selector(f'#pending[data-count="{offline_lines}"]')

    # The list while offline: every line sums to zero, the last ones provisional.
    page.click("#tab-sheet")
    page.wait_for_selector(f"tr.row >> nth={lines - 1}")
    assert page.locator("tr.provisional").count() == offline_lines
    for row in page.locator("tbody tr.row").all():
        assert sum(int(v) for v in row.locator("td .pts").all_inner_texts()) == 0
    offline_totals = page.locator("tfoot td[data-seat]").all_inner_texts()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    context.set_offline(False)
    page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    page.wait_for_selector(f"tr.row:not(.provisional) >> nth={lines - 1}")
    assert page.locator("tr.provisional").count() == 0
    assert page.locator("tfoot td[data-seat]").all_inner_texts() == offline_totals
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(shots / "schafkopf-list.png"), full_page=True)

    # The server: each game exactly once, as entered, and the same totals.
    app = web.extensions["troef"].app
    server_list = app.get_list(table["list_id"])
    assert [row["deal_no"] for row in server_list.rows] == list(range(1, lines + 1))
    for row, game, dealer in zip(server_list.rows, GAMES, dealers, strict=True):
        record = row["record"]
        assert (record["type"], str(record["dealer"])) == (game.type, dealer)
        assert record.get("decl_augen", 0) == (game.decl_augen if game.type != "NO_GAME" else 0)
        assert row["score"]["points"] == expected_points(game)
    running = dict.fromkeys(SEATS, 0)
    shown_rows = page.locator("tbody tr.row").all()
    for row, shown in zip(server_list.rows, shown_rows, strict=True):
        running = {s: running[s] + row["score"]["points"][s] for s in SEATS}
        assert shown.locator("td .run").all_inner_texts() == [str(running[s]) for s in SEATS]
    counted = [row for row in server_list.rows if row["score"]["counts"]]
    assert len(counted) == GAMES_PER_LIST
    totals = server_list.totals()
    assert [str(totals[s]) for s in SEATS] == offline_totals
    expected = {s: sum(expected_points(g)[s] for g in GAMES) for s in SEATS}
    assert {s: totals[s] for s in SEATS} == expected

    # The standings: Durchgang 1 of each player is his column's total; solos counted.
    standings = web.test_client().get(f"/api/competitions/{table['competition_id']}/standings").json
    by_player = {line["player_id"]: line for line in standings["lines"]}
    for seat, player in table["seats"].items():
        line = by_player[player]
        durchgang = next(r for r in line["results"] if r["key"] == "Durchgang 1")
        assert durchgang["value"] == expected[seat], (seat, line)
        solos = [g for g in GAMES if g.type in (S, T) and g.declarer == seat]
        assert line["details"]["solos_played"] == len(solos), (seat, line)
        assert line["details"]["touts"] == sum(g.type == T for g in solos)

    # Fetches failing while offline are expected; anything else (a CSP refusal) is not.
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()
