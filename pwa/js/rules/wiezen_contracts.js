// Score a wiezen contract: the ART 7 trick games and the ART 8 special games
// (port of backend/rules/wiezen_contracts.py). The score tables are data.

// A per tricks 0..13 of the declaring side, before the pas-rond factor (Wiezen §3.2).
export const AMOUNTS = {
  "VRAAG:8": [-20, -18, -16, -14, -12, -10, -8, -6, 2, 3, 4, 5, 6, 14],
  "TROEL:8": [-20, -18, -16, -14, -12, -10, -8, -6, 4, 6, 8, 10, 12, 28],
  "TROEL:9": [-22, -20, -18, -16, -14, -12, -10, -8, -6, 4, 6, 8, 10, 24],
  "ALLEEN:5": [-14, -12, -10, -8, -6, 2, 3, 4, 5, 6, 7, 8, 9, 20],
};

// name, declarers (2 = partners, 1 = alone), target (null: option troel_target, W-D13)
export const TRICK_GAMES = {
  VRAAG: { name: "vraag/mee", declarers: 2, target: 8 },
  TROEL: { name: "troel", declarers: 2, target: null },
  ALLEEN: { name: "alleen", declarers: 1, target: 5 },
};

const sp = (name, lo, hi, value) => ({ name, lo, hi, value });
// made with lo..hi tricks of its declarer; V paid by / to each other active player (ART 8)
export const SPECIALS = {
  AB9: sp("abondance 9", 9, 13, 5),
  AB9T: sp("abondance 9 in troef", 9, 13, 5),
  AB10: sp("abondance 10", 10, 13, 7),
  AB10T: sp("abondance 10 in troef", 10, 13, 7),
  MIS: sp("miserie", 0, 0, 10),
  AB11: sp("abondance 11", 11, 13, 10),
  AB11T: sp("abondance 11 in troef", 11, 13, 10),
  AB12: sp("abondance 12", 12, 13, 12),
  AB12T: sp("abondance 12 in troef", 12, 13, 12),
  OMIS: sp("open miserie", 0, 0, 20),
  SOLO: sp("solo (slem)", 13, 13, 30),
  SOLOSLIM: sp("solo slim (solo in troef)", 13, 13, 40),
};
export const MISERIES = ["MIS", "OMIS"];
export const CODES = [...Object.keys(TRICK_GAMES), ...Object.keys(SPECIALS), "PAS_ROND"];

/** The table: its size (4 or 5), dealer, all seats and the active seats (W-D2). */
export function makeTable(size, dealer) {
  const seats = Array.from({ length: size }, (_, i) => i + 1);
  return { size, dealer, seats, active: seats.filter((s) => size === 4 || s !== dealer) };
}

/** One row of the list: points per seat with its working and marks. */
export const makeRow = (points, explain = [], markers = [], declarers = [], pair = false, tricks = null) =>
  ({ points, explain, markers, declarers, pair, tricks });

/** Python's `{n:+d}`. */
export const signed = (n) => (n >= 0 ? `+${n}` : `${n}`);

/** Name seats for an explanation: 'seat 2' or 'seats 2 + 4'. */
export function seatWords(seats) {
  const listed = [...seats].sort((a, b) => a - b);
  return (listed.length === 1 ? "seat " : "seats ") + listed.join(" + ");
}

/** Every seat at 0. */
export const zeros = (table) => Object.fromEntries(table.seats.map((s) => [s, 0]));

/** Settle one lone declarer against every other active player: `amount` each. */
export function settle(table, declarer, amount) {
  const points = zeros(table);
  for (const seat of table.active) points[seat] = -amount;
  points[declarer] = amount * (table.active.length - 1);
  return points;
}

/** Score VRAAG, TROEL or ALLEEN with the declaring side's tricks (ART 6, 7, 9). */
export function scoreTrickGame(code, declarers, tricks, table, factor, options) {
  const game = TRICK_GAMES[code];
  const target = game.target || options.troel_target;
  let amount = AMOUNTS[`${code}:${target}`][tricks];
  const made = tricks >= target;
  let words;
  if (made) {
    const factors = (tricks === 13 ? " × 2 rond (ART 6)" : "") + (code === "TROEL" ? " × 2 troel won (ART 7)" : "");
    words = factors ? `(2 + ${tricks - target})${factors}` : `2 + ${tricks - target}`;
  } else {
    words = `-(2 + ${target - tricks}) × 2 (ART 7)` + (code === "TROEL" ? ", a lost troel not doubled again" : "");
  }
  const result = made ? "made" : "failed";
  const explain = [
    `Wiezen ART 7: ${game.name} by ${seatWords(declarers)} ${result} with ${tricks} tricks` +
      ` (${target} needed): A = ${words} = ${signed(amount)}`,
  ];
  if (factor !== 1) {
    explain.push(`Wiezen ART 9: after a pas rond ×${factor}: A = ${signed(amount * factor)}`);
    amount *= factor;
  }
  const markers = [result, ...(made && tricks === 13 ? ["rond"] : [])];
  let points;
  if (game.declarers === 1) {
    points = settle(table, declarers[0], amount);
    explain.push(`seat ${declarers[0]} ${signed(points[declarers[0]])}, the others ${signed(-amount)} each`);
  } else {
    points = zeros(table);
    for (const seat of table.active) points[seat] = declarers.includes(seat) ? amount : -amount;
    explain.push(`${seatWords(declarers)} ${signed(amount)} each, the opponents ${signed(-amount)} each`);
  }
  return makeRow(points, explain, markers, declarers, game.declarers === 2, tricks);
}

/** V of a special game and the note on the pas-rond factor (ART 8, W-D6). */
export function specialValue(code, afterPasRond, options) {
  const value = SPECIALS[code].value;
  if (!afterPasRond) return [value, []];
  if (options.pas_rond_doubles_special) {
    const factor = options.pas_rond_factor;
    return [value * factor, [`club rule: after a pas rond ×${factor}, V = ${value * factor}`]];
  }
  return [value, ["Wiezen ART 8: never doubled; the pas-rond ×2 is used up (W-D6)"]];
}

/** Score one special game of one declarer: ±V from each other active player (W-D7). */
export function scoreSpecial(code, declarer, made, how, table, value) {
  const amount = made ? value : -value;
  const points = settle(table, declarer, amount);
  const result = made ? "made" : "failed";
  const explain = [
    `Wiezen ART 8: ${SPECIALS[code].name} (V = ${value}) by seat ${declarer} ${result} ${how}:` +
      ` seat ${declarer} ${signed(points[declarer])}, the others ${signed(-amount)} each`,
  ];
  return makeRow(points, explain, [result], [declarer]);
}

/** Add the points of rows seat by seat. */
export function addRows(table, rows) {
  const total = zeros(table);
  for (const row of rows) for (const [seat, p] of Object.entries(row.points)) total[seat] += p;
  return total;
}
