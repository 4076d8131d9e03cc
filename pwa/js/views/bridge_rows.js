// A bridge list on the phone reads like a traveller: each row is a board (its number, not the
// list's deal number), with its contract ("4♠× S +1"), and the board's matchpoints once the
// board has been played at another table too (from the evening's travellers), instead of a
// running total of points, which means nothing in duplicate bridge. Pure except `refresh`.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";
import { formatNumber } from "../format.js";

extend({
  nl: { brw_board: "Spel", brw_nt: "SA", brw_mp: "MP %", brw_mp_help: "Matchpunten per spel zodra het ook aan een andere tafel gespeeld is." },
  de: { brw_board: "Board", brw_nt: "SA", brw_mp: "MP %", brw_mp_help: "Matchpunkte je Board, sobald es auch an einem anderen Tisch gespielt ist." },
  en: { brw_board: "Board", brw_nt: "NT", brw_mp: "MP %", brw_mp_help: "Matchpoints per board once it has been played at another table too." },
});

const SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const DOUBLED = ["", "×", "××"];
const BOOK = 6;

/** A strain as the players write it: ♣ ♦ ♥ ♠, or SA/NT in the language. */
export const strainWord = (strain) => SIGNS[strain] || t("brw_nt");

/** The result against the contract: "=", "+1", "−2". */
export function overWord(level, tricks) {
  const over = tricks - level - BOOK;
  return over === 0 ? "=" : over > 0 ? `+${over}` : `−${-over}`;
}

/** The contract of a bridge record as the traveller writes it: "4♠× S +1"; "" when passed out
 * (its marker says so) or when the record has no contract. */
export function contractWord(record = {}) {
  const c = record.contract;
  if (!c || !Number.isInteger(c.level) || !c.strain) return "";
  const parts = [`${c.level}${strainWord(c.strain)}${DOUBLED[c.dbl || 0] || ""}`];
  if (record.declarer) parts.push(record.declarer);
  if (Number.isInteger(record.tricks)) parts.push(overWord(c.level, record.tricks));
  return parts.join(" ");
}

/** What a row's first cell shows: the board for bridge, the deal number otherwise. */
export function rowNumber(game, row) {
  const board = row.record && row.record.board;
  return game === "bridge" && Number.isInteger(board) ? board : row.deal_no;
}

/**
 * Per deal of this list, the board's percentages {NS, EW} in hundredths, from the evening's
 * travellers: only matchpoints, and only boards with more than one result (a board played
 * once is 50 % for both sides, which says nothing yet).
 */
export function matchpointsOf(travellers, listId) {
  const out = {};
  if (!travellers || travellers.method !== "matchpoints") return out;
  for (const board of travellers.boards || []) {
    if ((board.results || []).length < 2) continue;
    for (const r of board.results) {
      if (r.list_id === listId && Number.isInteger(r.ns_pct)) out[r.deal_no] = { NS: r.ns_pct, EW: 10000 - r.ns_pct };
    }
  }
  return out;
}

/** A percentage in hundredths as the language writes it: 6250 → "62,50 %" (nl). */
export const pctWord = (hundredths) => `${formatNumber(hundredths / 100, undefined, { decimals: 2 })} %`;

/** The small figure under a row's points: the board's percentage for the seat's side, or "". */
export function runWord(matchpoints, row, side) {
  const known = (matchpoints || {})[row.deal_no];
  return known && !row.voided && known[side] !== undefined ? pctWord(known[side]) : "";
}

/** The session so far for each side: the average of the boards' percentages that are known
 * (every board has the same top, so that is Σ MP / Σ top); null when none is known yet. */
export function sessionPct(rows, matchpoints, side) {
  const known = rows.filter((r) => !r.voided && (matchpoints || {})[r.deal_no]).map((r) => matchpoints[r.deal_no][side]);
  if (!known.length) return null;
  return Math.round(known.reduce((a, b) => a + b, 0) / known.length);
}

/** The foot of a bridge list: the matchpoint percentage so far per side (not a sum of points). */
export function bridgeFoot(seats, rows, matchpoints) {
  return h("tr", { class: "totals", id: "sheet-mp", title: t("brw_mp_help") }, h("th", { scope: "row" }, t("brw_mp")),
    seats.map((s) => {
      const pct = sessionPct(rows, matchpoints, s);
      return h("td", { dataset: { seat: s } }, pct === null ? "–" : pctWord(pct));
    }), h("td", {}, ""));
}

/** Fetch the evening's travellers and keep this list's matchpoints with it (bridge only). */
export async function refreshMatchpoints({ store, fetch, list }) {
  const sheet = (list && list.sheet) || {};
  if (!list || list.game !== "bridge" || !sheet.competition_id || !sheet.evening) return null;
  const url = `/api/competitions/${encodeURIComponent(sheet.competition_id)}/evenings/${sheet.evening}/travellers`;
  const response = await fetch(url);
  if (!response.ok) return null;
  const matchpoints = matchpointsOf(await response.json(), list.list_id);
  if (JSON.stringify(matchpoints) === JSON.stringify(list.matchpoints || {})) return null;
  await store.updateList(list.list_id, (fresh) => ({ ...fresh, matchpoints }));
  return matchpoints;
}
