// The setup screens' small formatting functions: board ranges on the cards, words with holes.

import { test } from "node:test";
import assert from "node:assert/strict";
import { boardRange } from "../../console/js/views/evening.js";
import { fill } from "../../console/js/views/setup_words.js";
import { setLanguage, t } from "../js/i18n.js";

test("a table's boards read as a range when they follow each other, else as a list", () => {
  assert.equal(boardRange([4, 5, 6]), "4–6");
  assert.equal(boardRange([7]), "7");
  assert.equal(boardRange([1, 2, 9]), "1, 2, 9");
  assert.equal(boardRange(null), "");
});

test("the import's summary says how many lines were taken and refused in each language", () => {
  setLanguage("nl");
  assert.equal(fill(t("s_import_summary"), { taken: 3, refused: 1 }), "opgenomen: 3, geweigerd: 1");
  setLanguage("de");
  assert.equal(fill(t("s_present_count"), { n: 9 }), "Anwesend: 9");
  setLanguage("en");
  assert.equal(fill(t("s_present_count"), {}), "Present: ");
});
