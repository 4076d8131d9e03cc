// What the list view shows: the server's rows (confirmed) followed by the outbox's deals,
// scored here with the rules port (provisional until the server confirms them). No DOM.

import { scoreRecord } from "./rules/index.js";

const ORDER = ["N", "E", "S", "W", "1", "2", "3", "4", "5", "NS", "EW"];

// The seats in the order of the paper list (N E S W, 1–5, NS EW).
export function seatOrder(list) {
  const rank = (s) => (ORDER.includes(s) ? ORDER.indexOf(s) : ORDER.length);
  return Object.keys(list.seats || {}).sort((a, b) => rank(a) - rank(b));
}

// The record a deal's facts make on this list (the envelope the server fills in too).
export function envelopeRecord(list, dealNo, facts) {
  const envelope = list.game === "bridge" ? { ns: list.seats.NS, ew: list.seats.EW } : { seats: list.seats };
  const rules = list.sheet && list.sheet.rules_ref;
  return { format: 1, game: list.game, ...envelope, deal: dealNo, ...(rules ? { rules } : {}), ...facts };
}

// Score facts as the server would; {score} or {error: {field, message}}.
export function preview(list, dealNo, facts) {
  try {
    return { score: scoreRecord(envelopeRecord(list, dealNo, facts)) };
  } catch (err) {
    if (err && err.name === "RecordError") return { error: { field: err.field, message: err.detail } };
    return { error: { field: "record", message: String(err.message || err) } };
  }
}

function add(totals, points) {
  const out = { ...totals };
  for (const [seat, value] of Object.entries(points || {})) out[seat] = (out[seat] || 0) + value;
  return out;
}

// Rows to show: {deal_no, points, running, markers, explain, record, provisional}.
export function listRows(list, pending = []) {
  const sheet = list.sheet || { rows: [], totals: {} };
  const rows = sheet.rows.map((row) => ({ ...row, provisional: false }));
  const confirmed = new Set(rows.map((r) => r.deal_no));
  let running = { ...(sheet.totals || {}) };
  for (const entry of pending) {
    if (entry.list !== list.list_id || entry.name !== "record_deal") continue;
    if (confirmed.has(entry.args.deal_no)) continue;
    const { score, error } = preview(list, entry.args.deal_no, entry.args.record);
    const points = score ? score.points : {};
    running = add(running, score && score.counts !== false ? points : {});
    rows.push({
      deal_no: entry.args.deal_no,
      record: entry.args.record,
      points,
      running: { ...running },
      markers: score ? score.markers : ["?"],
      explain: score ? score.explain : [error.message],
      provisional: true,
      mutation_id: entry.id,
    });
  }
  return { rows, totals: running };
}

export function nextDealNo(list, pending = []) {
  let last = 0;
  for (const row of (list.sheet && list.sheet.rows) || []) last = Math.max(last, row.deal_no);
  for (const e of pending) if (e.list === list.list_id && e.args && e.args.deal_no) last = Math.max(last, e.args.deal_no);
  return last + 1;
}

export function holdsPen(list, clientId) {
  const pen = list.sheet ? list.sheet.pen : list.pen;
  return pen === clientId || (pen === undefined && list.holds_pen === true);
}
