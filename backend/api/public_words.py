"""The public standings page's words in Dutch, German and English, and how its numbers read.

Game words (Durchgang, Touts, Solo, MP, IMP, partij) stay as they are in every language.
"""

from __future__ import annotations

import re
from typing import Any

from ..exports.words import LANGUAGES

WORDS: dict[str, dict[str, str]] = {
    "nl": {
        "standings": "Stand",
        "evening": "Avond",
        "evenings": "Avonden",
        "place": "Plaats",
        "name": "Naam",
        "total": "Totaal",
        "rulings": "Beslissingen",
        "provisional": "Voorlopig: nog niet alle lijsten zijn ingeleverd.",
        "nobody": "Nog niemand in de stand.",
        "no_results": "Nog geen uitslagen.",
        "dropped": "doorgestreept = telt niet mee, met de reden eronder",
        "chains": "Kettingkoppen van de ingeleverde lijsten",
        "chains_note": "Elke ingeleverde lijst eindigt op deze hash. Vergelijk hem met de "
        "hash op uw papieren lijst: zijn ze gelijk, dan telt precies wat u ondertekende.",
        "no_lists": "Nog geen lijsten ingeleverd.",
        "round": "Ronde",
        "table": "Tafel",
        "head": "Kop (hash)",
        "submitted": "Ingeleverd",
        "status": "Aanwezig",
        "result": "Uitslag",
        "how": "Hoe",
        "played": "gespeeld",
        "absent_notice": "afwezig met bericht",
        "absent": "afwezig",
        "sat_out": "uitgezeten",
        "travellers": "Travellers",
        "board": "Spel",
        "contract": "Contract",
        "by": "Door",
        "tricks": "Slagen",
        "score_ns": "Score NS",
        "adjusted": "arbitrair",
        "season": "Seizoen",
        "not_found": "Niet gevonden",
        "not_found_text": "Deze competitie of avond bestaat niet (meer). Controleer de link.",
        "competition_head": "Kop van de competitie",
        "language": "Taal",
        "read_at": "Stand van de gegevens",
        "touts": "Touts",
        "solos_won": "Solos gewonnen",
        "solos_played": "Solos gespeeld",
        "lot": "Lot",
        "notice_mark": "afwezig met bericht (SB-7)",
        "sat_out_mark": "partij uitgezeten (SB-8)",
        "rule_wiezen": "de beste {best} van {sundays} zondagen tellen; afwezige zondagen vallen "
        "eerst af (W-D4)",
        "rule_klaverjas": "opgeteld over de avonden (K-D12); afwezig met bericht {notice} (SB-7), "
        "een partij uitzitten {sit} (SB-8)",
        "rule_schafkopf": "de Durchgänge opgeteld; bij gelijke stand: Touts, gewonnen Solos, "
        "gespeelde Solos, loting (Nr. 9)",
        "rule_bridge_mp": "MP-percentage per zitting (Σ MP / Σ top), opgeteld over de zittingen",
        "rule_bridge_imps": "IMPs per zitting, opgeteld over de zittingen",
    },
    "de": {
        "standings": "Tabelle",
        "evening": "Abend",
        "evenings": "Abende",
        "place": "Platz",
        "name": "Name",
        "total": "Summe",
        "rulings": "Entscheidungen",
        "provisional": "Vorläufig: noch nicht alle Listen sind abgegeben.",
        "nobody": "Noch niemand in der Tabelle.",
        "no_results": "Noch keine Ergebnisse.",
        "dropped": "durchgestrichen = zählt nicht, mit dem Grund darunter",
        "chains": "Kettenköpfe der abgegebenen Listen",
        "chains_note": "Jede abgegebene Liste endet auf diesem Hash. Vergleichen Sie ihn mit dem "
        "Hash auf Ihrer Papierliste: sind sie gleich, zählt genau, was Sie unterschrieben haben.",
        "no_lists": "Noch keine Listen abgegeben.",
        "round": "Runde",
        "table": "Tisch",
        "head": "Kopf (Hash)",
        "submitted": "Abgegeben",
        "status": "Anwesend",
        "result": "Ergebnis",
        "how": "Wie",
        "played": "gespielt",
        "absent_notice": "entschuldigt abwesend",
        "absent": "abwesend",
        "sat_out": "ausgesetzt",
        "travellers": "Traveller",
        "board": "Board",
        "contract": "Kontrakt",
        "by": "Von",
        "tricks": "Stiche",
        "score_ns": "Score NS",
        "adjusted": "berichtigt",
        "season": "Saison",
        "not_found": "Nicht gefunden",
        "not_found_text": "Diesen Wettbewerb oder Abend gibt es nicht (mehr). Prüfen Sie den Link.",
        "competition_head": "Kopf des Wettbewerbs",
        "language": "Sprache",
        "read_at": "Stand der Daten",
        "touts": "Touts",
        "solos_won": "Solos gewonnen",
        "solos_played": "Solos gespielt",
        "lot": "Los",
        "notice_mark": "entschuldigt abwesend (SB-7)",
        "sat_out_mark": "Partie ausgesetzt (SB-8)",
        "rule_wiezen": "die besten {best} von {sundays} Sonntagen zählen; Abwesenheiten fallen "
        "zuerst weg (W-D4)",
        "rule_klaverjas": "über die Abende addiert (K-D12); entschuldigt abwesend {notice} (SB-7), "
        "eine Partie aussetzen {sit} (SB-8)",
        "rule_schafkopf": "die Durchgänge addiert; bei Gleichstand: Touts, gewonnene Solos, "
        "gespielte Solos, Los (Nr. 9)",
        "rule_bridge_mp": "MP-Prozent je Sitzung (Σ MP / Σ Top), über die Sitzungen addiert",
        "rule_bridge_imps": "IMPs je Sitzung, über die Sitzungen addiert",
    },
    "en": {
        "standings": "Standings",
        "evening": "Evening",
        "evenings": "Evenings",
        "place": "Place",
        "name": "Name",
        "total": "Total",
        "rulings": "Rulings",
        "provisional": "Provisional: not every list has been submitted yet.",
        "nobody": "Nobody in the standings yet.",
        "no_results": "No results yet.",
        "dropped": "struck through = does not count, with the reason below it",
        "chains": "Chain heads of the submitted lists",
        "chains_note": "Every submitted list ends on this hash. Compare it with the hash on your "
        "paper list: if they are equal, exactly what you signed counts.",
        "no_lists": "No lists submitted yet.",
        "round": "Round",
        "table": "Table",
        "head": "Head (hash)",
        "submitted": "Submitted",
        "status": "Attendance",
        "result": "Result",
        "how": "How",
        "played": "played",
        "absent_notice": "absent with notice",
        "absent": "absent",
        "sat_out": "sat out",
        "travellers": "Travellers",
        "board": "Board",
        "contract": "Contract",
        "by": "By",
        "tricks": "Tricks",
        "score_ns": "Score NS",
        "adjusted": "adjusted",
        "season": "Season",
        "not_found": "Not found",
        "not_found_text": "There is no such competition or evening (any more). Check the link.",
        "competition_head": "The competition's head",
        "language": "Language",
        "read_at": "Data as of",
        "touts": "Touts",
        "solos_won": "Solos won",
        "solos_played": "Solos played",
        "lot": "Lot",
        "notice_mark": "absent with notice (SB-7)",
        "sat_out_mark": "partij sat out (SB-8)",
        "rule_wiezen": "the best {best} of {sundays} Sundays count; absent Sundays are dropped "
        "first (W-D4)",
        "rule_klaverjas": "added up over the evenings (K-D12); absent with notice {notice} "
        "(SB-7), a partij sat out {sit} (SB-8)",
        "rule_schafkopf": "the Durchgänge added up; on equal totals: Touts, solos won, solos "
        "played, lot (Nr. 9)",
        "rule_bridge_mp": "MP percentage per session (Σ MP / Σ top), added up over the sessions",
        "rule_bridge_imps": "IMPs per session, added up over the sessions",
    },
}

REASONS: dict[str, dict[str, str]] = {  # the counting rules' words, by language
    "nl": {
        "best": "bij de beste {n}",
        "not_best": "niet bij de beste {n}",
        "absent_first": "afwezig — valt eerst af",
        "absent_zero": "afwezig — telt als 0 (clubregel)",
    },
    "de": {
        "best": "unter den besten {n}",
        "not_best": "nicht unter den besten {n}",
        "absent_first": "abwesend — fällt zuerst weg",
        "absent_zero": "abwesend — zählt als 0 (Vereinsregel)",
    },
    "en": {
        "best": "among the best {n}",
        "not_best": "not among the best {n}",
        "absent_first": "absent — dropped first",
        "absent_zero": "absent — counts as 0 (club rule)",
    },
}


def reason_words(reason: str, lang: str) -> str:
    """A counting rule's reason in the page's language where its words are known."""
    words = REASONS[lang]
    best = re.fullmatch(r"(not )?among the best (\d+)", reason)
    if best:
        return words["not_best" if best.group(1) else "best"].format(n=best.group(2))
    if reason == "absent — discarded first":
        return words["absent_first"]
    if reason == "absent — counted as 0 (club rule)":
        return words["absent_zero"]
    return reason


def number(value: Any, unit: str, lang: str) -> str:
    """A total in its unit: points as they are, percentages and IMP hundredths with decimals."""
    if value is None:
        return "–"
    comma = lang in ("nl", "de")
    if unit in ("pct_hundredths", "imp_hundredths"):
        text = f"{value / 100:.2f}"
        text = text.replace(".", ",") if comma else text
        return f"{text} %" if unit == "pct_hundredths" else f"{text} IMP"
    return f"{value} IMP" if unit == "imps" else str(value)


def pick_language(requested: str | None, accepted: Any) -> str:
    """``?lang=`` if it is one of ours, else the browser's best match, else Dutch."""
    if requested in LANGUAGES:
        return str(requested)
    return accepted.best_match(LANGUAGES) or "nl"
