// Klaverjassen, Amsterdams: score one deal by the club rulebook (art. 4, 5, 14, 15, SB-6)
// (port of backend/rules/klaverjas.py). Every player writes his own pair's points (art. 15a),
// so a row is not zero-sum: NS + EW = 162 + all roem (+100 for pit).

import { RecordError } from "./fields.js";
import {
  PAIRS, PAIR_NAMES, PICTURES, SEATS, SUITS, TOTAL, TRICKS,
  checkCards, factsLine, nextSeat, pairOf, readCounts, readRoem, readSeats, readVerzaakt,
} from "./klaverjas_facts.js";

export const PRESET_ID = "klaverjas-amsterdams";
export const FIELDS = ["type", "partij", "forced", "trump", "playing", "card_points", "tricks", "roem", "verzaakt", "hand"];
const DEAL = "DEAL";
const REDEAL = "REDEAL_NO_PICTURE";
const OTHER = { NS: "EW", EW: "NS" };

/** K-D8: what the innocent pair gets on top of 162 after a revoke. */
const VERZAKEN_ROEM = {
  all: ["all roem", (roem) => roem.NS + roem.EW],
  own: ["its own roem", (roem, innocent) => roem[innocent]],
  none: ["no roem", () => 0],
};

/** Score one klaverjas deal record: each seat gets its pair's points (art. 15); throws RecordError. */
export function score(f, rules) {
  readSeats(f);
  const dealer = f.str("dealer", SEATS);
  const forced = nextSeat(dealer);
  if (f.raw("forced", forced) !== forced) {
    f.str("forced", SEATS);
    throw f.error("forced", `the forced player sits left of the dealer (art. 3): ${dealer} deals, so ${forced} must play`);
  }
  f.int("partij", 1, rules.partijen_per_evening, { required: false });
  if (f.str("type", [DEAL, REDEAL], { required: false, fallback: DEAL }) === REDEAL) {
    return redeal(f, rules, dealer, forced);
  }
  if (f.has("hand")) throw f.error("hand", "is recorded only for a redeal (SB-6)");
  f.str("trump", SUITS, { required: false });
  const playing = f.str("playing", PAIR_NAMES);
  if (!PAIRS[playing].includes(forced)) {
    throw f.error("playing", `${forced} (left of dealer ${dealer}) must play (art. 3), so ${pairOf(forced)} is the playing pair`);
  }
  const verzaakt = readVerzaakt(f);
  const [cards, tricks] = readCounts(f, verzaakt !== null);
  const roem = readRoem(f, verzaakt ? null : tricks);
  const explain = [factsLine(cards, tricks, roem)];
  const [pairs, markers] = verzaakt
    ? revoked(verzaakt, roem, rules, explain)
    : played(playing, cards, tricks, roem, rules, explain);
  const points = Object.fromEntries(SEATS.map((seat) => [seat, pairs[pairOf(seat)]]));
  explain.push(`Klaverjas art. 15a: every player writes his own pair's points: ${SEATS.map((s) => `${s} ${points[s]}`).join(", ")}`);
  return { points, pairs: { NS: pairs.NS, EW: pairs.EW }, counts: true, markers, explain };
}

/** The pairs' points of a deal played out: pit, made or nat (art. 15a-d). */
function played(playing, cards, tricks, roem, rules, explain) {
  const other = OTHER[playing];
  const bonus = rules.pit_bonus;
  if (tricks[playing] === TRICKS) {
    const own = rules.pit_keeps_roem ? roem[playing] : 0;
    const kept = rules.pit_keeps_roem ? "own roem" : "no roem by this club's rule";
    const total = TOTAL + bonus + own;
    explain.push(`Klaverjas art. 15c: ${playing} took all 8 tricks: pit, 162 + ${bonus} + ${kept} ${own} = ${total} (K-D15)`);
    return [{ [playing]: total, [other]: 0 }, ["pit"]];
  }
  const mine = cards[playing] + roem[playing];
  const theirs = cards[other] + roem[other];
  const versus = `${playing} (playing) ${cards[playing]} + ${roem[playing]} roem = ${mine} against ${other} ${cards[other]} + ${roem[other]} roem = ${theirs}`;
  if (mine > theirs || (mine === theirs && !rules.tie_is_nat)) {
    const tie = mine === theirs ? " (a tie is made by this club's rule)" : "";
    explain.push(`Klaverjas art. 15a, 15d: ${versus}: made${tie}`);
    return [{ [playing]: mine, [other]: theirs }, []];
  }
  let everything = TOTAL + roem.NS + roem.EW;
  const markers = ["nat"];
  const tie = mine === theirs ? " (a tie is nat, K-D6)" : "";
  explain.push(`Klaverjas art. 15b, 15d: ${versus}: no majority${tie}, ${playing} nat`);
  let line = `Klaverjas art. 15b: ${other} get 162 + all roem ${everything - TOTAL} = ${everything}`;
  if (tricks[other] === TRICKS && rules.pit_for_defenders) {
    everything += bonus;
    markers.push("pit");
    line += `, + ${bonus} for pit by this club's rule (K-D7) = ${everything}`;
  }
  explain.push(line);
  return [{ [playing]: 0, [other]: everything }, markers];
}

/** The pairs' points after an established revoke (art. 14, 15e, K-D8). */
function revoked({ pair: offender, by, trick }, roem, rules, explain) {
  const innocent = OTHER[offender];
  const [words, extra] = VERZAKEN_ROEM[rules.verzaken_roem];
  const gets = TOTAL + extra(roem, innocent);
  const who = by ? `${by} (${offender})` : offender;
  const when = trick ? ` in trick ${trick}` : "";
  const option = `K-D8, verzaken_roem = ${rules.verzaken_roem}`;
  explain.push(`Klaverjas art. 14, 15e: ${who} revoked${when}; ${innocent} get 162 + ${words} ${gets - TOTAL} = ${gets} (${option}), ${offender} 0`);
  return [{ [innocent]: gets, [offender]: 0 }, ["verzaakt"]];
}

/** The redeal of SB-6: nothing scored, not one of the 16 deals, the same dealer again. */
function redeal(f, rules, dealer, forced) {
  for (const name of ["trump", "playing", "card_points", "tricks", "roem", "verzaakt"]) {
    if (f.has(name)) throw f.error(name, "a redeal (SB-6) is not played, so it has none");
  }
  const pictures = PICTURES[Boolean(rules.ace_is_picture)];
  if (f.has("hand")) {
    const hand = checkCards(f.raw("hand"), "hand", 8, 8);
    const shown = hand.filter((c) => pictures.includes(c.slice(1)));
    if (shown.length) {
      throw new RecordError("hand", `holds ${shown.join(", ")}: a redeal needs a hand without a picture card (${pictures.join(", ")}; SB-6, K-D4)`);
    }
  }
  const explain = [
    `Klaverjas SB-6: ${forced} (forced to play, left of dealer ${dealer}) has no picture card (${pictures.join(", ")}; K-D4) and had the cards dealt again`,
    `Klaverjas SB-6: ${dealer} deals again; not one of the 16 deals; nothing is scored`,
  ];
  return { points: { N: 0, E: 0, S: 0, W: 0 }, pairs: { NS: 0, EW: 0 }, counts: false, markers: ["redeal"], explain };
}
