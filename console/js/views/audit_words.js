// The audit trail's competition events in the director's language (#16, item 20): what each
// did, from the event's own fields (details), a player by name, an attendance or a switch as a
// word, never the event's JSON. The events' names as words too, for the trail and its filter.
// Pure: no DOM, so it is tested in node.

import { extend, say, t } from "../../../pwa/js/i18n.js";
import { formatDay } from "../../../pwa/js/format.js";
import "./room_words.js";

extend({
  nl: {
    cw_anchor: "lijst {list} van {name}, avond {evening}, ronde {round}, tafel {table}: de sluiting van de avond verankerde versie {v} met kop {head}…, {stored}",
    cw_anchor_ends: "de opgeslagen keten eindigt bij versie {last}", cw_anchor_empty: "de opgeslagen keten heeft geen gebeurtenissen",
    cw_anchor_other: "de opgeslagen gebeurtenis bij die versie heeft kop {other}…",
    cw_anchor_heads: "de verankerde koppen zijn geen lijst-id met elk een kop en een versie", cw_anchor_bad: "het anker van lijst {list} is geen kop met een versie",
cw_missing: "gebeurtenis {v} ontbreekt (gevonden: {found})", cw_prev_hash: "de prev_hash klopt niet met de hash van de gebeurtenis ervoor",
    cw_changed: "de inhoud klopt niet met de hash (veranderd nadat ze geschreven was)", cw_unreadable: "de opgeslagen bytes zijn onleesbaar",
    rm_ev_Created: "Competitie aangemaakt", rm_ev_CompetitionRenamed: "Competitie hernoemd",
    rm_ev_CompetitionArchived: "Van de lijst gehaald", rm_ev_PlayerEnrolled: "Speler ingeschreven",
    rm_ev_PlayerRenamed: "Speler hernoemd", rm_ev_PlayerNumbered: "Bondsnummer", rm_ev_PlayerWithdrawn: "Speler teruggetrokken",
    rm_ev_PlayerUnenrolled: "Inschrijving ongedaan gemaakt", rm_ev_EveningScheduled: "Avond gepland",
    rm_ev_AttendanceRecorded: "Aanwezigheid", rm_ev_SeatingDrawn: "Indeling geloot", rm_ev_EveningClosed: "Avond gesloten",
    rm_ev_StandingAdjusted: "Stand gecorrigeerd", rm_ev_HandRecordsLoaded: "Spelverdelingen geladen",
    rm_ev_DeviceJoined: "Telefoon aangemeld", rm_ev_DeviceWithdrawn: "Telefoon ingetrokken", rm_ev_TableCodeReissued: "Nieuwe tafelkaart",
    cw_Created: "competitie {name} aangemaakt ({rules_ref})", cw_CompetitionRenamed: "hernoemd tot {name}",
    cw_CompetitionArchived: "van de lijst van de club gehaald: {reason}", cw_PlayerEnrolled: "{name} ingeschreven ({player_id})",
    cw_PlayerRenamed: "{player_id} heet nu {name}", cw_PlayerNumbered: "bondsnummer(s) van {player}: {numbers}",
    cw_PlayerWithdrawn: "{player} teruggetrokken: {reason}", cw_PlayerUnenrolled: "inschrijving van {name} ({player_id}) ongedaan gemaakt{reason}",
    cw_EveningScheduled: "avond {evening} gepland op {date}", cw_AttendanceRecorded: "avond {evening}: {player} {status}",
    cw_SeatingDrawn: "avond {evening} geloot (loting {draw_no}, seed {seed}, {tables} lijsten)",
    cw_EveningClosed: "avond {evening} gesloten ({tables} lijsten verzegeld)",
    cw_StandingAdjusted: "stand van {player} {points}: {reason}{article}", cw_PlayModeSet: "speelmodus {on}{evening}",
    cw_HandRecordsLoaded: "avond {evening}: spelverdelingen van {boards} spellen geladen",
    cw_present: "aanwezig", cw_absent_notice: "afgemeld", cw_absent: "afwezig", cw_on: "aan", cw_off: "uit",
    cw_for_evening: " voor avond {evening}", cw_none: "geen",
  },
  de: {
    cw_anchor: "Liste {list} von {name}, Abend {evening}, Runde {round}, Tisch {table}: der Abschluss des Abends verankerte Version {v} mit Kopf {head}…, {stored}",
    cw_anchor_ends: "die gespeicherte Kette endet bei Version {last}", cw_anchor_empty: "die gespeicherte Kette hat keine Ereignisse",
    cw_anchor_other: "das gespeicherte Ereignis dieser Version hat den Kopf {other}…",
    cw_anchor_heads: "die verankerten Köpfe sind keine Listen-ID mit je einem Kopf und einer Version", cw_anchor_bad: "der Anker von Liste {list} ist kein Kopf mit einer Version",
cw_missing: "Ereignis {v} fehlt (gefunden: {found})", cw_prev_hash: "der prev_hash passt nicht zum Hash des Ereignisses davor",
    cw_changed: "der Inhalt passt nicht zu seinem Hash (nach dem Schreiben geändert)", cw_unreadable: "die gespeicherten Bytes sind unlesbar",
    rm_ev_Created: "Wettbewerb angelegt", rm_ev_CompetitionRenamed: "Wettbewerb umbenannt",
    rm_ev_CompetitionArchived: "Von der Liste genommen", rm_ev_PlayerEnrolled: "Spieler angemeldet",
    rm_ev_PlayerRenamed: "Spieler umbenannt", rm_ev_PlayerNumbered: "Verbandsnummer", rm_ev_PlayerWithdrawn: "Spieler zurückgezogen",
    rm_ev_PlayerUnenrolled: "Anmeldung rückgängig gemacht", rm_ev_EveningScheduled: "Abend geplant",
    rm_ev_AttendanceRecorded: "Anwesenheit", rm_ev_SeatingDrawn: "Tische ausgelost", rm_ev_EveningClosed: "Abend geschlossen",
    rm_ev_StandingAdjusted: "Tabelle korrigiert", rm_ev_HandRecordsLoaded: "Handverteilungen geladen",
    rm_ev_DeviceJoined: "Telefon angemeldet", rm_ev_DeviceWithdrawn: "Telefon zurückgezogen", rm_ev_TableCodeReissued: "Neue Tischkarte",
    cw_Created: "Wettbewerb {name} angelegt ({rules_ref})", cw_CompetitionRenamed: "umbenannt in {name}",
    cw_CompetitionArchived: "von der Vereinsliste genommen: {reason}", cw_PlayerEnrolled: "{name} angemeldet ({player_id})",
    cw_PlayerRenamed: "{player_id} heißt jetzt {name}", cw_PlayerNumbered: "Verbandsnummer(n) von {player}: {numbers}",
    cw_PlayerWithdrawn: "{player} zurückgezogen: {reason}", cw_PlayerUnenrolled: "Anmeldung von {name} ({player_id}) rückgängig gemacht{reason}",
    cw_EveningScheduled: "Abend {evening} geplant am {date}", cw_AttendanceRecorded: "Abend {evening}: {player} {status}",
    cw_SeatingDrawn: "Abend {evening} ausgelost (Auslosung {draw_no}, Seed {seed}, {tables} Listen)",
    cw_EveningClosed: "Abend {evening} geschlossen ({tables} Listen versiegelt)",
    cw_StandingAdjusted: "Tabelle von {player} {points}: {reason}{article}", cw_PlayModeSet: "Spielmodus {on}{evening}",
    cw_HandRecordsLoaded: "Abend {evening}: Handverteilungen von {boards} Boards geladen",
    cw_present: "anwesend", cw_absent_notice: "entschuldigt", cw_absent: "abwesend", cw_on: "an", cw_off: "aus",
    cw_for_evening: " für Abend {evening}", cw_none: "keine",
  },
  en: {
    cw_anchor: "list {list} of {name}, evening {evening}, round {round}, table {table}: the evening's close anchored version {v} with head {head}…, {stored}",
    cw_anchor_ends: "the stored chain ends at version {last}", cw_anchor_empty: "the stored chain has no events",
    cw_anchor_other: "the stored event at that version has head {other}…",
    cw_anchor_heads: "its anchored heads are not a list id: head and version each", cw_anchor_bad: "its anchor of list {list} is not a head and a version",
cw_missing: "event {v} is missing (found {found})", cw_prev_hash: "its prev_hash does not match the hash of the event before it",
    cw_changed: "its content does not match its hash (changed after it was written)", cw_unreadable: "its stored bytes are unreadable",
    rm_ev_Created: "Competition created", rm_ev_CompetitionRenamed: "Competition renamed",
    rm_ev_CompetitionArchived: "Taken off the list", rm_ev_PlayerEnrolled: "Player enrolled",
    rm_ev_PlayerRenamed: "Player renamed", rm_ev_PlayerNumbered: "Federation number", rm_ev_PlayerWithdrawn: "Player withdrawn",
    rm_ev_PlayerUnenrolled: "Enrolment undone", rm_ev_EveningScheduled: "Evening scheduled",
    rm_ev_AttendanceRecorded: "Attendance", rm_ev_SeatingDrawn: "Tables drawn", rm_ev_EveningClosed: "Evening closed",
    rm_ev_StandingAdjusted: "Standing adjusted", rm_ev_HandRecordsLoaded: "Hand records loaded",
    rm_ev_DeviceJoined: "Phone joined", rm_ev_DeviceWithdrawn: "Phone withdrawn", rm_ev_TableCodeReissued: "New table card",
    cw_Created: "competition {name} created ({rules_ref})", cw_CompetitionRenamed: "renamed to {name}",
    cw_CompetitionArchived: "taken off the club's list: {reason}", cw_PlayerEnrolled: "{name} enrolled ({player_id})",
    cw_PlayerRenamed: "{player_id} is now called {name}", cw_PlayerNumbered: "federation number(s) of {player}: {numbers}",
    cw_PlayerWithdrawn: "{player} withdrawn: {reason}", cw_PlayerUnenrolled: "enrolment of {name} ({player_id}) undone{reason}",
    cw_EveningScheduled: "evening {evening} scheduled on {date}", cw_AttendanceRecorded: "evening {evening}: {player} {status}",
    cw_SeatingDrawn: "evening {evening} drawn (draw {draw_no}, seed {seed}, {tables} lists)",
    cw_EveningClosed: "evening {evening} closed ({tables} lists sealed)",
    cw_StandingAdjusted: "standing of {player} {points}: {reason}{article}", cw_PlayModeSet: "play mode {on}{evening}",
    cw_HandRecordsLoaded: "evening {evening}: hand records of {boards} boards loaded",
    cw_present: "present", cw_absent_notice: "absent with notice", cw_absent: "absent", cw_on: "on", cw_off: "off",
    cw_for_evening: " for evening {evening}", cw_none: "none",
  },
});

// A competition event's line: "avond 1: Anna Peeters aanwezig"; `players` maps a player's id to
// the name (a player no longer enrolled is named by the event, or by the id). An event this
// file does not know keeps the server's summary.
export function competitionLine(entry, players = {}) {
  const d = entry.details;
  const key = `cw_${entry.event}`;
  if (!d || t(key) === key) return entry.summary;
  const player = players[d.player_id] || d.player_id || "";
  return say(key, {
    ...d,
    player,
    date: d.date ? formatDay(d.date) : "",
    status: d.status ? t(`cw_${d.status}`) : "",
    numbers: d.numbers || t("cw_none"),
    points: typeof d.points === "number" ? `${d.points > 0 ? "+" : ""}${d.points}` : "",
    article: d.article ? ` (${d.article})` : "",
    reason: entry.event === "PlayerUnenrolled" ? (d.reason ? `: ${d.reason}` : "") : d.reason ?? "",
    on: t(d.on ? "cw_on" : "cw_off"),
    evening: entry.event === "PlayModeSet" ? (d.evening ? say("cw_for_evening", d) : "") : d.evening,
  });
}

// Why a chain is broken, in the director's language (backend/application/audit.py's words):
// an event missing, a hash that does not match, unreadable bytes, and a list that does not
// reach the head its evening's close anchored. Anything else as the server says it.
const PROBLEMS = [
  [/^event (\d+) is missing \(found (\d+)\)$/, ([, v, found]) => say("cw_missing", { v, found })],
  [/^its prev_hash does not match the hash of the event before it$/, () => t("cw_prev_hash")],
  [/^its content does not match its hash \(changed after it was written\)$/, () => t("cw_changed")],
  [/^its stored bytes are unreadable$/, () => t("cw_unreadable")],
  [/^list (\S+) of (.+), evening (\S+), round (\S+), table (\S+): the evening's close anchored version (\d+) with head (\S+?)…, the stored (chain ends at version (\d+)|chain has no events|event at that version has head (\S+?)…)$/s,
    ([, list, name, evening, round, table, v, head, , last, other]) => say("cw_anchor", {
      list, name, evening, round, table, v, head,
      stored: last ? say("cw_anchor_ends", { last }) : other ? say("cw_anchor_other", { other }) : t("cw_anchor_empty"),
    })],
  [/^its anchored heads are not a list id: head and version each$/, () => t("cw_anchor_heads")],
  [/^its anchor of list (\S+) is not a head and a version$/, ([, list]) => say("cw_anchor_bad", { list })],
];

export function problemText(problem) {
  const text = String(problem ?? "");
  for (const [pattern, word] of PROBLEMS) {
    const found = text.match(pattern);
    if (found) return word(found);
  }
  return text;
}
