// What a row of the list says besides its points: the contract with the players' names
// (wiezen, schafkopf), whether a marker is good or bad news for the declarers, what the
// director did to the row (corrected, voided, adjusted) and whether the server has it.
// Pure (no DOM) so node can test it; sheet.js draws it.

import { extend, t } from "../i18n.js";
import { GAMES as WIEZEN_GAMES } from "./wiezen_games.js";
import { contractWord } from "./bridge_rows.js";

extend({
  nl: {
    sh_corrected: "gecorrigeerd door de wedstrijdleider", sh_ruled_void: "geschrapt door de wedstrijdleider",
    sh_adjusted: "Correctie", sh_closed_short: "Vroeg gesloten door de wedstrijdleider",
    sh_synced: "op de server", sh_waiting: "nog niet verzonden", sh_undo: "Ongedaan maken",
    sh_undo_help: "Spel {deal} staat nog alleen op deze telefoon: ongedaan maken haalt het weg, de server krijgt het nooit.",
    sh_undo_late: "Te laat: spel {deal} is al verzonden. Schrap het als het niet klopt.",
    sh_no_game: "geen spel", sh_tricks: "slagen", sh_open: "open",
  },
  de: {
    sh_corrected: "von der Turnierleitung berichtigt", sh_ruled_void: "von der Turnierleitung gestrichen",
    sh_adjusted: "Korrektur", sh_closed_short: "Von der Turnierleitung vorzeitig geschlossen",
    sh_synced: "auf dem Server", sh_waiting: "noch nicht gesendet", sh_undo: "Rückgängig",
    sh_undo_help: "Spiel {deal} ist erst auf diesem Telefon: Rückgängig nimmt es weg, der Server bekommt es nie.",
    sh_undo_late: "Zu spät: Spiel {deal} ist schon gesendet. Streichen Sie es, wenn es nicht stimmt.",
    sh_no_game: "kein Spiel", sh_tricks: "Stiche", sh_open: "offen",
  },
  en: {
    sh_corrected: "corrected by the director", sh_ruled_void: "voided by the director",
    sh_adjusted: "Adjustment", sh_closed_short: "Closed early by the director",
    sh_synced: "on the server", sh_waiting: "not sent yet", sh_undo: "Undo",
    sh_undo_help: "Deal {deal} is on this phone only: undo takes it away, the server never gets it.",
    sh_undo_late: "Too late: deal {deal} has been sent. Void it if it is wrong.",
    sh_no_game: "no game", sh_tricks: "tricks", sh_open: "open",
  },
});

// Markers that are good news for the declarers, and those that are bad news.
const GOOD = new Set(["made", "rond"]);
const BAD = new Set(["failed", "down", "nat", "misplay", "penalty", "revoke", "verzaakt"]);

/** "good", "bad" or "" for a marker code: made is no loss and is not printed as one. */
export function markerTone(marker) {
  if (GOOD.has(marker)) return "good";
  if (BAD.has(marker)) return "bad";
  return "";
}

/** A seat with the player's first name: "3 Cor" (the seat keeps two Jans apart). */
export function seatName(players, seat) {
  const name = String((players || {})[String(seat)] || "").trim().split(/\s+/)[0];
  return name ? `${seat} ${name}` : String(seat);
}

const SCHAFKOPF_GAMES = { RUFSPIEL: "Rufspiel", SOLO: "Solo", TOUT: "Tout", WENZ: "Wenz", GEIER: "Geier" };
const ACES = { EICHEL: "Eichel", GRAS: "Gras", SCHELLEN: "Schellen" };

function wiezenWhat(record, players) {
  const code = record.contract;
  if (code === null || code === undefined) return "";
  if (code === "PAS_ROND") return WIEZEN_GAMES.PAS_ROND[0];
  const ab = /^AB(\d+)(T?)$/.exec(code);
  const game = ab ? `${WIEZEN_GAMES.AB[0]} ${ab[1]}${ab[2] ? ` (${t("wz_in_troef")})` : ""}` : (WIEZEN_GAMES[code] || [code])[0];
  if (Array.isArray(record.miserie) && record.miserie.length) {
    const who = record.miserie.map((m) => `${seatName(players, m.seat)}${m.open && code !== "OMIS" ? ` ${t("sh_open")}` : ""} (${m.tricks ?? 0})`);
    return `${game} · ${who.join(", ")}`;
  }
  const who = (record.declarers || []).map((s) => seatName(players, s)).join(" + ");
  const tricks = Number.isInteger(record.tricks) ? ` · ${record.tricks} ${t("sh_tricks")}` : "";
  return [game, who].filter(Boolean).join(" · ") + tricks;
}

function schafkopfWhat(record, players) {
  const game = SCHAFKOPF_GAMES[record.type];
  if (!game) return record.type === "NO_GAME" ? t("sh_no_game") : "";
  const parts = [game];
  if (record.declarer !== undefined && record.declarer !== null) parts.push(seatName(players, record.declarer));
  if (record.type === "RUFSPIEL" && record.called_ace) {
    const partner = record.partner ? ` ${seatName(players, record.partner)}` : "";
    parts.push(`${ACES[record.called_ace] || record.called_ace}-Ass${partner}`);
  }
  if (Number.isInteger(record.decl_augen)) parts.push(`${record.decl_augen} Augen`);
  return parts.join(" · ");
}

/** The contract of a row as the list writes it, with names; "" when the game has none here. */
export function rowWhat(game, row, players = {}) {
  const record = row.record || {};
  if (row.kind === "penalty") return "";
  if (game === "wiezen") return wiezenWhat(record, players);
  if (game === "schafkopf") return schafkopfWhat(record, players);
  if (game === "bridge") return contractWord(record);
  return "";
}

/**
 * What the director did to each row, by deal: {corrected, voided} from the rulings
 * (a row voided at the table is no ruling), and the adjustments by points (rows of their own).
 */
export function rulingNotes(sheet = {}) {
  const notes = new Map();
  for (const d of sheet.disputes || []) {
    if (d.ruling === "corrected" || d.ruling === "voided") notes.set(d.deal_no, d.ruling);
  }
  return notes;
}

/** The director's words for a row: "corrected by the director" and the like, or "". */
export function rulingWord(row, notes) {
  const ruling = notes.get(row.deal_no);
  if (row.corrected || ruling === "corrected") return t("sh_corrected");
  if (row.voided && ruling === "voided") return t("sh_ruled_void");
  return "";
}

/**
 * The outbox entry the pen holder may still take back: the list's newest entry, when it
 * writes a deal or a penalty (as on paper, the last line is the one to rub out; an older one
 * would leave a hole the server refuses). null when there is none.
 */
export function undoable(list, pending = []) {
  const mine = pending.filter((e) => e.list === list.list_id).sort((a, b) => a.id - b.id);
  const last = mine[mine.length - 1];
  return last && (last.name === "record_deal" || last.name === "record_penalty") ? last : null;
}
