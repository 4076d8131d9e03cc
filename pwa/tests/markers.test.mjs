import { test } from "node:test";
import assert from "node:assert/strict";
import "../js/rules/index.js"; // every game's rules (the app loads the list's game only)
import { markerWord, markerWords } from "../js/views/markers.js";
import { listRows } from "../js/state.js";

test("markers read in the players' words, a solo as its dot, an unknown code as it is", () => {
  assert.deepEqual(markerWords(["made", "after_pas_rond"], "nl"), ["gemaakt", "na pas rond"]);
  assert.equal(markerWord("passed_out", "de"), "alle gepasst");
  assert.equal(markerWord("solo_dot", "en"), "●");
  assert.equal(markerWord("something_new", "nl"), "something_new");
});

test("a bridge row shows its own score per pair line, and the running total under it", () => {
  const list = {
    list_id: "L", game: "bridge", seats: { NS: "p1", EW: "p2" },
    sheet: { rows: [
      { deal_no: 1, points: { N: 420, E: -420, S: 420, W: -420 }, markers: ["made"] },
      { deal_no: 2, points: { N: -100, E: 100, S: -100, W: 100 }, markers: ["down"] },
    ] },
  };
  const { rows, totals } = listRows(list, []);
  assert.deepEqual(rows.map((r) => r.cells), [{ NS: 420, EW: -420 }, { NS: -100, EW: 100 }]);
  assert.deepEqual(rows[1].running, { NS: 320, EW: -320 });
  assert.deepEqual(totals, { NS: 320, EW: -320 });
});
