// Sync a joined list: push the outbox, pull new events from the cursor, refresh the sheet.
// No DOM and no window at the top level: the page passes in fetch, the store and its events.

import { pushOutbox } from "./outbox.js";

// Pull the list's events after its cursor, page by page; events and cursor saved together.
export async function pullEvents({ store, fetch, list, token }) {
  let cursor = await store.cursor(list);
  let count = 0;
  for (;;) {
    const response = await fetch(`/api/sync/pull?list=${encodeURIComponent(list)}&cursor=${cursor}&limit=200`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const page = await response.json();
    await store.saveEvents(list, page.events, page.cursor);
    count += page.events.length;
    cursor = page.cursor;
    if (!page.more) return count;
  }
}

// The scoresheet as the server has it, kept with the joined list for offline use.
export async function refreshSheet({ store, fetch, list }) {
  const response = await fetch(`/api/lists/${encodeURIComponent(list.list_id)}`, {
    headers: { Authorization: `Bearer ${list.token}` },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const sheet = await response.json();
  await store.saveList({ ...list, sheet, pen: sheet.pen, status: sheet.status });
  return sheet;
}

// One sync round: push everything (repeating after a gap), then pull and refresh each list.
export async function syncOnce({ store, fetch, onResult } = {}) {
  const clientId = await store.clientId();
  const token = async (id) => ((await store.list(id)) || {}).token;
  let push;
  for (let attempt = 0; attempt < 3; attempt++) {
    push = await pushOutbox({ store, fetch, clientId, token, onResult });
    if (!push.gap || push.error) break;
  }
  if (push.error) return { ok: false, error: push.error, push };
  try {
    for (const list of await store.lists()) {
      await pullEvents({ store, fetch, list: list.list_id, token: list.token });
      await refreshSheet({ store, fetch, list });
    }
  } catch (err) {
    return { ok: false, error: String(err.message || err), push };
  }
  return { ok: true, push, at: new Date().toISOString() };
}

// Run sync rounds one at a time: at start, when asked (after every entry, `online`) and on
// an interval. `onDone` gets each round's report.
export class Syncer {
  constructor({ store, fetch, onDone = () => {}, onResult, interval = 30000, timers = globalThis }) {
    Object.assign(this, { store, fetch, onDone, onResult, interval, timers });
    this.running = null;
    this.again = false;
  }

  start() {
    this.handle = this.timers.setInterval(() => this.request(), this.interval);
    return this.request();
  }

  stop() {
    this.timers.clearInterval(this.handle);
  }

  request() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let report;
      do {
        this.again = false;
        report = await syncOnce({ store: this.store, fetch: this.fetch, onResult: this.onResult });
        this.onDone(report);
      } while (this.again);
      this.running = null;
      return report;
    })();
    return this.running;
  }
}
