// A bridge table's phone follows the movement (#16 item 15): the round line, and moving on
// to the next list once the server has the list as submitted, with the server's answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardRange, followMovement, isFinal, roundLine } from "../js/views/movement.js";
import { setLanguage } from "../js/i18n.js";
import { MemoryStore } from "./fakes.mjs";

class Store extends MemoryStore {
  async getMeta(key) { return this.meta[key]; }
  async setMeta(key, value) { this.meta[key] = value; }
  async adoptDevice(joined) { this.devicesByList.set(joined.list_id, { list_id: joined.list_id, token: joined.token }); }
}

const round1 = { list_id: "L1", game: "bridge", table: 3, round: 1, boards: [1, 2], pairs: { NS: 3, EW: 6 }, status: "open" };
const next = { list_id: "L2", game: "bridge", table: 3, round: 2, boards: [3, 4], pairs: { NS: 3, EW: 5 }, token: "T2", pen: null };

test("boards read as a range, and the round line names the boards and the pairs", () => {
  setLanguage("en");
  assert.equal(boardRange([4, 3]), "3–4");
  assert.equal(boardRange([1, 5]), "1, 5");
  assert.equal(boardRange([7]), "7");
  assert.equal(roundLine(round1), "Round 1 · boards 1–2 · NS pair 3 vs EW pair 6");
  setLanguage("nl");
  assert.equal(roundLine(next), "Ronde 2 · spellen 3–4 · NZ paar 3 tegen OW paar 5");
  assert.equal(roundLine({ ...round1, game: "wiezen" }), "");
});

function server(status, body) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push({ url, init });
    return { status, ok: status === 200, json: async () => body };
  };
  return { calls, fetch };
}

test("an open list stays; a submitted one moves on with the token of the list it held", async () => {
  const store = new Store();
  store.devicesByList.set("L1", { list_id: "L1", token: "T1" });
  const { calls, fetch } = server(200, next);
  assert.equal(await followMovement({ store, fetch, list: round1 }), null);
  assert.equal(calls.length, 0);

  const done = { ...round1, sheet: { status: "submitted" } };
  assert.ok(isFinal(done));
  const step = await followMovement({ store, fetch, list: done });
  assert.equal(step.moved.list_id, "L2");
  assert.equal(calls[0].url, "/api/join/next");
  assert.equal(calls[0].init.headers.Authorization, "Bearer T1");
  assert.equal(calls[0].init.body, undefined); // the phone names no table: the server decides
  assert.equal(await store.getMeta("current_list"), "L2");
  assert.equal((await store.device("L2")).token, "T2");
  assert.equal((await store.list("L2")).round, 2);
});

test("after the last round the phone stays and stops asking", async () => {
  const store = new Store();
  store.devicesByList.set("L1", { list_id: "L1", token: "T1" });
  const { calls, fetch } = server(404, { message: "the movement has ended" });
  const done = { ...round1, status: "submitted" };
  assert.deepEqual(await followMovement({ store, fetch, list: done }), { ended: true });
  assert.deepEqual(await followMovement({ store, fetch, list: done }), { ended: true });
  assert.equal(calls.length, 1);
  assert.equal(await store.getMeta("current_list"), undefined);
});

test("a refusal (not submitted on the server yet) changes nothing", async () => {
  const store = new Store();
  store.devicesByList.set("L1", { list_id: "L1", token: "T1" });
  const { fetch } = server(409, { message: "not submitted" });
  assert.equal(await followMovement({ store, fetch, list: { ...round1, status: "submitted" } }), null);
  assert.equal(await store.getMeta("current_list"), undefined);
});
