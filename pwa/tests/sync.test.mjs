import { test } from "node:test";
import assert from "node:assert/strict";
import { batches, failureKind, pushOutbox, retryAfter } from "../js/outbox.js";
import { backoff, syncOnce, pullEvents, RETRY, Syncer } from "../js/sync.js";
import { MemoryStore, FakeServer, FakeTimers } from "./fakes.mjs";
import { nextDealNo, unsettled } from "../js/state.js";

async function joined(store) {
  await store.saveList({ list_id: "L1", token: "t1" });
  return store;
}

test("batches send each list's entries together, in the order of its own mutation ids", () => {
  const out = batches([{ id: 3, list: "A" }, { id: 1, list: "A" }, { id: 1, list: "B" }, { id: 2, list: "A" }]);
  assert.deepEqual(out.map((b) => [b.list, b.entries.map((e) => e.id)]), [["A", [1, 2, 3]], ["B", [1]]]);
  assert.equal(batches(Array.from({ length: 60 }, (_, i) => ({ id: i + 1, list: "A" })), 50).length, 2);
});

test("entries recorded offline reach the server exactly once when the network is back", async () => {
  const store = await joined(new MemoryStore());
  const server = new FakeServer();
  server.offline = true;
  for (let n = 1; n <= 16; n++) await store.enqueue("record_deal", "L1", { deal_no: n });
  const offline = await syncOnce({ store, fetch: server.fetch });
  assert.equal(offline.ok, false);
  assert.equal((await store.pending()).length, 16);
  server.offline = false;
  assert.equal((await syncOnce({ store, fetch: server.fetch })).ok, true);
  await syncOnce({ store, fetch: server.fetch });
  assert.deepEqual(server.deals.map((d) => d.deal_no), [...Array(16).keys()].map((i) => i + 1));
  assert.equal((await store.pending()).length, 0);
});

test("an entry stays in the outbox when the answer is lost, and a resend is a duplicate", async () => {
  const store = await joined(new MemoryStore());
  const server = new FakeServer();
  await store.enqueue("record_deal", "L1", { deal_no: 1 });
  const lossy = async (url, init) => {
    const answer = await server.fetch(url, init);
    if (url === "/api/sync/push") throw new TypeError("connection reset");
    return answer;
  };
  await pushOutbox({ store, fetch: lossy, token: async () => "t1" });
  assert.equal((await store.pending()).length, 1);
  const report = await pushOutbox({ store, fetch: server.fetch, token: async () => "t1" });
  assert.equal(report.applied, 1);
  assert.equal(server.deals.length, 1);
});

test("a refused entry moves to the conflicts with the server's reason and the rest goes on", async () => {
  const store = await joined(new MemoryStore());
  const refusal = { error: "invalid_input", message: "must add up to 162", fields: { card_points: "must add up to 162" } };
  const server = new FakeServer({ refuse: (m) => (m.args.deal_no === 2 ? refusal : null) });
  for (let n = 1; n <= 3; n++) await store.enqueue("record_deal", "L1", { deal_no: n });
  await pushOutbox({ store, fetch: server.fetch, token: async () => "t1" });
  const conflicts = await store.conflicts();
  assert.equal(conflicts.length, 1);
  assert.equal(conflicts[0].error.message, "must add up to 162");
  assert.equal((await store.pending()).length, 0);
});

test("a gap renumbers the outbox from the server's last id and resends", async () => {
  const store = await joined(new MemoryStore());
  store.meta["next_mutation_id:L1"] = 10;
  const server = new FakeServer({ lastMutationId: 4 });
  await store.enqueue("record_deal", "L1", { deal_no: 1 });
  await store.enqueue("record_deal", "L1", { deal_no: 2 });
  const report = await syncOnce({ store, fetch: server.fetch });
  assert.equal(report.ok, true);
  assert.equal(server.last, 6);
  assert.equal(server.deals.length, 2);
  assert.equal(store.meta["next_mutation_id:L1"], 7);
});

test("pulling pages through the events and keeps the cursor with them", async () => {
  const store = await joined(new MemoryStore());
  const server = new FakeServer();
  for (let n = 1; n <= 450; n++) server.events.push({ position: n * 2, event: "DealRecorded" });
  assert.equal(await pullEvents({ store, fetch: server.fetch, list: "L1", token: "t1" }), 450);
  assert.equal(await store.cursor("L1"), 900);
  assert.equal(await pullEvents({ store, fetch: server.fetch, list: "L1", token: "t1" }), 0);
});

test("a sync requested while one runs runs once more afterwards, not in parallel", async () => {
  const store = await joined(new MemoryStore());
  const server = new FakeServer();
  const rounds = [];
  const syncer = new Syncer({ store, fetch: server.fetch, onDone: (r) => rounds.push(r), timers: { setInterval() {}, clearInterval() {} } });
  const first = syncer.request();
  syncer.request();
  syncer.request();
  await first;
  assert.equal(rounds.length, 2);
});

// ---- when a push fails as a whole ----------------------------------------------------------

const pushes = (server) => server.requests.filter((r) => r.url === "/api/sync/push").length;

async function syncerFor(server, { random = () => 1, onDone = () => {} } = {}) {
  const store = await joined(new MemoryStore());
  const timers = new FakeTimers();
  let clock = 0;
  const syncer = new Syncer({ store, fetch: server.fetch, timers, random, now: () => clock, onDone });
  return { store, timers, syncer, tick: (ms) => { clock += ms; } };
}

test("a failed request is retried after no network, a 5xx, 429 or 408; 401 and 403 ask to join again; other 4xx stop", () => {
  for (const status of [undefined, null, 500, 502, 503, 504, 429, 408]) assert.equal(failureKind(status), "retry", String(status));
  for (const status of [401, 403]) assert.equal(failureKind(status), "rejoin");
  for (const status of [400, 404, 405, 409, 413, 415, 422]) assert.equal(failureKind(status), "refused");
});

test("Retry-After is read in seconds or as an HTTP date", () => {
  assert.equal(retryAfter("120"), 120000);
  assert.equal(retryAfter("Wed, 02 Dec 2026 10:00:30 GMT", Date.parse("2026-12-02T10:00:00Z")), 30000);
  assert.equal(retryAfter(null), null);
  assert.equal(retryAfter("soon"), null);
});

test("the back-off doubles up to its cap, jittered within the upper half", () => {
  const top = [0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoff(n, () => 1));
  assert.deepEqual(top, [2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  const low = [0, 1, 10].map((n) => backoff(n, () => 0));
  assert.deepEqual(low, [1000, 2000, RETRY.cap / 2]);
  const spread = new Set(Array.from({ length: 20 }, (_, i) => backoff(3, () => i / 20)));
  assert.equal(spread.size, 20);
});

test("a server failing with 5xx is tried again with growing waits, and entries recorded meanwhile wait too", async () => {
  const server = new FakeServer();
  server.failPush(500);
  const { store, timers, syncer } = await syncerFor(server);
  await store.enqueue("record_deal", "L1", { deal_no: 1 });
  const first = await syncer.start();
  assert.equal(first.ok, false);
  assert.equal(first.retryAt, 2000);
  for (let n = 2; n <= 9; n++) {
    await store.enqueue("record_deal", "L1", { deal_no: n });
    await syncer.request(); // a new entry, or the 30 s interval: no request while waiting
  }
  assert.equal(pushes(server), 1);
  for (let i = 0; i < 6; i++) {
    timers.fire();
    await syncer.running;
  }
  assert.deepEqual(timers.delays, [2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  assert.equal(pushes(server), 7);
  server.failure = null; // the server is back
  timers.fire();
  const report = await syncer.running;
  assert.equal(report.ok, true);
  assert.deepEqual(server.deals.map((d) => d.deal_no), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(timers.pending, 0);
  server.failPush(503);
  await store.enqueue("record_deal", "L1", { deal_no: 10 });
  await syncer.request({ force: true });
  assert.equal(timers.delays.at(-1), 2000); // after a success the waits start small again
});

test("no network is tried again with a back-off, and at once when the network is back", async () => {
  const server = new FakeServer();
  server.offline = true;
  const { store, timers, syncer } = await syncerFor(server);
  await store.enqueue("record_deal", "L1", { deal_no: 1 });
  const report = await syncer.start();
  assert.equal(report.failure.kind, "retry");
  assert.equal(timers.pending, 1);
  server.offline = false;
  assert.equal((await syncer.request({ force: true })).ok, true); // the `online` event
  assert.equal(timers.pending, 0);
  assert.equal(server.deals.length, 1);
});

test("a 429 waits at least as long as its Retry-After says", async () => {
  const server = new FakeServer();
  server.failPush(429, { error: "too_many_requests", message: "try again in 90 s" }, { "Retry-After": "90" });
  const { store, timers, syncer } = await syncerFor(server, { random: () => 0 });
  await store.enqueue("record_deal", "L1", { deal_no: 1 });
  const report = await syncer.start();
  assert.equal(report.failure.retryAfter, 90000);
  assert.equal(report.retryAt, 90000);
  assert.deepEqual(timers.delays, [90000]);
});

test("a 401 stops the retries and asks the phone to join again; joining again sends the outbox", async () => {
  const server = new FakeServer();
  server.failPush(401, { error: "unauthorized", message: "this table token is not valid; join the list again with its code" });
  const { store, timers, syncer } = await syncerFor(server);
  await store.enqueue("record_deal", "L1", { deal_no: 1 });
  const report = await syncer.start();
  assert.equal(report.blocked.kind, "rejoin");
  assert.match(report.blocked.message, /join the list again/);
  assert.equal(timers.pending, 0);
  await store.enqueue("record_deal", "L1", { deal_no: 2 });
  await syncer.request();
  assert.equal(pushes(server), 1); // no retry until the user acts
  assert.equal((await store.pending()).length, 2); // nothing is lost
  server.failure = null;
  await store.saveList({ list_id: "L1", token: "t2" }); // joined again: a new token
  assert.equal((await syncer.request({ force: true })).ok, true);
  assert.equal(server.requests.filter((r) => r.url === "/api/sync/push").at(-1).init.headers.Authorization, "Bearer t2");
  assert.equal(server.deals.length, 2);
});

test("a batch refused as a whole (400, 413, 422) stops the retries with the server's words", async () => {
  for (const status of [400, 413, 422]) {
    const server = new FakeServer();
    server.failPush(status, { error: "invalid", message: "mutations[0].id: Not a valid integer." });
    const { store, timers, syncer } = await syncerFor(server);
    await store.enqueue("record_deal", "L1", { deal_no: 1 });
    const report = await syncer.start();
    assert.equal(report.blocked.kind, "refused");
    assert.equal(report.blocked.message, `HTTP ${status}: mutations[0].id: Not a valid integer.`);
    assert.equal(timers.pending, 0);
    await syncer.request();
    assert.equal(pushes(server), 1);
    await syncer.request({ force: true }); // "try again" tapped
    assert.equal(pushes(server), 2);
  }
});

test("a refused entry never holds up the ones behind it, in the same push or later", async () => {
  const store = await joined(new MemoryStore());
  const refusal = { error: "invalid", message: "is not valid Unicode text", fields: { reason: "is not valid Unicode text" } };
  const server = new FakeServer({ refuse: (m) => (m.name === "raise_dispute" ? refusal : null) });
  await store.enqueue("raise_dispute", "L1", { deal_no: 1, reason: "Jan \ud83d" });
  await store.enqueue("record_deal", "L1", { deal_no: 2 });
  assert.equal((await syncOnce({ store, fetch: server.fetch })).ok, true);
  assert.deepEqual(server.deals.map((d) => d.deal_no), [2]);
  assert.deepEqual((await store.conflicts()).map((c) => c.name), ["raise_dispute"]);
  await store.enqueue("record_deal", "L1", { deal_no: 3 });
  await syncOnce({ store, fetch: server.fetch });
  assert.deepEqual(server.deals.map((d) => d.deal_no), [2, 3]);
  assert.equal(pushes(server), 2); // the refused entry is not sent again
});

test("a round's sheet keeps the deal in play saved with the list while the sheet was on its way", async () => {
  const store = await joined(new MemoryStore());
  const server = new FakeServer();
  // the round before's play refresh lands between this round reading the list and saving it
  const meanwhile = async (url, init) => {
    if (url.startsWith("/api/lists/")) {
      await store.saveList({ ...(await store.list("L1")), playInfo: { play_mode: true, deal_no: 1 } });
    }
    return server.fetch(url, init);
  };
  assert.equal((await syncOnce({ store, fetch: meanwhile })).ok, true);
  const list = await store.list("L1");
  assert.deepEqual(list.playInfo, { play_mode: true, deal_no: 1 });
  assert.equal(list.pen, "phone-1");
});

test("a deal the server has applied still counts on the phone until the sheet with it comes", async () => {
  const store = await joined(new MemoryStore());
  const server = new FakeServer();
  await store.enqueue("record_deal", "L1", { deal_no: 1 });
  // the form is redrawn between the answer to the push and the sheet: it must stay at deal 2
  const between = [];
  const watching = async (url, init) => {
    if (url.startsWith("/api/lists/")) {
      const list = await store.list("L1");
      const shown = unsettled(list, await store.pending());
      between.push([nextDealNo(list, shown), (await store.pending()).length, shown.map((e) => e.args.deal_no)]);
    }
    return server.fetch(url, init);
  };
  assert.equal((await syncOnce({ store, fetch: watching })).ok, true);
  assert.deepEqual(between, [[2, 0, [1]]]);
  const list = await store.list("L1");
  assert.deepEqual(list.sent, []); // the sheet has it now
  assert.equal(nextDealNo(list, []), 2);
});
