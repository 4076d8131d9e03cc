// The list's rows on the phone: the contract with names, made not shown as a loss, what the
// director did to a row, the pen holder's undo before a deal is sent, and the wiezen dealer
// after a voided deal (#16 items 21, 25, 26).
import { test } from "node:test";
import assert from "node:assert/strict";
import "../js/rules/index.js"; // every game's rules (the app loads the list's game only)
import { markerTone, rowWhat, rulingNotes, rulingWord, seatName, undoable } from "../js/views/sheet_rows.js";
import { initialState, voidedBefore, history } from "../js/views/wiezen_form.js";
import { listRows } from "../js/state.js";
import { setLanguage } from "../js/i18n.js";
import { Syncer } from "../js/sync.js";
import { FakeServer, FakeTimers, MemoryStore } from "./fakes.mjs";

const players = { 1: "Anna Peeters", 2: "Bert Claes", 3: "Cor Janssens", 4: "Dirk Maes", 5: "Els Wouters" };

test("a wiezen row reads as the contract with the players' names and tricks", () => {
  setLanguage("nl");
  const vraag = { kind: "deal", record: { dealer: 4, contract: "VRAAG", declarers: [1, 3], tricks: 9 } };
  assert.equal(rowWhat("wiezen", vraag, players), "vraag/mee · 1 Anna + 3 Cor · 9 slagen");
  const mis = { kind: "deal", record: { dealer: 1, contract: "MIS", miserie: [{ seat: 2, open: false, tricks: 0 }, { seat: 4, open: true, tricks: 1 }] } };
  assert.equal(rowWhat("wiezen", mis, players), "miserie · 2 Bert (0), 4 Dirk open (1)");
  const ab = { kind: "deal", record: { contract: "AB10T", declarers: [5], tricks: 10 } };
  assert.equal(rowWhat("wiezen", ab, players), "abondance 10 (in troef) · 5 Els · 10 slagen");
  assert.equal(rowWhat("wiezen", { kind: "deal", record: { contract: "PAS_ROND" } }, players), "pas rond");
  assert.equal(rowWhat("wiezen", { kind: "penalty", record: { penalties: [] } }, players), "");
  assert.equal(rowWhat("bridge", vraag, players), "");
});

test("a schafkopf row names the game, the declarer, the called ace with its holder and the Augen", () => {
  setLanguage("de");
  const ruf = { kind: "deal", record: { dealer: 1, type: "RUFSPIEL", declarer: 2, called_ace: "EICHEL", partner: 4, decl_augen: 71 } };
  assert.equal(rowWhat("schafkopf", ruf, players), "Rufspiel · 2 Bert · Eichel-Ass 4 Dirk · 71 Augen");
  assert.equal(rowWhat("schafkopf", { record: { type: "SOLO", declarer: 3, decl_augen: 40 } }, players), "Solo · 3 Cor · 40 Augen");
  assert.equal(rowWhat("schafkopf", { record: { type: "NO_GAME", dealer: 2 } }, players), "kein Spiel");
  setLanguage("en");
});

test("made is good news and never printed like a loss; failed, down and nat are", () => {
  assert.equal(markerTone("made"), "good");
  for (const loss of ["failed", "down", "nat", "misplay"]) assert.equal(markerTone(loss), "bad");
  assert.equal(markerTone("after_pas_rond"), "");
  assert.equal(seatName(players, 3), "3 Cor");
  assert.equal(seatName({}, 3), "3");
});

test("a row corrected or voided by a ruling says the director did it; a table's own void does not", () => {
  setLanguage("en");
  const sheet = { disputes: [{ deal_no: 2, ruling: "corrected" }, { deal_no: 3, ruling: "voided" }, { deal_no: 4, ruling: null }] };
  const notes = rulingNotes(sheet);
  assert.equal(rulingWord({ deal_no: 2, corrected: true }, notes), "corrected by the director");
  assert.equal(rulingWord({ deal_no: 3, voided: "cards exposed" }, notes), "voided by the director");
  assert.equal(rulingWord({ deal_no: 5, voided: "typo" }, notes), "");
  assert.equal(rulingWord({ deal_no: 4 }, notes), "");
});

test("the director's adjustment counts in the totals, beside the running totals of the rows", () => {
  const list = {
    list_id: "L", game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d" },
    sheet: {
      rows: [{ deal_no: 1, kind: "deal", points: { 1: 3, 2: -3, 3: 3, 4: -3 }, record: {}, voided: null }],
      adjustments: [{ deal_no: 1, points: { 1: -5, 2: 5 }, reason: "slow play", article: "ART 11" }],
    },
  };
  const { rows, totals } = listRows(list);
  assert.deepEqual(rows[0].running, { 1: 3, 2: -3, 3: 3, 4: -3 });
  assert.deepEqual(totals, { 1: -2, 2: 2, 3: 3, 4: -3 });
});

const q = (id, name, dealNo, list = "L") => ({ id, name, list, args: { deal_no: dealNo, record: {} } });

test("only the newest outbox entry of the list may be undone, and only a deal or a penalty", () => {
  const list = { list_id: "L" };
  assert.equal(undoable(list, [q(1, "join"), q(2, "record_deal", 1), q(3, "record_deal", 2)]).id, 3);
  assert.equal(undoable(list, [q(3, "record_deal", 2), q(2, "record_deal", 1), q(9, "record_deal", 1, "other")]).id, 3);
  assert.equal(undoable(list, [q(2, "record_deal", 1), q(3, "void_deal", 1)]), null);
  assert.equal(undoable(list, [q(2, "record_penalty", 4)]).id, 2);
  assert.equal(undoable(list, []), null);
});

async function setUp() {
  const store = new MemoryStore();
  await store.saveList({ list_id: "L", token: "t" });
  const server = new FakeServer();
  const syncer = new Syncer({ store, fetch: server.fetch, timers: new FakeTimers() });
  return { store, server, syncer };
}

test("an undone deal leaves the outbox and never reaches the server; the deal after it does", async () => {
  const { store, server, syncer } = await setUp();
  await store.enqueue("record_deal", "L", { deal_no: 1, record: { tricks: 8 } });
  const wrong = await store.enqueue("record_deal", "L", { deal_no: 2, record: { tricks: 13 } });
  assert.equal(await syncer.withdraw(wrong), true);
  assert.deepEqual((await store.pending()).map((e) => e.args.deal_no), [1]);
  await store.enqueue("record_deal", "L", { deal_no: 2, record: { tricks: 9 } });
  await syncer.request({ force: true });
  assert.deepEqual(server.deals.map((d) => [d.deal_no, d.record.tricks]), [[1, 8], [2, 9]]);
  assert.equal((await store.pending()).length, 0);
});

test("an undo waits for a round on its way and then finds the deal sent: nothing is lost", async () => {
  const { store, server, syncer } = await setUp();
  const entry = await store.enqueue("record_deal", "L", { deal_no: 1, record: {} });
  const round = syncer.request({ force: true });
  const taken = syncer.withdraw(entry);
  await round;
  assert.equal(await taken, false);
  assert.deepEqual(server.deals.map((d) => d.deal_no), [1]);
});

test("a round asked for during an undo runs after it", async () => {
  const { store, server, syncer } = await setUp();
  const first = await store.enqueue("record_deal", "L", { deal_no: 1, record: {} });
  const taking = syncer.withdraw(first);
  syncer.request({ force: true });
  assert.equal(await taking, true);
  await syncer.running;
  assert.deepEqual(server.deals, []);
  assert.equal(server.requests.some((r) => r.url === "/api/sync/push"), false);
});

const four = { list_id: "W", game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d" } };
const row = (n, record, voided = null) => ({ deal_no: n, kind: "deal", record, voided });

test("wiezen: after a voided played deal the deal passes on, and its dealer is one tap away", () => {
  const rows = [row(1, { dealer: 1, contract: "VRAAG" }), row(2, { dealer: 2, contract: "SOLO" }, "wrong tricks")];
  const state = initialState({ ...four, sheet: { rows, planned_deals: 40 } }, 3);
  assert.equal(state.dealer, 3);
  assert.deepEqual(state.voided, { deal_no: 2, dealer: 2 });
  assert.equal(state.counted, 1);
  // voided from this phone, not yet sent: the same
  const sent = { ...four, sheet: { rows: rows.map((r) => ({ ...r, voided: null })), planned_deals: 40 } };
  const voiding = { id: 5, list: "W", name: "void_deal", args: { deal_no: 2, reason: "typo" } };
  assert.equal(initialState(sent, 3, [voiding]).dealer, 3);
  assert.deepEqual(voidedBefore(history(sent, 3, [voiding])), { deal_no: 2, dealer: 2 });
  // a voided pas rond was still a pas rond: the same dealer
  const pas = [row(1, { dealer: 1, contract: "PAS_ROND" }, "typo")];
  assert.equal(initialState({ ...four, sheet: { rows: pas } }, 2).dealer, 1);
  // once a row follows the voided one, there is nothing to offer
  const after = [...rows, row(3, { dealer: 2, contract: "VRAAG" })];
  assert.equal(initialState({ ...four, sheet: { rows: after } }, 4).voided, null);
  assert.equal(initialState({ ...four, sheet: { rows: after } }, 4).dealer, 3);
});
