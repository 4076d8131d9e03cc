// Read the facts of a klaverjas deal record, refusing what the rulebook rules out (§7.1, §8)
// (port of backend/rules/klaverjas_facts.py and the card checks of klaverjas_play.py).

import { RecordError, isBlank } from "./fields.js";

export const SEATS = ["N", "E", "S", "W"];
export const SUITS = ["S", "H", "D", "C"];
export const PAIRS = { NS: ["N", "S"], EW: ["E", "W"] };
export const PAIR_NAMES = ["NS", "EW"];
export const TOTAL = 162; // 62 in trump + 3 x 30 + 10 for the last trick (art. 5)
export const TRICKS = 8;
const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];
const CARDS = new Set(SUITS.flatMap((s) => RANKS.map((r) => s + r)));
export const PICTURES = { true: ["10", "J", "Q", "K", "A"], false: ["10", "J", "Q", "K"] }; // SB-6, K-D4
/** Art. 4c: the value of each roem combination, by the name the telstaat uses. */
export const ROEM = {
  stuk: 20, driekaart: 20, vierkaart: 50, vier_boeren: 200,
  vier_azen: 100, vier_heren: 100, vier_vrouwen: 100, vier_tienen: 100,
};
const FOURS = ["vier_boeren", "vier_azen", "vier_heren", "vier_vrouwen", "vier_tienen"];
// The roem one trick can hold: art. 4c with K-D5 (longest run only; stuk adds to it).
const ONE_TRICK = new Set(
  [["stuk"], ["driekaart"], ["driekaart", "stuk"], ["vierkaart"], ["vierkaart", "stuk"], ...FOURS.map((n) => [n])]
    .map((items) => [...items].sort().join("+")),
);
const ONE_TRICK_VALUES = [0, 20, 40, 50, 70, 100, 200];
const NO_TOTAL = [10, 30]; // multiples of 10 that no sum of 20, 50, 100 and 200 makes (§8 check 3)
const NOT_ROEM = ["pit", "mars"]; // art. 15c: follows from the tricks, never claimed
const MOST_ROEM = TRICKS * 200; // a trick's roem is at most vier boeren, 200 (art. 4c, K-D5)

const show = (v) => (v === undefined ? "None" : JSON.stringify(v));

/** The seat `steps` places clockwise (the dealer's left is nextSeat(dealer)). */
export const nextSeat = (seat, steps = 1) => SEATS[(SEATS.indexOf(seat) + steps) % 4];

/** The pair a seat belongs to. */
export const pairOf = (seat) => (PAIRS.NS.includes(seat) ? "NS" : "EW");

/** Refuse a list that is not lo..hi distinct cards like "SA", "H10" (check_cards). */
export function checkCards(cards, field, lo = 0, hi = 32) {
  if (!Array.isArray(cards)) throw new RecordError(field, "must be a list of cards like 'SA', 'H10', 'CJ'");
  if (cards.length < lo || cards.length > hi) {
    const wanted = lo === hi ? `${lo}` : `${lo} to ${hi}`;
    throw new RecordError(field, `must hold ${wanted} cards, got ${cards.length}`);
  }
  cards.forEach((card, i) => {
    if (typeof card !== "string" || !CARDS.has(card)) {
      throw new RecordError(`${field}[${i}]`, `must be a card (suit S/H/D/C + rank 7-A, e.g. 'H10'), got ${show(card)}`);
    }
    if (cards.slice(0, i).includes(card)) {
      throw new RecordError(`${field}[${i}]`, `${card} appears twice; a deck has each card once`);
    }
  });
  return [...cards];
}

/** The explain line of the facts the score starts from. */
export function factsLine(cards, tricks, roem) {
  const parts = [];
  if (cards) parts.push(`card points NS ${cards.NS} + EW ${cards.EW}`);
  if (tricks) parts.push(`tricks NS ${tricks.NS} + EW ${tricks.EW}`);
  parts.push(`roem NS ${roem.NS}, EW ${roem.EW}`);
  return `Klaverjas §8: ${parts.join("; ")}`;
}

/** Read `seats`: a player for each of N, E, S, W, no player twice. */
export function readSeats(f) {
  const seats = f.obj("seats", { required: true });
  seats.only(SEATS);
  const players = {};
  for (const seat of SEATS) {
    const player = seats.str(seat);
    if (isBlank(player)) throw seats.error(seat, "must name the player in this seat");
    for (const [other, known] of Object.entries(players)) {
      if (known === player) throw seats.error(seat, `${player} already sits at ${other}`);
    }
    players[seat] = player;
  }
  return players;
}

/** Read an established revoke (art. 14, 15e): {pair, by, trick}, or null. */
export function readVerzaakt(f) {
  const v = f.obj("verzaakt");
  if (!v) return null;
  v.only(["pair", "trick", "by"]);
  const pair = v.str("pair", PAIR_NAMES);
  const trick = v.int("trick", 1, TRICKS, { required: false });
  const by = v.str("by", SEATS, { required: false });
  if (by !== null && !PAIRS[pair].includes(by)) throw v.error("by", `${by} is not in pair ${pair}, the pair that revoked`);
  return { pair, by, trick };
}

/** Read {"NS": n, "EW": m}; they add up to `most` (at most that after a revoke). */
function readPerPair(f, name, most, revoked) {
  const obj = f.obj(name, { required: !revoked });
  if (!obj) return null;
  obj.only(PAIR_NAMES);
  const values = { NS: obj.int("NS", 0, most), EW: obj.int("EW", 0, most) };
  const total = values.NS + values.EW;
  const sum = `NS ${values.NS} + EW ${values.EW} = ${total}`;
  if (revoked && total > most) {
    throw f.error(name, `${sum}, more than ${most} (the standing when play stopped, §8 check 1)`);
  }
  if (!revoked && total !== most) {
    const rule = name === "card_points" ? "art. 5" : "8 tricks a deal";
    throw f.error(name, `${sum}; they add up to ${most} (${rule}, §8 check 1)`);
  }
  return values;
}

/** Read card points and tricks per pair: §8 checks 1 and 4, skipped after a revoke. */
export function readCounts(f, revoked) {
  const cards = readPerPair(f, "card_points", TOTAL, revoked);
  const tricks = readPerPair(f, "tricks", TRICKS, revoked);
  if (!revoked && cards && tricks) {
    for (const pair of PAIR_NAMES) {
      if (tricks[pair] === 0 && cards[pair]) {
        throw f.error(`card_points.${pair}`, `${pair} took no trick, so it has 0 (§8 check 4)`);
      }
    }
  }
  return [cards, tricks];
}

/** Add up each pair's roem; with `tricks` (not after a revoke) apply §8 check 4. */
export function readRoem(f, tricks) {
  const totals = { NS: 0, EW: 0 };
  const won = { NS: [], EW: [] }; // paths of entries with roem
  const numbered = { NS: [], EW: [] }; // ... that name their trick
  const byTrick = new Map();
  for (const entry of f.objs("roem")) {
    entry.only(["trick", "pair", "items", "value"]);
    const pair = entry.str("pair", PAIR_NAMES);
    const trick = entry.int("trick", 1, TRICKS, { required: false });
    const value = readRoemEntry(entry, trick);
    const deal = totals.NS + totals.EW + value;
    if (deal > MOST_ROEM) {
      throw entry.error("value", `brings the deal's roem to ${deal}; 8 tricks hold at most ${MOST_ROEM} (200 each, art. 4c, K-D5)`);
    }
    if (trick !== null) {
      if (byTrick.has(trick)) {
        const rule = "a trick's roem is one entry, for the pair that won it (K-D5)";
        throw entry.error("trick", `trick ${trick} already has its roem in ${byTrick.get(trick)}; ${rule}`);
      }
      byTrick.set(trick, entry.path);
    }
    if (value) {
      won[pair].push(entry.path);
      if (trick !== null) numbered[pair].push(entry.path);
    }
    totals[pair] += value;
  }
  for (const pair of PAIR_NAMES) {
    const paths = won[pair];
    if (!tricks || !paths.length) continue;
    if (tricks[pair] === 0) throw new RecordError(`${paths[0]}.pair`, `${pair} took no trick, so no roem (§8 check 4)`);
    if (numbered[pair].length > tricks[pair]) {
      const count = `${pair} has roem in ${numbered[pair].length} tricks but took only ${tricks[pair]}`;
      throw new RecordError(`${numbered[pair].at(-1)}.pair`, `${count} (roem belongs to the trick's winner, K-D5)`);
    }
  }
  return totals;
}

/** The value of one roem entry: its `value`, or the sum of its `items`. */
function readRoemEntry(entry, trick) {
  const names = [];
  entry.list("items").forEach((name, i) => {
    const path = `${entry.at("items")}[${i}]`;
    if (NOT_ROEM.includes(name)) throw new RecordError(path, "pit / mars is not claimed: it follows from the tricks (15c)");
    if (typeof name !== "string" || !Object.hasOwn(ROEM, name)) {
      throw new RecordError(path, `unknown roem ${show(name)}; art. 4c knows ${Object.keys(ROEM).join(", ")}`);
    }
    names.push(name);
  });
  const made = names.reduce((sum, name) => sum + ROEM[name], 0);
  let value = entry.int("value", null, null, { required: !names.length });
  value = value === null ? made : value;
  if (value < 0) throw entry.error("value", `roem is never negative, got ${value} (art. 4c)`);
  if (value % 10 || NO_TOTAL.includes(value)) {
    throw entry.error("value", `roem ${value} is not made of the values 20, 50, 100 and 200 (art. 4c, §8 check 3)`);
  }
  if (names.length && made !== value) throw entry.error("value", `${names.join(" + ")} add up to ${made}, not ${value} (art. 4c)`);
  if (trick !== null && names.length && !ONE_TRICK.has([...names].sort().join("+"))) {
    throw entry.error("items", `${names.join(" + ")} cannot lie in one trick (art. 4c, K-D5: only the longest run counts; stuk adds to it)`);
  }
  if (trick !== null && !ONE_TRICK_VALUES.includes(value)) {
    throw entry.error("value", `one trick's roem is ${ONE_TRICK_VALUES.slice(1).join(", ")} (art. 4c, K-D5)`);
  }
  return value;
}
