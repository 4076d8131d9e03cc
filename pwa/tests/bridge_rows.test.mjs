// A bridge list on the phone reads by board, with the contract and the board's matchpoints
// once known (#16 item 16).
import { test } from "node:test";
import assert from "node:assert/strict";
import { contractWord, matchpointsOf, rowNumber, runWord, sessionPct } from "../js/views/bridge_rows.js";
import { setLanguage } from "../js/i18n.js";

test("a contract reads as on a traveller: level, suit symbol, doubling, declarer, result", () => {
  setLanguage("nl");
  assert.equal(contractWord({ contract: { level: 4, strain: "S" }, declarer: "N", tricks: 10 }), "4♠ N =");
  assert.equal(contractWord({ contract: { level: 3, strain: "NT", dbl: 1 }, declarer: "E", tricks: 7 }), "3SA× E −2");
  assert.equal(contractWord({ contract: { level: 2, strain: "H", dbl: 2 }, declarer: "S", tricks: 9 }), "2♥×× S +1");
  setLanguage("en");
  assert.equal(contractWord({ contract: { level: 1, strain: "NT" }, declarer: "W", tricks: 7 }), "1NT W =");
  assert.equal(contractWord({ contract: null }), ""); // passed out: its marker says so
});

test("a row is numbered by its board", () => {
  assert.equal(rowNumber("bridge", { deal_no: 1, record: { board: 7 } }), 7);
  assert.equal(rowNumber("wiezen", { deal_no: 1, record: { board: 7 } }), 1);
});

const travellers = {
  method: "matchpoints",
  boards: [
    { board: 1, results: [{ list_id: "A", deal_no: 1, ns_pct: 7500 }, { list_id: "B", deal_no: 1, ns_pct: 2500 }] },
    { board: 2, results: [{ list_id: "A", deal_no: 2, ns_pct: 5000 }] }, // played once: not known yet
  ],
};

test("a board's matchpoints show once another table has played it", () => {
  assert.deepEqual(matchpointsOf(travellers, "A"), { 1: { NS: 7500, EW: 2500 } });
  assert.deepEqual(matchpointsOf({ ...travellers, method: "butler" }, "A"), {});
  setLanguage("nl");
  const mp = matchpointsOf(travellers, "A");
  assert.equal(runWord(mp, { deal_no: 1 }, "NS"), "75,00 %");
  assert.equal(runWord(mp, { deal_no: 2 }, "NS"), "");
  assert.equal(runWord(mp, { deal_no: 1, voided: "x" }, "NS"), "");
});

test("the session so far is the average of the known boards' percentages", () => {
  const rows = [{ deal_no: 1 }, { deal_no: 2 }, { deal_no: 3, voided: "x" }];
  const mp = { 1: { NS: 7500, EW: 2500 }, 2: { NS: 4000, EW: 6000 }, 3: { NS: 10000, EW: 0 } };
  assert.equal(sessionPct(rows, mp, "NS"), 5750);
  assert.equal(sessionPct(rows, {}, "NS"), null);
});
