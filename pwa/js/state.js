// What the list view shows: the server's rows (confirmed) followed by the outbox's deals,
// scored here with the rules port (provisional until the server confirms them). No DOM.

import { resolveRules, scoreRecord } from "./rules/scoring.js";

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

// The list's rule set in full as the server sent it (a club's own copy is no shipped preset);
// null on a list kept from before, which names a preset by its ref.
export function listRules(list) {
  const rules = list.sheet && list.sheet.rules;
  return rules && rules.options ? rules : null;
}

// The rule set the list is scored with: the one the server sent, else the preset its ref
// names; null when neither is known here.
export function listRuleset(list) {
  const full = listRules(list);
  if (full) return full;
  try {
    return resolveRules((list.sheet && list.sheet.rules_ref) || null);
  } catch {
    return null;
  }
}

// Score facts as the server would; {score} or {error: {field, message}}.
export function preview(list, dealNo, facts) {
  try {
    return { score: scoreRecord(envelopeRecord(list, dealNo, facts), listRules(list)) };
  } catch (err) {
    if (err && err.name === "RecordError") return { error: { field: err.field, message: err.detail } };
    return { error: { field: "record", message: String(err.message || err) } };
  }
}

// A row's points per seat of the list (bridge lists seat pairs: NS and EW take N's and E's).
export function listPoints(game, points = {}) {
  if (game === "bridge") return { NS: points.N ?? 0, EW: points.E ?? 0 };
  return { ...points };
}

function add(totals, points) {
  const out = { ...totals };
  for (const [seat, value] of Object.entries(points || {})) out[seat] = (out[seat] || 0) + value;
  return out;
}

const WRITES = new Set(["record_deal", "record_penalty"]);

// The list's entries not yet in its sheet: those the server has applied since the sheet was
// fetched (`list.sent`, until the next sheet comes) and those still in the outbox. What the
// phone shows of the list (its rows, the next deal, the form's dealer) reads them all.
export function unsettled(list, pending) {
  const waiting = pending.filter((e) => e.list === list.list_id);
  const ids = new Set(waiting.map((e) => e.id));
  const sent = (list.sent || []).filter((e) => !ids.has(e.id));
  return [...sent, ...waiting].sort((a, b) => a.id - b.id);
}

// Rows to show: {deal_no, kind, points, cells, running, markers, explain, record, voided, disputed,
// provisional}. The server's rows come first, then the outbox's deals and penalties scored
// here; voids and disputes waiting in the outbox mark their row at once. Running totals leave
// out voided rows, as on paper (struck through); the director's adjustments count in totals.
export function listRows(list, pending = []) {
  const sheet = list.sheet || { rows: [], totals: {} };
  const rows = sheet.rows.map((row) => ({ ...row, provisional: false }));
  const byNo = new Map(rows.map((r) => [r.deal_no, r]));
  for (const d of sheet.disputes || []) {
    const row = byNo.get(d.deal_no);
    if (row && d.ruling === null) row.disputed = d.reason;
  }
  for (const entry of unsettled(list, pending)) {
    const { deal_no: dealNo } = entry.args || {};
    if (WRITES.has(entry.name) && !byNo.has(dealNo)) {
      const { score, error } = preview(list, dealNo, entry.args.record);
      const row = {
        deal_no: dealNo,
        kind: entry.name === "record_penalty" ? "penalty" : "deal",
        record: entry.args.record,
        points: score ? score.points : {},
        counts: score ? score.counts !== false : false,
        markers: score ? score.markers : ["?"],
        explain: score ? score.explain : [error.message],
        voided: null,
        provisional: true,
        mutation_id: entry.id,
      };
      rows.push(row);
      byNo.set(dealNo, row);
    } else if (entry.name === "void_deal" && byNo.has(dealNo) && !byNo.get(dealNo).voided) {
      Object.assign(byNo.get(dealNo), { voided: entry.args.reason, voidPending: true });
    } else if (entry.name === "raise_dispute" && byNo.has(dealNo)) {
      Object.assign(byNo.get(dealNo), { disputed: entry.args.reason, disputePending: true });
    }
  }
  let running = Object.fromEntries(seatOrder(list).map((s) => [s, 0]));
  for (const row of rows) {
    row.cells = listPoints(list.game, row.points); // what the list's columns show (NS/EW for bridge)
    if (!row.voided) running = add(running, row.cells);
    row.running = { ...running };
  }
  let totals = running;
  for (const adj of sheet.adjustments || []) totals = add(totals, adj.points);
  return { rows, totals };
}

// Every planned deal counted (voided ones aside), or the list closed early: no next deal.
export function listComplete(list, pending = []) {
  const sheet = list.sheet || {};
  if (sheet.closed_short) return true;
  const planned = sheet.planned_deals || 0;
  if (!planned) return false;
  const { rows } = listRows(list, pending);
  return rows.filter((r) => !r.voided && r.counts !== false).length >= planned;
}

export function nextDealNo(list, pending = []) {
  let last = 0;
  for (const row of (list.sheet && list.sheet.rows) || []) last = Math.max(last, row.deal_no);
  for (const e of unsettled(list, pending)) if (WRITES.has(e.name)) last = Math.max(last, e.args.deal_no);
  return last + 1;
}

// Submitted on the server, or a submission waiting in the outbox: nothing more is written.
export function isSubmitted(list, pending = []) {
  const status = (list.sheet && list.sheet.status) || list.status;
  return status === "submitted" || unsettled(list, pending).some((e) => e.name === "submit_list");
}

// The seats that may confirm a list the scorer signs: a player of the other side (klaverjas:
// the other pair; the other games: anybody else at the table; bridge: the other pair's seat).
export function confirmers(list, scorer) {
  const pairs = [["N", "S"], ["E", "W"]];
  return seatOrder(list).filter((seat) => {
    if (seat === scorer) return false;
    if (list.game === "klaverjas") return !pairs.some((p) => p.includes(seat) && p.includes(scorer));
    return true;
  });
}

// What stands in the way of submitting: counted deals short of the plan, open disputes,
// voids or penalties still waiting. [] when the list can be submitted.
export function submitBlocks(list, pending = []) {
  const sheet = list.sheet || {};
  const { rows } = listRows(list, pending);
  const counted = rows.filter((r) => !r.voided && r.counts !== false).length;
  const planned = sheet.planned_deals || 0;
  const blocks = [];
  if (!sheet.closed_short && counted < planned) blocks.push({ reason: "deals", counted, planned });
  const disputes = rows.filter((r) => r.disputed).map((r) => r.deal_no);
  if (disputes.length) blocks.push({ reason: "disputes", deals: disputes });
  return blocks;
}

// Whether this phone writes the list. Right after joining a list whose pen is free, the join
// waiting in the outbox takes it (the server answers in a moment): the phone says it holds the
// pen at once instead of "another device holds the pen" until the answer comes.
// The server says whether this phone holds the pen (`holds_pen`: the phone never knows its
// own device id; `pen` is the holder's name). `_clientId` is no longer used.
export function holdsPen(list, _clientId, pending = []) {
  const sheet = list.sheet;
  const holds = sheet && typeof sheet.holds_pen === "boolean" ? sheet.holds_pen : list.holds_pen === true;
  if (holds) return true;
  const pen = sheet ? sheet.pen : list.pen;
  return (pen === null || pen === undefined) && unsettled(list, pending).some((e) => e.name === "join");
}
