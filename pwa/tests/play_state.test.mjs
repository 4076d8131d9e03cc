// The deal in play on the phone: the server's play, then this phone's queued cards in order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { inPlayMode, lastCard, localPlay, nextPlayLog } from "../js/views/play_state.js";

const HANDS = {
  N: "SA SK SQ SJ S10 S9 S8 HA HK HQ DA DK DQ".split(" "),
  E: "S7 S6 HJ H10 H9 H8 H7 DJ D10 D9 CA CK CQ".split(" "),
  S: "S5 S4 H6 H5 H4 D8 D7 D6 CJ C10 C9 C8 C7".split(" "),
  W: "S3 S2 H3 H2 D5 D4 D3 D2 C6 C5 C4 C3 C2".split(" "),
};
const LIST = { list_id: "L1", game: "bridge", seats: { NS: "p1", EW: "p2" } };
let id = 0;
const queued = (name, args) => ({ id: ++id, name, list: "L1", args: { deal_no: 1, ...args } });
const card = (seat, c) => queued("play_card", { seat, card: c });

test("offline: the queued start, bids and cards make the deal in play", () => {
  const pending = [
    queued("start_play", { context: { hands: HANDS, leader: "E", strain: "NT" } }),
    queued("make_bid", { seat: "N", bid: { level: 3, strain: "NT" } }),
    card("E", "S7"), card("S", "S5"), card("W", "S3"), card("N", "SA"),
    card("N", "HA"), card("E", "H7"),
  ];
  const play = localPlay({ ...LIST, playInfo: { play_mode: true, deal_no: 1, play: null, facts: null } }, pending, 1);
  assert.equal(play.started, true);
  assert.deepStrictEqual(play.bids, [{ seat: "N", bid: { level: 3, strain: "NT" } }]);
  assert.equal(play.state.tricks[0].winner, "N");
  assert.equal(play.state.turn, "S");
  assert.deepStrictEqual(lastCard(play.state), { seat: "E", card: "H7", revoke: false });
  const undone = localPlay(LIST, [...pending, queued("take_back_card", { seat: "E", card: "H7", reason: "entry" })], 1);
  assert.equal(undone.state.turn, "E");
  assert.equal(inPlayMode({ ...LIST, playInfo: { play_mode: true } }), true);
  assert.equal(inPlayMode(LIST), false);
});

test("a phone that takes the pen mid-deal continues from the server's play", () => {
  const server = {
    context: { order: ["N", "E", "S", "W"], leader: "E", hands: HANDS, strain: "NT", sides: { NS: ["N", "S"], EW: ["E", "W"] } },
    bids: [], tricks: [{ no: 1, leader: "E", winner: "N", cards: [
      { seat: "E", card: "S7", revoke: false }, { seat: "S", card: "S5", revoke: false },
      { seat: "W", card: "S3", revoke: false }, { seat: "N", card: "SA", revoke: false }] }],
  };
  const list = { ...LIST, playInfo: { play_mode: true, deal_no: 1, play: server, facts: { declarer: "N" } } };
  const fresh = localPlay(list, [], 1);
  assert.equal(fresh.state.turn, "N");
  assert.deepStrictEqual(fresh.facts, { declarer: "N" });
  const more = localPlay(list, [card("N", "SK")], 1);
  assert.equal(more.state.turn, "E");
  assert.equal(more.facts, null); // the server has not seen this phone's card yet
});

test("a card the server acknowledged stays on the table before the server's play is fetched", () => {
  const start = queued("start_play", { context: { hands: HANDS, leader: "E", strain: "NT" } });
  const first = card("E", "S7");
  const list = { ...LIST, playInfo: { play_mode: true, deal_no: 1, play: null, facts: null } };
  let log = null;
  for (const e of [start, first]) log = nextPlayLog(log, list, e.name, e.args);
  const acknowledged = localPlay(list, [], 1, log); // the outbox is empty, the play not fetched yet
  assert.equal(acknowledged.state.turn, "S");
  assert.deepStrictEqual(acknowledged.state.tricks[0].cards, [{ seat: "E", card: "S7", revoke: false }]);
});
