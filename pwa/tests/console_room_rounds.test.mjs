// The room's round filter (#16 item 15): a bridge movement's room shows the round in play.
import { test } from "node:test";
import assert from "node:assert/strict";
import { currentRound, shownTables } from "../../console/js/views/room_rounds.js";

const tables = [
  { list_id: "a", table: 1, round: 1, submitted: true, status: "submitted" },
  { list_id: "b", table: 2, round: 1, submitted: false, status: "open" },
  { list_id: "c", table: 1, round: 2, submitted: false, status: "open" },
  { list_id: "d", table: 2, round: 2, submitted: false, status: "open" },
  { list_id: "e", table: 1, round: 3, submitted: false, status: "open" },
];

test("the round in play is the lowest round with a list not yet submitted", () => {
  assert.equal(currentRound(tables), 1);
  const done = tables.map((x) => (x.round === 1 ? { ...x, submitted: true, status: "submitted" } : x));
  assert.equal(currentRound(done), 2);
  assert.equal(currentRound(done.map((x) => ({ ...x, submitted: true }))), null);
});

test("the room shows the round in play, one round, or all", () => {
  assert.deepEqual(shownTables(tables, "current").map((x) => x.list_id), ["a", "b"]);
  assert.deepEqual(shownTables(tables, "2").map((x) => x.list_id), ["c", "d"]);
  assert.equal(shownTables(tables, "all").length, 5);
  const over = tables.map((x) => ({ ...x, submitted: true }));
  assert.equal(shownTables(over, "current").length, 5); // all submitted: everything shows
});
