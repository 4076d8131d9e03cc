// A Mitchell's two winners (#16 item 17): the season lines per direction, by place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { eveningFields, fieldsOf } from "../../console/js/views/standings_fields.js";

const line = (id, direction, rank, fieldRank) => ({ player_id: id, rank, details: { direction, field_rank: fieldRank } });

test("a Mitchell's lines split into North-South and East-West, each by its own places", () => {
  const lines = [line("a", "EW", 1, 1), line("b", "NS", 2, 1), line("c", "NS", 3, 2), line("d", "EW", 4, 2)];
  const fields = fieldsOf(lines);
  assert.deepEqual(fields.map((f) => [f.key, f.lines.map((l) => l.player_id)]), [["NS", ["b", "c"]], ["EW", ["a", "d"]]]);
});

test("lines without places per direction (a Howell, another game) keep one table", () => {
  assert.equal(fieldsOf([{ player_id: "a", rank: 1, details: { direction: "EW+NS" } }]), null);
  assert.equal(fieldsOf([]), null);
});

const result = (id, points, field, status = "played") => ({ player_id: id, points, field, status });

test("a Mitchell evening's results split into North-South and East-West, each placed on its own", () => {
  // best first, as the API gives them: the EW winner has fewer % than the NS runner-up
  const results = [result("a", 6500, "NS"), result("b", 5500, "NS"), result("c", 5400, "EW"), result("d", 5400, "EW"), result("e", 4000, "EW")];
  const fields = eveningFields(results);
  assert.deepEqual(fields.map((f) => [f.key, f.results.map((r) => `${r.player_id}${r.place}`)]),
    [["NS", ["a1", "b2"]], ["EW", ["c1", "d1", "e3"]]]);
});

test("an evening without directions keeps one field, absences unplaced below", () => {
  const fields = eveningFields([result("a", 20, null), result("b", 10, null), result("c", 0, null, "absent")]);
  assert.deepEqual(fields.map((f) => [f.key, f.results.map((r) => r.place)]), [[null, [1, 2, null]]]);
});
