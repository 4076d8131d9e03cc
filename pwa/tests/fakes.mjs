// Fakes for the sync tests: an in-memory store with db.js's methods, and a fake server.

export class MemoryStore {
  constructor() {
    this.meta = {};
    this.outbox = new Map();
    this.conflictsById = new Map();
    this.listsById = new Map();
    this.devicesByList = new Map();
    this.eventsByList = new Map();
    this.cursors = new Map();
  }
  async device(list) { return this.devicesByList.get(list); }
  async enqueue(name, list, args, also = null) {
    if (also) this.meta[also[0]] = also[1];
    const key = `next_mutation_id:${list}`;
    const id = this.meta[key] || 1;
    this.meta[key] = id + 1;
    const entry = { id, name, list, args };
    this.outbox.set(`${list}|${id}`, entry);
    return entry;
  }
  async pending() { return [...this.outbox.values()].sort((a, b) => a.id - b.id); }
  async remove(entry) { this.outbox.delete(`${entry.list}|${entry.id}`); }
  async acknowledge(entry) {
    this.outbox.delete(`${entry.list}|${entry.id}`);
    const list = this.listsById.get(entry.list);
    if (list) this.listsById.set(entry.list, { ...list, sent: [...(list.sent || []).filter((e) => e.id !== entry.id), entry] });
  }
  async moveToConflicts(entry, status, error, list) {
    this.outbox.delete(`${entry.list}|${entry.id}`);
    this.conflictsById.set(`${entry.list}|${entry.id}`, { ...entry, status, error, list_state: list });
  }
  async conflicts() { return [...this.conflictsById.values()]; }
  async renumberFrom(last, list) {
    const entries = (await this.pending()).filter((e) => e.list === list);
    for (const e of entries) this.outbox.delete(`${list}|${e.id}`);
    let id = last + 1;
    for (const e of entries) this.outbox.set(`${list}|${id}`, { ...e, id: id++ });
    this.meta[`next_mutation_id:${list}`] = id;
  }
  async saveList(list) { this.listsById.set(list.list_id, list); }
  async list(id) { return this.listsById.get(id); }
  async updateList(id, change) {
    const list = this.listsById.get(id);
    if (list) this.listsById.set(id, change(list));
  }
  async lists() { return [...this.listsById.values()]; }
  async cursor(list) { return this.cursors.get(list) || 0; }
  async saveEvents(list, events, cursor) {
    this.eventsByList.set(list, [...(this.eventsByList.get(list) || []), ...events]);
    this.cursors.set(list, cursor);
  }
}

// A server that applies record_deal mutations exactly once per mutation id.
export class FakeServer {
  constructor({ lastMutationId = 0, refuse = () => null } = {}) {
    this.last = lastMutationId;
    this.deals = [];
    this.events = [];
    this.refuse = refuse;
    this.requests = [];
    this.offline = false;
    this.failure = null;
    this.fetch = this.fetch.bind(this);
  }
  json(body, status = 200, headers = {}) {
    return { ok: status < 400, status, json: async () => body, headers: { get: (name) => headers[name] ?? null } };
  }
  // Every push answers this status (with `body` and `headers`) instead, until `failure` is null.
  failPush(status, body = { error: "server_error", message: "something went wrong" }, headers = {}) {
    this.failure = { status, body, headers };
  }
  async fetch(url, init = {}) {
    this.requests.push({ url, init });
    if (this.offline) throw new TypeError("Failed to fetch");
    if (url === "/api/sync/push" && this.failure) {
      const { status, body, headers } = this.failure;
      return this.json(body, status, headers);
    }
    if (url === "/api/sync/push") return this.json(this.push(JSON.parse(init.body)));
    if (url.startsWith("/api/sync/pull")) {
      const q = new URLSearchParams(url.split("?")[1]);
      const cursor = Number(q.get("cursor"));
      const limit = Number(q.get("limit"));
      const after = this.events.filter((e) => e.position > cursor);
      const page = after.slice(0, limit);
      return this.json({ events: page, cursor: page.length ? page[page.length - 1].position : cursor, more: after.length > limit });
    }
    if (url.startsWith("/api/lists/")) return this.json({ pen: "phone-1", status: "open", rows: this.deals });
    return this.json({ error: "not_found" }, 404);
  }
  push({ mutations }) {
    let gap = false;
    const results = mutations.map((m) => {
      if (gap) return { id: m.id, status: "skipped" };
      if (m.id <= this.last) return { id: m.id, status: "duplicate", result: {} };
      if (m.id > this.last + 1) {
        gap = true;
        return { id: m.id, status: "gap", error: { error: "gap", message: "gap", last_mutation_id: this.last } };
      }
      this.last = m.id;
      const refusal = this.refuse(m);
      if (refusal) return { id: m.id, status: "refused", error: refusal, list: {} };
      this.deals.push(m.args);
      this.events.push({ position: this.events.length + 1, event: "DealRecorded", data: m.args });
      return { id: m.id, status: "applied", result: {}, list: { rows: this.deals.length } };
    });
    return { results, last_mutation_id: this.last };
  }
}

// Timers the test runs by hand: the interval never fires by itself, each timeout waits for
// `fire()`; `delays` keeps every timeout asked for.
export class FakeTimers {
  constructor() {
    this.timeouts = new Map();
    this.delays = [];
    this.next = 1;
  }
  setInterval() { return 0; }
  clearInterval() {}
  setTimeout(fn, ms) {
    const id = this.next++;
    this.timeouts.set(id, fn);
    this.delays.push(ms);
    return id;
  }
  clearTimeout(id) { this.timeouts.delete(id); }
  get pending() { return this.timeouts.size; }
  // Run the first waiting timeout.
  fire() {
    const [id, fn] = this.timeouts.entries().next().value;
    this.timeouts.delete(id);
    fn();
  }
}
