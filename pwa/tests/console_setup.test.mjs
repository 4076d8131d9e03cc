// The setup screens' small formatting functions: board ranges on the cards, words with holes.

import { test } from "node:test";
import assert from "node:assert/strict";
import { boardRange } from "../../console/js/views/evening.js";
import "../../console/js/views/setup_words.js";
import { fill, setLanguage, t } from "../js/i18n.js";

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

test("a refusal says first, in the director's language, what kind of refusal it is", async () => {
  await import("../../console/js/words.js");
  const { refusalHeading } = await import("../../console/js/ui.js");
  const { ApiError } = await import("../../console/js/api.js");
  const stands = new ApiError(409, { message: "the draw stands: play has started" });
  setLanguage("nl");
  assert.equal(refusalHeading(stands), "Dit kan nu niet");
  assert.equal(refusalHeading(new ApiError(422, { message: "x", fields: { name: "required" } })), "Controleer de invoer");
  assert.equal(refusalHeading(new TypeError("Failed to fetch")), "Geen verbinding met de server");
  setLanguage("de");
  assert.equal(refusalHeading(stands), "Das geht jetzt nicht");
  assert.equal(refusalHeading(new ApiError(500, {})), "Etwas ist schiefgegangen");
  setLanguage("en");
  assert.equal(refusalHeading(new ApiError(401, {})), "Not logged in");
});
