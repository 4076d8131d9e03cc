// The audit trail says a competition's events in the director's language (#16, items 19, 20
// and 28): never the event's JSON, a phone by its name, and a chain head as the phone shows it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../js/i18n.js";
import { competitionLine, problemText } from "../../console/js/views/audit_words.js";
import { EVENTS, entryLine, whoText } from "../../console/js/views/audit.js";
import { commandWord, eventWord } from "../../console/js/views/room_bits.js";

const entry = (event, details, summary = "the server's words") => ({ kind: "Competition", event, details, summary });
const players = { p1: "Anna Peeters" };

test("a competition's events read in Dutch, German and English, a player by name", () => {
  setLanguage("nl");
  assert.equal(competitionLine(entry("AttendanceRecorded", { evening: 2, player_id: "p1", status: "absent_notice" }), players),
    "avond 2: Anna Peeters afgemeld");
  assert.equal(competitionLine(entry("EveningScheduled", { evening: 1, date: "2026-05-12" })), "avond 1 gepland op 12 mei 2026");
  assert.equal(competitionLine(entry("SeatingDrawn", { evening: 1, draw_no: 2, seed: "ab12", tables: 3 })),
    "avond 1 geloot (loting 2, seed ab12, 3 lijsten)");
  setLanguage("de");
  assert.equal(competitionLine(entry("StandingAdjusted", { player_id: "p1", points: -5, reason: "zu spät", article: "Nr. 6" }), players),
    "Tabelle von Anna Peeters -5: zu spät (Nr. 6)");
  assert.equal(competitionLine(entry("PlayModeSet", { on: true, evening: 3 })), "Spielmodus an für Abend 3");
  setLanguage("en");
  assert.equal(competitionLine(entry("PlayerUnenrolled", { player_id: "p7", name: "Jan Twice", reason: "" })),
    "enrolment of Jan Twice (p7) undone");
  assert.equal(competitionLine(entry("Created", { name: "Zondagen", game: "wiezen", rules_ref: "w@1" })),
    "competition Zondagen created (w@1)");
  // An event this console does not know yet keeps the server's words; an older entry too.
  assert.equal(competitionLine(entry("SomethingNew", { x: 1 })), "the server's words");
  assert.equal(competitionLine(entry("PlayerEnrolled", null)), "the server's words");
  for (const lang of ["nl", "de", "en"]) {
    setLanguage(lang);
    const line = entryLine(entry("EveningClosed", { evening: 1, tables: 4 }));
    assert.doesNotMatch(line, /[{}]|cw_/, lang);
  }
});

test("every event in the trail's filter has a name in words, in every language", () => {
  for (const lang of ["nl", "de", "en"]) {
    setLanguage(lang);
    for (const event of EVENTS) assert.notEqual(eventWord(event), event, `${lang} ${event}`);
  }
});

test("who did it: a phone by the name its player gave it, the director by name", () => {
  setLanguage("en");
  assert.equal(whoText({ role: "table", client_id: "Anna's phone", actor_name: "Anna's phone" }), "table: Anna's phone");
  assert.equal(whoText({ role: "director", actor_name: "anna", client_id: "console" }), "director anna");
});

test("a refused push names the phone's command in words, an unknown one as it is", () => {
  setLanguage("nl");
  assert.equal(commandWord("record_deal"), "spel opschrijven");
  setLanguage("de");
  assert.equal(commandWord("submit_list"), "Liste abgeben");
  assert.equal(commandWord("something_new"), "something_new");
});

// as the audit trail gives a list's entry: the deal's number among its details
const step = (event, details, deal_no = null) => ({ kind: "ScoreList", event, details: { deal_no, ...details }, summary: "the server's words" });

test("a table card re-issued, play mode and claims read in the director's language", () => {
  setLanguage("nl");
  assert.equal(entryLine(step("TableCodeReissued", { generation: 1, expires: null })), "nieuwe tafelkaart (kaart 2)");
  assert.equal(entryLine(step("PlayModeSet", { on: false })), "speelmodus uit");
  assert.equal(entryLine(step("ClaimMade", { seat: "S", tricks: 3, remaining: 4, claim_no: 1 }, 2)),
    "plaats S claimt 3 van de 4 slagen die nog te spelen zijn");
  setLanguage("de");
  assert.equal(entryLine(step("ClaimAnswered", { claim_no: 1, accepted: true, dispute_no: null }, 2)),
    "Ansage 1 angenommen: das Spiel 2 ist zu Ende");
  assert.equal(entryLine(step("ClaimAnswered", { claim_no: 2, accepted: false, dispute_no: 1 }, 2)),
    "Ansage 2 bestritten (Streitfall 1); es wird weitergespielt");
  assert.match(entryLine(step("TableCodeReissued", { generation: 2, expires: "2026-12-01T22:30:00+00:00" })),
    /^neue Tischkarte \(Karte 3\), gültig bis \d\d\.12\.2026, \d\d:30$/);
  // an entry written before its details held these fields keeps the server's words
  assert.equal(entryLine(step("PlayModeSet", {})), "the server's words");
  for (const lang of ["nl", "de", "en"]) {
    setLanguage(lang);
    for (const [event, details] of [["PlayModeSet", { on: true }], ["ClaimMade", { seat: "N", tricks: 1, remaining: 1 }]]) {
      assert.doesNotMatch(entryLine(step(event, details, 1)), /[{}]|rs_|undefined/, `${lang} ${event}`);
    }
  }
});

test("why a chain is broken reads in the director's language; a rarer reason as the server said it", () => {
  setLanguage("nl");
  assert.equal(problemText("event 3 is missing (found 4)"), "gebeurtenis 3 ontbreekt (gevonden: 4)");
  assert.equal(problemText("its content does not match its hash (changed after it was written)"),
    "de inhoud klopt niet met de hash (veranderd nadat ze geschreven was)");
  setLanguage("de");
  assert.equal(problemText("its prev_hash does not match the hash of the event before it"),
    "der prev_hash passt nicht zum Hash des Ereignisses davor");
  assert.equal(problemText("its stored bytes are unreadable"), "die gespeicherten Bytes sind unlesbar");
  assert.equal(problemText("something else"), "something else");
  setLanguage("en");
  for (const said of ["event 3 is missing (found 4)", "its stored bytes are unreadable"]) assert.equal(problemText(said), said);
});

test("a list that does not reach the head its evening's close anchored reads in the director's language", () => {
  // backend/application/audit.py check_anchor's and Anchors.read's words
  const place = "list 0b9e6c2a-1d4f-4c1e-9a55-3f0e1c2d4b6a of 'Zondagen, de eerste', evening 1, round 1, table 2";
  const anchored = "the evening's close anchored version 14 with head 5a10264cfcf8…";
  const ends = `${place}: ${anchored}, the stored chain ends at version 13`;
  const empty = `${place}: ${anchored}, the stored chain has no events`;
  const other = `${place}: ${anchored}, the stored event at that version has head c6f8a46d2fb5…`;
  setLanguage("nl");
  assert.equal(problemText(ends), "lijst 0b9e6c2a-1d4f-4c1e-9a55-3f0e1c2d4b6a van 'Zondagen, de eerste', avond 1, ronde 1, tafel 2: "
    + "de sluiting van de avond verankerde versie 14 met kop 5a10264cfcf8…, de opgeslagen keten eindigt bij versie 13");
  assert.match(problemText(empty), /, de opgeslagen keten heeft geen gebeurtenissen$/);
  assert.match(problemText(other), /, de opgeslagen gebeurtenis bij die versie heeft kop c6f8a46d2fb5…$/);
  assert.equal(problemText("its anchor of list x1 is not a head and a version"), "het anker van lijst x1 is geen kop met een versie");
  setLanguage("de");
  assert.equal(problemText(ends), "Liste 0b9e6c2a-1d4f-4c1e-9a55-3f0e1c2d4b6a von 'Zondagen, de eerste', Abend 1, Runde 1, Tisch 2: "
    + "der Abschluss des Abends verankerte Version 14 mit Kopf 5a10264cfcf8…, die gespeicherte Kette endet bei Version 13");
  assert.match(problemText(other), /, das gespeicherte Ereignis dieser Version hat den Kopf c6f8a46d2fb5…$/);
  assert.equal(problemText("its anchored heads are not a list id: head and version each"),
    "die verankerten Köpfe sind keine Listen-ID mit je einem Kopf und einer Version");
  setLanguage("en");
  for (const said of [ends, empty, other, "its anchor of list x1 is not a head and a version"]) assert.equal(problemText(said), said);
});
