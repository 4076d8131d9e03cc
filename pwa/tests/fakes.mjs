// Fakes for the sync tests: an in-memory store with db.js's methods, and a fake server.

export class MemoryStore {
  constructor() {
    this.meta = { client_id: "phone-1", next_mutation_id: 1 };
    this.outbox = new Map();
    this.conflictsById = new Map();
    this.listsById = new Map();
    this.eventsByList = new Map();
    this.cursors = new Map();
  }
  async clientId() { return this.meta.client_id; }
  async enqueue(name, list, args) {
    const id = this.meta.next_mutation_id++;
    const entry = { id, name, list, args };
    this.outbox.set(id, entry);
    return entry;
  }
  async pending() { return [...this.outbox.values()].sort((a, b) => a.id - b.id); }
  async remove(id) { this.outbox.delete(id); }
  async moveToConflicts(entry, status, error, list) {
    this.outbox.delete(entry.id);
    this.conflictsById.set(entry.id, { ...entry, status, error, list_state: list });
  }
  async conflicts() { return [...this.conflictsById.values()]; }
  async renumberFrom(last) {
    const entries = await this.pending();
    this.outbox.clear();
    let id = last + 1;
    for (const e of entries) this.outbox.set(id, { ...e, id: id++ });
    this.meta.next_mutation_id = id;
  }
  async saveList(list) { this.listsById.set(list.list_id, list); }
  async list(id) { return this.listsById.get(id); }
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
    this.fetch = this.fetch.bind(this);
  }
  json(body, status = 200) {
    return { ok: status < 400, status, json: async () => body };
  }
  async fetch(url, init = {}) {
    this.requests.push({ url, init });
    if (this.offline) throw new TypeError("Failed to fetch");
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
