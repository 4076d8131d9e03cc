// The ONLY module that touches IndexedDB: joined lists, pulled events, the outbox, conflicts,
// the device's client id and mutation counter, and the sync cursors.

const NAME = "troef";
const VERSION = 1;
const STORES = ["meta", "lists", "events", "outbox", "conflicts", "cursors"];

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error);
  });
}

export function openDb(idb = globalThis.indexedDB) {
  const req = idb.open(NAME, VERSION);
  req.onupgradeneeded = () => {
    const db = req.result;
    db.createObjectStore("meta");
    db.createObjectStore("lists", { keyPath: "list_id" });
    db.createObjectStore("events", { keyPath: ["list", "position"] });
    db.createObjectStore("outbox", { keyPath: "id" });
    db.createObjectStore("conflicts", { keyPath: "id" });
    db.createObjectStore("cursors");
  };
  return request(req).then((db) => new Store(db));
}

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return "dev-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The storage the outbox and sync use; a fake with the same methods serves the node tests.
export class Store {
  constructor(db) {
    this.db = db;
  }

  async clientId() {
    const tx = this.db.transaction("meta", "readwrite");
    const meta = tx.objectStore("meta");
    let id = await request(meta.get("client_id"));
    if (!id) {
      id = randomId();
      meta.put(id, "client_id");
    }
    await done(tx);
    return id;
  }

  // Allocate the client id and the next mutation id in the same transaction as the entry.
  async enqueue(name, list, args) {
    const tx = this.db.transaction(["meta", "outbox"], "readwrite");
    const meta = tx.objectStore("meta");
    let clientId = await request(meta.get("client_id"));
    if (!clientId) {
      clientId = randomId();
      meta.put(clientId, "client_id");
    }
    const id = (await request(meta.get("next_mutation_id"))) || 1;
    meta.put(id + 1, "next_mutation_id");
    const entry = { id, name, list, args, client_id: clientId, queued_at: new Date().toISOString() };
    tx.objectStore("outbox").put(entry);
    await done(tx);
    return entry;
  }

  async pending() {
    const tx = this.db.transaction("outbox");
    return request(tx.objectStore("outbox").getAll());
  }

  async remove(id) {
    const tx = this.db.transaction("outbox", "readwrite");
    tx.objectStore("outbox").delete(id);
    await done(tx);
  }

  // A refused or conflicting entry leaves the outbox for the conflicts store, with the reason.
  async moveToConflicts(entry, status, error, list) {
    const tx = this.db.transaction(["outbox", "conflicts"], "readwrite");
    tx.objectStore("outbox").delete(entry.id);
    tx.objectStore("conflicts").put({ ...entry, status, error, list_state: list, at: new Date().toISOString() });
    await done(tx);
  }

  async conflicts() {
    return request(this.db.transaction("conflicts").objectStore("conflicts").getAll());
  }

  async dismissConflict(id) {
    const tx = this.db.transaction("conflicts", "readwrite");
    tx.objectStore("conflicts").delete(id);
    await done(tx);
  }

  // The server's last applied id is `last`: number the pending entries from last + 1.
  async renumberFrom(last) {
    const tx = this.db.transaction(["meta", "outbox"], "readwrite");
    const outbox = tx.objectStore("outbox");
    const entries = (await request(outbox.getAll())).sort((a, b) => a.id - b.id);
    outbox.clear();
    let id = last + 1;
    for (const entry of entries) outbox.put({ ...entry, id: id++ });
    tx.objectStore("meta").put(id, "next_mutation_id");
    await done(tx);
  }

  async saveList(list) {
    const tx = this.db.transaction("lists", "readwrite");
    tx.objectStore("lists").put(list);
    await done(tx);
  }

  async list(id) {
    return request(this.db.transaction("lists").objectStore("lists").get(id));
  }

  async lists() {
    return request(this.db.transaction("lists").objectStore("lists").getAll());
  }

  async cursor(list) {
    return (await request(this.db.transaction("cursors").objectStore("cursors").get(list))) || 0;
  }

  // Store pulled events and the new cursor in one transaction.
  async saveEvents(list, events, cursor) {
    const tx = this.db.transaction(["events", "cursors"], "readwrite");
    const store = tx.objectStore("events");
    for (const e of events) store.put({ ...e, list });
    tx.objectStore("cursors").put(cursor, list);
    await done(tx);
  }

  async events(list) {
    const range = IDBKeyRange.bound([list, -Infinity], [list, Infinity]);
    return request(this.db.transaction("events").objectStore("events").getAll(range));
  }

  async getMeta(key) {
    return request(this.db.transaction("meta").objectStore("meta").get(key));
  }

  async setMeta(key, value) {
    const tx = this.db.transaction("meta", "readwrite");
    tx.objectStore("meta").put(value, key);
    await done(tx);
  }
}
