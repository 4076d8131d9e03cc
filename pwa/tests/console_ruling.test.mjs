// The director's ruling is given with fields, not typed JSON (#16, item 18): each game's
// decisions with the rule beside them, in Dutch, German and English, and the request each sends.

import { test } from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../js/i18n.js";
import {
  artificialRecord, assignedRecord, factFields, factsRecord, rulingChoices, rulingRequest,
} from "../../console/js/views/ruling_words.js";
import { dealLine } from "../../console/js/views/deal_words.js";

const base = { deal_no: "2", reason: "misdeal", article: "" };

test("each game offers the decisions its list accepts, each with its rule, in every language", () => {
  const seen = new Set();
  for (const lang of ["nl", "de", "en"]) {
    setLanguage(lang);
    assert.deepEqual(rulingChoices("bridge").map((c) => c.value), ["upheld", "assigned", "artificial", "voided"]);
    for (const game of ["wiezen", "klaverjas", "schafkopf"]) {
      assert.deepEqual(rulingChoices(game).map((c) => c.value), ["upheld", "corrected", "voided", "adjusted", "penalty"]);
    }
    for (const game of ["bridge", "wiezen", "klaverjas", "schafkopf"]) {
      for (const choice of rulingChoices(game)) {
        assert.doesNotMatch(`${choice.label} ${choice.rule}`, /\brl_/, `${lang} ${game} ${choice.value}`);
        seen.add(choice.rule);
      }
    }
  }
  assert.ok(seen.size >= 3 * 10, "each language has its own rule texts");
  setLanguage("en");
  const artificial = rulingChoices("bridge").find((c) => c.value === "artificial");
  assert.match(artificial.rule, /60 %.*in no way at fault.*50 %.*partly.*40 %.*directly/);
  assert.equal(artificial.article, "Bridge §A4, B-D7 (Law 12C2(a))");
  const penalty = rulingChoices("wiezen").find((c) => c.value === "penalty");
  assert.match(penalty.rule, /W-D24/);
  assert.equal(rulingChoices("klaverjas").find((c) => c.value === "adjusted").article, "SB-9");
  setLanguage("de");
  assert.match(rulingChoices("schafkopf").find((c) => c.value === "adjusted").rule, /Turnierleitung ist endgültig/);
});

test("a bridge board's artificial score is a correction with a mark per side, and no result at the table", () => {
  const played = { board: 2, contract: { level: 4, strain: "H", dbl: 0 }, declarer: "N", tricks: 9, revokes: [] };
  const record = artificialRecord(played, "AVG+", "AVG");
  assert.deepEqual(record, { board: 2, adjusted: { ns: "AVG+", ew: "AVG" } }); // a split score
  assert.deepEqual(rulingRequest({ ...base, decision: "artificial", record }),
    { deal_no: 2, decision: "corrected", reason: "misdeal", article: "", record });
});

test("a bridge board's assigned result replaces the contract, declarer and tricks; passed out has none", () => {
  const played = { board: 5, adjusted: { ns: "AVG", ew: "AVG" } };
  assert.deepEqual(assignedRecord(played, { level: "3", strain: "NT", dbl: "1", declarer: "S", tricks: "8" }),
    { board: 5, contract: { level: 3, strain: "NT", dbl: 1 }, declarer: "S", tricks: 8 });
  const real = { board: 5, contract: { level: 2, strain: "S", dbl: 0 }, declarer: "E", tricks: 8, lead: "HK" };
  assert.deepEqual(assignedRecord(real, { level: "", strain: "S", dbl: "0", declarer: "E", tricks: "8" }),
    { board: 5, contract: null });
  setLanguage("en");
  assert.equal(dealLine({ kind: "deal", record: { board: 5, contract: null } }), "board 5: passed out");
  assert.equal(dealLine({ kind: "deal", record: { board: 2, adjusted: { ns: "AVG+", ew: "AVG-" } } }),
    "board 2: adjusted score NS AVG+, EW AVG-");
});

test("a correction is one field a fact: numbers stay numbers, lists are read back, a bad one is named", () => {
  const facts = { contract: "VRAAG", declarers: [2, 4], tricks: 10, misplay: null };
  const fields = factFields(facts);
  assert.deepEqual(fields.map((f) => [f.key, f.kind, f.value]), [
    ["contract", "text", "VRAAG"], ["declarers", "json", "[2,4]"], ["tricks", "number", "10"], ["misplay", "json", "null"],
  ]);
  const values = { contract: "VRAAG", declarers: "[2, 4]", tricks: "9", misplay: "" };
  assert.deepEqual(factsRecord(fields, values), { contract: "VRAAG", declarers: [2, 4], tricks: 9, misplay: null });
  assert.equal(factsRecord(fields, { ...values, tricks: "nine" }).tricks, "nine"); // the server names it
  setLanguage("nl");
  assert.throws(() => factsRecord(fields, { ...values, declarers: "[2, 4" }),
    (err) => err.field === "record.declarers" && err.message === "geen geldige JSON");
  const sent = rulingRequest({ ...base, decision: "corrected", record: { tricks: 9 } });
  assert.deepEqual(sent.record, { tricks: 9 });
  assert.equal(rulingRequest({ ...base, decision: "upheld", record: { tricks: 9 } }).record, undefined);
});
