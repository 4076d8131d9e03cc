// Bridge penalties of the 1930 club rules: revokes (§2b) and looking at a quitted trick (§2g)
// (port of backend/rules/bridge_penalties.py). Option P is 150 points (x2 doubled, x4
// redoubled), option T up to two tricks from the offending side (B-D3); later revokes get
// points only (B-D4); a card withheld again is penalised once (B-D5); dummy's revoke is
// declarer's (B-D8); a quitted trick looked at costs 50 (B-D6); a wrongly claimed penalty is void.

import { RecordError } from "./fields.js";

export const SEATS = ["N", "E", "S", "W"];
export const SIDE = { N: "NS", S: "NS", E: "EW", W: "EW" };
const SUITS = ["S", "H", "D", "C"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const REVOKE_POINTS = 150; // §2b "150 strafpunten"
const REVOKE_TRICKS = 2; // §2b "twee slagen van de tegenpartij"
const INSPECTION_POINTS = 50; // §2g
const DOUBLING_FACTOR = [1, 2, 4]; // §2b "verdubbeld of verviervoudigd"
const REVOKE_FIELDS = [
  "trick", "offender", "withheld_card", "offender_tricks_from_revoke_on", "choice",
  "claimed_by", "attention_by", "suggested_by", "wrong_penalty", "late",
];
const INSPECTION_FIELDS = ["trick", "inspector", "claimed_by", "attention_by", "suggested_by", "wrong_penalty"];

/** Negate without producing -0. */
export const neg = (n) => 0 - n;
/** A whole number with its sign, like Python's f"{n:+d}". */
export const signed = (n) => (n >= 0 ? `+${n}` : `${n}`);
const other = (side) => (side === "NS" ? "EW" : "NS");
const nextSeat = (seat, steps) => SEATS[(SEATS.indexOf(seat) + steps) % 4];

/** The seed's roles: L (declarer), B (dummy), V and A (the defenders). */
function rolesOf(declarer) {
  return {
    declarer,
    dummy: nextSeat(declarer, 2),
    defenders: [nextSeat(declarer, 1), nextSeat(declarer, 3)],
    side: SIDE[declarer],
  };
}

/** Who may claim a penalty for the `favoured` side: L, or either defender (B-D2). */
const claimants = (r, favoured) => (favoured === r.side ? [r.declarer] : r.defenders);

/** Read who offended and who claimed, drew attention to or suggested the penalty. */
function readClaim(r, seatField) {
  const seat = r.str(seatField, SEATS);
  const [claimedBy, attentionBy, suggestedBy] = ["claimed_by", "attention_by", "suggested_by"]
    .map((name) => r.str(name, SEATS, { required: false }));
  for (const [name, who] of [["claimed_by", claimedBy], ["suggested_by", suggestedBy]]) {
    if (who !== null && SIDE[who] === SIDE[seat]) throw r.error(name, `only opponents of ${seat} claim or suggest this penalty (§1)`);
  }
  return { path: r, seat, claimedBy, attentionBy, suggestedBy, wrong: r.bool("wrong_penalty") };
}

/** Read one revoke (§A3.9), checking the tricks it may move against `tricks`. */
function readRevoke(r, roles, tricks) {
  r.only(REVOKE_FIELDS);
  const claim = readClaim(r, "offender");
  const trick = r.int("trick", 1, 13, { required: false });
  let card = null;
  if (r.has("withheld_card")) {
    card = r.raw("withheld_card");
    if (typeof card !== "string" || card.length < 2 || !SUITS.includes(card[0]) || !RANKS.includes(card.slice(1))) {
      throw r.error("withheld_card", `must be a card like 'H7', 'SA' or 'D10' (suit S/H/D/C), got ${JSON.stringify(card)}`);
    }
  }
  const side = SIDE[claim.seat];
  const all = side === roles.side ? tricks : 13 - tricks;
  const fromOn = r.int("offender_tricks_from_revoke_on", null, null, { required: false });
  if (fromOn !== null) {
    let [low, high] = [0, all];
    if (trick !== null) [low, high] = [Math.max(0, all - (trick - 1)), Math.min(all, 14 - trick)]; // tricks before are protected
    if (fromOn < low || fromOn > high) {
      const where = trick !== null ? ` from trick ${trick} on` : "";
      throw r.error("offender_tricks_from_revoke_on", `must be between ${low} and ${high}: ${side} took ${all} tricks in all${where} (§A3.9), got ${fromOn}`);
    }
  }
  const choice = r.str("choice", ["P", "T"], { required: false });
  if (choice === "T" && fromOn === null) throw r.error("offender_tricks_from_revoke_on", "is required when choice is T (§A3.9)");
  return { claim, trick, card, fromOn, choice, late: r.bool("late") };
}

/** Why a claimed penalty is void under §A3.5, or null when it stands. */
function voidReason(claim, r, rules) {
  if (!rules.claim_validity) return null;
  const favoured = other(SIDE[claim.seat]);
  if (favoured === r.side && claim.attentionBy === r.dummy) {
    return "dummy drew attention to the opponents' infraction, so L may not claim (§1-Blinde)";
  }
  const may = claimants(r, favoured);
  for (const [who, verb] of [[claim.claimedBy, "claimed"], [claim.suggestedBy, "suggested"]]) {
    if (who !== null && !may.includes(who)) return `${who}, the claimant's partner, ${verb} the penalty (§1-Overige)`;
  }
  return claim.wrong ? "a penalty other than the correct one was claimed, so it lapses (§1-Overige)" : null;
}

/**
 * Apply the board's revokes and inspections (§A3.8): {tricks, pointsToNs, explain, revokes, markers}.
 * `contractNs(tricks)` is the contract's NS score for declarer's side taking `tricks`.
 */
export function assess(f, rules, dbl, declarer, tricks, contractNs) {
  const r = rolesOf(declarer);
  const revokes = f.objs("revokes").map((rv) => readRevoke(rv, r, tricks));
  let last = 0;
  for (const rv of revokes) {
    if (rv.trick === null) continue;
    if (rv.trick < last) throw rv.claim.path.error("trick", "revokes are listed in the order they happened");
    last = rv.trick;
  }
  const s = { tricks, dbl, r, rules, contractNs, points: 0, explain: [], results: [], withheld: new Map(), sidesRevoked: new Set() };
  for (const rv of revokes) revoke(s, rv);
  for (const i of f.objs("inspections")) {
    i.only(INSPECTION_FIELDS);
    i.int("trick", 1, 13, { required: false });
    inspection(s, readClaim(i, "inspector"));
  }
  const markers = revokes.length ? ["revoke"] : [];
  if (s.points || s.tricks !== tricks) markers.push("penalty");
  return { tricks: s.tricks, pointsToNs: s.points, explain: s.explain, revokes: s.results, markers };
}

/** Apply one revoke to the running state `s` (§2b, B-D2..B-D5, B-D8, B-D9). */
function revoke(s, rv) {
  const offender = rv.claim.seat;
  const side = SIDE[offender];
  let head = `Bridge §2b: revoke by ${offender}${rv.trick ? ` in trick ${rv.trick}` : ""}`;
  const result = { offender, side, trick: rv.trick };
  s.results.push(result);
  if (rv.card !== null) {
    if (s.withheld.has(rv.card)) {
      if (s.withheld.get(rv.card) !== offender) {
        throw rv.claim.path.error("withheld_card", `${rv.card} was withheld by ${s.withheld.get(rv.card)}: one card, one hand`);
      }
      result.penalty = "repeat";
      s.explain.push(`${head}: ${rv.card} withheld again, penalised once (B-D5)`);
      return;
    }
    s.withheld.set(rv.card, offender);
  }
  if (offender === s.r.dummy && s.rules.dummy_revoke === "none") {
    result.penalty = "none";
    s.explain.push(`${head}: dummy's revoke is not penalised (option dummy_revoke)`);
    return;
  }
  const later = s.rules.later_revoke_scope === "deal" ? s.sidesRevoked.size > 0 : s.sidesRevoked.has(side);
  s.sidesRevoked.add(side);
  if (offender === s.r.dummy) head += " (dummy's cards: declarer's revoke, B-D8)";
  const factor = later && s.rules.later_revoke_points === "flat" ? 1 : DOUBLING_FACTOR[s.dbl];
  const pPoints = REVOKE_POINTS * factor;
  const toNs = side === "EW" ? pPoints : -pPoints;
  let why = rv.late ? "claimed after the next board was started (B-D9)" : voidReason(rv.claim, s.r, s.rules);
  if (!why && later && rv.choice === "T" && s.rules.later_revoke_choice_t === "void") {
    why = "T was claimed for a later revoke, which gives points only (§A3.5)";
  }
  if (why) {
    result.penalty = "void";
    s.explain.push(`${head}: no penalty: ${why}`);
    return;
  }
  const optionP = s.contractNs(s.tricks) + toNs;
  if (later) {
    Object.assign(result, { penalty: "P", points_to_ns: toNs });
    s.points += toNs;
    s.explain.push(`${head}: a later revoke gets points only (B-D4): ${REVOKE_POINTS} x ${factor} = ${pPoints} to ${other(side)}`);
    return;
  }
  const moved = rv.fromOn === null ? null : Math.min(REVOKE_TRICKS, rv.fromOn);
  const tTricks = moved === null ? null : side === s.r.side ? s.tricks - moved : s.tricks + moved;
  const optionT = tTricks === null ? null : s.contractNs(tTricks);
  result.options = { P: optionP, T: optionT };
  let choice = rv.choice;
  let how = "chose";
  if (choice === null) {
    const gain = optionT === null ? 0 : (optionT - optionP) * (side === "EW" ? 1 : -1);
    choice = gain > 0 && s.rules.revoke_default_choice !== "P" ? "T" : "P";
    how = "get by default (B-D2)";
  }
  const tText = moved === null ? "cannot be evaluated" : `${moved} tricks = NS ${signed(optionT)}`;
  s.explain.push(`${head}: option P = NS ${signed(optionP)}, option T (${tText}); ${other(side)} ${how} ${choice}`);
  if (choice === "T") {
    Object.assign(result, { penalty: "T", tricks_moved: moved });
    s.tricks = tTricks;
  } else {
    Object.assign(result, { penalty: "P", points_to_ns: toNs });
    s.points += toNs;
  }
}

/** Apply one look at a quitted trick (§2g, B-D6). */
function inspection(s, claim) {
  const side = SIDE[claim.seat];
  const head = `Bridge §2g: ${claim.seat} looked at a quitted trick`;
  if (claim.claimedBy === null) {
    s.explain.push(`${head}: not claimed, nothing scored (§A3.6)`);
    return;
  }
  const why = voidReason(claim, s.r, s.rules);
  if (why) {
    s.explain.push(`${head}: no penalty: ${why}`);
    return;
  }
  const points = INSPECTION_POINTS * (s.rules.inspection_scaled ? DOUBLING_FACTOR[s.dbl] : 1);
  s.points += side === "EW" ? points : -points;
  s.explain.push(`${head}: ${claim.claimedBy} claims ${points} for ${other(side)}`);
}
