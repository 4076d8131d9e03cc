import { test } from "node:test";
import assert from "node:assert/strict";
import "../js/rules/index.js"; // every game's rules (the app loads the list's game only)
import { confirmers, isSubmitted, listRows, nextDealNo, submitBlocks } from "../js/state.js";
import { PENALTIES, penaltyFacts, playSeats } from "../js/views/penalty_form.js";
import { checkReason } from "../js/views/row_actions.js";
import { advice, entryLabel } from "../js/views/status.js";
import { preview } from "../js/state.js";
import { setLanguage } from "../js/i18n.js";

const seats = { N: "p1", E: "p2", S: "p3", W: "p4" };
const kj = { list_id: "L1", game: "klaverjas", seats };
const row = (deal_no, points, extra = {}) => ({ deal_no, kind: "deal", counts: true, points, voided: null, ...extra });
const p = (ns, ew) => ({ N: ns, E: ew, S: ns, W: ew });
const sheet = (rows, extra = {}) => ({ status: "open", planned_deals: 16, rows, disputes: [], adjustments: [], ...extra });
const entry = (id, name, args, list = "L1") => ({ id, name, list, args });

test("a voided row stays on the list but leaves the running totals", () => {
  const list = { ...kj, sheet: sheet([row(1, p(100, 62)), row(2, p(0, 182), { voided: "wrong pair" }), row(3, p(90, 72))]) };
  const { rows, totals } = listRows(list);
  assert.equal(rows.length, 3);
  assert.deepEqual(rows.map((r) => r.running.N), [100, 100, 190]);
  assert.deepEqual(totals, p(190, 134));
});

test("a void waiting in the outbox strikes its row at once and the totals follow", () => {
  const list = { ...kj, sheet: sheet([row(1, p(100, 62)), row(2, p(0, 182))]) };
  const { rows, totals } = listRows(list, [entry(4, "void_deal", { deal_no: 2, reason: "typo" })]);
  assert.equal(rows[1].voided, "typo");
  assert.equal(rows[1].voidPending, true);
  assert.deepEqual(totals, p(100, 62));
});

test("a pending penalty row is scored by the rules port and counts in the running totals", () => {
  const wz = { list_id: "W1", game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d" }, sheet: sheet([], { planned_deals: 40 }) };
  const { mutation, facts } = penaltyFacts("wiezen", "shuffle", { offender: 2 });
  assert.equal(mutation, "record_penalty");
  const { rows, totals } = listRows(wz, [entry(1, mutation, { deal_no: 1, record: facts }, "W1")]);
  assert.equal(rows[0].kind, "penalty");
  assert.equal(rows[0].counts, false);
  assert.deepEqual(totals, { 1: 1, 2: -3, 3: 1, 4: 1 });
  assert.equal(nextDealNo(wz, [entry(1, mutation, { deal_no: 1, record: facts }, "W1")]), 2);
});

test("the director's adjustments count in the totals but not in the rows' running totals", () => {
  const list = { ...kj, sheet: sheet([row(1, p(100, 62))], { adjustments: [{ deal_no: 1, points: { N: -10 } }] }) };
  const { rows, totals } = listRows(list);
  assert.equal(rows[0].running.N, 100);
  assert.equal(totals.N, 90);
});

test("bridge rows add up per pair of the list, NS from N and EW from E", () => {
  const br = { list_id: "B1", game: "bridge", seats: { NS: "a", EW: "b" }, sheet: sheet([row(1, { N: 650, E: -650, S: 650, W: -650 })]) };
  assert.deepEqual(listRows(br).totals, { NS: 650, EW: -650 });
});

// The server refuses a penalty row that counts as a deal, so a counted one goes as a deal.
test("every penalty of the menu scores as the formats document, sent as a deal exactly when it counts", () => {
  const cases = [
    ["klaverjas", "revoke", { dealer: "N", playing: "EW", by: "N" }, { N: 0, E: 162, S: 0, W: 162 }, ["verzaakt"]],
    ["klaverjas", "redeal", { dealer: "S" }, { N: 0, E: 0, S: 0, W: 0 }, ["redeal"]],
    ["wiezen", "shuffle", { offender: 2 }, { 1: 1, 2: -3, 3: 1, 4: 1 }, ["penalty", "pen_shuffle"]],
    ["wiezen", "misdeal", { dealer: 4 }, { 1: 1, 2: 1, 3: 1, 4: -3 }, ["penalty", "pen_misdeal"]],
    ["wiezen", "misplay", { contract: "VRAAG", declarer: 1, partner: 3, offender: 1, trick: 5, before: 4 }, { 1: -24, 2: 12, 3: 0, 4: 12 }, ["failed", "misplay"]],
    ["bridge", "revoke", { board: 5, level: 4, strain: "H", declarer: "N", tricks: 9, offender: "W", trick: 6, from_on: 3, choice: "P", claimed_by: "N" }, { N: 50, E: -50, S: 50, W: -50 }, ["down", "revoke", "penalty"]],
    ["bridge", "inspection", { board: 11, level: 1, strain: "NT", declarer: "S", tricks: 7, inspector: "E", claimed_by: "S" }, { N: 140, E: -140, S: 140, W: -140 }, ["made", "penalty"]],
    ["schafkopf", "auflegen", { type: "RUFSPIEL", declarer: 2, partner: 4, offender: 4, decl_augen: 52, decl_tricks: 3, def_augen: 38, def_tricks: 2 }, { 1: 1, 2: 0, 3: 1, 4: -2 }, ["penalty", "auflegen"]],
    ["schafkopf", "verwerfen", { type: "SOLO", declarer: 2, offender: 1, decl_augen: 52, decl_tricks: 3, def_augen: 38, def_tricks: 2, trick: 6 }, { 1: -9, 2: 9, 3: 0, 4: 0 }, ["solo_dot", "penalty", "verwerfen"]],
  ];
  const lists = { klaverjas: kj, wiezen: { game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d" } },
    bridge: { game: "bridge", seats: { NS: "a", EW: "b" } }, schafkopf: { game: "schafkopf", seats: { 1: "a", 2: "b", 3: "c", 4: "d" } } };
  for (const [game, id, values, points, markers] of cases) {
    const { mutation, facts } = penaltyFacts(game, id, values);
    const { score, error } = preview(lists[game], 1, facts);
    assert.equal(error, undefined, `${game} ${id}: ${JSON.stringify(error)}`);
    assert.equal(mutation, score.counts ? "record_deal" : "record_penalty", `${game} ${id}`);
    assert.deepEqual(score.points, points, `${game} ${id}`);
    assert.deepEqual(score.markers, markers, `${game} ${id}`);
  }
});

test("at a wiezen table of five a penalty names the dealer, who sits out (ART 2)", () => {
  const five = { game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d", 5: "e" } };
  const without = penaltyFacts("wiezen", "shuffle", { offender: 2 }).facts;
  assert.equal(preview(five, 1, without).error.field, "dealer");
  const { facts } = penaltyFacts("wiezen", "shuffle", { offender: 2, dealer: 5 });
  assert.deepEqual(preview(five, 1, facts).score.points, { 1: 1, 2: -3, 3: 1, 4: 1, 5: 1 });
  const misdeal = penaltyFacts("wiezen", "misdeal", { dealer: 4 }).facts;
  assert.deepEqual(preview(five, 1, misdeal).score.points, { 1: 1, 2: 1, 3: 1, 4: -4, 5: 1 });
});

test("an unfinished penalty names the missing field instead of scoring", () => {
  const { facts } = penaltyFacts("klaverjas", "redeal", {});
  assert.equal(preview(kj, 1, facts).error.field, "dealer");
});

test("records name the four players at a bridge table and the numbered seats elsewhere", () => {
  assert.deepEqual(playSeats({ game: "bridge", seats: { NS: "a", EW: "b" } }), ["N", "E", "S", "W"]);
  assert.deepEqual(playSeats({ game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d", 5: "e" } }), [1, 2, 3, 4, 5]);
});

test("a reason is required to void or dispute, and at most 500 characters", () => {
  setLanguage("en");
  assert.equal(checkReason("   ").error, "Give a reason.");
  assert.match(checkReason("x".repeat(501)).error, /500/);
  assert.deepEqual(checkReason("  wrong pair "), { reason: "wrong pair" });
});

test("only a player of the other side may confirm: the other pair in klaverjas, anyone else in wiezen", () => {
  assert.deepEqual(confirmers(kj, "N"), ["E", "W"]);
  assert.deepEqual(confirmers(kj, "W"), ["N", "S"]);
  assert.deepEqual(confirmers({ game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d" } }, "2"), ["1", "3", "4"]);
  assert.deepEqual(confirmers({ game: "bridge", seats: { NS: "a", EW: "b" } }, "NS"), ["EW"]);
});

test("submitting waits for every planned deal and for the director's rulings", () => {
  const rows = Array.from({ length: 16 }, (_, i) => row(i + 1, p(100, 62)));
  assert.deepEqual(submitBlocks({ ...kj, sheet: sheet(rows) }), []);
  const short = submitBlocks({ ...kj, sheet: sheet(rows.slice(0, 15)) });
  assert.deepEqual(short, [{ reason: "deals", counted: 15, planned: 16 }]);
  const voided = submitBlocks({ ...kj, sheet: sheet(rows) }, [entry(9, "void_deal", { deal_no: 3, reason: "x" })]);
  assert.equal(voided[0].counted, 15);
  const disputed = { ...kj, sheet: sheet(rows, { disputes: [{ deal_no: 4, reason: "roem", ruling: null }] }) };
  assert.deepEqual(submitBlocks(disputed), [{ reason: "disputes", deals: [4] }]);
  const ruled = { ...kj, sheet: sheet(rows, { disputes: [{ deal_no: 4, reason: "roem", ruling: "upheld" }] }) };
  assert.deepEqual(submitBlocks(ruled), []);
  assert.deepEqual(submitBlocks({ ...kj, sheet: sheet(rows.slice(0, 3), { closed_short: "late" }) }), []);
});

test("a list is read-only once submitted, or as soon as its submission waits in the outbox", () => {
  assert.equal(isSubmitted({ ...kj, sheet: sheet([]) }), false);
  assert.equal(isSubmitted({ ...kj, sheet: sheet([], { status: "submitted" }) }), true);
  assert.equal(isSubmitted({ ...kj, sheet: sheet([]) }, [entry(3, "submit_list", { scorer: "N", confirmed_by: "E" })]), true);
  assert.equal(isSubmitted({ ...kj, sheet: sheet([]) }, [entry(3, "submit_list", { scorer: "N", confirmed_by: "E" }, "other")]), false);
});

test("a refused entry says what to do by the kind of refusal", () => {
  setLanguage("en");
  assert.match(advice({ error: { error: "pen_elsewhere" } }), /director to move it/);
  assert.match(advice({ error: { error: "list_submitted" } }), /submitted/);
  assert.match(advice({ error: { error: "invalid" } }), /Check the deal on paper/);
});

test("a refused entry is named by its deal, or as taking the pen or the submission", () => {
  setLanguage("en");
  assert.equal(entryLabel({ name: "void_deal", args: { deal_no: 7, reason: "x" } }), "Deal 7");
  assert.equal(entryLabel({ name: "submit_list", args: { scorer: "N", confirmed_by: "E" } }), "Submission");
  assert.equal(entryLabel({ name: "join", args: {} }), "Taking the pen");
});
