// Push the outbox in order. An entry leaves only once the server acknowledged it.
// No DOM and no window here: the store and fetch come in as parameters.

export const ACKNOWLEDGED = new Set(["applied", "duplicate"]);
export const REJECTED = new Set(["refused", "conflict"]);

// Consecutive entries for the same list go in one request (each list has its own token).
export function batches(entries, max = 50) {
  const sorted = [...entries].sort((a, b) => a.id - b.id);
  const out = [];
  for (const entry of sorted) {
    const last = out[out.length - 1];
    if (last && last.list === entry.list && last.entries.length < max) last.entries.push(entry);
    else out.push({ list: entry.list, entries: [entry] });
  }
  return out;
}

// Push every pending entry; returns {sent, applied, rejected, gap, error, lists}.
// `token(listId)` gives the bearer token of a joined list.
export async function pushOutbox({ store, fetch, clientId, token, onResult = () => {} }) {
  const report = { sent: 0, applied: 0, rejected: 0, gap: false, error: null, lists: {} };
  for (const batch of batches(await store.pending())) {
    let answer;
    try {
      const response = await fetch("/api/sync/push", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${await token(batch.list)}` },
        body: JSON.stringify({
          client_id: clientId,
          mutations: batch.entries.map(({ id, name, list, args }) => ({ id, name, list, args })),
        }),
      });
      if (!response.ok) {
        report.error = `HTTP ${response.status}`;
        return report;
      }
      answer = await response.json();
    } catch (err) {
      report.error = String(err && err.message ? err.message : err);
      return report;
    }
    report.sent += batch.entries.length;
    const byId = new Map(batch.entries.map((e) => [e.id, e]));
    for (const result of answer.results) {
      const entry = byId.get(result.id);
      if (!entry) continue;
      if (result.list) report.lists[entry.list] = result.list;
      if (ACKNOWLEDGED.has(result.status)) {
        await store.remove(entry.id);
        report.applied += 1;
      } else if (REJECTED.has(result.status)) {
        await store.moveToConflicts(entry, result.status, result.error, result.list);
        report.rejected += 1;
      } else if (result.status === "gap") {
        await store.renumberFrom(result.error.last_mutation_id);
        report.gap = true;
      }
      onResult(entry, result);
    }
    if (report.gap) return report;
  }
  return report;
}
