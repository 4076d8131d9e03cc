// What cannot be undone is said before it is done (#16, items 22 and 23): closing an evening,
// submitting or closing a list early, on the console and the phone, and undoing an enrolment,
// in Dutch, German and English.

import { test } from "node:test";
import assert from "node:assert/strict";
import { say, setLanguage, t } from "../js/i18n.js";
import "../../console/js/views/room_words.js";
import "../../console/js/views/list.js";
import "../../console/js/views/players.js";
import "../js/views/submit.js";

const KEYS = ["rm_close_ask", "ls_submit_ask", "ls_short_ask", "sub_final", "s_unenrol_ask", "s_unenrolled"];

test("each confirmation is there in every language, with its holes filled", () => {
  const seen = new Set();
  for (const lang of ["nl", "de", "en"]) {
    setLanguage(lang);
    for (const key of KEYS) {
      assert.notEqual(t(key), key, `${lang} ${key}`);
      seen.add(t(key));
    }
    assert.doesNotMatch(say("rm_close_ask", { n: 3 }) + say("ls_submit_ask", { table: 2 }), /[{}]/);
  }
  assert.equal(seen.size, KEYS.length * 3);
  setLanguage("en");
  assert.match(say("rm_close_ask", { n: 3 }), /^Close evening 3\? This cannot be undone/);
  assert.match(say("ls_submit_ask", { table: 2 }), /table 2's list.*can never change again/);
  assert.match(t("sub_final"), /cannot be undone/);
});
