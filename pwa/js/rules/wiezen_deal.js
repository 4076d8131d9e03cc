// Read the facts of a wiezen contract (declarers, tricks, miseries) and score it (§3, §6)
// (port of backend/rules/wiezen_deal.py).

import { checkInt } from "./fields.js";
import {
  MISERIES, SPECIALS, TRICK_GAMES, addRows, makeRow, scoreSpecial, scoreTrickGame, specialValue,
} from "./wiezen_contracts.js";
import { activeSeat, misplayTricks, settleMisplay, transferWords } from "./wiezen_misplay.js";

/** Read `declarers`: `count` distinct active seats (§6.2). */
export function readDeclarers(f, table, count, name) {
  const raw = f.list("declarers", { required: true });
  if (raw.length !== count) {
    const need = count === 2 ? "2 distinct active seats" : "exactly 1 active seat";
    throw f.error("declarers", `${name} is played by ${need}, got ${raw.length}`);
  }
  const seats = [];
  raw.forEach((value, i) => {
    const path = `declarers[${i}]`;
    const seat = activeSeat(checkInt(value, f.at(path), 1, table.size), path, f, table);
    if (seats.includes(seat)) throw f.error(path, `seat ${seat} is named twice; ${name} needs 2 different seats`);
    seats.push(seat);
  });
  return seats;
}

/** Read a contract's facts and score it; a misplay settles it by ART 10 instead. */
export function scoreContract(f, code, table, after, misplay, options) {
  let row;
  if (MISERIES.includes(code)) {
    for (const name of ["declarers", "tricks"]) {
      if (f.has(name)) throw f.error(name, "a miserie deal lists its players and tricks in 'miserie'");
    }
    row = miseries(f, code, table, after, misplay, options);
  } else if (f.has("miserie")) {
    throw f.error("miserie", `is only for a miserie deal (MIS, OMIS), not ${code}`);
  } else if (Object.hasOwn(TRICK_GAMES, code)) {
    row = trickGame(f, code, table, after, misplay, options);
  } else {
    row = special(f, code, table, after, misplay, options);
  }
  return misplay === null ? row : settleMisplay(row, misplay, table, options);
}

function trickGame(f, code, table, after, misplay, options) {
  const game = TRICK_GAMES[code];
  const declarers = readDeclarers(f, table, game.declarers, game.name);
  let tricks = f.int("tricks", 0, 13, { required: misplay === null });
  if (misplay !== null) tricks = misplayTricks(misplay, declarers);
  const factor = after ? options.pas_rond_factor : 1;
  const row = scoreTrickGame(code, declarers, tricks, table, factor, options);
  if (misplay !== null) row.explain.unshift(transferWords(misplay, declarers, tricks));
  return row;
}

function special(f, code, table, after, misplay, options) {
  const game = SPECIALS[code];
  const declarer = readDeclarers(f, table, 1, game.name)[0];
  const tricks = f.int("tricks", 0, 13, { required: misplay === null });
  const [value, notes] = specialValue(code, after, options);
  const [made, how] = misplay !== null
    ? [misplay.offender !== declarer, `by ART 10 (seat ${misplay.offender} misplayed)`]
    : [game.lo <= tricks && tricks <= game.hi, `with ${tricks} tricks`];
  const row = scoreSpecial(code, declarer, made, how, table, value);
  row.explain.push(...notes);
  return row;
}

/** Score each miserie on its own against every other active player, and add (W-D16). */
function miseries(f, code, table, after, misplay, options) {
  const entries = f.objs("miserie", { required: true });
  if (!entries.length) throw f.error("miserie", "names nobody; a miserie deal needs at least one player");
  const seats = [];
  for (const entry of entries) {
    entry.only(["seat", "open", "tricks"]);
    const seat = activeSeat(entry.int("seat", 1, table.size), "seat", entry, table);
    if (seats.includes(seat)) throw entry.error("seat", `seat ${seat} plays miserie only once`);
    seats.push(seat);
  }
  if (seats.length === table.active.length) {
    throw f.error("miserie", "every active player plays miserie; one must not (W-D16)");
  }
  const others = table.active.filter((s) => !seats.includes(s));
  const rows = [];
  const opens = [];
  let totalTricks = 0;
  entries.forEach((entry, i) => {
    const seat = seats[i];
    opens.push(entry.bool("open", code === "OMIS"));
    const sub = opens[i] ? "OMIS" : "MIS";
    // a miserie player's misplay loses his own; anybody else's makes them all (ART 10)
    const decided = misplay !== null && (misplay.offender === seat || others.includes(misplay.offender));
    const tricks = entry.int("tricks", 0, 13, { required: !decided });
    totalTricks += tricks || 0;
    const [value, notes] = specialValue(sub, after, options);
    const [made, how] = decided
      ? [misplay.offender !== seat, `by ART 10 (seat ${misplay.offender} misplayed)`]
      : [tricks === 0, `with ${tricks} tricks`];
    const row = scoreSpecial(sub, seat, made, how, table, value);
    rows.push(makeRow(row.points, [...row.explain, ...notes], row.markers));
  });
  if (totalTricks > 13) throw f.error("miserie", `its players took ${totalTricks} tricks; a deal has 13`);
  if ((code === "OMIS") !== opens.every(Boolean)) {
    throw f.error("contract", "is OMIS when every miserie is open, otherwise MIS (§6.1)");
  }
  const explain = rows.flatMap((r) => r.explain);
  if (rows.length > 1) explain.push(`Decision W-D16: ${rows.length} miseries settled separately and added`);
  const markers = [...new Set(rows.flatMap((r) => r.markers))].sort();
  return makeRow(addRows(table, rows), explain, markers, seats);
}
