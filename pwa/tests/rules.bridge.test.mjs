// The bridge port scores every "deals" vector exactly as backend/rules does
// (tests/rules/test_vectors.py), plus NS = -EW and board properties.
import { test } from "node:test";
import assert from "node:assert/strict";
import { RecordError, scoreRecord } from "../js/rules/index.js";
import { checkCase, loadVectors } from "./vectors.mjs";
import { boardInfo } from "../js/rules/bridge.js";

const vectors = loadVectors("bridge");


test("bridge vectors: every deal case", async (t) => {
  assert.ok(vectors.deals.length > 100);
  for (const [i, c] of vectors.deals.entries()) {
    await t.test(`${i} ${c.name}`, () => checkCase(c, /Bridge §/));
  }
});

// A small deterministic generator (mulberry32) for the property checks.

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
const SIDE = { N: "NS", S: "NS", E: "EW", W: "EW" };
const turn = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % 4];

test("boardInfo: dealer and vulnerability of the 16-board cycle (§B6)", () => {
  const table = "N None,E NS,S EW,W Both,N NS,E EW,S Both,W None,N EW,E Both,S None,W NS,N Both,E None,S NS,W EW".split(",");
  for (let board = 1; board <= 48; board++) {
    const [dealer, vulnerable] = table[(board - 1) % 16].split(" ");
    assert.deepStrictEqual(boardInfo(board), { dealer, vulnerable });
  }
  for (const bad of [0, -3, 2.5, "3", null, true]) {
    assert.throws(() => boardInfo(bad), (e) => e instanceof RecordError && e.field === "board");
  }
});

test("bridge: contracts made exactly give the spec's sanity values (§B5)", () => {
  // contract: NV, V, NV X, V X, NV XX, V XX
  const table = {
    "1C": [70, 70, 140, 140, 230, 230], "1H": [80, 80, 160, 160, 520, 720], "1NT": [90, 90, 180, 180, 560, 760],
    "2S": [110, 110, 470, 670, 640, 840], "3NT": [400, 600, 550, 750, 800, 1000], "4H": [420, 620, 590, 790, 880, 1080],
    "5D": [400, 600, 550, 750, 800, 1000], "6S": [980, 1430, 1210, 1660, 1620, 2070], "6NT": [990, 1440, 1230, 1680, 1660, 2110],
    "7NT": [1520, 2220, 1790, 2490, 2280, 2980],
  };
  for (const [text, values] of Object.entries(table)) {
    const level = Number(text[0]);
    values.forEach((value, i) => {
      const board = i % 2 ? 4 : 1; // board 4: Both vulnerable; board 1: None
      const record = { game: "bridge", board, contract: { level, strain: text.slice(1), dbl: i >> 1 }, declarer: "N", tricks: level + 6 };
      assert.equal(scoreRecord(record).score, value, `${text} ${i}`);
    });
  }
});

/** A valid random board with revokes and inspections, on a board where nobody or both are vulnerable. */
function randomBoard(r) {
  const declarer = SEATS[r(4)];
  const tricks = r(14);
  const record = {
    game: "bridge", board: [1, 4, 7, 10, 11, 13, 14][r(7)],
    contract: { level: 1 + r(7), strain: ["C", "D", "H", "S", "NT"][r(5)], dbl: r(3) }, declarer, tricks,
  };
  const revokes = [];
  for (let n = r(4); n > 0; n--) {
    const offender = SEATS[r(4)];
    const own = SIDE[offender] === SIDE[declarer] ? tricks : 13 - tricks;
    const rv = { offender, offender_tricks_from_revoke_on: r(own + 1) };
    if (r(2)) rv.choice = ["P", "T"][r(2)];
    if (r(2)) rv.withheld_card = ["D7", "SA", "H10"][r(3)];
    if (rv.withheld_card && revokes.some((x) => x.withheld_card === rv.withheld_card && x.offender !== offender)) delete rv.withheld_card;
    revokes.push(rv);
  }
  if (revokes.length) record.revokes = revokes;
  const inspections = [];
  for (let n = r(3); n > 0; n--) {
    const inspector = SEATS[r(4)];
    const claimant = SIDE[inspector] === SIDE[declarer] ? turn(declarer) : declarer; // §A3.5: L, or a defender
    inspections.push(r(3) ? { inspector, claimed_by: claimant } : { inspector });
  }
  if (inspections.length) record.inspections = inspections;
  return record;
}

/** The same board with every seat turned one place clockwise: NS and EW swap roles. */
function turned(record) {
  const out = structuredClone(record);
  out.declarer = turn(out.declarer);
  for (const rv of out.revokes || []) rv.offender = turn(rv.offender);
  for (const i of out.inspections || []) {
    i.inspector = turn(i.inspector);
    if (i.claimed_by) i.claimed_by = turn(i.claimed_by);
  }
  return out;
}

test("bridge: NS = -EW on every board, and turning the table negates the score", () => {
  const r = rng(1930);
  for (let n = 0; n < 3000; n++) {
    const record = randomBoard(r);
    const got = scoreRecord(record);
    const s = got.score;
    assert.ok(Number.isInteger(s));
    assert.ok(Object.values(got.points).every((p) => !Object.is(p, -0)), "no -0");
    assert.deepStrictEqual(got.points, { N: s, E: 0 - s, S: s, W: 0 - s });
    const { dealer, vulnerable } = boardInfo(record.board);
    assert.equal(got.dealer, dealer);
    assert.equal(got.vulnerable, vulnerable);
    const penalties = (got.revokes || []).reduce((sum, rv) => sum + (rv.points_to_ns || 0), 0);
    const looked = (record.inspections || []).filter((i) => i.claimed_by)
      .reduce((sum, i) => sum + (SIDE[i.inspector] === "EW" ? 50 : -50), 0);
    assert.equal(s, got.contract_score + penalties + looked, JSON.stringify(record));
    assert.equal(scoreRecord(turned(record)).score, 0 - s, JSON.stringify(record));
  }
});

test("bridge: the opening lead is one line of the working and never changes the score", () => {
  const record = { game: "bridge", board: 2, contract: { level: 4, strain: "S", dbl: 0 }, declarer: "S", tricks: 11 };
  const bare = scoreRecord(record);
  for (const suit of ["S", "H", "D", "C"]) {
    for (const rank of ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]) {
      const led = scoreRecord({ ...record, lead: suit + rank });
      assert.deepStrictEqual({ ...led, explain: null }, { ...bare, explain: null }, suit + rank);
      assert.equal(led.explain.length, bare.explain.length + 1);
    }
  }
  const line = scoreRecord({ ...record, lead: "HK" }).explain.at(-1);
  assert.equal(line, "Bridge §1-Algemeen: lead: ♥K by W (V, left of declarer); it does not change the score");
  assert.ok(!bare.explain.some((l) => l.includes("lead")));
  assert.throws(() => scoreRecord({ ...record, lead: "HT" }),
    (e) => e instanceof RecordError && e.field === "lead" && /must be a card like/.test(e.detail));
});
