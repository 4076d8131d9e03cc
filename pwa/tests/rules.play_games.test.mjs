// The table app's klaverjas and schafkopf play rules against the shared play vectors that the
// Python rules read too (tests/vectors/klaverjas.json and schafkopf.json, "play"), and the
// facts a played or claimed deal gives, as the server derives them (tests/vectors/play_facts.json).
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadVectors } from "./vectors.mjs";
import { PlayError } from "../js/rules/play.js";
import * as kj from "../js/rules/klaverjas_play.js";
import * as sk from "../js/rules/schafkopf_play.js";
import { factsOf, followDeal, legalFor, openClaim } from "../js/rules/play_games.js";

function check(c, run) {
  if (c.expect && c.expect.error) {
    assert.throws(run, (e) => e instanceof PlayError && e.field === c.expect.error.field, c.name);
    return;
  }
  const got = run();
  for (const key of Object.keys(c.expect)) assert.deepStrictEqual(got[key], c.expect[key], c.name);
}

const KLAVERJAS = {
  winner: (c) => ({ winner: kj.trickWinner(c.trick, c.trump) }),
  points: (c) => ({ points: kj.trickPoints(c.trick, c.trump, c.last) }),
  roem: (c) => {
    const items = kj.roemInTrick(c.trick, c.trump);
    return { items: items.map(([n]) => n), roem: items.reduce((n, [, v]) => n + v, 0) };
  },
  legal: (c) => ({ legal: kj.legalCards(c.hand, c.trick, c.trump, c.rules && c.rules.options) }),
  revoke: (c) => ({ revoke: kj.revoke(c.hand, c.trick, c.trump, c.card, c.rules && c.rules.options) }),
  redeal: (c) => ({ redeal: kj.mayRedeal(c.hand, c.rules && c.rules.options) }),
};

test("klaverjas: winners, points, roem, legal cards, revokes and redeals as the Python rules", () => {
  const cases = loadVectors("klaverjas").play.cases.filter((c) => c.kind in KLAVERJAS);
  assert.ok(cases.length >= 90);
  for (const c of cases) check(c, () => KLAVERJAS[c.kind](c));
});

const SCHAFKOPF = {
  augen: (c) => ({ augen: sk.augen(c.cards) }),
  trumps: (c) => ({ trumps: sk.contractOf(c.contract).trumps }),
  trick: (c) => ({ winner: sk.trickWinner(sk.contractOf(c.contract), c.cards) }),
  legal: (c) => ({ legal: sk.legalCards(sk.contractOf(c.contract), c.hand, c.trick, c.trick_no, c.called_suit_led) }),
  check: (c) => {
    const contract = sk.contractOf(c.contract);
    sk.checkCard(c.card);
    if (!c.hand.includes(c.card)) throw new PlayError("card", `${c.card} is not in the hand`);
    if (c.trick.length > 3) throw new PlayError("trick", "already has four cards");
    const why = sk.whyIllegal(contract, c.hand, c.trick, c.card, c.trick_no, c.called_suit_led);
    if (why) throw new PlayError("card", why);
    return { ok: true };
  },
  // a whole game followed card by card: the winners, the side's Augen and tricks, the first wrong card
  replay: (c) => {
    const steps = [];
    const held = { 1: [], 2: [], 3: [], 4: [] }; // without hands, the 8 tricks show them
    let leader = String(c.leader);
    for (const cards of c.tricks) {
      const seats = [0, 1, 2, 3].map((k) => String(((Number(leader) - 1 + k) % 4) + 1));
      cards.forEach((card, i) => { steps.push({ seat: seats[i], card }); held[seats[i]].push(card); });
      leader = seats[sk.trickWinner(sk.contractOf(c.contract), cards)];
    }
    const hands = c.hands || held;
    const ctx = { order: ["1", "2", "3", "4"], leader: String(c.leader), hands, contract: c.contract };
    const state = followDeal(ctx, steps);
    const facts = factsOf(ctx, state);
    const side = sk.declaring(sk.contractOf(c.contract), hands);
    const ours = state.tricks.filter((t) => side.includes(t.winner));
    return {
      winners: state.tricks.map((t) => Number(t.winner)),
      decl_augen: ours.reduce((n, t) => n + sk.augen(t.cards.map((x) => x.card)), 0),
      decl_tricks: ours.length,
      partner: facts.partner ?? null,
      verwerfen: facts.fault || null,
    };
  },
};

test("schafkopf: Augen, trumps, trick winners, legal cards and Verwerfen as the Python rules", () => {
  const cases = loadVectors("schafkopf").play.cases;
  assert.ok(cases.length >= 60);
  let replays = 0;
  for (const c of cases) {
    if (c.kind === "replay" && c.expect.error) continue; // the server's checks of a bad record
    if (c.kind === "replay") replays += 1;
    const expect = c.kind === "replay" ? Object.fromEntries(Object.entries(c.expect).filter(([k]) => k in SCHAFKOPF.replay.keys)) : c.expect;
    check({ ...c, expect }, () => SCHAFKOPF[c.kind](c));
  }
  assert.ok(replays >= 5);
});
SCHAFKOPF.replay.keys = { winners: 1, decl_augen: 1, decl_tricks: 1, partner: 1, verwerfen: 1 };

test("the cards offered are the legal ones of the game in play", () => {
  const ctx = { order: ["N", "E", "S", "W"], leader: "N", trump: "H", options: { amsterdams: true }, hands: {} };
  ctx.hands = { N: ["SA"], E: ["S7"], S: ["S8"], W: ["S9"] }; // gameOf reads the 8-card hands below
  const kjCtx = { ...ctx, hands: { N: "SA S10 SK HJ H9 DA D10 CA".split(" "), E: "S7 S8 HA H10 DK DQ CK CQ".split(" "), S: "S9 SJ SQ H7 H8 D7 D8 CJ".split(" "), W: "HQ HK D9 DJ C7 C8 C9 C10".split(" ") } };
  // W cannot follow spades and E (an opponent) leads the trick: W must trump (art. 7)
  assert.deepStrictEqual(legalFor(kjCtx, kjCtx.hands.W, ["SA", "S7", "S9"]), ["HQ", "HK"]);
  const state = followDeal(kjCtx, [{ seat: "N", card: "SA" }, { seat: "E", card: "S7" }, { seat: "S", card: "S9" }, { seat: "W", card: "C7" }]);
  assert.equal(state.revokes[0].rule, `art. 7: ${kj.ARTICLES["art. 7"]}`);
  assert.equal(state.turn, "N");
  const claimed = followDeal(kjCtx, [{ seat: "N", card: "HJ" }, { seat: "E", card: "H10" }, { seat: "S", card: "H7" }, { seat: "W", card: "HQ" }, { claim: { seat: "N", tricks: 7 } }]);
  assert.equal(openClaim(claimed).seat, "N");
  assert.throws(() => followDeal(kjCtx, [{ claim: { seat: "N", tricks: 8 } }, { seat: "N", card: "HJ" }]), (e) => e.field === "claim");
  const done = followDeal(kjCtx, [{ claim: { seat: "N", tricks: 8 } }, { answer: true }]);
  assert.equal(done.complete, true);
  assert.deepStrictEqual(factsOf({ ...kjCtx, sides: { NS: ["N", "S"], EW: ["E", "W"] } }, done).card_points, { NS: 162, EW: 0 });
});

// The context as the server normalises a start_play (order, seats as texts, sides).
function contextOf(game, start) {
  if (game === "klaverjas") {
    return { order: ["N", "E", "S", "W"], leader: start.leader, hands: start.hands, trump: start.trump, options: { amsterdams: true, partner_exception_on_trump_lead: false }, sides: { NS: ["N", "S"], EW: ["E", "W"] } };
  }
  const declaring = sk.declaring(sk.contractOf(start.contract), start.hands);
  return {
    order: ["1", "2", "3", "4"], leader: String(start.leader), hands: start.hands, contract: start.contract,
    sides: { declaring, defending: ["1", "2", "3", "4"].filter((s) => !declaring.includes(s)) },
  };
}

test("a played or claimed deal gives the facts the server gives (shared play_facts vectors)", () => {
  const cases = loadVectors("play_facts").cases;
  assert.ok(cases.length >= 10);
  for (const c of cases) {
    const ctx = contextOf(c.game, c.start);
    const state = followDeal(ctx, c.steps);
    assert.equal(state.complete, true, c.name);
    assert.deepStrictEqual(factsOf(ctx, state), c.expect, c.name);
  }
});
