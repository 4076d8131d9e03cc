// The table app's play rules (wiezen, bridge) against the shared play vectors that the
// Python rules read too (tests/rules/test_wiezen_play.py, test_bridge_play.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadVectors } from "./vectors.mjs";
import { PlayError, bridgeLegal, bridgeTrickWinner, followPlay, isMisplay, legalCards, trickWinner } from "../js/rules/play.js";

function check(c, run) {
  if (c.expect && c.expect.error) {
    assert.throws(run, (e) => e instanceof PlayError && e.field === c.expect.error.field, c.name);
    return;
  }
  assert.deepStrictEqual(run(), c.expect, c.name);
}

const WIEZEN = {
  legal: (c) => legalCards(c.hand, c.trick),
  winner: (c) => trickWinner(c.trick, c.trump),
  misplay: (c) => isMisplay(c.hand, c.trick, c.card),
};

test("wiezen: legal cards, trick winners and misplays as the Python rules", () => {
  const cases = loadVectors("wiezen").play.cases;
  assert.ok(cases.length >= 30);
  for (const c of cases) check(c, () => WIEZEN[c.kind](c));
});

test("bridge: legal cards, revokes and trick winners as the Python rules", () => {
  const cases = loadVectors("bridge").play.cases.filter((c) => c.kind === "legal" || c.kind === "trick");
  assert.ok(cases.length >= 15);
  for (const c of cases) {
    if (c.kind === "trick") {
      check(c, () => ({ winner: bridgeTrickWinner(c.cards, c.leader, c.strain) }));
    } else {
      check(c, () => bridgeLegal(c.hand, c.led, c.card));
    }
  }
});

test("a deal is followed card by card: the winner leads, breaches are kept", () => {
  const ctx = {
    order: ["1", "2", "3", "4"], leader: "1", trump: "H",
    hands: { 1: ["SA", "SK"], 2: ["S7", "S6"], 3: ["S5", "S4"], 4: ["S3", "H2"] },
  };
  const plays = ["1:SA", "2:S7", "3:S5", "4:H2"].map((p) => ({ seat: p[0], card: p.slice(2) }));
  const state = followPlay(ctx, plays);
  assert.equal(state.tricks[0].winner, "4");
  assert.deepStrictEqual(state.revokes, [{ trick: 1, seat: "4", card: "H2" }]);
  assert.equal(state.turn, "4");
  assert.throws(() => followPlay(ctx, [...plays, { seat: "1", card: "SK" }]), (e) => e.field === "seat");
});
