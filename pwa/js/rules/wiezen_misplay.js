// Settle an established misplay, Wiezen ART 10 (port of backend/rules/wiezen_misplay.py):
// tricks k..13 go to the offender's opponents (W-D21), a special game is lost (W-D22), the
// offender makes each losing partner whole (W-D20) and pays step × (n − 1) to each (W-D23).

import { TRICK_GAMES, makeRow, seatWords } from "./wiezen_contracts.js";

const ORDINALS = { 1: "first", 2: "second", 3: "third" };
// A Sunday is at most 50 deals (§1.3) and a player misplays at most once a deal (wiezen_misplay.py).
const MOST_FAULTS = 50;

/** Refuse the sitting-out dealer of a 5-table where an active seat is needed (W-D2). */
export function activeSeat(seat, path, f, table) {
  if (!table.active.includes(seat)) throw f.error(path, `seat ${seat} deals and sits out at this 5-table (W-D2)`);
  return seat;
}

/** Read `misplay`: {offender, fault, trick, before} or null; refuse it on a record without play. */
export function readMisplay(f, table, code) {
  const m = f.obj("misplay");
  if (m === null) return null;
  if (code === null || code === "PAS_ROND") {
    const what = code ? "a passed-round deal" : "a penalty-only record";
    throw f.error("misplay", `${what} has no play, so no misplay (ART 10)`);
  }
  m.only(["offender", "trick", "declaring_tricks_before", "fault_no_today"]);
  const offender = activeSeat(m.int("offender", 1, table.size), "offender", m, table);
  const fault = m.int("fault_no_today", 1, MOST_FAULTS, { required: false, fallback: 1 });
  const trickGame = Object.hasOwn(TRICK_GAMES, code);
  const trick = m.int("trick", 1, 13, { required: trickGame });
  const before = m.int("declaring_tricks_before", 0, 12, { required: trickGame });
  if (trick !== null && before !== null && before > trick - 1) {
    throw m.error("declaring_tricks_before", `the declaring side can have at most ${trick - 1} tricks before trick ${trick}`);
  }
  return { offender, fault, trick, before };
}

/** The declaring side's tricks once tricks k..13 went to the offender's opponents. */
export const misplayTricks = (m, declarers) => m.before + (declarers.includes(m.offender) ? 0 : 14 - m.trick);

/** Explain the ART 10 trick transfer of a trick game. */
export function transferWords(m, declarers, tricks) {
  const moved = m.trick === 13 ? "trick 13" : `tricks ${m.trick}–13 (${14 - m.trick})`;
  const gainers = declarers.includes(m.offender) ? "the opponents" : seatWords(declarers);
  return `Wiezen ART 10: seat ${m.offender} misplayed in trick ${m.trick}: ${moved} go to ${gainers};` +
    ` the declaring side had ${m.before} before and ends with ${tricks} tricks`;
}

/** The offender's partners: co-declarer, or fellow defenders (§4.3 step 3). */
function partnersOf(offender, row, table) {
  if (row.declarers.includes(offender)) return row.pair ? row.declarers.filter((s) => s !== offender) : [];
  return table.active.filter((s) => !row.declarers.includes(s) && s !== offender);
}

/** Add the ART 10 compensation and escalation to a contract row scored after a misplay. */
export function settleMisplay(row, m, table, options) {
  const points = { ...row.points };
  const explain = [...row.explain];
  const o = m.offender;
  for (const q of partnersOf(o, row, table)) {
    if (points[q] < 0) {
      explain.push(`Wiezen ART 10: seat ${o} pays his partner seat ${q} the ${-points[q]} he lost (W-D20)`);
      points[o] += points[q];
      points[q] = 0;
    }
  }
  const extra = options.misplay_escalation_step * (m.fault - 1);
  const nth = ORDINALS[m.fault] || `${m.fault}th`;
  const others = table.active.filter((s) => s !== o);
  if (extra) {
    for (const q of others) {
      points[q] += extra;
      points[o] -= extra;
    }
    explain.push(`Wiezen ART 10: ${nth} fault of seat ${o} today: he pays ${extra} to each of seats ${others.join(", ")} (W-D23)`);
  } else {
    explain.push(`Wiezen ART 10: ${nth} fault of seat ${o} today: no extra (W-D23)`);
  }
  return makeRow(points, explain, [...row.markers, "misplay"], row.declarers, row.pair, row.tricks);
}
