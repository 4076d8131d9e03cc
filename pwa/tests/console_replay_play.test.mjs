import { test } from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../js/i18n.js";
import { bidText, countText, playAt } from "../../console/js/views/replay_play.js";
import { revokeLine } from "../../console/js/views/room_revokes.js";
import { boardRanges } from "../../console/js/views/hand_records.js";

// Replay steps as GET /api/lists/<id>/replay gives them: each play step carries the trick on
// the table after it and the counts so far.
function step(event, trick, won = {}, bids = []) {
  const sides = { NS: 0, EW: 0, ...won };
  return { event, deal_no: 1, play: { trick, bids, tricks_won: {}, sides_won: sides, turn: null, revokes: [] } };
}
const BIDS = [{ seat: "N", bid: { level: 1, strain: "NT" } }, { seat: "E", bid: "pass" }];
const T1 = (cards, winner = null) => ({ no: 1, leader: "E", winner, cards });
const T2 = (cards, winner = null) => ({ no: 2, leader: "S", winner, cards });
const c = (seat, card, revoke = false) => ({ seat, card, revoke });
const STEPS = [
  { event: "Opened", deal_no: null, play: null },
  step("PlayStarted", null),
  step("BidMade", null, {}, BIDS.slice(0, 1)),
  step("BidMade", null, {}, BIDS),
  step("CardPlayed", T1([c("E", "S2")]), {}, BIDS),
  step("CardPlayed", T1([c("E", "S2"), c("S", "SA")]), {}, BIDS),
  step("CardPlayed", T1([c("E", "S2"), c("S", "SA"), c("W", "H3", true)]), {}, BIDS),
  step("CardPlayed", T1([c("E", "S2"), c("S", "SA"), c("W", "H3", true), c("N", "S4")], "S"), { NS: 1 }, BIDS),
  step("CardPlayed", T2([c("S", "DK")]), { NS: 1 }, BIDS),
  step("CardTakenBack", T1([c("E", "S2"), c("S", "SA"), c("W", "H3", true), c("N", "S4")], "S"), { NS: 1 }, BIDS),
  step("CardPlayed", T2([c("S", "D5")]), { NS: 1 }, BIDS),
  { event: "DealRecorded", deal_no: 1, play: null },
];

test("at each card the replay knows the auction, every trick so far and the card's number", () => {
  assert.equal(playAt(STEPS, 0).deal, null);
  assert.deepEqual(playAt(STEPS, 3).bids, BIDS);
  assert.equal(playAt(STEPS, 3).card, null); // a bid is not a card
  assert.equal(playAt(STEPS, 4).card, 1); // the opening lead
  const third = playAt(STEPS, 6);
  assert.equal(third.card, 3);
  assert.deepEqual(third.tricks.map((t) => t.no), [1]);
  const won = playAt(STEPS, 7);
  assert.equal(won.card, 4);
  assert.equal(won.tricks[0].winner, "S");
  assert.equal(won.tricks[0].count, "NS 1 · EW 0"); // the running count after the trick
  assert.deepEqual(playAt(STEPS, 8).tricks.map((t) => t.no), [1, 2]);
  assert.equal(playAt(STEPS, 8).card, 5);
  // DK taken back: trick 2 is gone again, and the next card is card 5 once more
  assert.deepEqual(playAt(STEPS, 9).tricks.map((t) => t.no), [1]);
  assert.equal(playAt(STEPS, 9).card, null);
  assert.equal(playAt(STEPS, 10).card, 5);
  assert.equal(playAt(STEPS, 10).tricks[1].cards[0].card, "D5");
  // after the play, the deal's record: the board as it ended, no card at this step
  const end = playAt(STEPS, 11);
  assert.equal(end.card, null);
  assert.deepEqual(end.tricks.map((t) => t.no), [1, 2]);
});

test("a new deal in the list's whole replay starts with no tricks", () => {
  const next = { ...step("CardPlayed", { no: 1, leader: "N", winner: null, cards: [c("N", "CA")] }), deal_no: 2 };
  const steps = [...STEPS, next];
  const play = playAt(steps, steps.length - 1);
  assert.equal(play.deal, 2);
  assert.equal(play.card, 1);
  assert.deepEqual(play.tricks.map((t) => t.no), [1]);
});

test("bids, counts, revokes and loaded boards read as a director reads them", () => {
  assert.equal(bidText({ level: 3, strain: "NT" }), "3NT");
  assert.equal(bidText("vraag"), "vraag");
  assert.equal(countText({ sides_won: {}, tricks_won: { 1: 2, 2: 0 } }), "1 2 · 2 0");
  setLanguage("en");
  assert.equal(revokeLine({ deal_no: 2, trick: 5, seat: "E", card: "S2" }), "deal 2, trick 5: E ♠2");
  assert.equal(revokeLine({ deal_no: 1, trick: 3, seat: "2", card: "GU" }), "deal 1, trick 3: 2 GU");
  setLanguage("nl");
  assert.equal(revokeLine({ deal_no: 2, trick: 5, seat: "E", card: "H10" }), "spel 2, slag 5: E ♥10");
  assert.equal(boardRanges([3, 1, 2, 5, 7, 8]), "1-3, 5, 7-8");
  assert.equal(boardRanges([]), "");
});
