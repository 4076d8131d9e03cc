// The shared scoring vectors (tests/vectors/<game>.json) and the one way to check a case,
// exactly as tests/rules/test_vectors.py does for the Python rules.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { RecordError, scoreRecord } from "../js/rules/index.js";

/** The vector file of a game. */
export function loadVectors(game) {
  return JSON.parse(readFileSync(new URL(`../../tests/vectors/${game}.json`, import.meta.url), "utf8"));
}

/** Check one "deals" case; ``citation``, if given, must match every explain line. */
export function checkCase(c, citation = null) {
  const { expect } = c;
  if (expect.error) {
    assert.throws(() => scoreRecord(c.record, c.rules), (e) => {
      assert.ok(e instanceof RecordError, `not a RecordError: ${e && e.stack}`);
      assert.equal(e.field, expect.error.field, e.message);
      assert.ok(e.detail);
      return true;
    });
    return;
  }
  const got = scoreRecord(c.record, c.rules);
  for (const [key, value] of Object.entries(expect)) {
    if (key === "markers") {
      for (const m of value) assert.ok(got.markers.includes(m), `marker ${m} not in ${got.markers}`);
    } else {
      assert.deepStrictEqual(got[key], value, `${key}; ${got.explain?.join(" | ")}`);
    }
  }
  assert.ok(got.explain.length, "every score shows its working");
  if (citation) assert.ok(got.explain.every((line) => citation.test(line)), got.explain.join(" | "));
}
