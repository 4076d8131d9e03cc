// Every "deals" case of tests/vectors/wiezen.json, scored through the envelope (index.js),
// plus property checks over generated valid records.
import { test } from "node:test";
import assert from "node:assert/strict";
import { scoreRecord } from "../js/rules/index.js";
import { checkCase, loadVectors } from "./vectors.mjs";

const vectors = loadVectors("wiezen");


test("wiezen vectors are all present", () => assert.ok(vectors.deals.length >= 200));
vectors.deals.forEach((c, i) => test(`wiezen-${i} ${c.name}`, () => checkCase(c)));

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

const TRICK = ["VRAAG", "TROEL", "ALLEEN"];
const SPECIAL = ["AB9", "AB9T", "AB10", "AB10T", "AB11", "AB11T", "AB12", "AB12T", "SOLO", "SOLOSLIM"];

/** A random valid wiezen record (no shuffle penalty: its literal row is not zero-sum at 5). */
export function randomWiezen(r) {
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = (xs) => xs[int(0, xs.length - 1)];
  const size = pick([4, 5]);
  const dealer = int(1, size);
  const seats = Object.fromEntries(Array.from({ length: size }, (_, i) => [String(i + 1), `p${i + 1}`]));
  const active = Object.keys(seats).map(Number).filter((s) => size === 4 || s !== dealer);
  const shuffled = [...active].sort(() => r() - 0.5);
  const rec = { format: 1, game: "wiezen", seats, dealer, after_pas_rond: r() < 0.3 };
  const kind = pick(["trick", "special", "mis"]);
  if (kind === "trick") {
    rec.contract = pick(TRICK);
    rec.declarers = shuffled.slice(0, rec.contract === "ALLEEN" ? 1 : 2);
    rec.tricks = int(0, 13);
  } else if (kind === "special") {
    rec.contract = pick(SPECIAL);
    rec.declarers = shuffled.slice(0, 1);
    rec.tricks = int(0, 13);
  } else {
    const n = int(1, 3);
    const open = r() < 0.5;
    rec.contract = open ? "OMIS" : "MIS";
    let left = 13;
    rec.miserie = shuffled.slice(0, n).map((seat) => {
      const tricks = int(0, Math.min(left, 3));
      left -= tricks;
      return { seat, tricks, ...(open ? {} : { open: false }) };
    });
  }
  if (r() < 0.3) {
    const trick = int(1, 13);
    rec.misplay = { offender: pick(active), trick, declaring_tricks_before: int(0, trick - 1), fault_no_today: int(1, 3) };
    if (kind !== "trick") delete rec.tricks;
  }
  if (r() < 0.2) rec.penalties = [{ type: "PEN_MISDEAL", dealer: int(1, size) }];
  return rec;
}

const sum = (points) => Object.values(points).reduce((a, b) => a + b, 0);

test("wiezen: generated records score in whole numbers, sum to 0, and add up their rows", () => {
  const r = rng(20190908);
  for (let i = 0; i < 3000; i++) {
    const rec = randomWiezen(r);
    const got = scoreRecord(rec);
    const label = JSON.stringify(rec);
    assert.ok(Object.values(got.points).every(Number.isInteger), label);
    assert.equal(sum(got.points), 0, label);
    const rows = Object.fromEntries(Object.keys(got.points).map((s) => [s, 0]));
    for (const row of got.rows) for (const [s, p] of Object.entries(row.points)) rows[s] += p;
    assert.deepEqual(rows, got.points, label);
    assert.equal(got.counts, true);
    if (rec.seats["5"]) assert.equal(rec.misplay || got.rows.length > 1 ? 0 : got.points[rec.dealer], 0, label);
  }
});

test("wiezen: swapping the pair of declarers changes nothing", () => {
  const r = rng(7);
  for (let i = 0; i < 500; i++) {
    const rec = randomWiezen(r);
    if (!rec.declarers || rec.declarers.length !== 2 || rec.misplay) continue;
    const swapped = { ...rec, declarers: [...rec.declarers].reverse() };
    assert.deepEqual(scoreRecord(swapped).points, scoreRecord(rec).points);
  }
});
