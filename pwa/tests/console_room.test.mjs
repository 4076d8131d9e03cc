import { test } from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../js/i18n.js";
import { actorText, decisionWord, eventWord, facts, rulingBody, statusWord } from "../../console/js/views/room_bits.js";
import { follow } from "../../console/js/views/room_live.js";
import { routes } from "../../console/js/views/room.js";
import { router } from "../../console/js/router.js";

test("the room, the list and its replay have their own routes", () => {
  const find = router(routes);
  assert.deepEqual(find("/c/c1/e/2/room").params, { cid: "c1", n: "2" });
  assert.deepEqual(find("/l/abc").params, { lid: "abc" });
  assert.equal(find("/l/abc/replay").pattern, "/l/:lid/replay");
  assert.equal(find("/c/c1/e/2"), null); // the evening itself belongs to the club screens
});

test("a penalty is sent as points taken off one seat; an adjustment keeps each seat's sign", () => {
  const base = { deal_no: "3", reason: "slow play", article: "ART 12" };
  assert.deepEqual(rulingBody({ ...base, decision: "penalty", penaltySeat: "2", penaltyPoints: "5" }),
    { deal_no: 3, decision: "adjusted", reason: "slow play", article: "ART 12", adjustment: { 2: -5 } });
  assert.deepEqual(rulingBody({ ...base, decision: "penalty", penaltySeat: "N", penaltyPoints: "-20" }).adjustment,
    { N: -20 });
  assert.deepEqual(rulingBody({ ...base, decision: "adjusted", adjust: { 1: "4", 2: "", 3: "-4", 4: null } }).adjustment,
    { 1: 4, 3: -4 });
  const corrected = rulingBody({ ...base, decision: "corrected", record: { tricks: 9 } });
  assert.deepEqual(corrected.record, { tricks: 9 });
  assert.equal("adjustment" in corrected, false);
  assert.deepEqual(rulingBody({ ...base, decision: "voided", article: "" }),
    { deal_no: 3, decision: "voided", reason: "slow play", article: "" });
});

test("a correction starts from the deal's own facts, without what the list fills in", () => {
  const stored = { format: 1, game: "wiezen", rules: "w@1", deal: 2, seats: { 1: "p1" }, dealer: 2, tricks: 10 };
  assert.deepEqual(facts(stored), { dealer: 2, tricks: 10 });
});

test("a list's status and who did a step read as words", () => {
  setLanguage("en");
  assert.equal(statusWord("open", null), "open");
  assert.equal(statusWord("open", "23:00"), "closed early");
  assert.equal(statusWord("submitted", "23:00"), "submitted");
  assert.equal(actorText({ role: "table", client_id: "phone-1", mutation_id: 3 }), "table · device phone-1 · mutation 3");
  assert.equal(actorText({ role: "director", name: "anna" }), "director anna");
  assert.equal(decisionWord("adjusted"), "adjusted");
  assert.equal(decisionWord("corrected"), "corrected");
  assert.equal(eventWord("RulingGiven"), "Ruling given");
  assert.equal(eventWord("SomethingNew"), "SomethingNew");
  setLanguage("nl");
  assert.equal(statusWord("open", "23:00"), "vroeg gesloten");
  setLanguage("en");
});

class FailingEventSource {
  static made = [];
  constructor(url) {
    this.url = url;
    this.listeners = {};
    this.closed = false;
    FailingEventSource.made.push(this);
  }
  addEventListener(name, fn) { (this.listeners[name] ||= []).push(fn); }
  fire(name, event = {}) { for (const fn of this.listeners[name] || []) fn(event); }
  close() { this.closed = true; }
}

test("a stream that keeps failing before it delivered anything gives way to long polling", async () => {
  const calls = [];
  const answers = [
    { position: 7, changed: ["room"], room: { tables: [] } },
    { position: 9, changed: ["room"], room: { tables: [{ table: 1 }] } },
  ];
  globalThis.EventSource = FailingEventSource;
  globalThis.fetch = async (url, { signal }) => {
    calls.push(url);
    const answer = answers.shift();
    if (!answer) {
      await new Promise((resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
    }
    return { ok: true, json: async () => answer };
  };
  const got = [];
  const states = [];
  const stop = follow({ competition: "c1", room: 2 }, (channel, data) => got.push([channel, data]), (s) => states.push(s));
  const source = FailingEventSource.made.at(-1);
  assert.match(source.url, /^\/api\/live\?competition=c1&room=2&standings=false$/);
  source.fire("error");
  source.fire("error");
  assert.equal(source.closed, false);
  assert.equal(states.at(-1), "reconnecting");
  source.fire("error");
  assert.equal(source.closed, true);
  await new Promise((resolve) => setTimeout(resolve, 20));
  stop();
  assert.equal(calls[0], "/api/live/poll?competition=c1&room=2&standings=false");
  assert.equal(calls[1], "/api/live/poll?competition=c1&room=2&standings=false&since=7&wait=25");
  assert.deepEqual(got.map(([channel, data]) => [channel, data.tables.length]), [["room", 0], ["room", 1]]);
  assert.equal(states.at(-1), "polling");
  delete globalThis.EventSource;
});

test("a stream that delivered once keeps reconnecting by itself instead of polling", () => {
  globalThis.EventSource = FailingEventSource;
  const got = [];
  const stop = follow({ competition: "c1", list: "l1" }, (channel, data) => got.push([channel, data]), () => {});
  const source = FailingEventSource.made.at(-1);
  source.fire("list", { data: JSON.stringify({ version: 4 }) });
  for (let i = 0; i < 5; i += 1) source.fire("error");
  assert.equal(source.closed, false);
  assert.deepEqual(got, [["list", { version: 4 }]]);
  stop();
  assert.equal(source.closed, true);
  delete globalThis.EventSource;
});

test("a replay step says what happened in the director's language, from its details", async () => {
  const { stepSummary } = await import("../../console/js/views/step_words.js");
  const ruling = {
    event: "RulingGiven", deal_no: 2, summary: "ruling on deal 2: upheld (ART 7): recounted",
    details: { dispute_no: 1, decision: "upheld", article: "ART 7", reason: "recounted" },
  };
  setLanguage("nl");
  assert.match(stepSummary(ruling), /^uitspraak over spel 2: .+ \(ART 7\): recounted$/);
  const card = { event: "CardPlayed", deal_no: 3, summary: "…",
    details: { seat: "E", card: "H7", revoke: true, trick_no: 4, winner: "S" } };
  setLanguage("de");
  assert.equal(stepSummary(card), "Platz E spielt H7 (Revoke!); Stich 4 an Platz S");
  assert.equal(stepSummary({ event: "ListSubmitted", deal_no: null, summary: "…", details: { scorer: "1", confirmed_by: "2" } }),
    "abgegeben von Platz 1, bestätigt von Platz 2");
  const unknown = { event: "SomethingNew", summary: "something new happened", details: {} };
  assert.equal(stepSummary(unknown), "something new happened");
  setLanguage("en");
  assert.equal(stepSummary({ ...ruling, details: undefined }), ruling.summary, "an older server: its summary");
});

test("a recorded deal's line carries its points as the server's summary did", async () => {
  const { stepSummary } = await import("../../console/js/views/step_words.js");
  const step = { event: "DealRecorded", deal_no: 4, summary: "deal 4 recorded: N: +58, E: +0",
    details: { deal_no: 4, points: { E: 0, N: 58, S: 58, W: -116 } } }; // as the API sorts them
  setLanguage("en");
  assert.equal(stepSummary(step), "deal 4 recorded: N: +58, E: +0, S: +58, W: -116");
  setLanguage("nl");
  assert.equal(stepSummary(step), "spel 4 opgeschreven: N: +58, E: +0, S: +58, W: -116");
});
