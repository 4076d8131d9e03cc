// The players screen: a pair's federation numbers as typed, and the words in each language.

import { test } from "node:test";
import assert from "node:assert/strict";
import { numberList } from "../../console/js/views/players.js";
import { lineReason } from "../../console/js/views/player_refusals.js";
import "../../console/js/views/setup_words.js";
import { setLanguage, t } from "../js/i18n.js";

test("numbers typed with commas become one number a person, spaces and trailing blanks aside", () => {
  assert.deepEqual(numberList("12345, 67890"), ["12345", "67890"]);
  assert.deepEqual(numberList(" 10 023 "), ["10 023"]);
  assert.deepEqual(numberList(", 67890"), ["", "67890"]); // the first partner's is not known
  assert.deepEqual(numberList("12345, "), ["12345"]);
  assert.deepEqual(numberList(""), []);
});

test("the number's words are there in Dutch, German and English", () => {
  const seen = new Set();
  for (const lang of ["nl", "de", "en"]) {
    setLanguage(lang);
    for (const key of ["s_numbers", "s_numbers_help", "s_edit_numbers"]) {
      assert.notEqual(t(key), key, `${lang} ${key}`);
      seen.add(t(key));
    }
  }
  assert.equal(seen.size, 9);
});

test("the server's refusal to undo an enrolment reads in the director's language", async () => {
  const { refusalText } = await import("../js/views/rule_words.js");
  // Competition.unenrol's messages, as the API sends them in fields.player_id
  const seated = "p3 has a seat in evening 2, which is drawn: an enrolment can be undone only while the player has no seat or result in a drawn evening (withdraw the player instead)";
  const noticed = "p3 is absent with notice in evening 1, which is drawn: an enrolment can be undone only while the player has no seat or result in a drawn evening (withdraw the player instead)";
  const adjusted = "p3 has an adjustment of the standings: an enrolment can be undone only while the player has no result (withdraw the player instead)";
  setLanguage("nl");
  assert.match(refusalText(seated), /^p3 heeft een plaats op avond 2, die al geloot is: .*trek de speler in plaats daarvan terug\)$/);
  assert.match(refusalText(adjusted), /^de stand van p3 is gecorrigeerd: /);
  setLanguage("de");
  assert.match(refusalText(noticed), /^p3 ist für Abend 1 entschuldigt, der schon ausgelost ist/);
  setLanguage("en");
  for (const message of [seated, noticed, adjusted]) assert.equal(refusalText(message), message); // the server's own words
});

test("a name already enrolled and each refused import line read in the director's language", async () => {
  const { refusalText } = await import("../js/views/rule_words.js");
  // the messages of Competition.check_name_free and withdraw, application/roster.py and federation.py
  const said = [
    "Anna de Vries is already enrolled (p3)", "p2 has already withdrawn", "Bert is on line 2 already",
    "has no naam column", "the name is empty", "the name is longer than 80 characters",
    "the name holds control characters",
    "the federation number must be at most 20 letters, digits, spaces, '.', '/' or '-'",
  ];
  setLanguage("nl");
  assert.deepEqual(said.map(lineReason), [
    "Anna de Vries is al ingeschreven (p3)", "p2 is al teruggetrokken", "Bert staat al op regel 2",
    "heeft geen kolom naam", "de naam is leeg", "de naam is langer dan 80 tekens", "de naam bevat stuurtekens",
    "het bondsnummer mag hoogstens 20 letters, cijfers, spaties, '.', '/' of '-' hebben",
  ]);
  setLanguage("de");
  assert.equal(refusalText(said[0]), "Anna de Vries ist schon angemeldet (p3)");
  assert.equal(lineReason("something new"), "something new"); // unknown: as the server said it
  setLanguage("en");
  assert.deepEqual(said.map(lineReason), said);
});

test("a withdrawn player's attendance other than absent is refused in the director's language", async () => {
  const { refusalText } = await import("../js/views/rule_words.js");
  // Competition.record_attendance's message
  const said = "p1 has withdrawn from this competition: only 'absent' can be recorded (an absence with notice, SB-7, is for a player still playing)";
  setLanguage("nl");
  assert.match(refusalText(said), /^p1 heeft zich uit deze competitie teruggetrokken: alleen 'afwezig' kan/);
  setLanguage("de");
  assert.match(refusalText(said), /^p1 hat sich aus diesem Wettbewerb zurückgezogen: nur 'abwesend' kann/);
  setLanguage("en");
  assert.equal(refusalText(said), said);
});
