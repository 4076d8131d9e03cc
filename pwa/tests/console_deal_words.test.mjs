// The console's lists say what each deal was in the reader's language (#16, item 13): no
// English words or Python lists in a Dutch or German list, miserie with its players and tricks.

import { test } from "node:test";
import assert from "node:assert/strict";
import { dealLine } from "../../console/js/views/deal_words.js";
import { markerWords } from "../js/views/markers.js";

const row = (record, kind = "deal") => ({ record, kind });

test("a wiezen, schafkopf and klaverjas row reads in Dutch and German, without Python's brackets", () => {
  const vraag = row({ contract: "VRAAG", declarers: [2, 4], tricks: 9 });
  assert.equal(dealLine(vraag, "nl"), "VRAAG · spelers 2, 4 · 9 slagen");
  assert.equal(dealLine(vraag, "de"), "VRAAG · Spieler 2, 4 · 9 Stiche");
  const ruf = row({ type: "RUFSPIEL", declarer: 2, called_ace: "GRAS", partner: 4, decl_augen: 70 });
  assert.equal(dealLine(ruf, "de"), "Rufspiel · Spieler 2 · Partner 4 (Gras-Ass)");
  assert.equal(dealLine(row({ type: "NO_GAME", dealer: 1 }), "nl"), "geen spel");
  assert.equal(dealLine(row({ playing: "EW", trump: "H", card_points: { NS: 62, EW: 100 } }), "nl"), "OW speelt ♥");
  for (const text of [dealLine(vraag, "nl"), dealLine(ruf, "nl")]) assert.doesNotMatch(text, /[[\]:]|declarer/);
});

test("a miserie row names each player, open or not, and the tricks taken", () => {
  const mis = row({ contract: "MIS", miserie: [{ seat: 2, open: false, tricks: 0 }, { seat: 4, open: true, tricks: 1 }] });
  assert.equal(dealLine(mis, "nl"), "MIS · 2 (0 slagen), 4 open (1 slag)");
  assert.equal(dealLine(mis, "en"), "MIS · 2 (0 tricks), 4 open (1 trick)");
});

test("a bridge board as players write it, and a penalty row says so", () => {
  const board = row({ board: 6, contract: { level: 3, strain: "NT", dbl: 0 }, declarer: "E", tricks: 10 });
  assert.equal(dealLine(board, "nl"), "spel 6: 3SA O +1");
  assert.equal(dealLine(board, "en"), "board 6: 3NT E +1");
  assert.equal(dealLine(row({ board: 3, contract: null }), "de"), "Board 3: eingepasst");
  assert.equal(dealLine(row({}, "penalty"), "de"), "Strafe");
});

test("the markers are words, and the solo dot is a dot", () => {
  assert.deepEqual(markerWords(["solo_dot", "made"], "nl"), ["●", "gemaakt"]);
});
