// The standings screens' arithmetic without a browser: units, result keys, marks, and the
// running position by each game's counting rule.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  decidingColumns, eveningOf, formatValue, marksOf, partijen, rankTotals, runningPositions, seasonKeys, wiezenSeason,
} from "../../console/js/views/standings_format.js";

test("totals read in their unit and the reader's digits", () => {
  assert.equal(formatValue(6667, "pct_hundredths", "en"), "66.67 %");
  assert.equal(formatValue(6667, "pct_hundredths", "nl"), "66,67 %");
  assert.equal(formatValue(-12, "imps", "de"), "-12 IMP");
  assert.equal(formatValue(150, "imp_hundredths", "en"), "1.50 IMP");
  assert.equal(formatValue(4759, "points", "en"), "4,759");
  assert.equal(formatValue(null, "points", "en"), "–");
});

test("a result key names its evening; rulings have none", () => {
  assert.equal(eveningOf("2025-09-07 (#3)"), 3);
  assert.equal(eveningOf("Durchgang 2"), 1);
  assert.equal(eveningOf("Durchgang 1 (2)"), 2);
  assert.equal(eveningOf("ruling 1"), null);
  assert.deepEqual(seasonKeys([
    { results: [{ key: "2025-09-14 (#2)" }, { key: "ruling 1" }] },
    { results: [{ key: "2025-09-07 (#1)" }, { key: "2025-09-14 (#2)" }] },
  ]), ["2025-09-07 (#1)", "2025-09-14 (#2)"]);
});

test("the marks come from the counting rule's reason", () => {
  assert.deepEqual(marksOf({ key: "k (#1)", counts: false, reason: "absent — discarded first" }),
    { dropped: true, absent: true, notice: false, satOut: 0, ruling: false });
  assert.equal(marksOf({ key: "k (#1)", counts: true, reason: "absent with notice: 4200 (SB-7)" }).notice, true);
  assert.equal(marksOf({
    key: "k (#1)", counts: true,
    reason: "played: 1600 (sat out, SB-8) + 1401 + 1600 (sat out, SB-8) = 4601",
  }).satOut, 2);
  assert.deepEqual(partijen("1401 + sat_out + 1725", 1600),
    [{ value: "1401", satOut: false }, { value: 1600, satOut: true }, { value: "1725", satOut: false }]);
});

test("equal totals share a place", () => {
  assert.deepEqual(rankTotals({ a: 5, b: 9, c: 5, d: 1 }), { a: 2, b: 1, c: 2, d: 4 });
});

test("wiezen's running position counts the best Sundays played; absences are dropped first", () => {
  const evenings = [
    { evening: 1, date: "d1", results: [
      { player_id: "a", status: "played", points: 10 }, { player_id: "b", status: "played", points: -10 },
    ] },
    { evening: 2, date: "d2", results: [
      { player_id: "a", status: "played", points: -30 }, { player_id: "b", status: "absent_notice", points: 0 },
    ] },
    { evening: 3, date: "d3", results: [
      { player_id: "a", status: "played", points: 5 }, { player_id: "b", status: "played", points: 40 },
    ] },
  ];
  const best1 = runningPositions("wiezen", evenings, ["a", "b"], 1);
  assert.deepEqual(best1.a.map((s) => [s.total, s.position]), [[10, 1], [10, 1], [10, 2]]);
  assert.deepEqual(best1.b.map((s) => [s.total, s.position]), [[-10, 2], [-10, 2], [40, 1]]);
  const all = runningPositions("wiezen", evenings, ["a", "b"], 9);
  assert.deepEqual(all.a.map((s) => s.total), [10, -20, -15]);
  assert.deepEqual(all.b.map((s) => s.total), [-10, -10, 30]); // the absence is not a 0 among them
});

test("klaverjas adds every evening up, 4200 for an absence with notice included", () => {
  const evenings = [
    { evening: 1, date: "d1", results: [
      { player_id: "a", status: "played", points: 4300 }, { player_id: "b", status: "absent_notice", points: 4200 },
    ] },
    { evening: 2, date: "d2", results: [
      { player_id: "a", status: "played", points: 4000 }, { player_id: "b", status: "played", points: 4200 },
    ] },
  ];
  const run = runningPositions("klaverjas", evenings, ["a", "b"]);
  assert.deepEqual(run.a.map((s) => [s.points, s.total, s.position]), [[4300, 4300, 1], [4000, 8300, 2]]);
  assert.deepEqual(run.b.map((s) => [s.status, s.total, s.position]), [["absent_notice", 4200, 2], ["played", 8400, 1]]);
});

test("a bridge pair with no result that evening keeps its total and shows none", () => {
  const evenings = [{ evening: 1, date: "d1", results: [{ player_id: "a", status: "played", points: 5500 }] }];
  const run = runningPositions("bridge", evenings, ["a", "b"]);
  assert.deepEqual(run.b[0], { evening: 1, date: "d1", status: "absent", points: null, total: 0, position: 2 });
});

test("the wiezen season's counting rule wins over the rule set's options", () => {
  const options = [{ name: "season_best", value: 9 }, { name: "season_sundays", value: 15 }];
  assert.deepEqual(wiezenSeason({ counting: { best: 2, evenings: 3 }, rules: { options } }), { best: 2, sundays: 3 });
  assert.deepEqual(wiezenSeason({ counting: {}, rules: { options } }), { best: 9, sundays: 15 });
});

test("only the tie-break column that separated two players on the same total is marked (Schafkopf Nr. 9)", () => {
  const line = (rank, total, touts, won, played, lot = null) => ({ rank, total, details: { touts, solos_won: won, solos_played: played, lot } });
  const lines = [line(1, 27, 0, 5, 6), line(2, 27, 0, 3, 7), line(3, 20, 1, 1, 1), line(4, 12, 0, 2, 2, 1), line(5, 12, 0, 2, 2, 2), line(0, 0, 0, 0, 0)];
  const decided = decidingColumns(lines).map((set) => [...set]);
  assert.deepEqual(decided, [["solos_won"], ["solos_won"], [], ["lot"], ["lot"], []]);
});

test("the working names each result by its evening or ruling and gives its reason in the screen's language", async () => {
  const { keyWords, reasonWords } = await import("../../console/js/views/standings_cells.js");
  const { explainLine } = await import("../js/views/explain_words.js");
  const { setLanguage } = await import("../js/i18n.js");
  setLanguage("nl");
  assert.equal(keyWords("2026-04-05 (#1)"), "Avond 1 (05-04-2026)");
  assert.equal(keyWords("ruling 2"), "Beslissing 2");
  assert.equal(keyWords("Durchgang 1"), "Durchgang 1");
  assert.equal(explainLine(reasonWords("ruling: te laat (ART 3)")), "beslissing: te laat (ART 3)");
  assert.equal(explainLine(reasonWords("counts (every session counts): rank 1; Bridge §B7: session % = Σ MP / Σ top = 12.00 / 20.00 = 60.00%")),
    "telt (elke zitting telt): plaats 1; Bridge §B7: zitting % = Σ MP / Σ top = 12,00 / 20,00 = 60,00%");
  setLanguage("de");
  assert.equal(keyWords("ruling 1"), "Entscheidung 1");
  assert.equal(explainLine(reasonWords("Nr. 9: the Durchgänge are added")), "Nr. 9: die Durchgänge werden addiert");
  setLanguage("en");
  assert.equal(keyWords("ruling 1"), "Ruling 1");
});

test("a klaverjas board ruling (SB-9) reads in the screen's language, its own words as written", async () => {
  const { reasonText } = await import("../../console/js/views/standings_cells.js");
  const { setLanguage } = await import("../js/i18n.js");
  const reason = "ruling: score sheet of table 3 misread (SB-9)"; // rules/klaverjas_season.py
  setLanguage("nl");
  assert.equal(reasonText(reason), "beslissing: score sheet of table 3 misread (SB-9)");
  assert.equal(reasonText("ruling: lijst te laat (SB-9)"), "beslissing: lijst te laat (SB-9)");
  assert.equal(reasonText("played: 1412 + 1600 (sat out, SB-8) + 1287 = 4299"),
    "gespeeld: 1412 + 1600 (uitgezeten, SB-8) + 1287 = 4299");
  setLanguage("de");
  assert.equal(reasonText("ruling: Liste zu spät (SB-9)"), "Entscheidung: Liste zu spät (SB-9)");
  setLanguage("en");
  assert.equal(reasonText(reason), reason);
});
