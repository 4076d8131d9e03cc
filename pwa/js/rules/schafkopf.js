// Schafkopf by the TSV Lengfeld 1876 rules, Spielregeln Nr. 1-10 (port of
// backend/rules/schafkopf.py). Seats 1-4; every list line sums to 0 (Nr. 7).

import {
  DECLARER_SCHNEIDER, SEATS, WIN_AUGEN, augenProblem, judgeFault, loserLevel, readFault,
} from "./schafkopf_fault.js";

export const GAME = "schafkopf";
export const PRESET_ID = "schafkopf-tsv-lengfeld";
export const FIELDS = [
  "durchgang", "type", "declarer", "called_ace", "partner", "decl_augen", "decl_tricks", "fault",
  "laufende", "spritze",
];
const TYPES = ["RUFSPIEL", "SOLO", "TOUT", "NO_GAME"];
const ADMITTED_BY_OPTION = ["WENZ", "GEIER"]; // S-D5: scored exactly like a Solo when admitted
const CALLED_ACES = { EICHEL: "Eichel-Ass", GRAS: "Gras-Ass", SCHELLEN: "Schellen-Ass" };
const NAMES = { RUFSPIEL: "Rufspiel", SOLO: "Solo", TOUT: "Solo-Tout", WENZ: "Wenz", GEIER: "Geier" };
// Nr. 10: the value per player by level: plain, schneider, schwarz; a Tout is a flat 8 (S-D3).
const VALUES = { RUFSPIEL: [1, 2, 3], SOLO: [3, 4, 5], TOUT: [8, 8, 8] };
const SCORED_AS = { RUFSPIEL: "RUFSPIEL", SOLO: "SOLO", TOUT: "TOUT", WENZ: "SOLO", GEIER: "SOLO" };
const SHARE = { RUFSPIEL: 1, SOLO: 3, TOUT: 3 }; // units of the value each declaring player gets
const LEVEL_WORDS = ["", " schneider", " schwarz"];
const MAX_LAUFENDE = 14;
const signed = (n) => (n >= 0 ? `+${n}` : `${n}`);

/** Score one game line: points per seat, the solo dot, and the working. */
export function score(f, options) {
  readSeats(f);
  f.int("dealer", 1, 4, { required: false });
  f.int("durchgang", 1, null, { required: false });
  const kind = readType(f, options);
  if (f.bool("spritze")) throw f.error("spritze", "Spritze ist nicht gestattet: no doubling (Schafkopf Nr. 2)");
  const laufende = f.int("laufende", 0, MAX_LAUFENDE, { required: false });
  const notes = laufende === null ? []
    : [`Schafkopf Nr. 2: ${laufende} Laufende recorded; they change nothing ('Laufende werden nicht gezählt').`];
  if (kind === "NO_GAME") return noGame(f, notes);
  const declarer = f.int("declarer", 1, 4);
  const [declaring, explain] = readSides(f, kind, declarer);
  const scored = SCORED_AS[kind];
  const fault = readFault(f.obj("fault"));
  const result = readResult(f, fault === null || fault.corrected);
  let outcome;
  if (fault !== null && !fault.corrected) {
    outcome = judgeFault(fault, scored, declaring, options);
  } else {
    if (fault !== null) explain.push(fault.correctedNote());
    outcome = judgePlayed(scored, ...result, options);
  }
  explain.push(...outcome.explain);
  const value = VALUES[scored][outcome.level];
  explain.push(valueSentence(kind, scored, outcome.level, value));
  let points = settle(scored, declaring, outcome.won, value);
  const markers = scored === "RUFSPIEL" ? [] : ["solo_dot"];
  if (fault !== null && !fault.corrected) {
    explain.push(fault.minusNote(points, declaring));
    points = fault.takeAllMinus(points, declaring);
    markers.push("penalty", fault.kind.toLowerCase());
  }
  explain.push(pointsSentence(points));
  if (scored !== "RUFSPIEL") explain.push("Schafkopf Nr. 7: a solo line, marked with the dot.");
  return {
    points: Object.fromEntries(SEATS.map((s) => [String(s), points[s]])),
    value,
    won: outcome.won,
    schneider: outcome.level >= 1,
    schwarz: outcome.level === 2,
    declaring: declaring.map(String),
    counts: true,
    markers,
    explain: [...explain, ...notes],
  };
}

/** Decide a game played out: {won, level, explain} (Nr. 3, S-D1 to S-D3). */
export function judgePlayed(scored, augen, tricks, options) {
  if (scored === "TOUT") {
    const won = tricks === 8;
    const verdict = won ? "won" : "lost: a trick went to the defenders";
    return { won, level: 0, explain: [`Schafkopf Nr. 2: Tout with ${tricks} of 8 tricks, ${verdict} (S-D3: a Tout is won only with all 8 tricks).`] };
  }
  const says = `Schafkopf Nr. 3: the declaring side has ${augen} Augen in ${tricks} tricks`;
  if (augen >= WIN_AUGEN) {
    const [level, why] = loserLevel("the defenders", 120 - augen, 8 - tricks, options.schneider_defender_limit);
    return { won: true, level, explain: [`${says}, 61 or more: won; ${why} (S-D1).`] };
  }
  const [level, why] = loserLevel("the declaring side", augen, tricks, DECLARER_SCHNEIDER);
  return { won: false, level, explain: [`${says}, 60 or fewer: lost; ${why}.`] };
}

/** Pay the game per player (S-D4): each opponent pays or receives the value. */
export function settle(scored, declaring, won, value) {
  const sign = won ? 1 : -1;
  return Object.fromEntries(SEATS.map((s) => [s, declaring.includes(s) ? sign * value * SHARE[scored] : -sign * value]));
}

function readSeats(f) {
  const seats = f.obj("seats", { required: true });
  const names = Object.keys(seats.data);
  if (names.length !== 4 || !["1", "2", "3", "4"].every((n) => names.includes(n))) {
    throw f.error("seats", "must name the players of seats 1, 2, 3 and 4 (Nr. 1)");
  }
  const seen = {};
  for (const seat of ["1", "2", "3", "4"]) {
    const player = seats.str(seat);
    if (!player) throw seats.error(seat, "must be a player id");
    if (Object.hasOwn(seen, player)) throw seats.error(seat, `player ${JSON.stringify(player)} already sits at seat ${seen[player]}`);
    seen[player] = seat;
  }
}

function readType(f, options) {
  const kind = f.str("type", [...TYPES, ...ADMITTED_BY_OPTION]);
  if (ADMITTED_BY_OPTION.includes(kind) && !options.admit_wenz_geier) {
    throw f.error("type", `${kind} is not played: Nr. 2 admits Rufspiel, Solo and Solo-Tout only` +
      " (S-D5; a rule set may admit Wenz and Geier with admit_wenz_geier)");
  }
  return kind;
}

function noGame(f, notes) {
  for (const name of ["declarer", "partner", "called_ace", "decl_augen", "decl_tricks", "fault"]) {
    if (f.has(name)) throw f.error(name, "must be left out when nobody plays (NO_GAME)");
  }
  return {
    points: Object.fromEntries(SEATS.map((s) => [String(s), 0])),
    counts: false,
    markers: ["no_game"],
    explain: ["Schafkopf Nr. 2: nobody plays, so the same dealer deals again; 0 for every seat," +
      " and the deal is not one of the 30 games (S-D6).", ...notes],
  };
}

function readSides(f, kind, declarer) {
  if (kind !== "RUFSPIEL") {
    for (const name of ["partner", "called_ace"]) {
      if (f.has(name)) throw f.error(name, `a ${NAMES[kind]} has none: the Alleinspieler plays alone against three (Schafkopf Nr. 2)`);
    }
    return [[declarer], [`Schafkopf Nr. 2: ${NAMES[kind]} of seat ${declarer}.`]];
  }
  const called = f.str("called_ace", Object.keys(CALLED_ACES), { required: false });
  const partner = f.int("partner", 1, 4);
  if (partner === declarer) {
    throw f.error("partner", "must be another seat than the declarer: the holder of the called ace plays with him (Schafkopf Nr. 2)");
  }
  const ace = called ? `the ${CALLED_ACES[called]}` : "the called ace";
  const others = SEATS.filter((s) => s !== declarer && s !== partner).join(" and ");
  return [[declarer, partner].sort((a, b) => a - b), [
    `Schafkopf Nr. 2: Rufspiel of seat ${declarer} with seat ${partner}, who holds ${ace}; seats ${others} defend.`,
  ]];
}

function readResult(f, required) {
  const augen = f.int("decl_augen", 0, 120, { required });
  const tricks = f.int("decl_tricks", 0, 8, { required });
  if (augen === null || tricks === null) return null;
  const problem = augenProblem(augen, tricks, 120 - augen, 8 - tricks);
  if (problem) throw f.error("decl_augen", problem);
  return [augen, tricks];
}

function valueSentence(kind, scored, level, value) {
  const share = SHARE[scored];
  const soloist = share > 1 ? `; the Alleinspieler ${share} x ${value} = ${share * value}` : "";
  if (scored === "TOUT") return `Schafkopf Nr. 10: Solo-Tout ${value} per player, no extras (S-D3)${soloist}.`;
  const name = NAMES[kind] + (kind !== scored ? " (scored as Solo, S-D5)" : "");
  const sums = [String(VALUES[scored][0]), ...Array(level).fill("1")].join(" + ");
  const worth = level ? `${sums} = ${value}` : String(value);
  return `Schafkopf Nr. 10: ${name}${LEVEL_WORDS[level]} ${worth} per player${soloist}.`;
}

function pointsSentence(points) {
  const cells = SEATS.map((s) => (points[s] ? `seat ${s} ${signed(points[s])}` : `seat ${s} 0`)).join(", ");
  return `Points: ${cells}; the line sums to 0 (Schafkopf Nr. 7).`;
}
