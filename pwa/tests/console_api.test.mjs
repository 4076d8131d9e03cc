// The console's requests: one Idempotency-Key per action, the same key on every retry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { request, newKey } from "../../console/js/api.js";

function server(answers) {
  const seen = [];
  globalThis.fetch = async (url, init) => {
    seen.push({ url, key: init.headers["Idempotency-Key"], method: init.method });
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return new Response(JSON.stringify(next.body ?? {}), { status: next.status });
  };
  return seen;
}

test("each change gets a new key", async () => {
  const seen = server([{ status: 201 }, { status: 201 }]);
  await request("POST", "competitions", { name: "A" });
  await request("POST", "competitions", { name: "B" });
  assert.equal(seen.length, 2);
  assert.ok(seen[0].key && seen[1].key);
  assert.notEqual(seen[0].key, seen[1].key);
});

test("a lost answer and a busy server are retried with the same key", async () => {
  const seen = server([new TypeError("network"), { status: 503 }, { status: 201, body: { id: 1 } }]);
  const answer = await request("POST", "competitions", { name: "A" }, { retries: [0, 0, 0] });
  assert.deepEqual(answer, { id: 1 });
  assert.equal(seen.length, 3);
  assert.equal(new Set(seen.map((s) => s.key)).size, 1);
});

test("a refusal is not retried", async () => {
  const seen = server([{ status: 422, body: { error: "invalid", message: "name: is required" } }]);
  await assert.rejects(
    request("POST", "competitions", {}, { retries: [0, 0, 0] }),
    (error) => error.status === 422 && error.message === "name: is required",
  );
  assert.equal(seen.length, 1);
});

test("reads carry no key", async () => {
  const seen = server([{ status: 200, body: [] }]);
  await request("GET", "competitions");
  assert.equal(seen[0].key, undefined);
});

test("keys are long random hex, without a secure context", () => {
  assert.match(newKey(), /^console-[0-9a-f]{32}$/);
  assert.notEqual(newKey(), newKey());
});
