// A bridge table's phone follows the movement: once the round's list is submitted the phone
// asks the server for its table's list of the next round (POST /api/join/next) and goes on
// with it, without scanning a card. The server picks the list from the phone's secret (the
// same table, the next round); the phone names nothing. The card on top says which round is
// played, which boards and which pairs sit down.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";

extend({
  nl: {
    mv_round: "Ronde {round}", mv_boards: "spellen {boards}", mv_pairs: "NZ paar {ns} tegen OW paar {ew}",
    mv_moved: "Volgende ronde: de telefoon volgt het schema. Spellen {boards} komen naar deze tafel; OW paar {ew} schuift aan.",
    mv_ended: "Het schema is gespeeld: dit was de laatste ronde aan deze tafel.",
    mv_waiting: "Na het inleveren gaat deze telefoon vanzelf naar de volgende ronde.",
  },
  de: {
    mv_round: "Runde {round}", mv_boards: "Boards {boards}", mv_pairs: "NS Paar {ns} gegen OW Paar {ew}",
    mv_moved: "Nächste Runde: das Telefon folgt dem Wechselplan. Boards {boards} kommen an diesen Tisch; OW Paar {ew} setzt sich dazu.",
    mv_ended: "Der Wechselplan ist gespielt: das war die letzte Runde an diesem Tisch.",
    mv_waiting: "Nach dem Abgeben geht dieses Telefon von selbst zur nächsten Runde.",
  },
  en: {
    mv_round: "Round {round}", mv_boards: "boards {boards}", mv_pairs: "NS pair {ns} vs EW pair {ew}",
    mv_moved: "Next round: this phone follows the movement. Boards {boards} come to this table; EW pair {ew} arrives.",
    mv_ended: "The movement is over: this was the last round at this table.",
    mv_waiting: "Once this list is submitted, this phone moves on to the next round by itself.",
  },
});

const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? "?"));

/** Boards as a range where they run on: [3, 4] → "3–4", [1, 5] → "1, 5". */
export function boardRange(boards = []) {
  const sorted = [...boards].sort((a, b) => a - b);
  const runs = sorted.every((b, i) => i === 0 || b === sorted[i - 1] + 1);
  if (sorted.length > 1 && runs) return `${sorted[0]}–${sorted[sorted.length - 1]}`;
  return sorted.join(", ");
}

/** "Round 2 · boards 3–4 · NS pair 3 vs EW pair 5" for a bridge list; "" for other games. */
export function roundLine(list) {
  if (!list || list.game !== "bridge") return "";
  const parts = [fill(t("mv_round"), { round: list.round })];
  if (Array.isArray(list.boards) && list.boards.length) parts.push(fill(t("mv_boards"), { boards: boardRange(list.boards) }));
  if (list.pairs && list.pairs.NS !== undefined) parts.push(fill(t("mv_pairs"), { ns: list.pairs.NS, ew: list.pairs.EW }));
  return parts.join(" · ");
}

/** Whether the server has the list as submitted (the phone may then move on). */
export function isFinal(list) {
  return ((list.sheet && list.sheet.status) || list.status) === "submitted";
}

/**
 * Ask the server for the table's next list once `list` is submitted; adopt it as the phone's
 * list. Answers {moved: answer}, {ended: true} (the movement is over at this table) or null
 * (nothing to do, or try again on the next round of sync).
 */
export async function followMovement({ store, fetch, list }) {
  if (!list || list.game !== "bridge" || !isFinal(list)) return null;
  if (await store.getMeta(`movement_end:${list.list_id}`)) return { ended: true };
  const device = await store.device(list.list_id);
  if (!device || !device.token) return null;
  const response = await fetch("/api/join/next", {
    method: "POST", headers: { Authorization: `Bearer ${device.token}` },
  });
  if (response.status === 404) {
    await store.setMeta(`movement_end:${list.list_id}`, true);
    return { ended: true };
  }
  if (!response.ok) return null;
  const body = await response.json();
  await store.saveList({ ...((await store.list(body.list_id)) || {}), ...body });
  await store.adoptDevice(body, { takePen: !body.pen });
  await store.setMeta(`moved_to:${body.list_id}`, list.list_id);
  await store.setMeta("current_list", body.list_id);
  await store.setMeta("last_list", body.list_id);
  return { moved: body };
}

/** The card above a bridge list: the round, its boards and pairs, and what comes next. */
export function movementView(list, { moved = false, ended = false } = {}) {
  const line = roundLine(list);
  if (!line) return null;
  let note = null;
  if (ended) note = t("mv_ended");
  else if (moved) note = fill(t("mv_moved"), { boards: boardRange(list.boards || []), ew: (list.pairs || {}).EW });
  else if (!isFinal(list)) note = t("mv_waiting");
  return h("section", { class: "card movement", id: "movement", role: "status" },
    h("p", { class: "mv-round", id: "movement-round" }, line),
    note ? h("p", { class: "note", id: "movement-note" }, note) : null);
}
