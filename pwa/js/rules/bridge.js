// Bridge: one duplicate board's score, with the 1930 club rules on revokes and penalties
// (port of backend/rules/bridge.py). Part B (WBF Law 77) gives the contract score; the
// penalties are in bridge_penalties.js. Every board score is seen from NS: NS = -EW.

import { Fields, RecordError, checkInt, isTextOrNumber } from "./fields.js";
import { SEATS, SIDE, assess, neg, signed } from "./bridge_penalties.js";

export const PRESET_ID = "bridge-nbb-1930";
export const FIELDS = ["board", "contract", "declarer", "tricks", "lead", "revokes", "inspections", "adjusted", "ns", "ew"];
const STRAINS = ["C", "D", "H", "S", "NT"];
const ADJUSTED_MARKS = ["AVG+", "AVG", "AVG-"];
const SUITS = ["S", "H", "D", "C"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const BOOK = 6; // tricks needed before the first odd trick
const TRICK_VALUE = { C: 20, D: 20, H: 30, S: 30, NT: 30 }; // §B1; NT's first trick 10 more
const DOUBLING_FACTOR = [1, 2, 4];
const GAME_BONUS = [300, 500]; // §B2, by vulnerable (0/1); a part-score is 50 either way
const SLAM_BONUS = { 6: [500, 750], 7: [1000, 1500] };
const INSULT = [0, 50, 100];
const OVERTRICK = { 1: [100, 200], 2: [200, 400] }; // §B3 doubled / redoubled
const UNDERTRICK = { // §B4 the 1st, 2nd, ... undertrick; the last value repeats
  0: [[50], [100]],
  1: [[100, 200, 200, 300], [200, 300]],
  2: [[200, 400, 400, 600], [400, 600]],
};
// §B6 vulnerability of boards 1..16; boards 17-32 repeat them, and so on.
const BOARD_VULNERABILITY = [
  "None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
  "EW", "Both", "None", "NS", "Both", "None", "NS", "EW",
];

/** The dealer (N/E/S/W) and vulnerability (None/NS/EW/Both) of a board (§B6); throws on `board`. */
export function boardInfo(board) {
  checkInt(board, "board");
  if (board < 1) throw new RecordError("board", `boards are numbered from 1 (§B6), got ${board}`);
  return { dealer: SEATS[(board - 1) % 4], vulnerable: BOARD_VULNERABILITY[(board - 1) % 16] };
}

/** Whether the side of `seat` is vulnerable on a board of this vulnerability. */
export const isVulnerable = (vul, seat) => vul === "Both" || vul === SIDE[seat];

const contractText = (c) => `${c.level}${c.strain}${["", "X", "XX"][c.dbl]}`;

/** Read a contract object {level, strain, dbl}; throws naming the field under `path`. */
export function readContract(value, path = "contract") {
  const c = new Fields(value, path);
  c.only(["level", "strain", "dbl"]);
  const level = c.int("level", 1, 7);
  const strain = c.str("strain", STRAINS);
  const dbl = c.int("dbl", 0, 2, { required: false, fallback: 0 });
  return { level, strain, dbl };
}

/** The score's items [label, points] for declarer's side; negative when down. */
function parts({ level, strain, dbl }, vulnerable, tricks) {
  const need = level + BOOK;
  const v = vulnerable ? 1 : 0;
  if (tricks < need) {
    const ladder = UNDERTRICK[dbl][v];
    const down = need - tricks;
    let total = 0;
    for (let i = 0; i < down; i++) total += ladder[Math.min(i, ladder.length - 1)];
    return [[`${down} down`, -total]];
  }
  const trickScore = (TRICK_VALUE[strain] * level + (strain === "NT" ? 10 : 0)) * DOUBLING_FACTOR[dbl];
  const out = [["trick score", trickScore]];
  out.push(trickScore >= 100 ? ["game", GAME_BONUS[v]] : ["part-score", 50]);
  if (SLAM_BONUS[level]) out.push([level === 7 ? "grand slam" : "small slam", SLAM_BONUS[level][v]]);
  if (dbl) out.push(["insult", INSULT[dbl]]);
  const over = tricks - need;
  if (over) {
    const each = dbl ? OVERTRICK[dbl][v] : TRICK_VALUE[strain];
    out.push([`${over} overtrick${over > 1 ? "s" : ""}`, over * each]);
  }
  return out;
}

const total = (items) => items.reduce((sum, [, points]) => sum + points, 0);

/** The board score seen from NS: declarer's score, negated when EW declared. */
function scoreNs(contract, declarer, vul, tricks) {
  const declared = total(parts(contract, isVulnerable(vul, declarer), tricks));
  return SIDE[declarer] === "NS" ? declared : neg(declared);
}

/** The explain line of the contract score (§B1-B5). */
function explainContract(contract, declarer, vul, tricks) {
  const vulnerable = isVulnerable(vul, declarer);
  const items = parts(contract, vulnerable, tricks);
  const sum = total(items);
  const text = sum < 0
    ? `${items[0][0]} ${["undoubled", "doubled", "redoubled"][contract.dbl]}`
    : items.map(([label, points]) => `${label} ${points}`).join(" + ");
  const ns = SIDE[declarer] === "NS" ? sum : neg(sum);
  const state = vulnerable ? "vulnerable" : "not vulnerable";
  return `Bridge §B1-B5: ${contractText(contract)} by ${declarer} (${state}), ${tricks} tricks: ${text} = ${sum} for ${SIDE[declarer]}: NS ${signed(ns)}`;
}

/** Read the optional `seats`: a player id per seat, no player twice. */
function readSeats(f) {
  const seats = f.obj("seats");
  if (!seats) return;
  seats.only(SEATS);
  const players = new Map();
  for (const seat of SEATS) {
    const player = seats.str(seat);
    if (!player) throw seats.error(seat, "must be a player id, not empty");
    if (players.has(player)) throw seats.error(seat, `${JSON.stringify(player)} already sits ${players.get(player)}; one seat each`);
    players.set(player, seat);
  }
}

/** Read board, seats, pairs and dealer: [dealer, vulnerable, explain]. */
function boardContext(f) {
  const board = f.int("board");
  const { dealer, vulnerable } = boardInfo(board);
  readSeats(f);
  for (const name of ["ns", "ew"]) {
    const value = f.raw(name);
    if (value !== null && !isTextOrNumber(value)) {
      throw f.error(name, "must be a pair id: a text or a number");
    }
  }
  if (f.has("ns") && f.raw("ns") === f.raw("ew")) throw f.error("ew", "a pair cannot sit both NS and EW");
  const given = f.str("dealer", SEATS, { required: false });
  if (given !== null && given !== dealer) throw f.error("dealer", `board ${board} is dealt by ${dealer} (§B6), not ${given}`);
  return [dealer, vulnerable, [`Bridge §B6: board ${board}: dealer ${dealer}, vulnerable ${vulnerable}`]];
}

/** Whether `text` is a card in the record's notation: S/H/D/C + 2..10, J, Q, K, A ("D10"). */
export const isCard = (text) => typeof text === "string" && text.length >= 2 && SUITS.includes(text[0]) && RANKS.includes(text.slice(1));

/** The optional opening lead's explain line (it never changes the score), or null. */
function readLead(f, declarer) {
  if (!f.has("lead")) return null;
  const card = f.raw("lead");
  if (!isCard(card)) {
    throw f.error("lead", `must be a card like 'H7', 'SA' or 'D10' (suit S/H/D/C), got ${JSON.stringify(card)}`);
  }
  const leader = SEATS[(SEATS.indexOf(declarer) + 1) % 4];
  return `Bridge §1-Algemeen: lead: ${SUIT_SIGNS[card[0]]}${card.slice(1)} by ${leader} (V, left of declarer); it does not change the score`;
}

const ZERO = () => ({ N: 0, E: 0, S: 0, W: 0 });

/** An artificial adjusted score (§A4, B-D7): no board score. */
function adjusted(f, dealer, vulnerable, explain) {
  const adj = f.obj("adjusted");
  adj.only(["ns", "ew"]);
  const marks = { NS: adj.str("ns", ADJUSTED_MARKS), EW: adj.str("ew", ADJUSTED_MARKS) };
  for (const name of ["contract", "declarer", "tricks", "lead", "revokes", "inspections"]) {
    if (f.has(name) && (!["revokes", "inspections"].includes(name) || f.list(name).length)) {
      throw f.error(name, "an adjusted board has no result at the table (§A4, B-D7)");
    }
  }
  explain.push(`Bridge §A4 (B-D7, Law 12C2): artificial adjusted score NS ${marks.NS}, EW ${marks.EW}; no board score`);
  return { points: ZERO(), score: null, vulnerable, dealer, adjusted: marks, counts: true, markers: ["adjusted"], explain };
}

/** A passed-out board: 0, with no play and so no penalties. */
function passedOut(f, dealer, vulnerable, explain) {
  for (const name of ["revokes", "inspections"]) {
    if (f.list(name).length) throw f.error(name, "a passed-out board has no play, so no penalties (§A3.9)");
  }
  for (const name of ["declarer", "tricks", "lead"]) {
    if (f.has(name)) throw f.error(name, "a passed-out board has no declarer, no lead and no tricks");
  }
  explain.push("Bridge §B5: passed out: 0");
  return { points: ZERO(), score: 0, vulnerable, dealer, counts: true, markers: ["passed_out"], explain };
}

/** Score one board: the contract (Part B) plus the seed's penalties (§A3), seen from NS. */
export function score(f, rules) {
  const [dealer, vulnerable, explain] = boardContext(f);
  if (f.has("adjusted")) return adjusted(f, dealer, vulnerable, explain);
  if (!Object.hasOwn(f.data, "contract")) {
    throw f.error("contract", "is required: the final contract, or null when passed out");
  }
  if (!f.has("contract")) return passedOut(f, dealer, vulnerable, explain);
  const contract = readContract(f.raw("contract"));
  const declarer = f.str("declarer", SEATS);
  const tricks = f.int("tricks", 0, 13);
  const lead = readLead(f, declarer);
  const contractNs = (declarerTricks) => scoreNs(contract, declarer, vulnerable, declarerTricks);
  const judged = assess(f, rules, contract.dbl, declarer, tricks, contractNs);
  if (judged.tricks !== tricks) explain.push(`Bridge §2b: tricks after the revoke transfer: ${judged.tricks}`);
  explain.push(explainContract(contract, declarer, vulnerable, judged.tricks), ...judged.explain);
  const contractScore = contractNs(judged.tricks);
  const boardScore = contractScore + judged.pointsToNs;
  if (judged.pointsToNs) {
    explain.push(`Bridge §A3.7 (B-D1): NS ${signed(contractScore)} ${signed(judged.pointsToNs)} penalty points = NS ${signed(boardScore)}`);
  }
  if (lead) explain.push(lead);
  const made = judged.tricks >= contract.level + BOOK;
  const out = {
    points: { N: boardScore, E: neg(boardScore), S: boardScore, W: neg(boardScore) },
    score: boardScore, vulnerable, dealer, contract_score: contractScore,
  };
  if (judged.revokes.length) out.revokes = judged.revokes;
  return { ...out, counts: true, markers: [made ? "made" : "down", ...judged.markers], explain };
}
