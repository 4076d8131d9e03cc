import { test } from "node:test";
import assert from "node:assert/strict";
import { batches, pushOutbox } from "../js/outbox.js";
import { syncOnce, pullEvents, Syncer } from "../js/sync.js";
import { MemoryStore, FakeServer } from "./fakes.mjs";

async function joined(store) {
  await store.saveList({ list_id: "L1", token: "t1" });
  return store;
}

test("batches keep the outbox order and split where the list changes", () => {
  const out = batches([{ id: 3, list: "A" }, { id: 1, list: "A" }, { id: 2, list: "B" }]);
  assert.deepEqual(out.map((b) => [b.list, b.entries.map((e) => e.id)]), [["A", [1]], ["B", [2]], ["A", [3]]]);
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
  await pushOutbox({ store, fetch: lossy, clientId: "phone-1", token: async () => "t1" });
  assert.equal((await store.pending()).length, 1);
  const report = await pushOutbox({ store, fetch: server.fetch, clientId: "phone-1", token: async () => "t1" });
  assert.equal(report.applied, 1);
  assert.equal(server.deals.length, 1);
});

test("a refused entry moves to the conflicts with the server's reason and the rest goes on", async () => {
  const store = await joined(new MemoryStore());
  const refusal = { error: "invalid_input", message: "must add up to 162", fields: { card_points: "must add up to 162" } };
  const server = new FakeServer({ refuse: (m) => (m.args.deal_no === 2 ? refusal : null) });
  for (let n = 1; n <= 3; n++) await store.enqueue("record_deal", "L1", { deal_no: n });
  await pushOutbox({ store, fetch: server.fetch, clientId: "phone-1", token: async () => "t1" });
  const conflicts = await store.conflicts();
  assert.equal(conflicts.length, 1);
  assert.equal(conflicts[0].error.message, "must add up to 162");
  assert.equal((await store.pending()).length, 0);
});

test("a gap renumbers the outbox from the server's last id and resends", async () => {
  const store = await joined(new MemoryStore());
  store.meta.next_mutation_id = 10;
  const server = new FakeServer({ lastMutationId: 4 });
  await store.enqueue("record_deal", "L1", { deal_no: 1 });
  await store.enqueue("record_deal", "L1", { deal_no: 2 });
  const report = await syncOnce({ store, fetch: server.fetch });
  assert.equal(report.ok, true);
  assert.equal(server.last, 6);
  assert.equal(server.deals.length, 2);
  assert.equal(store.meta.next_mutation_id, 7);
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
