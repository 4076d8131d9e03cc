// The klaverjas trump choice and the schafkopf announcements before the first card, and a
// claimed deal followed on the phone from its queued mutations (no DOM).
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardWords, forcedOf, klaverjasDealer, mayRedealNow, schafkopfContract } from "../js/views/play_choice.js";
import { lastCard, localPlay, serverSteps } from "../js/views/play_state.js";

test("klaverjas: the deal moves clockwise from N; the forced player sits left of the dealer", () => {
  assert.deepStrictEqual([1, 2, 3, 4, 5].map(klaverjasDealer), ["N", "E", "S", "W", "N"]);
  assert.equal(forcedOf("W"), "N");
  const noPicture = "S7 S8 S9 H7 H8 D7 D9 C8".split(" ");
  assert.equal(mayRedealNow({ E: noPicture }, "E", null), true);
  assert.equal(mayRedealNow({ E: [...noPicture.slice(1), "SA"] }, "E", null), false); // an ace counts (K-D4)
  assert.equal(mayRedealNow({ E: [...noPicture.slice(1), "SA"] }, "E", { ace_is_picture: false }), true);
  assert.equal(mayRedealNow({ E: noPicture.slice(0, 5) }, "E", null), false); // not dealt yet
});

test("schafkopf: the highest game announced is played, the first at a tie; all weiter is no game", () => {
  const said = (...bids) => bids.map((bid, i) => ({ seat: String(i + 1), bid }));
  assert.deepStrictEqual(schafkopfContract(said("weiter", { game: "RUFSPIEL", suit: "G" }, "weiter", { game: "SOLO", suit: "E" })),
    { type: "SOLO", declarer: 4, suit: "E" });
  assert.deepStrictEqual(schafkopfContract(said({ game: "SOLO", suit: "H" }, { game: "WENZ" }, { game: "TOUT", suit: "G" }, "weiter")),
    { type: "TOUT", declarer: 3, suit: "G" });
  assert.deepStrictEqual(schafkopfContract(said({ game: "SOLO", suit: "H" }, { game: "WENZ" }, "weiter", "weiter")),
    { type: "SOLO", declarer: 1, suit: "H" });
  assert.equal(schafkopfContract(said("weiter", "weiter", "weiter", "weiter")), null);
  assert.equal(cardWords("schafkopf", "EO"), "Ei O");
  assert.equal(cardWords("klaverjas", "H10"), "♥10");
});

const KJ = {
  N: "SA S10 SK HJ H9 DA D10 CA".split(" "), E: "S7 S8 HA H10 DK DQ CK CQ".split(" "),
  S: "S9 SJ SQ H7 H8 D7 D8 CJ".split(" "), W: "HQ HK D9 DJ C7 C8 C9 C10".split(" "),
};
const LIST = { list_id: "K1", game: "klaverjas", seats: { N: "a", E: "b", S: "c", W: "d" }, playInfo: { play_mode: true, deal_no: 1, play: null, facts: null } };
let id = 0;
const queued = (name, args) => ({ id: ++id, name, list: "K1", args: { deal_no: 1, ...args } });
const cards = (text) => text.split(" ").map((p) => queued("play_card", { seat: p[0], card: p.slice(2) }));

test("offline: a klaverjas claim of the rest, accepted, ends the deal with its facts", () => {
  const pending = [
    queued("start_play", { context: { hands: KJ, leader: "N", trump: "H" } }),
    queued("make_bid", { seat: "N", bid: { trump: "H" } }),
    ...cards("N:HJ E:H10 S:H7 W:HQ"),
    queued("claim", { seat: "S", tricks: 7 }),
  ];
  const waiting = localPlay(LIST, pending, 1);
  assert.equal(waiting.state.claims[0].status, "open");
  assert.equal(lastCard(waiting.state), null); // the card before a claim stays
  assert.equal(waiting.facts, null);
  const done = localPlay(LIST, [...pending, queued("answer_claim", { accept: true })], 1);
  assert.equal(done.state.complete, true);
  assert.deepStrictEqual(done.facts.tricks, { NS: 8, EW: 0 });
  assert.deepStrictEqual(done.facts.card_points, { NS: 162, EW: 0 });
  assert.deepStrictEqual(done.facts.roem, [{ trick: 1, pair: "NS", items: ["driekaart"], value: 20 }]);
  const disputed = localPlay(LIST, [...pending, queued("answer_claim", { accept: false }), ...cards("N:H9")], 1);
  assert.equal(disputed.state.complete, false);
  assert.equal(disputed.state.turn, "E");
});

test("the server's claims are put back between the tricks where they were made", () => {
  const trick = (no, played) => ({ no, leader: played[0][0], winner: "N", cards: played.map((p) => ({ seat: p[0], card: p.slice(2), revoke: false })) });
  const play = {
    tricks: [trick(1, ["N:HJ", "E:H10", "S:H7", "W:HQ"]), trick(2, ["N:H9", "E:HA", "S:H8", "W:HK"])],
    claims: [{ seat: "E", tricks: 7, remaining: 7, after_trick: 1, status: "disputed" }, { seat: "N", tricks: 6, remaining: 6, after_trick: 2, status: "open" }],
  };
  const steps = serverSteps(play);
  assert.deepStrictEqual(steps[4], { claim: { seat: "E", tricks: 7 } });
  assert.deepStrictEqual(steps[5], { answer: false });
  assert.deepStrictEqual(steps.slice(-1), [{ claim: { seat: "N", tricks: 6 } }]);
  assert.equal(steps.length, 11);
});
