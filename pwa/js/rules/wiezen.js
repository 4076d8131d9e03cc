// Kleurenwiezen by the club's "Reglement ed 8/9/19" (port of backend/rules/wiezen.py).
// Reads the table and the penalties, scores the contract row (wiezen_deal) and adds the rows.

import { CODES, addRows, makeRow, makeTable, seatWords, signed } from "./wiezen_contracts.js";
import { scoreContract } from "./wiezen_deal.js";
import { readMisplay } from "./wiezen_misplay.js";

export const GAME = "wiezen";
export const PRESET_ID = "wiezen-reglement-2019";
export const FIELDS = [
  "after_pas_rond", "contract", "declarers", "tricks", "miserie", "misplay", "penalties",
  "trump_card", "sitting_out",
];

// type: [the field naming the paying seat, article, what happened]
const PENALTIES = {
  PEN_SHUFFLE: ["offender", "ART 1", "shuffled the cards after the first deal"],
  PEN_MISDEAL: ["dealer", "ART 2", "misdealt a second time"],
};

const PAS_ROND =
  "Wiezen ART 9: passed round: 0 for everyone; the same dealer deals again (W-D5), the next" +
  " deal with a contract is doubled, and this deal does not count (W-D3)";

const SUITS = ["S", "H", "D", "C"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const isCard = (t) => typeof t === "string" && t.length >= 2 && SUITS.includes(t[0]) && RANKS.includes(t.slice(1));

/** Score one wiezen record: its contract (or ART 10) row plus its penalty rows. */
export function score(f, options) {
  const table = readTable(f);
  const code = f.str("contract", CODES, { required: false });
  const after = f.bool("after_pas_rond");
  const penalties = readPenalties(f, table, options);
  const misplay = readMisplay(f, table, code);
  const rows = [];
  if (code === null && !penalties.length) {
    throw f.error("contract", "is required unless the record holds only penalties");
  }
  if (code === null || code === "PAS_ROND") {
    for (const name of ["declarers", "tricks", "miserie"]) {
      if (f.has(name)) {
        const what = code ? "a passed-round deal" : "a penalty-only record";
        throw f.error(name, `${what} has no contract, so no ${name}`);
      }
    }
  }
  if (code === "PAS_ROND") {
    rows.push(["PAS_ROND", makeRow(Object.fromEntries(table.seats.map((s) => [s, 0])), [PAS_ROND], ["pas_rond"])]);
  } else if (code !== null) {
    const row = scoreContract(f, code, table, after, misplay, options);
    row.markers.push(...(code === "TROEL" ? ["troel"] : []), ...(after ? ["after_pas_rond"] : []));
    rows.push([misplay ? "PEN_MISPLAY" : code, row]);
  }
  rows.push(...penalties);
  const out = {
    points: keyed(addRows(table, rows.map(([, row]) => row))),
    contract: code,
    rows: rows.map(([name, row]) => ({ row: name, points: keyed(row.points) })),
    pas_rond_pending: code === "PAS_ROND" || (code === null && after),
  };
  if (rows.length && rows[0][1].tricks !== null) out.declaring_tricks = rows[0][1].tricks;
  out.counts = code !== null && code !== "PAS_ROND";
  out.markers = [...new Set(rows.flatMap(([, row]) => row.markers))];
  out.explain = rows.flatMap(([, row]) => row.explain);
  return out;
}

const keyed = (points) => Object.fromEntries(Object.entries(points).map(([s, p]) => [String(s), p]));

/** Read `seats` (columns "1".."4" or "1".."5"), `dealer` and the unused context fields. */
function readTable(f) {
  const seats = f.raw("seats");
  if (seats === null || typeof seats !== "object" || Array.isArray(seats)) {
    throw f.error("seats", 'must map the columns "1".."4" (or "1".."5") to player ids');
  }
  const names = Object.keys(seats);
  const size = names.length;
  const wanted = new Set(Array.from({ length: size }, (_, i) => String(i + 1)));
  if (![4, 5].includes(size) || !names.every((n) => wanted.has(n))) {
    throw f.error("seats", 'must hold the columns "1".."4", or "1".."5" at a 5-table');
  }
  const players = {};
  for (const seat of [...names].sort((a, b) => a - b)) {
    const player = seats[seat];
    if (typeof player !== "string" || !player) {
      throw f.error(`seats.${seat}`, `must be a player id (a text), got ${JSON.stringify(player)}`);
    }
    if (Object.hasOwn(players, player)) throw f.error(`seats.${seat}`, `${player} already sits in seat ${players[player]}`);
    players[player] = seat;
  }
  const dealer = f.int("dealer", 1, size, { required: false });
  if (size === 5 && dealer === null) throw f.error("dealer", "is required at a 5-table: the dealer sits out (ART 2)");
  const sittingOut = f.int("sitting_out", 1, size, { required: false });
  if (sittingOut !== null && sittingOut !== (size === 5 ? dealer : null)) {
    throw f.error("sitting_out", "only the dealer of a 5-table sits out (ART 2, W-D2)");
  }
  if (f.has("trump_card") && !isCard(f.raw("trump_card"))) {
    throw f.error("trump_card", `must be a card like 'H7', 'SA' or 'D10' (suit S/H/D/C), got ${JSON.stringify(f.raw("trump_card"))}`);
  }
  return makeTable(size, dealer);
}

/** Read `penalties`: a row per shuffle (ART 1, W-D17) or second misdeal (ART 2, W-D18). */
function readPenalties(f, table, options) {
  return f.objs("penalties").map((p) => {
    if (p.raw("type") === "PEN_MISPLAY") throw p.error("type", "an established misplay is recorded in 'misplay' (ART 10)");
    const kind = p.str("type", Object.keys(PENALTIES));
    const [seatField, article, what] = PENALTIES[kind];
    p.only(["type", seatField]);
    const seat = p.int(seatField, 1, table.size);
    const others = table.seats.filter((s) => s !== seat);
    const literal = kind === "PEN_SHUFFLE" && options.shuffle_penalty === "literal";
    const cost = literal ? 3 : others.length; // "-3 ... elk +1" / "1pt per speler"
    const points = { ...Object.fromEntries(others.map((s) => [s, 1])), [seat]: -cost };
    let explain = `Wiezen ${article}: seat ${seat} ${what}: seat ${seat} -${cost}, ${seatWords(others)} +1 each`;
    const sum = Object.values(points).reduce((a, b) => a + b, 0);
    if (sum) explain += ` (the row sums to ${signed(sum)}, W-D17)`;
    return [kind, makeRow(points, [explain], ["penalty", kind.toLowerCase()])];
  });
}
