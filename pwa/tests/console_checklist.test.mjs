// The director's evening checklist: its route, and each step's state, count and where to act,
// in the director's language.

import { test } from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../js/i18n.js";
import { router } from "../../console/js/router.js";
import { lines, routes } from "../../console/js/views/checklist.js";

const item = (name, done, extra = {}) => ({ item: name, done, count: null, of: null, at: null, waiting: [], ...extra });
const MIDWAY = {
  competition_id: "c1", evening: 2, date: "2026-12-06", draw_no: 1, done: 4,
  items: [
    item("present", true, { count: 8, of: 9 }),
    item("draw", true, { count: 4 }),
    item("cards", true, { at: "2026-12-06T18:42:00+00:00" }),
    item("phones", false, { count: 3, of: 4, waiting: [{ list_id: "L4", round: 1, table: 2 }] }),
    item("submitted", false, { count: 0, of: 4, waiting: [
      { list_id: "L1", round: 1, table: 1 }, { list_id: "L4", round: 2, table: 2 }] }),
    item("disputes", true, { count: 0, of: 0 }),
    item("closed", false),
    item("published", false),
  ],
};

test("the checklist has its own route under the evening", () => {
  const find = router(routes);
  assert.deepEqual(find("/c/c1/e/2/checklist").params, { cid: "c1", n: "2" });
  assert.equal(find("/c/c1/e/2"), null);
});

test("each step says done or to do, with its count, in the director's language", () => {
  setLanguage("en");
  const shown = lines(MIDWAY, "c1", "2");
  assert.deepEqual(shown.map((l) => [l.item, l.state]), [
    ["present", "done"], ["draw", "done"], ["cards", "done"], ["phones", "to do"],
    ["submitted", "to do"], ["disputes", "done"], ["closed", "to do"], ["published", "to do"],
  ]);
  const phones = shown.find((l) => l.item === "phones");
  assert.equal(phones.label, "Phones joined");
  assert.equal(phones.detail, "3 of 4 table cards joined");
  assert.equal(shown[0].detail, "8 of 9 players present");
  assert.equal(shown[1].detail, "table cards: 4");
  assert.match(shown[2].detail, /^Print pressed at \d\d:42$/);
  assert.equal(shown.find((l) => l.item === "disputes").detail, "no disputes");
  setLanguage("nl");
  const dutch = lines(MIDWAY, "c1", "2");
  assert.equal(dutch[3].detail, "3 van 4 tafelkaarten aangemeld");
  assert.equal(dutch[3].state, "te doen");
  setLanguage("de");
  assert.equal(lines(MIDWAY, "c1", "2")[4].detail, "0 von 4 Listen abgegeben");
  setLanguage("en");
});

test("a step to do links to where the director acts, and to each table it waits for", () => {
  setLanguage("en");
  const shown = Object.fromEntries(lines(MIDWAY, "c1", "2").map((l) => [l.item, l]));
  assert.deepEqual(shown.present.act, []); // done: nothing to do there
  assert.deepEqual(shown.phones.act, [{ label: "To the room", href: "#/c/c1/e/2/room" }]);
  // tables of more than one round are told apart by their round
  assert.deepEqual(shown.submitted.waiting, [
    { label: "table 1, round 1", href: "#/l/L1" }, { label: "table 2, round 2", href: "#/l/L4" },
  ]);
  assert.deepEqual(shown.published.act.map((a) => a.href), ["#/c/c1/e/2/results", "/standings/c1"]);
  const one = { ...MIDWAY, items: [item("phones", false, { count: 0, of: 1, waiting: [{ list_id: "L9", round: 1, table: 3 }] })] };
  assert.deepEqual(lines(one, "c1", "2")[0].waiting, [{ label: "table 3", href: "#/l/L9" }]);
});

test("before the draw there is nothing to count: no '0 of 0'", () => {
  setLanguage("en");
  const early = { ...MIDWAY, items: [item("phones", false, { count: 0, of: 0 }), item("submitted", false, { count: 0, of: 0 })] };
  assert.deepEqual(lines(early, "c1", "1").map((l) => [l.detail, l.state]), [["", "to do"], ["", "to do"]]);
});
