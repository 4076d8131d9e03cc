// Push the outbox in order. An entry leaves once the server answered it: acknowledged, or
// refused on its own (it moves to the conflicts, where the players see what to do). When the
// request itself fails, the report's `failure` says whether to try again later or to stop
// until the user acts. No DOM and no window here: the store and fetch come in as parameters.

export const ACKNOWLEDGED = new Set(["applied", "duplicate"]);
export const REJECTED = new Set(["refused", "conflict"]);

// What a failed request means: "retry" (no network, the server failing or busy), "rejoin"
// (401/403: the table's token is no good here; the phone must join again), or "refused"
// (any other 4xx: the server refuses the request itself, and would again).
export function failureKind(status) {
  if (status == null || status >= 500 || status === 429 || status === 408) return "retry";
  if (status === 401 || status === 403) return "rejoin";
  return "refused";
}

// Retry-After (seconds, or an HTTP date) in milliseconds from `now`; null when absent.
export function retryAfter(value, now = Date.now()) {
  if (value == null || String(value).trim() === "") return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

// A failed answer, or a network error when there is no answer:
// {kind, status, message, retryAfter (ms or null)}.
export async function failure(response, error = null) {
  if (!response) {
    const message = String(error && error.message ? error.message : error);
    return { kind: "retry", status: null, message, retryAfter: null };
  }
  let message = `HTTP ${response.status}`;
  try {
    const body = await response.json();
    if (body && typeof body.message === "string") message = `HTTP ${response.status}: ${body.message}`;
  } catch {
    // not JSON (a proxy's error page): the status says enough
  }
  const header = response.headers && response.headers.get ? response.headers.get("Retry-After") : null;
  return { kind: failureKind(response.status), status: response.status, message, retryAfter: retryAfter(header) };
}

// A list's entries go together, in order, at most `max` a request (each list has its own
// device secret and its own mutation ids).
export function batches(entries, max = 50) {
  const order = [...new Set(entries.map((e) => e.list))];
  const sorted = [...entries].sort((a, b) => order.indexOf(a.list) - order.indexOf(b.list) || a.id - b.id);
  const out = [];
  for (const entry of sorted) {
    const last = out[out.length - 1];
    if (last && last.list === entry.list && last.entries.length < max) last.entries.push(entry);
    else out.push({ list: entry.list, entries: [entry] });
  }
  return out;
}

// Push every pending entry; returns {sent, applied, rejected, gap, error, failure, lists}.
// The ids are the device's on each list; a batch that fails ends the round. `token(listId)`
// gives the device secret of a joined list.
export async function pushOutbox({ store, fetch, token, onResult = () => {} }) {
  const report = { sent: 0, applied: 0, rejected: 0, gap: false, error: null, failure: null, lists: {} };
  for (const batch of batches(await store.pending())) {
    let answer;
    let response = null;
    try {
      response = await fetch("/api/sync/push", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${await token(batch.list)}` },
        body: JSON.stringify({
          mutations: batch.entries.map(({ id, name, list, args }) => ({ id, name, list, args })),
        }),
      });
      if (response.ok) answer = await response.json();
    } catch (err) {
      report.failure = await failure(null, err);
    }
    if (!answer) {
      report.failure = report.failure || (await failure(response));
      report.error = report.failure.message;
      return report;
    }
    report.sent += batch.entries.length;
    const byId = new Map(batch.entries.map((e) => [e.id, e]));  // one list: ids are unique
    for (const result of answer.results) {
      const entry = byId.get(result.id);
      if (!entry) continue;
      if (result.list) report.lists[entry.list] = result.list;
      if (ACKNOWLEDGED.has(result.status)) {
        await store.acknowledge(entry);
        report.applied += 1;
      } else if (REJECTED.has(result.status)) {
        await store.moveToConflicts(entry, result.status, result.error, result.list);
        report.rejected += 1;
      } else if (result.status === "gap") {
        await store.renumberFrom(result.error.last_mutation_id, entry.list);
        report.gap = true;
      }
      onResult(entry, result);
    }
    if (report.gap) return report;
  }
  return report;
}
