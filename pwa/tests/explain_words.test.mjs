// The rules' working in Dutch and German: every line of every shared vector's working, run
// through the translation, keeps its numbers and articles and leaves no English behind.
import assert from "node:assert/strict";
import { test } from "node:test";
import { scoreRecord } from "../js/rules/index.js";
import { explainLine, explainLines } from "../js/views/explain_words.js";
import { setLanguage } from "../js/i18n.js";
import { loadVectors } from "./vectors.mjs";

// Words that only English writes (the game words, the articles and the bridge words the
// Dutch and German clubs use as they are — Revoke, Dummy, score, down — are not among them).
const ENGLISH = new RegExp(`\\b(${[
  "the", "and", "by", "with", "for", "to", "was", "not", "made", "failed", "tricks?", "seats?",
  "points", "deals?", "each", "others", "get", "took", "all", "against", "has", "his", "he",
  "who", "which", "after", "before", "again", "only", "every", "nothing", "scored", "played",
  "player", "side", "wins", "loses", "lost", "won", "needed", "more", "than", "fewer", "could",
  "still", "reach", "never", "certain", "dealt", "cards?", "it", "its", "at", "one", "or",
  "doubled", "chose", "board", "dealer", "game", "slam", "penalty", "claimed", "claims",
  "vulnerable", "passed", "round", "first", "second", "third", "fault", "today", "pays",
  "extra", "go", "ends", "misplayed", "shuffled", "misdealt", "everyone", "next", "count",
  "this", "that", "club", "rule", "own", "pair", "writes", "tie", "majority", "playing", "left",
  "forced", "picture", "declarer", "lead", "change", "withheld", "penalised", "later",
  "transfer", "attention", "infraction", "may", "lapses", "correct", "looked", "quitted",
  "artificial", "adjusted", "insult", "overtricks?", "undoubled", "redoubled", "both", "none",
  "defenders", "declaring", "home", "standing", "valued", "laid", "wrong(ly)?", "back", "while",
  "lay", "open", "found", "afterwards", "offender", "minus", "there", "are", "move", "called",
  "ace", "holds", "defend", "extras", "went", "marked", "dot", "line", "sums", "nobody",
  "plays", "same", "settled", "separately", "added", "decision", "used", "up", "row",
].join("|")})\\b`, "i");
// A word of that language too: "open miserie", "was thuis"; German bridge says "Board".
const ALSO = { nl: new Set(["open", "was"]), de: new Set(["board"]) };

function everyWorking() {
  const lines = new Set();
  for (const game of ["klaverjas", "wiezen", "schafkopf", "bridge"]) {
    for (const c of loadVectors(game).deals) {
      let score;
      try { score = scoreRecord(c.record, c.rules); } catch { continue; } // a refused case
      for (const line of score.explain) lines.add(line);
    }
  }
  return [...lines];
}

// The season's working and the draw's, as the standings and the evening pages show them (the
// Python rules write these; the vectors do not hold them).
const SEASON = [
  "Klaverjas K-D12: the cumulative total of the evening scores: 4430 + 4881 = 9311",
  "Wiezen TS: 2 Sundays played, 1 absent, discarded first (W-D4); 12 Sundays still to come (W-D29); the best 2 count: 11 - 23 = -12",
  "Tie-break (Nr. 9, S-D13): 1 Touts played, 3 solos won, 3 solos played.",
  "Nr. 9: the Durchgänge are added",
  "counts (every session counts): rank 1; Bridge §B7: session % = Σ MP / Σ top = 12.00 / 18.00 = 66.67%",
  "season total = sum of the session totals: 35.00 = 35.00",
  "Bridge §B7, B-D12: board 3 has 2 of the session's 3 results; a board played fewer times than the others is scaled to 3",
  "Bridge §B8: Butler IMPs over 12 boards = +7",
  "Klaverjas art. 1 / K-D1: 8 players: 2 tables of 4 per partij, 3 partijen, partners sit opposite (NS and EW) and change every partij",
  "Klaverjas K-D1: tables, partners and seats drawn by lot (seed 'dinsdag')",
  "Klaverjas SB-8: partij 2: An sits out (1600 points for that partij)",
  "Klaverjas K-D13: An, Dirk sit out more than one partij (1600 points for each)",
  "Klaverjas art. 1: 0 repeated partnerships and 6 repeated opponent meetings over the evening",
  "Wiezen TS / W-D1: 9 players: 1 table of 5 and 1 table of 4",
  "Wiezen TS: tables and seats drawn by lot (seed 7); seat 1 deals first",
  "Wiezen TS: at a table of 5 the dealer sits out each deal",
  "Schafkopf Nr. 1 / S-D14: 8 players: 2 tables of 4 in each of 2 Durchgänge, a new draw each time",
  "Schafkopf Nr. 1: tables and seats 1-4 drawn by lot (seed 3); seat 1 deals first",
  "Schafkopf S-D14: 2 repeated table-mate meetings over the tournament",
  "table 2: +154", // how an evening's result came about (the evening's results page)
  "Durchgang 1, table 2",
];

const LINES = [...everyWorking(), ...SEASON];

test("the vectors give a working in every game to translate", () => {
  assert.ok(LINES.length > 300, `only ${LINES.length} lines`);
  for (const game of ["Klaverjas", "Wiezen", "Schafkopf", "Bridge"]) {
    assert.ok(LINES.some((line) => line.includes(game)), game);
  }
});

for (const lang of ["nl", "de"]) {
  test(`every line of working reads in ${lang} without an English word`, () => {
    const left = [];
    for (const line of LINES) {
      const said = explainLine(line, lang);
      // a rule set's option and its value are names, as the director sets them
      const found = said.replace(/\b\w+_\w+ ?= ?\w+/g, "").match(ENGLISH);
      if (found && !ALSO[lang].has(found[1].toLowerCase())) left.push(`${found[1]}: ${said}`);
    }
    assert.deepEqual(left.slice(0, 10), [], `${left.length} lines keep English`);
  });

  test(`a ${lang} line keeps every number and article of the rules' own line`, () => {
    const numbers = (text) => (text.match(/[+-]?\d+/g) || []).sort().join(" ");
    for (const line of LINES) {
      const said = explainLine(line, lang);
      assert.equal(numbers(said), numbers(line), `${line}\n${said}`);
      for (const article of line.match(/\b(?:ART|Nr\.|art\.|§)\s?[\w.-]+|\b[SKWB]-D\d+/g) || []) {
        assert.ok(said.includes(article), `${article} lost: ${said}`);
      }
    }
  });
}

test("hundredths take the decimal comma in Dutch and German; an article's number stays", () => {
  const line = "counts (every session counts): rank 1; Bridge §B7: session % = Σ MP / Σ top = 12.00 / 18.00 = 66.67%";
  assert.match(explainLine(line, "nl"), /= 12,00 \/ 18,00 = 66,67%$/);
  assert.match(explainLine(line, "de"), /= 12,00 \/ 18,00 = 66,67%$/);
  assert.match(explainLine(line, "en"), /= 12\.00 \/ 18\.00 = 66\.67%$/);
  assert.match(explainLine("Bridge §2b: no penalty: T was claimed for a later revoke, which gives points only (§A3.5)", "de"), /\(§A3\.5\)$/);
});

test("English stays exactly as the rules wrote it", () => {
  for (const line of LINES) assert.equal(explainLine(line, "en"), line);
});

test("the chosen language is used when none is given", () => {
  const line = "Klaverjas art. 15b: NS get 162 + all roem 20 = 182";
  setLanguage("de");
  assert.deepEqual(explainLines([line]), ["Klaverjas art. 15b: NS erhalten 162 + allen Roem 20 = 182"]);
  setLanguage("nl");
  assert.deepEqual(explainLines([line]), ["Klaverjas art. 15b: NS krijgen 162 + alle roem 20 = 182"]);
  setLanguage("en");
  assert.deepEqual(explainLines(null), []);
});
