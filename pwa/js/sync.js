// Sync a joined list: push the outbox, pull new events from the cursor, refresh the sheet.
// No DOM and no window at the top level: the page passes in fetch, the store, timers and its
// events.

import { failure, pushOutbox } from "./outbox.js";

// After a round that failed for want of a network or a working server: wait, doubling from
// `base` up to `cap`; a server's Retry-After is never cut short (up to `longest`).
export const RETRY = { base: 2000, cap: 60000, longest: 3600000 };

// A request that got an answer other than 2xx, with what it means (see outbox.js `failure`).
export class SyncError extends Error {
  constructor(failed) {
    super(failed.message);
    this.failure = failed;
  }
}

// How long to wait before retry number `attempt` (0, 1, 2 …): doubling up to the cap, the
// upper half of it at random, so that the phones of a room that lost the server together do
// not all come back in the same second.
export function backoff(attempt, random = Math.random, { base, cap } = RETRY) {
  const ceiling = Math.min(cap, base * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

// Pull the list's events after its cursor, page by page; events and cursor saved together.
export async function pullEvents({ store, fetch, list, token }) {
  let cursor = await store.cursor(list);
  let count = 0;
  for (;;) {
    const response = await fetch(`/api/sync/pull?list=${encodeURIComponent(list)}&cursor=${cursor}&limit=200`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new SyncError(await failure(response));
    const page = await response.json();
    await store.saveEvents(list, page.events, page.cursor);
    count += page.events.length;
    cursor = page.cursor;
    if (!page.more) return count;
  }
}

// The scoresheet as the server has it, kept with the joined list for offline use. The list is
// read again once the sheet is in: what was saved with it while the sheet was on its way (the
// deal in play, the matchpoints, fetched after the round before) is kept, not overwritten.
// The entries the server had applied before the sheet was asked for are in it: they leave
// `sent` (state.js shows them until then).
export async function refreshSheet({ store, fetch, list, token = list.token }) {
  const inSheet = new Set(((await store.list(list.list_id)) || list).sent?.map((e) => e.id) || []);
  const response = await fetch(`/api/lists/${encodeURIComponent(list.list_id)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new SyncError(await failure(response));
  const sheet = await response.json();
  await store.updateList(list.list_id, (fresh) => ({
    ...fresh, sheet, pen: sheet.pen, status: sheet.status, sent: (fresh.sent || []).filter((e) => !inSheet.has(e.id)),
  }));
  return sheet;
}

// One sync round: push everything (repeating after a gap), then pull and refresh each list.
export async function syncOnce({ store, fetch, onResult } = {}) {
  // The device secret of a list (a list saved by the release before has its old token,
  // which the server refuses: the phone joins again).
  const token = async (id) => ((await store.device(id)) || (await store.list(id)) || {}).token;
  let push;
  for (let attempt = 0; attempt < 3; attempt++) {
    push = await pushOutbox({ store, fetch, token, onResult });
    if (!push.gap || push.error) break;
  }
  if (push.failure) return { ok: false, error: push.error, failure: push.failure, push };
  try {
    for (const list of await store.lists()) {
      const secret = await token(list.list_id);
      await pullEvents({ store, fetch, list: list.list_id, token: secret });
      await refreshSheet({ store, fetch, list, token: secret });
    }
  } catch (err) {
    const failed = err instanceof SyncError ? err.failure : await failure(null, err);
    return { ok: false, error: failed.message, failure: failed, push };
  }
  return { ok: true, push, at: new Date().toISOString() };
}

// Run sync rounds one at a time: at start, when asked (after every entry, `online`, a tap)
// and on an interval. A round that fails for want of a network or a working server (5xx,
// 429) is tried again after a back-off (`backoff`, or the server's Retry-After), and the
// interval and new entries wait for that try. A round the server refuses as a whole (401,
// 403: join again; another 4xx) is not tried again until the user acts: a `force`d request
// (the tap, the network coming back, joining again). `onDone` gets each round's report, with
// `retryAt` (a time in ms) or `blocked` (the failure) when it failed.
export class Syncer {
  constructor({
    store, fetch, onDone = () => {}, onResult, interval = 30000, timers = globalThis,
    random = Math.random, now = () => Date.now(),
  }) {
    Object.assign(this, { store, fetch, onDone, onResult, interval, timers, random, now });
    this.running = null;
    this.again = null;
    this.failures = 0;
    this.retryTimer = null;
    this.blocked = null;
    this.last = null;
  }

  start() {
    this.handle = this.timers.setInterval(() => this.request(), this.interval);
    return this.request({ force: true });
  }

  stop() {
    this.timers.clearInterval(this.handle);
    this.cancelRetry();
  }

  cancelRetry() {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  // Whether an automatic round must wait: a retry is scheduled, or the user must act first.
  waiting() {
    return this.retryTimer !== null || this.blocked !== null;
  }

  request({ force = false } = {}) {
    if (this.running) {
      this.again = force || this.again === "force" ? "force" : "auto";
      return this.running;
    }
    if (!force && this.waiting()) return Promise.resolve(this.last);
    this.cancelRetry();
    this.blocked = null;
    this.running = (async () => {
      let report;
      do {
        this.again = null;
        report = await syncOnce({ store: this.store, fetch: this.fetch, onResult: this.onResult });
        this.settle(report);
        this.onDone(report);
        if (this.again === "force") {
          this.cancelRetry();
          this.blocked = null;
        }
      } while (this.again === "force" || (this.again && !this.waiting()));
      this.running = null;
      return report;
    })();
    return this.running;
  }

  // Take an entry back out of the outbox before it is sent (the pen holder's undo): never
  // while a round runs, since the entry may be on its way; a round asked for meanwhile runs
  // after. True when it was taken back; false when it is no longer in the outbox (the
  // server has it, or refused it). Its mutation id is not given again: the server answers
  // the next one with a gap, and the outbox renumbers (outbox.js).
  async withdraw(entry) {
    while (this.running) await this.running.catch(() => {});
    const taking = (async () => {
      const still = (await this.store.pending()).some((e) => e.list === entry.list && e.id === entry.id);
      if (still) await this.store.remove(entry);
      return still;
    })();
    this.running = taking.then(() => this.last, () => this.last);
    try {
      return await taking;
    } finally {
      this.running = null;
      const again = this.again;
      this.again = null;
      if (again) this.request({ force: again === "force" });
    }
  }

  // Count the failures in a row, schedule the next try or stop trying.
  settle(report) {
    this.last = report;
    if (report.ok) {
      this.failures = 0;
      this.blocked = null;
      return;
    }
    if (report.failure.kind !== "retry") {
      this.blocked = report.failure;
      report.blocked = report.failure;
      return;
    }
    const wait = Math.max(backoff(this.failures, this.random), Math.min(report.failure.retryAfter ?? 0, RETRY.longest));
    this.failures += 1;
    report.retryAt = this.now() + wait;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.request({ force: true });
    }, wait);
  }
}
