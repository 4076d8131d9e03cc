import { test } from "node:test";
import assert from "node:assert/strict";
import "../js/rules/index.js"; // every game's rules (the app loads the list's game only)
import {
  activeSeats, afterPasRond, history, initialState, nextDealer, pickDealer, pickGame, setMiserie,
  sittingOut, tapSeat, wiezenFacts,
} from "../js/views/wiezen_form.js";
import { preview } from "../js/state.js";

const five = { list_id: "L5", game: "wiezen", seats: { 1: "p1", 2: "p2", 3: "p3", 4: "p4", 5: "p5" } };
const four = { list_id: "L4", game: "wiezen", seats: { 1: "p1", 2: "p2", 3: "p3", 4: "p4" } };

const deal = (n, record) => ({ deal_no: n, kind: "deal", record, voided: null });
const withRows = (list, rows) => ({ ...list, sheet: { rows, planned_deals: 50 } });
const queued = (list, n, record, name = "record_deal") => ({ id: n, list: list.list_id, name, args: { deal_no: n, record } });

// Build a state by tapping, as a player would.
function tapped(list, dealNo, game, seats, changes = {}) {
  let state = pickGame(initialState(list, dealNo), game);
  for (const seat of seats) state = tapSeat(state, seat);
  return { ...state, ...changes };
}

test("seat 1 deals first; at a table of five the dealer sits out and the other four play", () => {
  const state = initialState(five, 1);
  assert.equal(state.dealer, 1);
  assert.equal(sittingOut(5, 1), 1);
  assert.deepEqual(activeSeats(5, 1), [2, 3, 4, 5]);
  assert.equal(sittingOut(4, 1), null);
  assert.deepEqual(activeSeats(4, 1), [1, 2, 3, 4]);
  assert.equal(state.planned, 50);
  assert.equal(initialState(four, 1).planned, 40);
});

test("the dealer moves on after a played deal and wraps round the table of five", () => {
  const rows = [deal(1, { dealer: 4, contract: "VRAAG" }), deal(2, { dealer: 5, contract: "SOLO" })];
  assert.equal(nextDealer(5, history(withRows(five, rows), 3)), 1);
  assert.equal(initialState(withRows(five, rows.slice(0, 1)), 2).dealer, 5);
});

test("after a pas rond the same dealer deals again and the next deal is doubled (ART 9)", () => {
  const rows = [deal(1, { dealer: 1, contract: "VRAAG" }), deal(2, { dealer: 2, contract: "PAS_ROND" })];
  const state = initialState(withRows(five, rows), 3);
  assert.equal(state.dealer, 2);
  assert.equal(state.afterPasRond, true);
  assert.equal(state.counted, 1);
  assert.equal(wiezenFacts(state).after_pas_rond, true);
});

test("a shuffle penalty keeps the dealer, a second misdeal moves the deal on (ART 1, 2)", () => {
  const shuffle = { kind: "penalty", record: { dealer: 3, contract: null, penalties: [{ type: "PEN_SHUFFLE", offender: 2 }] } };
  const misdeal = { kind: "penalty", record: { dealer: 3, contract: null, penalties: [{ type: "PEN_MISDEAL", dealer: 3 }] } };
  assert.equal(nextDealer(5, [shuffle]), 3);
  assert.equal(nextDealer(5, [misdeal]), 4);
  // a penalty row between a pas rond and the next deal leaves the doubling pending
  assert.equal(afterPasRond([{ kind: "deal", record: { contract: "PAS_ROND" } }, shuffle]), true);
});

test("deals in the outbox count after the server's rows; a voided row is left out", () => {
  const rows = [deal(1, { dealer: 1, contract: "VRAAG" }), { ...deal(2, { dealer: 2, contract: "TROEL" }), voided: "wrong" }];
  const entries = [queued(five, 3, { dealer: 2, contract: "PAS_ROND" }), queued({ list_id: "other" }, 4, { dealer: 5, contract: "SOLO" })];
  const state = initialState(withRows(five, rows), 4, entries);
  assert.equal(state.dealer, 2);
  assert.equal(state.afterPasRond, true);
  assert.equal(state.counted, 1);
  const voided = [queued(five, 3, { reason: "typo" }, "void_deal")];
  assert.equal(initialState(withRows(five, rows), 4, [...entries, ...voided]).dealer, 2);
  assert.equal(initialState(withRows(five, rows), 4, [...entries.slice(0, 1), { ...voided[0], args: { deal_no: 1 } }]).counted, 0);
});

test("a deal the server struck out stays out, even when this phone recorded it", () => {
  const rows = [deal(1, { dealer: 1, contract: "VRAAG" }), { ...deal(2, { dealer: 2, contract: "PAS_ROND" }), voided: "typo" }];
  const mine = [queued(five, 2, { dealer: 2, contract: "PAS_ROND" })];
  const state = initialState(withRows(five, rows), 3, mine);
  assert.deepEqual([state.dealer, state.afterPasRond, state.counted], [2, false, 1]);
});

test("rows at or after the deal being entered do not move its dealer", () => {
  const rows = [deal(1, { dealer: 1, contract: "VRAAG" }), deal(2, { dealer: 2, contract: "VRAAG" })];
  assert.equal(initialState(withRows(five, rows), 2).dealer, 2);
});

test("a failed vraag/mee at a table of five scores zero for the sitting-out dealer", () => {
  const state = tapped(five, 1, "VRAAG", [2, 4], { tricks: 6 });
  const facts = wiezenFacts(state);
  assert.deepEqual(facts, { dealer: 1, sitting_out: 1, contract: "VRAAG", declarers: [2, 4], tricks: 6 });
  const { score } = preview(five, 1, facts);
  assert.deepEqual(score.points, { 1: 0, 2: -8, 3: 8, 4: -8, 5: 8 });
  assert.ok(score.markers.includes("failed"));
});

test("the sitting-out dealer cannot be tapped as a declarer, and a new dealer drops him", () => {
  let state = tapped(five, 1, "ALLEEN", [1]);
  assert.deepEqual(state.declarers, []);
  state = tapSeat(state, 3);
  assert.deepEqual(state.declarers, [3]);
  assert.deepEqual(pickDealer(state, 3).declarers, []);
});

test("a third tap on a pair replaces the oldest pick; a lone game keeps the last tap", () => {
  assert.deepEqual(tapped(five, 1, "VRAAG", [2, 3, 5]).declarers, [3, 5]);
  assert.deepEqual(tapped(five, 1, "VRAAG", [2, 3, 3]).declarers, [2]);
  assert.deepEqual(pickGame(tapped(five, 1, "VRAAG", [2, 4]), "ALLEEN").declarers, [4]);
});

test("abondance: the number and 'in troef' make the code", () => {
  let state = tapped(five, 1, "AB", [3], { tricks: 10 });
  assert.equal(wiezenFacts(state).contract, "AB9");
  state = { ...state, abondance: 11, inTroef: true };
  assert.equal(wiezenFacts(state).contract, "AB11T");
  assert.deepEqual(preview(five, 1, wiezenFacts(state)).score.points, { 1: 0, 2: 10, 3: -30, 4: 10, 5: 10 });
});

test("two miseries at a table of five are settled each on its own (§8 Example 4)", () => {
  const fiveDealer5 = withRows(five, [deal(1, { dealer: 4, contract: "VRAAG" })]);
  let state = tapped(fiveDealer5, 2, "MIS", [1, 3]);
  assert.equal(state.dealer, 5);
  state = setMiserie(state, 3, { tricks: 2 });
  const facts = wiezenFacts(state);
  assert.deepEqual(facts.miserie, [{ seat: 1, open: false, tricks: 0 }, { seat: 3, open: false, tricks: 2 }]);
  assert.equal(facts.contract, "MIS");
  assert.deepEqual(preview(five, 2, facts).score.points, { 1: 40, 2: 0, 3: -40, 4: 0, 5: 0 });
});

test("open miserie is OMIS when every miserie is open, MIS when one is closed", () => {
  let state = tapped(four, 1, "OMIS", [2]);
  assert.equal(wiezenFacts(state).contract, "OMIS");
  state = setMiserie(tapSeat(state, 4), 4, { open: false });
  assert.equal(wiezenFacts(state).contract, "MIS");
  assert.equal(preview(four, 1, wiezenFacts(state)).error, undefined);
});

test("switching between miserie and a lone game carries the picked seats over", () => {
  const state = pickGame(tapped(five, 1, "MIS", [2, 4]), "SOLO");
  assert.deepEqual([state.declarers, state.miserie, state.tricks], [[4], [], 13]);
  assert.deepEqual(pickGame(tapped(five, 1, "MIS", [2, 4]), "VRAAG").declarers, [2, 4]);
  assert.deepEqual(pickGame(tapped(five, 1, "SOLO", [4]), "MIS").miserie, [{ seat: 4, open: false, tricks: 0 }]);
});

test("solo slim defaults to all 13 tricks; after a pas rond it is not doubled (W-D6)", () => {
  const rows = [deal(1, { dealer: 1, contract: "PAS_ROND" })];
  const state = tapped(withRows(five, rows), 2, "SOLOSLIM", [4]);
  assert.equal(state.tricks, 13);
  const { score } = preview(five, 2, wiezenFacts(state));
  assert.deepEqual(score.points, { 1: 0, 2: -40, 3: -40, 4: 120, 5: -40 });
});

test("a troel after a pas rond is doubled twice (§8 Example 2)", () => {
  const rows = [deal(1, { dealer: 2, contract: "PAS_ROND" })];
  const list = withRows(four, rows);
  const state = tapped(list, 2, "TROEL", [4, 1], { tricks: 9 });
  assert.equal(state.dealer, 2);
  assert.deepEqual(preview(four, 2, wiezenFacts(state)).score.points, { 1: 12, 2: -12, 3: -12, 4: 12 });
});

test("pas rond has no declarers or tricks and scores zero everywhere", () => {
  const state = pickGame(tapped(five, 1, "VRAAG", [2, 3], { tricks: 9 }), "PAS_ROND");
  assert.deepEqual(wiezenFacts(state), { dealer: 1, sitting_out: 1, contract: "PAS_ROND" });
  assert.equal(preview(five, 1, wiezenFacts(state)).score.counts, false);
});

test("an unfinished form is refused in the rule's own words, naming the field", () => {
  assert.equal(preview(five, 1, wiezenFacts(initialState(five, 1))).error.field, "contract");
  const one = preview(five, 1, wiezenFacts(tapped(five, 1, "VRAAG", [2])));
  assert.equal(one.error.field, "declarers");
  assert.match(one.error.message, /2 distinct active seats/);
  const noTricks = preview(five, 1, wiezenFacts(tapped(five, 1, "VRAAG", [2, 3])));
  assert.deepEqual([noTricks.error.field, noTricks.error.message], ["tricks", "is required"]);
  // a dealer who sits out, picked by hand, is refused by the rules too
  const out = preview(five, 1, { ...wiezenFacts(tapped(five, 1, "ALLEEN", [2], { tricks: 5 })), declarers: [1] });
  assert.match(out.error.message, /sits out/);
});
