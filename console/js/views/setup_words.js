// The words of the setup screens (club, new competition, players, evening, table cards).
// Game words stay as they are in every language (wiezen, klaverjas, Durchgang, Mitchell…).

import { extend } from "../../../pwa/js/i18n.js";

extend({
  nl: {
    s_competitions: "Competities", s_new_competition: "Nieuwe competitie", s_game: "Spel",
    s_rule_set: "Reglement", s_evenings: "Avonden", s_players_n: "Spelers", s_none_yet: "Nog geen.",
    s_counting: "Telregel", s_name: "Naam", s_create: "Aanmaken", s_preset: "Reglement van de bond",
    s_as_is: "Het reglement zoals het is", s_copy: "Een kopie met gewijzigde waarden",
    s_copy_id: "Code van de kopie (kleine letters, cijfers, -)", s_copy_title: "Titel van de kopie",
    s_option: "Regel", s_default: "Reglement", s_value: "Deze competitie", s_doc: "Uitleg",
    s_changed: "gewijzigd", s_yes: "ja", s_no: "nee", s_count_evenings: "Aantal avonden (0 = open)",
    s_count_best: "Beste avonden die tellen", s_count_durchgaenge: "Durchgänge per avond",
    s_count_method: "Methode", s_count_movement: "Schema", s_count_boards_per_round: "Spellen per ronde",
    s_date: "Datum", s_evening: "Avond", s_drawn: "geloot", s_not_drawn: "niet geloot",
    s_closed: "gesloten", s_open: "open", s_room: "Zaal", s_results: "Uitslag",
    s_attendance: "Aanwezigheid en loting", s_cards: "Tafelkaarten", s_schedule: "Avond plannen",
    s_add_player: "Speler toevoegen", s_add: "Toevoegen", s_rename: "Naam wijzigen",
    s_withdraw: "Terugtrekken", s_reason: "Reden", s_withdrawn: "teruggetrokken", s_active: "speelt mee",
    s_import: "Importeren uit CSV", s_import_help:
      "Eén naam per regel, of een CSV-bestand met een kolom ‘naam’ (komma, puntkomma of tab).",
    s_csv_file: "Bestand", s_csv_text: "Namen of CSV", s_preview: "Controleren", s_import_do: "Importeren",
    s_line: "Regel", s_taken: "opgenomen", s_refused: "geweigerd", s_status: "Status",
    s_import_summary: "opgenomen: {taken}, geweigerd: {refused}", s_dry_run: "(nog niets opgeslagen)",
    s_present: "aanwezig", s_absent_notice: "afgemeld", s_absent: "afwezig",
    s_not_recorded: "nog niet opgegeven", s_all_present: "Iedereen aanwezig",
    s_present_count: "Aanwezig: {n}", s_draw: "Loten", s_redraw: "Opnieuw loten", s_seed: "Seed",
    s_seed_help: "Leeg laten voor een willekeurige loting; dezelfde seed geeft dezelfde tafels.",
    s_draw_no: "Loting", s_table: "Tafel", s_round: "Ronde", s_seat: "Plaats",
    s_sitting_out: "Zit uit", s_boards: "Spellen", s_attendance_locked:
      "Het spel is begonnen: de aanwezigheid ligt vast.",
    s_draw_stale: "De aanwezigheid veranderde na de loting: loot opnieuw voor er gespeeld wordt.",
    s_print: "Afdrukken", s_join_code: "Tafelcode", s_scan: "Scan de code of open",
    s_no_cards: "Nog geen tafels: loot eerst.", s_durchgang: "Durchgang", s_partij: "Partij",
    s_withdraw_reason_prompt: "Reden van terugtrekken",
  },
  de: {
    s_competitions: "Wettbewerbe", s_new_competition: "Neuer Wettbewerb", s_game: "Spiel",
    s_rule_set: "Regelwerk", s_evenings: "Abende", s_players_n: "Spieler", s_none_yet: "Noch keine.",
    s_counting: "Wertung", s_name: "Name", s_create: "Anlegen", s_preset: "Regelwerk des Verbands",
    s_as_is: "Das Regelwerk, wie es ist", s_copy: "Eine Kopie mit geänderten Werten",
    s_copy_id: "Kennung der Kopie (Kleinbuchstaben, Ziffern, -)", s_copy_title: "Titel der Kopie",
    s_option: "Regel", s_default: "Regelwerk", s_value: "Dieser Wettbewerb", s_doc: "Erläuterung",
    s_changed: "geändert", s_yes: "ja", s_no: "nein", s_count_evenings: "Anzahl Abende (0 = offen)",
    s_count_best: "Beste Abende, die zählen", s_count_durchgaenge: "Durchgänge pro Abend",
    s_count_method: "Methode", s_count_movement: "Schema", s_count_boards_per_round: "Boards pro Runde",
    s_date: "Datum", s_evening: "Abend", s_drawn: "ausgelost", s_not_drawn: "nicht ausgelost",
    s_closed: "abgeschlossen", s_open: "offen", s_room: "Saal", s_results: "Ergebnis",
    s_attendance: "Anwesenheit und Auslosung", s_cards: "Tischkarten", s_schedule: "Abend planen",
    s_add_player: "Spieler hinzufügen", s_add: "Hinzufügen", s_rename: "Namen ändern",
    s_withdraw: "Zurückziehen", s_reason: "Grund", s_withdrawn: "zurückgezogen", s_active: "spielt mit",
    s_import: "Aus CSV importieren", s_import_help:
      "Ein Name pro Zeile, oder eine CSV-Datei mit einer Spalte „Name“ (Komma, Semikolon oder Tab).",
    s_csv_file: "Datei", s_csv_text: "Namen oder CSV", s_preview: "Prüfen", s_import_do: "Importieren",
    s_line: "Zeile", s_taken: "übernommen", s_refused: "abgelehnt", s_status: "Status",
    s_import_summary: "übernommen: {taken}, abgelehnt: {refused}", s_dry_run: "(noch nichts gespeichert)",
    s_present: "anwesend", s_absent_notice: "entschuldigt", s_absent: "abwesend",
    s_not_recorded: "noch nicht angegeben", s_all_present: "Alle anwesend",
    s_present_count: "Anwesend: {n}", s_draw: "Auslosen", s_redraw: "Neu auslosen", s_seed: "Seed",
    s_seed_help: "Leer lassen für eine zufällige Auslosung; derselbe Seed ergibt dieselben Tische.",
    s_draw_no: "Auslosung", s_table: "Tisch", s_round: "Runde", s_seat: "Platz",
    s_sitting_out: "Setzt aus", s_boards: "Boards", s_attendance_locked:
      "Das Spiel hat begonnen: die Anwesenheit steht fest.",
    s_draw_stale: "Die Anwesenheit hat sich nach der Auslosung geändert: vor dem Spiel neu auslosen.",
    s_print: "Drucken", s_join_code: "Tischcode", s_scan: "Code scannen oder öffnen",
    s_no_cards: "Noch keine Tische: zuerst auslosen.", s_durchgang: "Durchgang", s_partij: "Partij",
    s_withdraw_reason_prompt: "Grund für das Zurückziehen",
  },
  en: {
    s_competitions: "Competitions", s_new_competition: "New competition", s_game: "Game",
    s_rule_set: "Rule set", s_evenings: "Evenings", s_players_n: "Players", s_none_yet: "None yet.",
    s_counting: "Counting rule", s_name: "Name", s_create: "Create", s_preset: "Shipped rule set",
    s_as_is: "The rule set as it is", s_copy: "A copy with changed values",
    s_copy_id: "Id of the copy (lower-case letters, digits, -)", s_copy_title: "Title of the copy",
    s_option: "Rule", s_default: "Rule set", s_value: "This competition", s_doc: "Explanation",
    s_changed: "changed", s_yes: "yes", s_no: "no", s_count_evenings: "Number of evenings (0 = open)",
    s_count_best: "Best evenings that count", s_count_durchgaenge: "Durchgänge per evening",
    s_count_method: "Method", s_count_movement: "Movement", s_count_boards_per_round: "Boards per round",
    s_date: "Date", s_evening: "Evening", s_drawn: "drawn", s_not_drawn: "not drawn",
    s_closed: "closed", s_open: "open", s_room: "Room", s_results: "Results",
    s_attendance: "Attendance and draw", s_cards: "Table cards", s_schedule: "Schedule an evening",
    s_add_player: "Add a player", s_add: "Add", s_rename: "Rename",
    s_withdraw: "Withdraw", s_reason: "Reason", s_withdrawn: "withdrawn", s_active: "playing",
    s_import: "Import from CSV", s_import_help:
      "One name per line, or a CSV file with a ‘name’ column (comma, semicolon or tab).",
    s_csv_file: "File", s_csv_text: "Names or CSV", s_preview: "Check", s_import_do: "Import",
    s_line: "Line", s_taken: "taken", s_refused: "refused", s_status: "Status",
    s_import_summary: "taken: {taken}, refused: {refused}", s_dry_run: "(nothing stored yet)",
    s_present: "present", s_absent_notice: "absent with notice", s_absent: "absent",
    s_not_recorded: "not recorded yet", s_all_present: "Everybody present",
    s_present_count: "Present: {n}", s_draw: "Draw", s_redraw: "Draw again", s_seed: "Seed",
    s_seed_help: "Leave empty for a random draw; the same seed gives the same tables.",
    s_draw_no: "Draw", s_table: "Table", s_round: "Round", s_seat: "Seat",
    s_sitting_out: "Sits out", s_boards: "Boards", s_attendance_locked:
      "Play has started: attendance is fixed.",
    s_draw_stale: "Attendance changed after the draw: draw again before play.",
    s_print: "Print", s_join_code: "Table code", s_scan: "Scan the code or open",
    s_no_cards: "No tables yet: draw first.", s_durchgang: "Durchgang", s_partij: "Partij",
    s_withdraw_reason_prompt: "Reason for withdrawing",
  },
});

// "Tue 12 May 2026" in the page's language, from "2026-05-12" (no time-zone shift).
export function day(iso) {
  const [y, m, d] = String(iso).split("-").map(Number);
  if (!y || !m || !d) return String(iso);
  const lang = document.documentElement.lang || "en";
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(lang, {
    weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC",
  });
}
