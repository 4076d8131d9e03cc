// The ONLY module that touches IndexedDB: joined lists, the device secret of each, pulled
// events, the outbox (mutation ids counted per list), conflicts and the sync cursors.

const NAME = "troef";
const VERSION = 2;

// One step per version, run in order from the phone's `oldVersion`: a phone that has
// version 1 (the release before devices had secrets) keeps its outbox, lists and events.
const UPGRADES = [
  // 0 → 1: the first release.
  (db) => {
    db.createObjectStore("meta");
    db.createObjectStore("lists", { keyPath: "list_id" });
    db.createObjectStore("events", { keyPath: ["list", "position"] });
    db.createObjectStore("outbox", { keyPath: "id" });
    db.createObjectStore("conflicts", { keyPath: "id" });
    db.createObjectStore("cursors");
  },
  // 1 → 2: the secret the server gave this phone for each list it joined ("devices"), and
  // mutation ids counted per list: the outbox and the conflicts are keyed by [list, id].
  (db, tx) => {
    db.createObjectStore("devices", { keyPath: "list_id" });
    for (const name of ["outbox", "conflicts"]) {
      tx.objectStore(name).getAll().onsuccess = (event) => {
        const entries = event.target.result;
        db.deleteObjectStore(name);
        const store = db.createObjectStore(name, { keyPath: ["list", "id"] });
        const next = {};
        for (const entry of entries) {
          store.put(entry);
          if (name === "outbox") next[entry.list] = Math.max(next[entry.list] || 1, entry.id + 1);
        }
        for (const [list, id] of Object.entries(next)) tx.objectStore("meta").put(id, `next_mutation_id:${list}`);
      };
    }
  },
];

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
  req.onupgradeneeded = (event) => {
    for (let version = event.oldVersion; version < VERSION; version++) UPGRADES[version](req.result, req.transaction);
  };
  return request(req).then((db) => new Store(db));
}

// Number `entries` (one list's, in order) from `first`, a "join" (taking the pen) first if asked.
function numbered(entries, first, list, takePen) {
  const out = [];
  let id = first;
  if (takePen && !entries.some((e) => e.name === "join")) out.push({ id: id++, name: "join", list, args: {}, queued_at: new Date().toISOString() });
  for (const entry of entries) out.push({ ...entry, id: id++ });
  return { out, next: id };
}

// The storage the outbox and sync use; a fake with the same methods serves the node tests.
export class Store {
  constructor(db) {
    this.db = db;
  }

  // The device this phone is on a list: {list_id, token, device, expires_at}, or undefined.
  async device(list) {
    if (list === undefined || list === null) return undefined;
    return request(this.db.transaction("devices").objectStore("devices").get(list));
  }

  // Keep the secret the server gave for a list. A new device (not a renewed one) counts its
  // mutations from the server's last one: the list's pending entries (queued under the
  // device before, e.g. by the release before) are numbered after it, with taking the pen
  // first when asked, in the same transaction. A renewed device keeps its ids.
  async adoptDevice(joined, { takePen = false } = {}) {
    const list = joined.list_id;
    const tx = this.db.transaction(["devices", "outbox", "meta"], "readwrite");
    tx.objectStore("devices").put({ list_id: list, token: joined.token, device: joined.device, expires_at: joined.expires_at });
    const outbox = tx.objectStore("outbox");
    const range = IDBKeyRange.bound([list, -Infinity], [list, Infinity]);
    const mine = (await request(outbox.getAll(range))).sort((a, b) => a.id - b.id);
    const meta = tx.objectStore("meta");
    if (!joined.renewed) {
      const { out, next } = numbered(mine, (joined.last_mutation_id || 0) + 1, list, takePen);
      outbox.delete(range);
      for (const entry of out) outbox.put(entry);
      meta.put(next, `next_mutation_id:${list}`);
    } else if (takePen) {
      // the same device: its pending ids stand (one may be applied, its answer lost)
      const key = `next_mutation_id:${list}`;
      const id = (await request(meta.get(key))) || 1;
      meta.put(id + 1, key);
      outbox.put({ id, name: "join", list, args: {}, queued_at: new Date().toISOString() });
    }
    await done(tx);
  }

  // Allocate the list's next mutation id in the same transaction as the entry. `also`:
  // [key, value] of a meta record written with it (a played card's log: both or neither).
  async enqueue(name, list, args, also = null) {
    const tx = this.db.transaction(["meta", "outbox"], "readwrite");
    const meta = tx.objectStore("meta");
    if (also) meta.put(also[1], also[0]);
    const key = `next_mutation_id:${list}`;
    const id = (await request(meta.get(key))) || 1;
    meta.put(id + 1, key);
    const entry = { id, name, list, args, queued_at: new Date().toISOString() };
    tx.objectStore("outbox").put(entry);
    await done(tx);
    return entry;
  }

  async pending() {
    const tx = this.db.transaction("outbox");
    return request(tx.objectStore("outbox").getAll());
  }

  async remove(entry) {
    const tx = this.db.transaction("outbox", "readwrite");
    tx.objectStore("outbox").delete([entry.list, entry.id]);
    await done(tx);
  }

  // The server has applied `entry`: it leaves the outbox and waits with its list (`sent`) until
  // the list's sheet is fetched again, in one transaction, so that a redraw in between still
  // shows the deal (and the next deal number) instead of the list without it.
  async acknowledge(entry) {
    const tx = this.db.transaction(["outbox", "lists"], "readwrite");
    tx.objectStore("outbox").delete([entry.list, entry.id]);
    const lists = tx.objectStore("lists");
    const list = await request(lists.get(entry.list));
    if (list) lists.put({ ...list, sent: [...(list.sent || []).filter((e) => e.id !== entry.id), entry] });
    await done(tx);
  }

  // A refused or conflicting entry leaves the outbox for the conflicts store, with the reason.
  async moveToConflicts(entry, status, error, list) {
    const tx = this.db.transaction(["outbox", "conflicts"], "readwrite");
    tx.objectStore("outbox").delete([entry.list, entry.id]);
    tx.objectStore("conflicts").put({ ...entry, status, error, list_state: list, at: new Date().toISOString() });
    await done(tx);
  }

  async conflicts() {
    return request(this.db.transaction("conflicts").objectStore("conflicts").getAll());
  }

  async dismissConflict(id, list) {
    const tx = this.db.transaction("conflicts", "readwrite");
    tx.objectStore("conflicts").delete([list, id]);
    await done(tx);
  }

  // The server's last applied id on `list` is `last`: number its pending entries from last + 1.
  async renumberFrom(last, list) {
    const tx = this.db.transaction(["meta", "outbox"], "readwrite");
    const outbox = tx.objectStore("outbox");
    const range = IDBKeyRange.bound([list, -Infinity], [list, Infinity]);
    const entries = (await request(outbox.getAll(range))).sort((a, b) => a.id - b.id);
    outbox.delete(range);
    const { out, next } = numbered(entries, last + 1, list, false);
    for (const entry of out) outbox.put(entry);
    tx.objectStore("meta").put(next, `next_mutation_id:${list}`);
    await done(tx);
  }

  async saveList(list) {
    const tx = this.db.transaction("lists", "readwrite");
    tx.objectStore("lists").put(list);
    await done(tx);
  }

  // Change a saved list in one transaction: what was saved with it meanwhile (an entry the
  // server applied, moved to its `sent`) is never written over by a copy read before.
  async updateList(id, change) {
    const tx = this.db.transaction("lists", "readwrite");
    const lists = tx.objectStore("lists");
    const list = await request(lists.get(id));
    if (list) lists.put(change(list));
    await done(tx);
  }

  async list(id) {
    return request(this.db.transaction("lists").objectStore("lists").get(id));
  }

  // A list and the outbox read in one transaction: an acknowledged entry moves from the
  // outbox to the list's `sent` in one transaction too, so a reader sees it in one or the other,
  // never in neither (read apart, a phone that had just joined showed "another device holds
  // the pen" for a moment).
  async listWithPending(id) {
    const tx = this.db.transaction(["lists", "outbox"]);
    const [list, outbox] = await Promise.all([
      request(tx.objectStore("lists").get(id)), request(tx.objectStore("outbox").getAll()),
    ]);
    return { list, outbox };
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
