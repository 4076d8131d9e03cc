// The schafkopf entry form's pure part: state → facts, the dealer moving on, the partner held
// by the called ace, the Augen of the other side, and the line the rules make of it.

import { test } from "node:test";
import assert from "node:assert/strict";
import "../js/rules/index.js"; // every game's rules (the app loads the list's game only)
import {
  autoTricks, declTricks, gameChoices, initialState, lineOf, linesBefore, nextDealer, otherAugen, partnerChoices,
  pick, schafkopfFacts,
} from "../js/views/schafkopf_form.js";
import { preview } from "../js/state.js";

const list = {
  list_id: "L7", game: "schafkopf", seats: { 1: "p05", 2: "p17", 3: "p08", 4: "p21" },
  sheet: { rules_ref: "schafkopf-tsv-lengfeld@1", rows: [] },
};

// Fill in a form by taps, as a player would.
function tap(dealer, ...steps) {
  return steps.reduce((state, [field, value]) => pick(state, field, value), initialState(dealer));
}

const score = (state, dealNo = 1) => preview(list, dealNo, schafkopfFacts(state));

test("seat 1 deals first and the deal passes clockwise, back to seat 1 after seat 4", () => {
  assert.equal(nextDealer([]), "1");
  assert.equal(nextDealer([{ deal_no: 1, dealer: 1, type: "SOLO" }]), "2");
  assert.equal(nextDealer([{ deal_no: 7, dealer: 4, type: "RUFSPIEL" }]), "1");
});

test("after a deal nobody played the same dealer deals again (S-D6)", () => {
  const lines = [{ deal_no: 1, dealer: 1, type: "RUFSPIEL" }, { deal_no: 2, dealer: 2, type: "NO_GAME" }];
  assert.equal(nextDealer(lines), "2");
  assert.equal(nextDealer([...lines, { deal_no: 3, dealer: 2, type: "SOLO" }]), "3");
});

test("a dealer chosen by hand carries on from there, and lines come in deal order", () => {
  const lines = [{ deal_no: 2, dealer: 3, type: "SOLO" }, { deal_no: 1, dealer: 1, type: "SOLO" }];
  assert.equal(nextDealer(lines), "4");
  assert.equal(nextDealer([{ deal_no: 1, type: "RUFSPIEL" }, { deal_no: 2, type: "RUFSPIEL" }]), "3");
});

test("lines recorded on this phone but not yet on the server move the dealer on too", () => {
  const rows = [{ deal_no: 1, record: { dealer: 1, type: "RUFSPIEL" } }];
  const recent = [{ deal_no: 2, dealer: 2, type: "NO_GAME" }, { deal_no: 3, dealer: 2, type: "SOLO" }];
  assert.equal(nextDealer(linesBefore(rows, recent, 4)), "3");
  // A line that was refused (its number is the one being entered again) does not count.
  assert.equal(nextDealer(linesBefore(rows, recent, 3)), "2");
  // The server's row wins over what the phone remembered for the same number.
  const server = [...rows, { deal_no: 2, record: { dealer: 2, type: "SOLO" } }];
  assert.equal(nextDealer(linesBefore(server, recent.slice(0, 1), 3)), "3");
});

test("a line the form did not write (a fault entered as a penalty) moves the dealer on too", () => {
  const rows = [{ deal_no: 1, record: { dealer: 1, type: "RUFSPIEL" } }];
  const recent = [{ deal_no: 3, dealer: 3, type: "NO_GAME" }];
  assert.equal(nextDealer(linesBefore(rows, [], 3), 3), "3");
  assert.equal(nextDealer(linesBefore(rows, recent, 5), 5), "4");
  assert.equal(nextDealer([], 1), "1");
});

test("a Rufspiel's partner is the seat holding the called ace, which is never the declarer", () => {
  const state = tap("1", ["declarer", "2"], ["ace", "GRAS"], ["partner", "4"], ["augen", "75"]);
  const facts = schafkopfFacts(state);
  assert.equal(facts.called_ace, "GRAS");
  assert.equal(facts.partner, 4);
  assert.deepEqual(partnerChoices(state), ["1", "3", "4"]);
  assert.deepEqual(score(state).score.points, { 1: -1, 2: 1, 3: -1, 4: 1 });
  // Making the partner the declarer leaves the partner to be chosen again.
  assert.equal(pick(state, "declarer", "4").partner, null);
});

test("a Solo or Tout has no called ace and no partner, even after one was tapped", () => {
  const state = tap("1", ["declarer", "3"], ["ace", "EICHEL"], ["partner", "1"], ["type", "SOLO"], ["augen", "80"]);
  const facts = schafkopfFacts(state);
  assert.equal("partner" in facts || "called_ace" in facts, false);
  assert.deepEqual(score(state).score.points, { 1: -3, 2: -3, 3: 9, 4: -3 });
});

test("the Augen of the defenders' pile give the declarers 120 minus them", () => {
  const state = tap("1", ["type", "SOLO"], ["declarer", "2"], ["counted", "def"], ["augen", "29"]);
  assert.equal(schafkopfFacts(state).decl_augen, 91);
  assert.equal(otherAugen(state), 91);
  assert.equal(otherAugen({ ...state, augen: "" }), null);
});

test("Schneider is recognised at 91 Augen and not at 90 (S-D1), with the solo dot", () => {
  const at = (augen) => lineOf(score(tap("4", ["type", "SOLO"], ["declarer", "2"], ["augen", augen])).score);
  const schneider = at("91");
  assert.deepEqual(schneider.cells.map((c) => c.points), [-4, 12, -4, -4]);
  assert.equal(schneider.schneider, true);
  assert.equal(schneider.dot, true);
  assert.equal(schneider.sum, 0);
  assert.equal(at("90").schneider, false);
  assert.deepEqual(at("90").cells.map((c) => c.points), [-3, 9, -3, -3]);
});

test("a Rufspiel lost with 30 Augen is Schneider, with 31 it is not (Nr. 3)", () => {
  const at = (augen) => lineOf(score(tap("1", ["declarer", "1"], ["partner", "3"], ["augen", augen])).score);
  assert.deepEqual(at("30").cells.map((c) => c.points), [-2, 2, -2, 2]);
  assert.equal(at("30").won, false);
  assert.equal(at("31").schneider, false);
});

test("all 120 Augen mean all 8 tricks: Schwarz, unless a trick without Augen is typed", () => {
  const solo = tap("1", ["type", "SOLO"], ["declarer", "1"], ["augen", "120"]);
  assert.equal(declTricks(solo), 8);
  const line = lineOf(score(solo).score);
  assert.equal(line.schwarz, true);
  assert.deepEqual(line.cells.map((c) => c.points), [15, -5, -5, -5]);
  const seven = lineOf(score({ ...solo, tricks: "7" }).score);
  assert.equal(seven.schwarz, false);
  assert.equal(seven.schneider, true);
});

test("0 Augen without a trick lose Schwarz; with a trick typed only Schneider (S-D2)", () => {
  const lost = tap("1", ["declarer", "2"], ["partner", "4"], ["augen", "0"]);
  assert.equal(declTricks(lost), 0);
  assert.equal(lineOf(score(lost).score).schwarz, true);
  assert.equal(lineOf(score({ ...lost, tricks: "1" }).score).schwarz, false);
});

test("a Tout is won with all 120 Augen and lost with anything less, always 8 (S-D3)", () => {
  const tout = (augen) => lineOf(score(tap("1", ["type", "TOUT"], ["declarer", "3"], ["augen", augen])).score);
  assert.deepEqual(tout("120").cells.map((c) => c.points), [-8, -8, 24, -8]);
  assert.deepEqual(tout("100").cells.map((c) => c.points), [8, 8, -24, 8]);
  assert.equal(tout("100").dot, true);
});

test("the tricks filled in by themselves are always ones the Augen can be in", () => {
  const MAX = [0, 44, 84, 100, 112, 120, 120, 120, 120];
  for (let augen = 0; augen <= 120; augen += 1) {
    const tricks = autoTricks(augen);
    assert.ok(augen <= MAX[tricks], `${augen} Augen in ${tricks} tricks`);
    assert.ok(120 - augen <= MAX[8 - tricks], `${120 - augen} Augen in ${8 - tricks} tricks`);
    assert.ok(augen === 0 || tricks > 0);
    assert.ok(augen === 120 || tricks < 8);
  }
  assert.equal(autoTricks(null), null);
  assert.equal(autoTricks(121), null);
});

test("every line the form can make sums to zero", () => {
  for (const type of ["RUFSPIEL", "SOLO", "TOUT"]) {
    for (let augen = 0; augen <= 120; augen += 7) {
      const state = tap("2", ["type", type], ["declarer", "2"], ["partner", "1"], ["augen", String(augen)]);
      const { score: s, error } = score(state);
      assert.equal(error, undefined, `${type} ${augen}`);
      assert.equal(lineOf(s).sum, 0);
    }
  }
});

test("a deal nobody played keeps no declarer or Augen and scores 0, not counted", () => {
  const state = tap("3", ["declarer", "1"], ["augen", "70"], ["type", "NO_GAME"]);
  assert.deepEqual(schafkopfFacts(state), { dealer: 3, type: "NO_GAME" });
  const line = lineOf(score(state).score);
  assert.equal(line.played, false);
  assert.deepEqual(line.cells.map((c) => c.points), [0, 0, 0, 0]);
});

test("an unfinished or impossible form is refused with the rule's own words", () => {
  assert.equal(score(initialState("1")).error.field, "declarer");
  const noPartner = tap("1", ["declarer", "1"], ["augen", "70"]);
  assert.equal(score(noPartner).error.field, "partner");
  const tooMany = tap("1", ["type", "SOLO"], ["declarer", "1"], ["augen", "130"]);
  assert.deepEqual(score(tooMany).error, { field: "decl_augen", message: "must be between 0 and 120, got 130" });
  const crowded = tap("1", ["type", "SOLO"], ["declarer", "1"], ["augen", "50"], ["tricks", "1"]);
  assert.match(score(crowded).error.message, /cannot have 50 Augen in 1 tricks \(at most 44\)/);
  const half = tap("1", ["type", "SOLO"], ["declarer", "1"], ["augen", "60.5"]);
  assert.deepEqual(score(half).error, { field: "decl_augen", message: "must be a whole number, got 60.5" });
  const word = tap("1", ["type", "SOLO"], ["declarer", "1"], ["augen", "sechzig"]);
  assert.equal(score(word).error.message, 'must be a whole number, got "sechzig"');
  const noAugen = tap("1", ["type", "SOLO"], ["declarer", "1"]);
  assert.equal(score(noAugen).error.field, "decl_augen");
});

// A club's own copy of the Lengfeld rules with Wenz admitted, as the server sends it.
const clubCopy = {
  id: "lengfeld-mit-wenz", version: 1, ref: "lengfeld-mit-wenz@1", game: "schafkopf",
  title: "Lengfeld mit Wenz", based_on: "schafkopf-tsv-lengfeld@1",
  options: { admit_wenz_geier: true, exclusion_scope: "offender", fault_win_level: "certain", schneider_defender_limit: 29 },
};
const clubList = { ...list, sheet: { rules_ref: "lengfeld-mit-wenz@1", rules: clubCopy, rows: [] } };

test("a list on a club's own copy of a rule set is scored with the copy the server sent", () => {
  const state = tap("1", ["type", "WENZ"], ["declarer", "2"], ["augen", "70"]);
  const outcome = preview(clubList, 1, schafkopfFacts(state));
  assert.equal(outcome.error, undefined);
  assert.deepEqual(outcome.score.points, { 1: -3, 2: 9, 3: -3, 4: -3 });
  // Without the rule set itself the phone could only look the ref up among the presets.
  const refOnly = preview({ ...list, sheet: { rules_ref: "lengfeld-mit-wenz@1", rows: [] } }, 1, schafkopfFacts(state));
  assert.equal(refOnly.error.field, "rules");
});

test("the form offers Wenz and Geier only when the rule set admits them; Kontra is forbidden with its rule", () => {
  const shipped = gameChoices({ admit_wenz_geier: false });
  assert.deepEqual(shipped.filter((g) => !g.allowed).map((g) => g.type), ["WENZ", "GEIER", "KONTRA"]);
  assert.ok(shipped.filter((g) => !g.allowed).every((g) => g.rule));
  const admitted = gameChoices(clubCopy.options);
  assert.deepEqual(admitted.filter((g) => g.allowed).map((g) => g.type), ["RUFSPIEL", "SOLO", "TOUT", "WENZ", "GEIER", "NO_GAME"]);
  assert.deepEqual(admitted.filter((g) => !g.allowed).map((g) => g.type), ["KONTRA"]);
  // A Wenz with Wenz not admitted is refused by the rules as the server refuses it.
  const wenz = tap("1", ["type", "WENZ"], ["declarer", "2"], ["augen", "70"]);
  assert.equal(score(wenz).error.field, "type");
});
