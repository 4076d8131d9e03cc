import { test } from "node:test";
import assert from "node:assert/strict";
import "../js/rules/index.js"; // every game's rules (the app loads the list's game only)
import {
  LEAD_RANKS, LEAD_SUITS, boardLine, boardProblem, boardsOnList, bridgeFacts, cardLabel, clearLead,
  contractLine, initialState, leadCard, leader, nextBoard, overLabel, overOptions,
  pickLevel, roundBoards, stateTricks, switchMode,
} from "../js/views/bridge_form.js";
import { preview } from "../js/state.js";
import { setLanguage } from "../js/i18n.js";

// A Mitchell list of round 2 at table 1: pair 3 NS against pair 6 EW, boards 4-6.
const sheet = (rows = []) => ({ boards: [4, 5, 6], rows, rules_ref: "bridge-nbb-1930@1" });
const list = (rows = []) => ({
  list_id: "L1", game: "bridge", seats: { NS: "p3", EW: "p6" }, sheet: sheet(rows),
});
const row = (dealNo, board, extra = {}) => ({ deal_no: dealNo, kind: "deal", record: { board }, voided: null, ...extra });
const unsent = (id, board, listId = "L1") => ({ id, name: "record_deal", list: listId, args: { deal_no: id, record: { board } } });

const state = (changes) => ({ ...initialState(2), ...changes });

test("dealer and vulnerability follow the board number, boards 17-32 repeating 1-16 (§B6)", () => {
  const table = {
    1: ["N", "None"], 2: ["E", "NS"], 3: ["S", "EW"], 4: ["W", "Both"], 5: ["N", "NS"], 6: ["E", "EW"],
    7: ["S", "Both"], 8: ["W", "None"], 9: ["N", "EW"], 10: ["E", "Both"], 11: ["S", "None"],
    12: ["W", "NS"], 13: ["N", "Both"], 14: ["E", "None"], 15: ["S", "NS"], 16: ["W", "EW"],
  };
  for (const [board, [dealer, vulnerable]] of Object.entries(table)) {
    const n = Number(board);
    assert.deepEqual([boardLine(n).dealer, boardLine(n).vulnerable], [dealer, vulnerable], `board ${n}`);
    assert.deepEqual([boardLine(n + 16).dealer, boardLine(n + 16).vulnerable], [dealer, vulnerable], `board ${n + 16}`);
  }
  assert.deepEqual(boardLine(2).vulnerableSeats, ["N", "S"]);
  assert.deepEqual(boardLine(4).vulnerableSeats, ["N", "E", "S", "W"]);
  assert.deepEqual(boardLine(1).vulnerableSeats, []);
});

test("the board offered is the first of the round's boards not on the list, sent or not", () => {
  assert.deepEqual(roundBoards(list()), [4, 5, 6]);
  assert.equal(nextBoard(list()), 4);
  assert.equal(nextBoard(list([row(1, 4)])), 5);
  assert.equal(nextBoard(list([row(1, 4)]), [unsent(2, 5)]), 6);
  // Played out of order: board 6 first, so board 4 is still to come.
  assert.equal(nextBoard(list([row(1, 6)])), 4);
  // Another list's outbox does not count; a voided row's board comes back.
  assert.equal(nextBoard(list(), [unsent(1, 4, "L2")]), 4);
  assert.equal(nextBoard(list([row(1, 4, { voided: "wrong declarer" })])), 4);
  assert.equal(nextBoard(list([row(1, 4), row(2, 5), row(3, 6)])), null);
  assert.deepEqual([...boardsOnList(list([row(1, 4)]), [unsent(2, 6)])].sort(), [4, 6]);
});

test("without a movement the next board is one more than the highest on the list", () => {
  const free = { list_id: "L9", game: "bridge", seats: { NS: "a", EW: "b" }, sheet: { boards: null, rows: [row(1, 7)] } };
  assert.equal(roundBoards(free), null);
  assert.equal(nextBoard(free), 8);
  assert.equal(nextBoard({ ...free, sheet: { boards: null, rows: [] } }), 1);
});


test("a board of another round or one already on the list is refused in the server's words", () => {
  assert.deepEqual(boardProblem(list(), [], 7), { field: "board", message: "this table plays boards 4, 5, 6 this round" });
  assert.deepEqual(boardProblem(list([row(1, 4)]), [], 4),
    { field: "board", message: "board 4 is already on this list; void it to correct it" });
  assert.deepEqual(boardProblem(list(), [unsent(1, 5)], 5),
    { field: "board", message: "board 5 is already on this list; void it to correct it" });
  assert.equal(boardProblem(list([row(1, 4)]), [], 5), null);
});

test("4♠ by S with one overtrick on board 2 is the spec's +650 for NS", () => {
  const facts = bridgeFacts(state({ level: 4, strain: "S", declarer: "S", over: 1 }));
  assert.deepEqual(facts, { board: 2, contract: { level: 4, strain: "S" }, declarer: "S", tricks: 11 });
  const { score } = preview(list(), 1, facts);
  assert.equal(score.score, 650);
  assert.deepEqual(score.points, { N: 650, E: -650, S: 650, W: -650 });
  assert.equal(score.vulnerable, "NS");
});

test("3NT doubled by E two down on board 1 gives NS +300 (spec Example 2)", () => {
  const facts = bridgeFacts({ ...initialState(1), level: 3, strain: "NT", dbl: 1, declarer: "E", over: -2 });
  assert.deepEqual(facts.contract, { level: 3, strain: "NT", dbl: 1 });
  assert.equal(facts.tricks, 7);
  assert.equal(preview(list(), 1, facts).score.score, 300);
});

test("passed out is a board with contract null: 0 and the passed_out mark", () => {
  const facts = bridgeFacts(state({ level: 4, strain: "S", declarer: "N", over: 0, passed: true }));
  assert.deepEqual(facts, { board: 2, contract: null });
  const { score } = preview(list(), 1, facts);
  assert.equal(score.score, 0);
  assert.deepEqual(score.markers, ["passed_out"]);
});

test("what is still missing is named by the rules, field by field", () => {
  const error = (changes) => preview(list(), 1, bridgeFacts(state(changes))).error;
  assert.equal(error({}).field, "contract.level");
  assert.equal(error({ level: 2 }).field, "contract.strain");
  assert.equal(error({ level: 2, strain: "H" }).field, "declarer");
  const tricks = error({ level: 2, strain: "H", declarer: "W" });
  assert.equal(tricks.field, "tricks");
  assert.equal(tricks.message, "is required");
  assert.equal(preview(list(), 1, bridgeFacts({ ...initialState(null), level: 1, strain: "C", declarer: "N", over: 0 })).error.field, "board");
});

test("the ± pad offers every result from all tricks lost to all thirteen won", () => {
  assert.deepEqual(overOptions(4), [-10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3]);
  assert.deepEqual(overOptions(7), [-13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0]);
  assert.deepEqual([-2, 0, 3].map(overLabel), ["−2", "=", "+3"]);
});

test("switching between ± and tricks keeps the chosen result", () => {
  const over = state({ level: 3, strain: "NT", declarer: "N", over: 1 });
  const tricks = switchMode(over, "tricks");
  assert.equal(tricks.mode, "tricks");
  assert.equal(stateTricks(tricks), 10);
  const back = switchMode({ ...tricks, tricks: 8 }, "over");
  assert.equal(back.over, -1);
  assert.equal(stateTricks(back), 8);
  assert.equal(switchMode(state({ mode: "tricks", tricks: 9 }), "over").over, null, "no level, no ±");
});

test("changing the level keeps a ± result while it stays possible", () => {
  const made = pickLevel(state({ level: 4, over: 0 }), 6);
  assert.equal(stateTricks(made), 12);
  assert.equal(pickLevel(state({ level: 4, over: 3 }), 5).over, null, "5 + 6 + 3 = 14 tricks cannot be");
  assert.equal(pickLevel(state({ passed: true }), 2).passed, false, "a level undoes passed out");
  assert.equal(stateTricks(pickLevel(state({ mode: "tricks", tricks: 9 }), 1)), 9);
});

test("the contract reads as on a traveller", () => {
  setLanguage("en");
  assert.equal(contractLine(state({ level: 4, strain: "S", dbl: 1, declarer: "S", over: 1 })), "4♠× by S +1 (11 tricks)");
  assert.equal(contractLine(state({ level: 3, strain: "NT", declarer: "E", over: 0 })), "3NT by E made (9 tricks)");
  assert.equal(contractLine(state({ level: 2, strain: "H", dbl: 2 })), "2♥××");
  assert.equal(contractLine(state({ passed: true })), "Passed out");
  setLanguage("nl");
  assert.equal(contractLine(state({ level: 1, strain: "NT", declarer: "W", over: -1 })), "1SA door W −1 (6 slagen)");
  setLanguage("de");
  assert.equal(contractLine(state({ level: 6, strain: "H", declarer: "S", over: 0 })), "6♥ von S erfüllt (12 Stiche)");
  setLanguage("en");
});

test("the opening lead is left out until suit and card are both chosen, and never scores", () => {
  const base = state({ level: 4, strain: "S", declarer: "S", over: 1 });
  assert.equal("lead" in bridgeFacts(base), false, "unused, the lead is not in the record");
  assert.equal("lead" in bridgeFacts({ ...base, leadOpen: true, leadSuit: "H" }), false, "a suit alone is no card");
  const led = { ...base, leadOpen: true, leadSuit: "H", leadRank: "K" };
  const facts = bridgeFacts(led);
  assert.deepEqual(facts, { board: 2, contract: { level: 4, strain: "S" }, declarer: "S", tricks: 11, lead: "HK" });
  const { score, error } = preview(list(), 1, facts);
  assert.equal(error, undefined);
  assert.equal(score.score, 650, "the spec's +650 with or without a lead");
  assert.ok(score.explain.includes("Bridge §1-Algemeen: lead: ♥K by W (V, left of declarer); it does not change the score"));
  assert.equal(bridgeFacts({ ...led, leadSuit: "D", leadRank: "10" }).lead, "D10");
  assert.deepEqual(bridgeFacts({ ...led, passed: true }), { board: 2, contract: null }, "passed out has no lead");
  assert.equal(leadCard(clearLead(led)), null);
  assert.equal(clearLead(led).leadOpen, false);
});

test("every card of the lead pad is one the rules accept", () => {
  for (const suit of LEAD_SUITS) {
    for (const rank of LEAD_RANKS) {
      const facts = bridgeFacts(state({ level: 1, strain: "NT", declarer: "N", over: 0, leadSuit: suit, leadRank: rank }));
      assert.equal(preview(list(), 1, facts).score.score, 90, suit + rank);
    }
  }
  assert.equal(LEAD_SUITS.length * LEAD_RANKS.length, 52);
});

test("the lead is made by the seat left of declarer and reads in the players' words", () => {
  assert.deepEqual(["N", "E", "S", "W"].map(leader), ["E", "S", "W", "N"]);
  assert.equal(leader(null), null);
  setLanguage("en");
  assert.deepEqual(["HK", "SQ", "CJ", "DA", "D10"].map(cardLabel), ["♥K", "♠Q", "♣J", "♦A", "♦10"]);
  assert.equal(contractLine(state({ level: 4, strain: "S", declarer: "S", over: 1, leadSuit: "H", leadRank: "K" })),
    "4♠ by S +1 (11 tricks) · lead ♥K");
  setLanguage("nl");
  assert.deepEqual(["HK", "SQ", "CJ"].map(cardLabel), ["♥H", "♠V", "♣B"]);
  assert.equal(contractLine(state({ level: 3, strain: "NT", declarer: "E", over: 0, leadSuit: "S", leadRank: "Q" })),
    "3SA door E gemaakt (9 slagen) · uitkomst ♠V");
  setLanguage("de");
  assert.deepEqual(["HK", "SQ", "CJ"].map(cardLabel), ["♥K", "♠D", "♣B"]);
  assert.equal(contractLine(state({ level: 6, strain: "H", declarer: "S", over: 0, leadSuit: "C", leadRank: "Q" })),
    "6♥ von S erfüllt (12 Stiche) · Ausspiel ♣D");
  setLanguage("en");
});
