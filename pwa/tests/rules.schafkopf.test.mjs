// Every "deals" case of tests/vectors/schafkopf.json, scored through the envelope (index.js),
// plus property checks over generated valid records.
import { test } from "node:test";
import assert from "node:assert/strict";
import { scoreRecord } from "../js/rules/index.js";
import { checkCase, loadVectors } from "./vectors.mjs";

const vectors = loadVectors("schafkopf");


test("schafkopf vectors are all present", () => assert.ok(vectors.deals.length >= 150));
vectors.deals.forEach((c, i) => test(`schafkopf-${i} ${c.name}`, () => checkCase(c)));

// A small seeded generator (mulberry32) so failures reproduce.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX_AUGEN = [0, 44, 84, 100, 112, 120, 120, 120, 120];

/** Augen a side can hold in n of the tricks, the other side holding the rest of `total`. */
function splitAugen(int, tricksA, tricksB, total) {
  const lo = tricksB === 0 ? total : Math.max(0, total - MAX_AUGEN[tricksB]);
  const hi = tricksA === 0 ? 0 : Math.min(total, MAX_AUGEN[tricksA]);
  if (lo > hi) return null;
  const a = int(lo, hi);
  return [a, total - a];
}

/** A random valid Schafkopf record: a game played out, or one ended by a fault. */
export function randomSchafkopf(r) {
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = (xs) => xs[int(0, xs.length - 1)];
  const type = pick(["RUFSPIEL", "SOLO", "TOUT", "RUFSPIEL", "NO_GAME"]);
  const rec = { format: 1, game: "schafkopf", seats: { 1: "a", 2: "b", 3: "c", 4: "d" }, dealer: int(1, 4), type };
  if (type === "NO_GAME") return rec;
  rec.declarer = int(1, 4);
  if (type === "RUFSPIEL") rec.partner = pick([1, 2, 3, 4].filter((s) => s !== rec.declarer));
  if (r() < 0.35) {
    const done = int(0, 7);
    const declTricks = int(0, done);
    for (;;) {
      const total = int(0, 120);
      const split = 120 - total > MAX_AUGEN[8 - done] ? null : splitAugen(int, declTricks, done - declTricks, total);
      if (!split) continue;
      const [da, fa] = split;
      const standing = { decl_augen: da, decl_tricks: declTricks, def_augen: fa, def_tricks: done - declTricks };
      const kind = pick(["AUFLEGEN", "VERWERFEN"]);
      rec.fault = { kind, offender: int(1, 4), standing, ...(kind === "VERWERFEN" ? { trick: done + 1 } : {}) };
      return rec;
    }
  }
  rec.decl_tricks = int(0, 8);
  [rec.decl_augen] = splitAugen(int, rec.decl_tricks, 8 - rec.decl_tricks, 120);
  return rec;
}

const sum = (points) => Object.values(points).reduce((a, b) => a + b, 0);

test("schafkopf: every generated line sums to 0 and the dot marks exactly the solos", () => {
  const r = rng(1876);
  for (let i = 0; i < 3000; i++) {
    const rec = randomSchafkopf(r);
    const got = scoreRecord(rec);
    const label = JSON.stringify(rec);
    assert.equal(sum(got.points), 0, label);
    assert.ok(Object.values(got.points).every(Number.isInteger), label);
    assert.equal(got.counts, rec.type !== "NO_GAME", label);
    assert.equal(got.markers.includes("solo_dot"), rec.type === "SOLO" || rec.type === "TOUT", label);
    if (rec.type === "NO_GAME") continue;
    const declarerGets = got.points[String(rec.declarer)];
    if (!rec.fault) assert.equal(declarerGets > 0, got.won, label);
    assert.ok([1, 2, 3, 4, 5, 8].includes(got.value), label);
  }
});

test("schafkopf: a Solo pays three times what a Rufspiel pays at the same standing", () => {
  const r = rng(42);
  for (let i = 0; i < 500; i++) {
    const rec = randomSchafkopf(r);
    if (rec.type !== "RUFSPIEL" || rec.fault) continue;
    const ruf = scoreRecord(rec);
    const solo = scoreRecord({ ...rec, type: "SOLO", partner: undefined });
    assert.equal(solo.won, ruf.won);
    assert.equal(solo.value - 2, ruf.value);
    assert.equal(solo.points[String(rec.declarer)], 3 * solo.value * (ruf.won ? 1 : -1));
  }
});
