"""The public standings page's words in Dutch, German and English, and how its numbers read.

Game words (Durchgang, Touts, Solo, MP, IMP, partij) stay as they are in every language.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from ..exports.dates import long_date
from ..exports.words import LANGUAGES

WORDS: dict[str, dict[str, str]] = {
    "nl": {
        "standings": "Stand",
        "field_NS": "Noord-Zuid",
        "field_EW": "Oost-West",
        "mark_revoke": "verzaakt",
        "mark_ruling": "beslissing wedstrijdleider",
        "evening": "Avond",
        "evenings": "Avonden",
        "place": "Plaats",
        "name": "Naam",
        "total": "Totaal",
        "rulings": "Beslissingen",
        "provisional": "Voorlopig: nog niet alle lijsten zijn ingeleverd.",
        "current": "Bijgewerkt tot gebeurtenis {event} ({at}).",
        "behind": "Deze stand loopt achter sinds {since}: het herberekenen lukt niet.",
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
        "lead": "Uitkomst",
        "played_deals": "Kaart voor kaart gespeeld",
        "deal": "Spel",
        "trick": "Slag",
        "cards": "Kaarten",
        "won_by": "Naar",
        "revoke": "verzaakt",
        "bids": "Bieden",
        "tricks_won": "Slagen",
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
        "field_NS": "Nord-Süd",
        "field_EW": "Ost-West",
        "mark_revoke": "Revoke",
        "mark_ruling": "Entscheidung der Turnierleitung",
        "evening": "Abend",
        "evenings": "Abende",
        "place": "Platz",
        "name": "Name",
        "total": "Summe",
        "rulings": "Entscheidungen",
        "provisional": "Vorläufig: noch nicht alle Listen sind abgegeben.",
        "current": "Aktualisiert bis Ereignis {event} ({at}).",
        "behind": "Dieser Stand ist seit {since} nicht aktuell: die Neuberechnung schlägt fehl.",
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
        "lead": "Ausspiel",
        "played_deals": "Karte für Karte gespielt",
        "deal": "Spiel",
        "trick": "Stich",
        "cards": "Karten",
        "won_by": "An",
        "revoke": "verworfen",
        "bids": "Reizung",
        "tricks_won": "Stiche",
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
        "field_NS": "North-South",
        "field_EW": "East-West",
        "mark_revoke": "revoke",
        "mark_ruling": "director's ruling",
        "evening": "Evening",
        "evenings": "Evenings",
        "place": "Place",
        "name": "Name",
        "total": "Total",
        "rulings": "Rulings",
        "provisional": "Provisional: not every list has been submitted yet.",
        "current": "Up to date to event {event} ({at}).",
        "behind": "These standings are behind since {since}: recomputing them fails.",
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
        "lead": "Lead",
        "played_deals": "Played card by card",
        "deal": "Deal",
        "trick": "Trick",
        "cards": "Cards",
        "won_by": "Won by",
        "revoke": "revoke",
        "bids": "Auction",
        "tricks_won": "Tricks",
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
        "ruling": "beslissing: {words}",
    },
    "de": {
        "best": "unter den besten {n}",
        "not_best": "nicht unter den besten {n}",
        "absent_first": "abwesend — fällt zuerst weg",
        "absent_zero": "abwesend — zählt als 0 (Vereinsregel)",
        "ruling": "Entscheidung: {words}",
    },
    "en": {
        "best": "among the best {n}",
        "not_best": "not among the best {n}",
        "absent_first": "absent — dropped first",
        "absent_zero": "absent — counts as 0 (club rule)",
        "ruling": "ruling: {words}",
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
    ruling = re.fullmatch(r"ruling: (.*)", reason, re.S)  # the director's own words follow
    if ruling:
        return words["ruling"].format(words=ruling.group(1))
    return reason


def digits(value: int, lang: str, decimals: int = 0) -> str:
    """An integer (in units of 10**-decimals) in the language's digits, as the console's
    Intl.NumberFormat writes it: 4759 → "4.759" (nl, de) or "4,759" (en); 6667, 2 → "66,67"."""
    group, point = (",", ".") if lang == "en" else (".", ",")
    whole, part = divmod(abs(value), 10**decimals)
    text = f"{whole:,}".replace(",", group) + (f"{point}{part:0{decimals}d}" if decimals else "")
    return f"-{text}" if value < 0 else text


def number(value: Any, unit: str, lang: str) -> str:
    """A total in its unit: points in the language's digits, percentages and IMP hundredths
    with two decimals (integers only: the hundredths are never divided)."""
    if value is None:
        return "–"
    if unit in ("pct_hundredths", "imp_hundredths"):
        text = digits(int(value), lang, 2)
        return f"{text} %" if unit == "pct_hundredths" else f"{text} IMP"
    text = digits(int(value), lang)
    return f"{text} IMP" if unit == "imps" else text


# The federations' presets by name in the page's language (their stored title is English; a
# club's own copy keeps the title the club gave it). The console has the same in preset_words.js.
PRESET_TITLES = {
    "bridge-nbb-1930": {
        "nl": "Bridge: clubregels van 1930 voor spel en onregelmatigheden, gewone wedstrijdtelling",
        "de": "Bridge: Clubregeln von 1930 zu Spiel und Regelwidrigkeiten, übliche Turnierwertung",
    },
    "klaverjas-amsterdams": {
        "nl": "Klaverjassen Amsterdams: spelregels 1-15 en slotbepaling van de club",
        "de": "Klaverjassen Amsterdams: Spielregeln 1-15 und Schlussbestimmung des Vereins",
    },
    "schafkopf-tsv-lengfeld": {
        "nl": "Schafkopftoernooi van TSV Lengfeld 1876 e.V. (Spielregeln Nr. 1-10)",
        "de": "Schafkopfturnier des TSV Lengfeld 1876 e.V. (Spielregeln Nr. 1-10)",
    },
    "wiezen-reglement-2019": {
        "nl": "Kleurenwiezen, clubtoernooi: Reglement ed 8/9/19",
        "de": "Kleurenwiezen, Vereinsturnier: Reglement ed 8/9/19",
    },
}


def detail_words(detail: str, lang: str) -> str:
    """How an evening's result came about ("table 2: +154", "Durchgang 1, table 2"; the read
    models write it in English) with the table named in the page's language."""
    word = {"nl": "tafel", "de": "Tisch"}.get(lang, "table")
    return re.sub(r"\btable (\d+)", lambda m: f"{word} {m[1]}", detail)


def rules_title(ref: str, title: str, lang: str) -> str:
    """The rule set's title as the page's reader reads it (a preset in their language)."""
    return PRESET_TITLES.get(str(ref).split("@")[0], {}).get(lang, title)


def day(iso: str | None, lang: str, numeric: bool = False) -> str:
    """A calendar day ("2026-03-03") as the console writes it: "3 maart 2026", "3. März 2026",
    "3 March 2026"; numeric (a column head): "03-03-2026", "03.03.2026", "03/03/2026";
    anything else as it is."""
    found = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", str(iso or ""))
    if not found:
        return str(iso) if iso else "–"
    year, month, day_ = (int(part) for part in found.groups())
    if numeric:
        sep = {"nl": "-", "de": "."}.get(lang, "/")
        return f"{day_:02d}{sep}{month:02d}{sep}{year}"
    return long_date(date(year, month, day_), lang)


def moment(stamp: datetime, lang: str) -> str:
    """A local date and time as the console writes it: "12-05-2026, 21:04" (nl),
    "12.05.2026, 21:04" (de), "12/05/2026, 21:04" (en)."""
    sep = {"nl": "-", "de": "."}.get(lang, "/")
    return stamp.strftime(f"%d{sep}%m{sep}%Y, %H:%M")


def pick_language(requested: str | None, accepted: Any) -> str:
    """``?lang=`` if it is one of ours, else the browser's best match, else Dutch."""
    if requested in LANGUAGES:
        return str(requested)
    return accepted.best_match(LANGUAGES) or "nl"
