// Judge a Schafkopf game at the standing of a fault: wrong Auflegen (Nr. 4), Verwerfen (Nr. 5)
// (port of backend/rules/schafkopf_fault.py), and the Augen arithmetic the scoring shares.

export const SEATS = [1, 2, 3, 4];
const KINDS = ["AUFLEGEN", "VERWERFEN"];
export const WIN_AUGEN = 61; // Nr. 3: "mit 60 Augen verloren"
export const DECLARER_SCHNEIDER = 30; // Nr. 3: "mit 30 Schneider"
// The most Augen n tricks can hold (the 4n highest cards).
const MAX_AUGEN = [0, 44, 84, 100, 112, 120, 120, 120, 120];
const STANDING = ["decl_augen", "decl_tricks", "def_augen", "def_tricks"];

/** A fault: kind, offender, standing, trick, corrected, with the helpers of Nr. 4/5 and S-D10. */
class Fault {
  constructor(kind, offender, standing, trick, corrected) {
    Object.assign(this, { kind, offender, standing, trick, corrected });
    this.rule = kind === "AUFLEGEN" ? "Schafkopf Nr. 4" : "Schafkopf Nr. 5";
  }

  correctedNote() {
    return `${this.rule}: seat ${this.offender} took back his wrong card in trick ${this.trick}` +
      " while the trick lay open, so it changes nothing.";
  }

  /** The offender's side (X). */
  side(declaring) {
    return declaring.includes(this.offender) ? declaring : SEATS.filter((s) => !declaring.includes(s));
  }

  /** Move every minus point of the offender's partners to the offender (S-D10). */
  takeAllMinus(points, declaring) {
    const out = { ...points };
    for (const seat of this.side(declaring)) {
      if (seat !== this.offender && out[seat] < 0) {
        out[this.offender] += out[seat];
        out[seat] = 0;
      }
    }
    return out;
  }

  minusNote(points, declaring) {
    const taken = this.side(declaring)
      .filter((s) => s !== this.offender && points[s] < 0)
      .map((s) => `seat ${s}'s ${points[s]}`);
    const says = `${this.rule}: the offender takes all minus points of his side (S-D10)`;
    if (taken.length) return `${says}: seat ${this.offender} takes ${taken.join(" and ")}.`;
    return `${says}; there are none to move to seat ${this.offender}.`;
  }
}

/** Read the `fault` object of a record (a Fields or null), refusing an impossible standing. */
export function readFault(f) {
  if (f === null) return null;
  f.only(["kind", "offender", "standing", "trick", "corrected"]);
  const kind = f.str("kind", KINDS);
  const offender = f.int("offender", 1, 4);
  const standing = readStanding(f);
  let trick = null;
  if (kind === "AUFLEGEN") {
    for (const name of ["trick", "corrected"]) {
      if (f.has(name)) throw f.error(name, "belongs to a VERWERFEN (Nr. 5), not to a wrong lay-down");
    }
  } else {
    trick = f.int("trick", 1, 8);
    const done = standing.decl_tricks + standing.def_tricks;
    if (trick !== done + 1) {
      throw f.error("trick", `the standing covers tricks 1 to ${done}, so the wrong card was played in trick ${done + 1}, not ${trick} (S-D9)`);
    }
  }
  return new Fault(kind, offender, standing, trick, f.bool("corrected"));
}

function readStanding(f) {
  const s = f.obj("standing", { required: true });
  s.only(STANDING);
  const st = Object.fromEntries(STANDING.map((name) => [name, s.int(name, 0, name.endsWith("tricks") ? 8 : 120)]));
  const done = st.decl_tricks + st.def_tricks;
  const augen = st.decl_augen + st.def_augen;
  if (done > 7) throw f.error("standing", `has ${done} tricks; a fault comes before the 8th trick is done`);
  if (augen > 120) throw f.error("standing", `has ${augen} Augen; the cards hold 120`);
  let problem = augenProblem(st.decl_augen, st.decl_tricks, st.def_augen, st.def_tricks);
  if (!problem && 120 - augen > MAX_AUGEN[8 - done]) {
    problem = `the ${8 - done} tricks still to play cannot hold the other ${120 - augen} Augen`;
  }
  if (problem) throw f.error("standing", problem);
  return st;
}

/** Say why a side cannot have these Augen in these tricks ('' when it can). */
export function augenProblem(declAugen, declTricks, defAugen, defTricks) {
  for (const [side, augen, tricks] of [
    ["the declaring side", declAugen, declTricks],
    ["the defenders", defAugen, defTricks],
  ]) {
    if (tricks === 0 && augen) return `${side} took no trick, so it cannot have ${augen} Augen`;
    if (augen > MAX_AUGEN[tricks]) return `${side} cannot have ${augen} Augen in ${tricks} tricks (at most ${MAX_AUGEN[tricks]})`;
  }
  return "";
}

/** The losing side's level (0 plain, 1 schneider, 2 schwarz) and the reason in words. */
export function loserLevel(who, augen, tricks, limit) {
  if (tricks === 0) return [2, `${who}: no trick, schwarz (S-D2)`];
  if (augen <= limit) return [1, `${who}: ${augen} Augen, ${limit} or fewer, schneider`];
  return [0, `${who}: ${augen} Augen, more than ${limit}, no schneider`];
}

/** Decide a game at the standing of a fault (spec §5.3, S-D8, S-D9): {won, level, explain}. */
export function judgeFault(fault, scored, declaring, options) {
  const st = fault.standing;
  const decl = { name: "the declaring side", augen: st.decl_augen, tricks: st.decl_tricks, limit: DECLARER_SCHNEIDER };
  const dfd = { name: "the defenders", augen: st.def_augen, tricks: st.def_tricks, limit: options.schneider_defender_limit };
  const xDeclares = declaring.includes(fault.offender);
  const [x, y] = xDeclares ? [decl, dfd] : [dfd, decl];
  const who = `Seat ${fault.offender}'s side (${x.name})`;
  const explain = [what(fault)];
  if (scored === "TOUT") {
    const home = !xDeclares && x.tricks >= 1;
    explain.push(`${who} was ${home ? "already" : "not"} home: in a Tout the defenders are home` +
      " with one trick, the soloist only with all 8; a Tout is 8 either way (S-D3).");
    return { won: home === xDeclares, level: 0, explain };
  }
  const need = xDeclares ? WIN_AUGEN : WIN_AUGEN - 1;
  if (x.augen < need) {
    const [level, reason] = loserLevel(x.name, x.augen, x.tricks, x.limit);
    explain.push(`${who} was not home (${x.augen} Augen, ${need} needed), so it loses at the standing; ${reason}.`);
    return { won: !xDeclares, level, explain };
  }
  explain.push(`${who} was already home (${x.augen} Augen, ${need} needed), so it wins.`);
  if (options.fault_win_level === "standing") {
    const [level, reason] = loserLevel(y.name, y.augen, y.tricks, y.limit);
    explain.push(`Valued at the standing (fault_win_level=standing): ${reason}.`);
    return { won: xDeclares, level, explain };
  }
  const reach = y.augen + 120 - st.decl_augen - st.def_augen;
  const level = reach <= y.limit ? 1 : 0;
  explain.push(`S-D8: ${y.name} could still reach ${reach} Augen (schneider at ${y.limit} or fewer),` +
    ` so schneider is ${level ? "certain" : "not certain"}; schwarz is never granted, as the rest was not played.`);
  return { won: xDeclares, level, explain };
}

function what(fault) {
  const st = fault.standing;
  const standing = `declaring side ${st.decl_augen} Augen in ${st.decl_tricks} tricks, ` +
    `defenders ${st.def_augen} Augen in ${st.def_tricks} tricks`;
  if (fault.kind === "AUFLEGEN") {
    return `Schafkopf Nr. 4: seat ${fault.offender} laid his cards down wrongly (Auflegen); the game counts at the standing then: ${standing}.`;
  }
  return `Schafkopf Nr. 5: seat ${fault.offender} played a wrong card in trick ${fault.trick} (Verwerfen), found afterwards;` +
    ` the standing before that trick counts: ${standing} (S-D9), valued as in Nr. 4.`;
}
