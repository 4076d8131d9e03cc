"""Dates and deals as the printed pages write them, in Dutch, German and English."""

from __future__ import annotations

from typing import Any

import pytest

from backend.exports.dates import in_words, written
from backend.exports.deal_words import deal_line, dealer
from backend.exports.words import WORDS


@pytest.mark.parametrize(
    ("lang", "day", "moment"),
    [
        ("nl", "1 december 2026", "1 december 2026, 22:32 UTC"),
        ("de", "1. Dezember 2026", "1. Dezember 2026, 22:32 UTC"),
        ("en", "1 December 2026", "1 December 2026, 22:32 UTC"),
    ],
)
def test_dates_and_moments_are_written_as_the_language_writes_them(
    lang: str, day: str, moment: str
) -> None:
    assert written("2026-12-01", lang) == day
    assert written("2026-12-01T22:32:46.953444+00:00", lang) == moment
    assert written("2026-12-01T23:32:46+01:00", lang) == moment  # the same moment, in UTC
    assert in_words("Troef · De Troef · 2026-12-01 22:32 UTC", lang).endswith(moment)
    assert written(None, lang) == "" and written("de zaal sloot", lang) == "de zaal sloot"


def test_march_and_a_moment_past_midnight_in_utc() -> None:
    assert written("2026-03-01", "de") == "1. März 2026"
    assert written("2026-03-01T00:30:00+01:00", "nl") == "28 februari 2026, 23:30 UTC"


def deal(record: dict[str, Any], **row: Any) -> dict[str, Any]:
    return {"record": record, "dealer": None, "kind": "deal", **row}


BRIDGE = {"board": 6, "contract": {"level": 3, "strain": "NT", "dbl": 0}, "declarer": "E"}


@pytest.mark.parametrize(
    ("lang", "line"),
    [("nl", "spel 6: 3SA O +1"), ("de", "Board 6: 3SA O +1"), ("en", "board 6: 3NT E +1")],
)
def test_a_bridge_deal_reads_as_in_the_language(lang: str, line: str) -> None:
    assert deal_line(deal({**BRIDGE, "tricks": 10}), WORDS[lang]) == line


def test_bridge_results_suits_and_artificial_scores() -> None:
    nl = WORDS["nl"]
    down = {"board": 4, "contract": {"level": 1, "strain": "D", "dbl": 1}, "declarer": "S"}
    assert deal_line(deal({**down, "tricks": 5}), nl) == "spel 4: 1♦X Z -2"
    made = {"board": 2, "contract": {"level": 4, "strain": "S"}, "declarer": "N", "tricks": 10}
    assert deal_line(deal(made), nl) == "spel 2: 4♠ N ="
    artificial = {"board": 7, "adjusted": {"ns": "AVG+", "ew": "AVG-"}}
    assert deal_line(deal(artificial), nl) == "spel 7: arbitrale score NZ AVG+, OW AVG-"


@pytest.mark.parametrize(
    ("board", "nl", "en"), [(1, "N", "N"), (2, "O", "E"), (3, "Z", "S"), (8, "W", "W")]
)
def test_the_bridge_dealer_follows_the_board_number(board: int, nl: str, en: str) -> None:
    assert dealer(deal({"board": board}), WORDS["nl"]) == nl
    assert dealer(deal({"board": board}), WORDS["en"]) == en


def test_other_games_keep_their_rulebook_names_with_the_language_around_them() -> None:
    vraag = deal({"contract": "VRAAG", "declarers": [1, 3]}, dealer="2")
    assert deal_line(vraag, WORDS["de"]) == "VRAAG · Spieler 1, 3"
    assert dealer(vraag, WORDS["de"]) == "2"
    klaverjas = deal({"playing": "EW", "trump": "H"}, dealer="E")
    assert deal_line(klaverjas, WORDS["nl"]) == "OW speelt ♥"
    assert dealer(klaverjas, WORDS["nl"]) == "O"
    rufspiel = deal({"type": "RUFSPIEL", "declarer": 2})
    assert deal_line(rufspiel, WORDS["nl"]) == "Rufspiel · speler 2"  # as Nr. 2 names it
    assert deal_line(deal({}, kind="penalty"), WORDS["en"]) == "penalty"


# The console's twin (console/js/views/deal_words.js) writes the same lines:
# pwa/tests/console_deal_words.test.mjs holds these cases too.
TWIN_CASES = [
    (
        {"contract": "VRAAG", "declarers": [2, 4], "tricks": 9},
        "nl",
        "VRAAG · spelers 2, 4 · 9 slagen",
    ),
    (
        {"contract": "VRAAG", "declarers": [2, 4], "tricks": 9},
        "de",
        "VRAAG · Spieler 2, 4 · 9 Stiche",
    ),
    (
        {"type": "RUFSPIEL", "declarer": 2, "called_ace": "GRAS", "partner": 4, "decl_augen": 70},
        "de",
        "Rufspiel · Spieler 2 · Partner 4 (Gras-Ass)",
    ),
    ({"type": "NO_GAME", "dealer": 1}, "nl", "geen spel"),
    ({"playing": "EW", "trump": "H", "card_points": {"NS": 62, "EW": 100}}, "nl", "OW speelt ♥"),
    (
        {
            "contract": "MIS",
            "miserie": [{"seat": 2, "tricks": 0}, {"seat": 4, "open": True, "tricks": 1}],
        },
        "nl",
        "MIS · 2 (0 slagen), 4 open (1 slag)",
    ),
    (
        {
            "contract": "MIS",
            "miserie": [{"seat": 2, "tricks": 0}, {"seat": 4, "open": True, "tricks": 1}],
        },
        "en",
        "MIS · 2 (0 tricks), 4 open (1 trick)",
    ),
    ({"board": 3, "contract": None}, "de", "Board 3: eingepasst"),
]


@pytest.mark.parametrize(("record", "lang", "line"), TWIN_CASES)
def test_a_row_reads_as_the_consoles_list_writes_it(
    record: dict[str, Any], lang: str, line: str
) -> None:
    """Miserie with its players and tricks, a Schafkopf partner and game, never Python's
    brackets or an English word in Dutch or German (#16, item 13)."""
    assert deal_line(deal(record), WORDS[lang]) == line
