// The klaverjas port scores every "deals" vector exactly as backend/rules does
// (tests/rules/test_vectors.py), plus row-sum properties over generated records.
import { test } from "node:test";
import assert from "node:assert/strict";
import { scoreRecord } from "../js/rules/index.js";
import { checkCase, loadVectors } from "./vectors.mjs";

const vectors = loadVectors("klaverjas");


test("klaverjas vectors: every deal case", async (t) => {
  assert.ok(vectors.deals.length > 100);
  for (const [i, c] of vectors.deals.entries()) {
    await t.test(`${i} ${c.name}`, () => checkCase(c, /Klaverjas (art\.|§|SB-)/));
  }
});

// A small deterministic generator (mulberry32) for the property checks.
function rng(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

const SEATS = ["N", "E", "S", "W"];
const TRICK_ROEM = [20, 40, 50, 70, 100, 200];

/** A valid random deal record: played out, or ended by a revoke; returns [record, R]. */
function randomDeal(r) {
  const dealer = SEATS[r(4)];
  const forced = SEATS[(SEATS.indexOf(dealer) + 1) % 4];
  const playing = forced === "N" || forced === "S" ? "NS" : "EW";
  const nsTricks = r(9);
  const nsCards = nsTricks === 0 ? 0 : nsTricks === 8 ? 162 : 1 + r(161);
  const record = {
    game: "klaverjas", seats: { N: "a", E: "b", S: "c", W: "d" }, dealer, playing,
    card_points: { NS: nsCards, EW: 162 - nsCards }, tricks: { NS: nsTricks, EW: 8 - nsTricks }, roem: [],
  };
  let total = 0;
  for (let trick = 1; trick <= 8; trick++) {
    const pair = trick <= nsTricks ? "NS" : "EW";
    if (r(3) === 0) {
      const value = TRICK_ROEM[r(TRICK_ROEM.length)];
      record.roem.push({ trick, pair, value });
      total += value;
    }
  }
  if (r(6) === 0) {
    record.verzaakt = { pair: r(2) ? "NS" : "EW" };
    if (r(2)) delete record.card_points;
  }
  return [record, total];
}

test("klaverjas rows add up to 162 + all roem (+100 for pit)", () => {
  const r = rng(20251104);
  for (let n = 0; n < 3000; n++) {
    const [record, roem] = randomDeal(r);
    const got = scoreRecord(record);
    const pit = got.markers.includes("pit") ? 100 : 0;
    assert.equal(got.pairs.NS + got.pairs.EW, 162 + roem + pit, JSON.stringify(record));
    assert.deepStrictEqual(got.points, { N: got.pairs.NS, E: got.pairs.EW, S: got.pairs.NS, W: got.pairs.EW });
    assert.ok(Object.values(got.points).every((p) => Number.isInteger(p) && p >= 0));
    if (record.verzaakt) assert.equal(got.pairs[record.verzaakt.pair], 0);
  }
});

test("klaverjas: a club's verzaken_roem changes only the revoke rows", () => {
  const r = rng(7);
  const rules = { id: "club-literal", base: "klaverjas-amsterdams", options: { verzaken_roem: "none" } };
  for (let n = 0; n < 500; n++) {
    const [record] = randomDeal(r);
    const base = scoreRecord(record);
    const club = scoreRecord(record, rules);
    if (record.verzaakt) assert.equal(club.pairs.NS + club.pairs.EW, 162);
    else assert.deepStrictEqual(club.pairs, base.pairs);
  }
});

test("klaverjas: a redeal does not count and scores nothing", () => {
  const record = { game: "klaverjas", seats: { N: "a", E: "b", S: "c", W: "d" }, dealer: "S", type: "REDEAL_NO_PICTURE" };
  const got = scoreRecord(record);
  assert.equal(got.counts, false);
  assert.deepStrictEqual(got.points, { N: 0, E: 0, S: 0, W: 0 });
});
