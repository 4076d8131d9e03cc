// The console's health banner: which answers of /api/health it shows, and with what.
import { test } from "node:test";
import assert from "node:assert/strict";

import { failingReasons } from "../../console/js/health.js";

test("only a failing answer with reasons is shown", () => {
  assert.deepEqual(failingReasons({ status: "ok", reasons: [] }), []);
  assert.deepEqual(failingReasons(null), []);
  assert.deepEqual(failingReasons({ status: "failing" }), []);
  const reasons = ["writing fails since 2026-12-04T07:37:43+00:00: the disk is full: database or disk is full"];
  assert.deepEqual(failingReasons({ status: "failing", reasons }), reasons);
});
