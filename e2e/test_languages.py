"""Every text a user sees comes in the chosen language.

For Dutch, German and English in turn, a small klaverjas evening is played: a phone joins the
table, records two deals, opens an explanation and meets a refusal from the server; then the
director walks every console screen of that evening and the public pages are read. On each
screen the visible text must hold no tell-tale word of the other two languages. The game words
(troel, roem, Rufspiel, nat, pit, Solo, Wenz, Tout…) stay as they are in every language and are
on no list; what is not language (hashes, codes, field names in <code>, the language switch)
is skipped, and so is a closed "what the server said" (the API's own English, one tap away).
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command
from tests.standings_club import demo_club

from .conftest import drawn_evening, log_in, phone_at_table


def _words(text: str) -> list[str]:
    return text.split()


# Words only one of the three languages writes (case-sensitive, as a whole word).
TELLTALE = {
    "en": _words(
        "the and deal deals Deal Deals points Points refused Refused player players Players "
        "table Table round Round evening Evening list List standings Standings submitted "
        "pending never Explanation Close Record record tricks Tricks with your you You "
        "not this that Overview Save Cancel Log Dealer dealer Total Trump Reason reason "
        "Director director Who When What Step Print Present present Draw draw ruling"
    ),
    "de": _words(
        "Spiel Spiele Punkte und der die das nicht Tisch Runde Stift Spieler Abend "
        "Stiche Sie Ihre Eingabe Gerät Geber Summe Turnierleitung abgelehnt Erklärung "
        "Schließen Eintragen Übersicht Speichern mit von ist eine einen"
    ),
    "nl": _words(
        "spel spellen Spel Spellen punten Punten tafel Tafel ronde Ronde lijst Lijst "
        "speler spelers Spelers avond Avond het een niet voor met slagen Slagen "
        "wedstrijdleider Wedstrijdleider opschrijven Opschrijven bevestigd voorlopig "
        "Geweigerd Uitleg Sluiten Gever Totaal Overzicht Opslaan"
    ),
}
LOCALES = {"nl": "nl-NL", "de": "de-DE", "en": "en-GB"}
PLAYERS = ["Anna", "Bram", "Cas", "Door"]

# The visible text of the page, skipping what is not language: hashes, identifiers and field
# names in <code> or .mono, the language switch, scripts, a closed <details>.
VISIBLE_TEXT = """() => {
  const skip = "code, .mono, .hash, select, option, script, style, nav.langs, [translate=no]";
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skip) || !node.textContent.trim()) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    out.push(node.textContent.trim());
  }
  for (const input of document.querySelectorAll("input[placeholder], textarea[placeholder]")) {
    if (input.checkVisibility()) out.push(input.placeholder);
  }
  for (const button of document.querySelectorAll("input[type=submit], input[type=button]")) {
    if (button.checkVisibility()) out.push(button.value);
  }
  return out.join("\\n");
}"""


def foreign_words(page: Any, lang: str) -> list[str]:
    text = page.evaluate(VISIBLE_TEXT)
    found = []
    for other, words in TELLTALE.items():
        if other == lang:
            continue
        for word in words:
            for line in text.splitlines():
                if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", line):
                    found.append(f"{other} {word!r} in {line[:120]!r}")
    return found


class Walk:
    """The screens read so far and the foreign words found on them."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.found: list[str] = []

    def read(self, page: Any, where: str) -> None:
        self.found += [f"{where}: {hit}" for hit in foreign_words(page, self.lang)]


def record_deal(page: Any, n: int) -> None:
    page.click("#tab-entry")
    page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
    page.fill("#kj-points", str(80 + n))
    page.click('[data-field="trump"][data-value="H"]')
    page.click("#record")
    # recorded: the form moves on (online, "1 waiting" may last too short a moment to see)
    page.wait_for_selector(f'#entry-title[data-deal="{n + 1}"]')


BROKEN_REASON = "() => { document.querySelector('#dispute-reason').value = 'Roem fout \\ud83d'; }"


def walk_the_phone(browser: Any, base: str, code: str, walk: Walk) -> None:
    context, page, _ = phone_at_table(browser, base, code, LOCALES[walk.lang])
    walk.read(page, "phone: joined")
    record_deal(page, 1)
    walk.read(page, "phone: entry")
    page.wait_for_selector('#pending[data-count="0"]')
    record_deal(page, 2)
    page.wait_for_selector('#pending[data-count="0"]')
    page.click("#tab-sheet")
    page.wait_for_selector('tr.row[data-deal="2"]:not(.provisional)')
    walk.read(page, "phone: list")
    # An explanation, and a dispute the server refuses (half an emoji in its reason).
    context.set_offline(True)
    page.click('tr.row[data-deal="1"]')
    page.wait_for_selector("#dispute-reason")
    walk.read(page, "phone: explanation")
    page.evaluate(BROKEN_REASON)
    page.click("#dispute-send")
    page.wait_for_selector('#pending[data-count="1"]')
    page.click("#explain-close")
    context.set_offline(False)
    page.click("#sync-now")
    page.wait_for_selector(".conflict", timeout=15_000)
    walk.read(page, "phone: refusal")
    context.close()


def walk_the_console(browser: Any, base: str, evening: dict[str, Any], walk: Walk) -> None:
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale=LOCALES[walk.lang]
    )
    page = context.new_page()
    log_in(page, base, "#/")
    cid, lid = evening["competition_id"], evening["lists"][0]["list_id"]
    screens = [
        ("club", "#/"),
        ("overview", f"#/c/{cid}"),
        ("players", f"#/c/{cid}/players"),
        ("evening", f"#/c/{cid}/e/1"),
        ("cards", f"#/c/{cid}/e/1/cards"),
        ("checklist", f"#/c/{cid}/e/1/checklist"),
        ("room", f"#/c/{cid}/e/1/room"),
        ("evening results", f"#/c/{cid}/e/1/results"),
        ("standings", f"#/c/{cid}/standings"),
        ("player", f"#/c/{cid}/p/{evening['players'][0]}"),
        ("audit", f"#/c/{cid}/audit"),
        ("exports", f"#/c/{cid}/exports"),
        ("list", f"#/l/{lid}"),
        ("replay", f"#/l/{lid}/replay"),
    ]
    for name, hash_ in screens:
        page.evaluate("(h) => { location.hash = h; }", hash_)
        # drawn: the route's screen replaced "loading…" and settled
        page.wait_for_function(
            "() => { const m = document.querySelector('#main');"
            " return m && !m.querySelector('.loading') && m.innerText.trim().length > 0; }"
        )
        page.wait_for_load_state("domcontentloaded")
        if name == "replay":
            page.wait_for_selector("#step")
            page.keyboard.press("End")  # the last step: a deal with its working
        walk.read(page, f"console: {name}")
    context.close()


def walk_the_public_pages(browser: Any, base: str, cid: str, walk: Walk) -> None:
    context = browser.new_context(locale=LOCALES[walk.lang])
    page = context.new_page()
    page.goto(f"{base}/standings/{cid}")
    walk.read(page, "public: standings")
    page.goto(f"{base}/standings/{cid}/evenings/1")
    walk.read(page, "public: evening")
    context.close()


def test_every_screen_speaks_the_chosen_language_only(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    found: list[str] = []
    for lang in ("nl", "de", "en"):
        evening = drawn_evening(web, f"Troef {lang.upper()}", "klaverjas-amsterdams", PLAYERS)
        walk = Walk(lang)
        walk_the_phone(browser, base, evening["lists"][0]["code"], walk)
        walk_the_console(browser, base, evening, walk)
        walk_the_public_pages(browser, base, evening["competition_id"], walk)
        found += [f"[{lang}] {hit}" for hit in walk.found]
    assert not found, "\n".join(found)


def show(page: Any, hash_: str, ready: str) -> None:
    """Go to a console screen by its hash and wait for ``ready``."""
    page.evaluate("(h) => { location.hash = h; }", hash_)
    page.wait_for_selector(ready)


# Each game's season read in the language where a leak is likeliest to show: the Dutch words
# of wiezen in German, the German of schafkopf in Dutch, bridge's English in Dutch and
# klaverjas's Dutch in English (every screen kind is read in all three languages above).
SEASON_LANGUAGE = {"wiezen": "de", "schafkopf": "nl", "bridge": "nl", "klaverjas": "en"}
# A ruling on the standings in each season's language (a klaverjas board ruling, SB-9, among
# them): "ruling" is said in the screen's language, the director's own words as written.
RULINGS = {
    "wiezen": ("Entscheidung", "Liste zu spät abgegeben", ""),
    "schafkopf": ("beslissing", "lijst te laat ingeleverd", ""),
    "klaverjas": ("ruling", "list handed in late", "SB-9"),
}


def test_every_games_season_speaks_the_chosen_language_only(
    served: tuple[Flask, str], browser: Any
) -> None:
    """The demo club's four games with a season each: their standings, an evening's results,
    a played list and its replay in the console, and the public pages."""
    web, base = served
    club = demo_club(web.extensions["troef"].app)
    found: list[str] = []
    for game, summary in club.items():
        lang = SEASON_LANGUAGE[game]
        walk = Walk(lang)
        wide = {"width": 1280, "height": 900}
        context = browser.new_context(viewport=wide, locale=LOCALES[lang])
        page = context.new_page()
        log_in(page, base, "#/")
        # a list without disputes: a dispute's reason is the players' own words
        cid = summary.competition_id
        lid = next(p.list_id for p in summary.lists if not p.disputes)
        if game in RULINGS:
            word, reason, article = RULINGS[game]
            first = web.test_client().get(f"/api/competitions/{cid}/standings").json["lines"][0]
            ruling = {"player_id": first["player_id"], "points": -5, "reason": reason}
            web.extensions["troef"].app.handle(
                director("anna"), Command("adjust_standing", cid, {**ruling, "article": article})
            )
        season = f'.st-season-screen[data-cid="{cid}"] .st-live[data-updated]'
        show(page, f"#/c/{cid}/standings", season)
        if game in RULINGS:  # the table has the ruling before its working is opened
            page.wait_for_selector(".st-season .st-ruling")
        walk.read(page, f"console: {game} standings")
        # how each total came about, every player's working opened: the results' reasons
        page.evaluate("() => document.querySelectorAll('.st-working details')"
                      ".forEach((d) => { d.open = true; })")  # fmt: skip
        walk.read(page, f"console: {game} standings' working")
        if game in RULINGS:
            said = f"{word}: {reason}" + (f" ({article})" if article else "")
            # the live standings may redraw the working (its details closed again): opened
            # and read until the ruling's line shows
            page.wait_for_function(
                """(said) => {
                  const shut = document.querySelectorAll('.st-working details');
                  shut.forEach((d) => { d.open = true; });
                  const working = document.querySelector('.st-working');
                  return Boolean(working) && working.innerText.includes(said);
                }""",
                arg=said,
                timeout=20_000,
            )
        show(page, f"#/c/{cid}/e/1/results", ".st-live[data-updated]")
        walk.read(page, f"console: {game} evening results")
        show(page, f"#/l/{lid}", "#list-title")
        walk.read(page, f"console: {game} list")
        show(page, f"#/l/{lid}/replay", "#step")
        page.keyboard.press("End")  # the last step: a deal with its working
        walk.read(page, f"console: {game} replay")
        page.goto(f"{base}/standings/{cid}")
        walk.read(page, f"public: {game} standings")
        page.goto(f"{base}/standings/{cid}/evenings/1")
        walk.read(page, f"public: {game} evening")
        context.close()
        found += [f"[{lang}] {hit}" for hit in walk.found]
    assert not found, "\n".join(found)
