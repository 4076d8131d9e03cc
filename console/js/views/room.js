// The room: every table of an evening live (deals, last sync, pen, disputes, refusals,
// submitted or not), the refused and conflicting mutations, and closing the evening.
// The list (#/l/:lid) and the replay with rulings (#/l/:lid/replay) live beside it.

import { h, replace } from "../../../pwa/js/dom.js";
import { say, t } from "../../../pwa/js/i18n.js";
import { attempt, errorBox, table } from "../ui.js";
import { ago, clock, mutationFeed, mutationsTable, statusWord } from "./room_bits.js";
import { follow } from "./room_live.js";
import { revokesCell } from "./room_revokes.js";
import { roundPicker, shownTables } from "./room_rounds.js";
import { listView } from "./list.js";
import { replayView } from "./replay.js";

const AGO_EVERY_MS = 10_000;

export const routes = [
  ["/c/:cid/e/:n/room", roomView],
  ["/l/:lid/replay", replayView],
  ["/l/:lid", listView],
];

// Who sits at each list, from the evening's draw: list id → "N Anna, E Bert, …".
function playersByList(evening) {
  const out = {};
  const rounds = (evening.draw && evening.draw.rounds) || [];
  for (const entry of evening.lists) {
    const round = rounds.find((r) => r.round === entry.round) || { tables: [] };
    const found = round.tables.find((x) => x.table === entry.table);
    out[entry.list_id] = found ? found.seats.map((s) => `${s.seat} ${s.name}`).join(", ") : "";
  }
  return out;
}

function tableRows(room, evening, players) {
  const short = Object.fromEntries(evening.lists.map((l) => [l.list_id, l.closed_short]));
  return room.tables.map((x) => h("tr", {
    dataset: { list: x.list_id, table: String(x.table), status: x.status, submitted: String(x.submitted) },
    class: x.submitted ? "rm-done" : null,
  },
  h("td", { class: "num" }, String(x.round)),
  h("td", {}, h("a", { href: `#/l/${x.list_id}`, class: "rm-table-link" }, `${t("rm_table")} ${x.table}`)),
  h("td", {}, players[x.list_id] || ""),
  h("td", { class: "num rm-deals" }, `${x.counted_deals}${x.planned_deals ? ` / ${x.planned_deals}` : ""}`),
  h("td", { class: "rm-sync" }, clock(x.last_event_at), " ",
    h("small", { dataset: { at: x.last_event_at || "" } }, ago(x.last_event_at))),
  h("td", { class: "mono rm-pen" }, x.pen || t("rm_none")),
  h("td", { class: x.open_disputes ? "num rm-disputes bad" : "num rm-disputes" }, String(x.open_disputes)),
  h("td", { class: x.refused ? "num rm-refused bad" : "num rm-refused" }, String(x.refused)),
  h("td", { class: x.submitted ? "rm-status ok" : "rm-status" }, statusWord(x.status, short[x.list_id])),
  revokesCell(x.revokes)));
}

export async function roomView(ctx) {
  const { cid, n } = ctx.params;
  const here = location.hash;
  const [competition, first] = await Promise.all([
    ctx.api.get(`competitions/${cid}`), ctx.api.get(`competitions/${cid}/evenings/${n}`),
  ]);
  let evening = first;
  let refusedSeen = -1;
  ctx.crumbs(
    { href: "#/", label: t("c_home") },
    { href: `#/c/${cid}`, label: competition.name },
    { href: `#/c/${cid}/e/${n}`, label: `${t("rm_evening")} ${n}` },
    { label: t("rm_room") },
  );
  const liveBadge = h("span", { id: "room-live", class: "rm-badge", role: "status" }, t("rm_reconnecting"));
  const updated = h("span", { id: "room-updated", class: "note" });
  const body = h("tbody");
  const mutationsSlot = h("div", { id: "room-mutations" });
  // a movement has a list per table and round: the room shows the round in play unless asked
  const pickerSlot = h("span", { id: "room-round-slot" });
  let roundChoice = competition.game === "bridge" ? "current" : "all";
  let lastRoom = null;
  const closeSlot = h("div", { id: "close-result" });
  const closedNote = h("p", { id: "room-closed", class: "ok", hidden: !evening.closed }, t("rm_evening_closed"));
  const closeButton = h("button", {
    type: "button", id: "close-evening", class: "primary", disabled: evening.closed,
    onclick: async () => {
      if (!window.confirm(say("rm_close_ask", { n }))) return; // an evening is never reopened
      const done = await attempt(closeSlot, () => ctx.api.post(`competitions/${cid}/evenings/${n}/close`));
      if (done !== undefined) {
        closedNote.hidden = false;
        closeButton.disabled = true;
      }
    },
  }, t("rm_close_evening"));

  const tableOf = (lid) => {
    const found = evening.lists.find((l) => l.list_id === lid);
    return found ? String(found.table) : "";
  };
  const refused = mutationFeed(ctx.api);
  async function showMutations(total) {
    if (total === refusedSeen) return;
    refusedSeen = total;
    const ids = new Set(evening.lists.map((l) => l.list_id));
    const mine = (await refused()).filter((m) => ids.has(m.list_id));
    replace(mutationsSlot, mutationsTable(mine, tableOf));
  }
  async function showRoom(room) {
    evening = await ctx.api.get(`competitions/${cid}/evenings/${n}`);
    lastRoom = room;
    replace(pickerSlot, roundPicker(room.tables, roundChoice, (choice) => { roundChoice = choice; showRoom(lastRoom); }));
    const shown = { ...room, tables: shownTables(room.tables, roundChoice) };
    replace(body, shown.tables.length ? tableRows(shown, evening, playersByList(evening))
      : h("tr", {}, h("td", { colspan: "10", class: "note" }, t("rm_no_tables"))));
    updated.textContent = `${t("rm_updated")} ${clock(new Date().toISOString())}`;
    if (room.closed) {
      closedNote.hidden = false;
      closeButton.disabled = true;
    }
    await showMutations(room.tables.reduce((sum, x) => sum + x.refused, 0));
  }

  if (location.hash !== here) return h("div"); // left while loading: follow nothing
  const stop = follow({ competition: cid, room: n }, (channel, payload) => {
    if (channel === "room") showRoom(payload).catch((err) => replace(mutationsSlot, errorBox(err)));
  }, (state) => {
    liveBadge.textContent = t(state === "live" ? "rm_live" : state === "polling" ? "rm_polling" : "rm_reconnecting");
    liveBadge.dataset.state = state;
  }, { mode: ctx.query.live === "poll" ? "poll" : "sse" });
  ctx.onLeave(stop);
  // "2 minutes ago" keeps counting while a table is quiet, so a silent table stands out.
  const ticking = setInterval(() => {
    for (const small of body.querySelectorAll("small[data-at]")) small.textContent = ago(small.dataset.at);
  }, AGO_EVERY_MS);
  ctx.onLeave(() => clearInterval(ticking));

  const headers = [t("rm_round"), t("rm_table"), t("rm_players"), t("rm_deals"), t("rm_last_sync"),
    t("rm_pen"), t("rm_disputes"), t("rm_refused"), t("rm_status"), t("rv_revokes")];
  const grid = table(headers, [], { id: "room-tables", class: "grid rm-room" });
  grid.querySelector("tbody").replaceWith(body);
  return h("div", { class: "rm" },
    h("section", { class: "card" },
      h("div", { class: "row rm-head" },
        h("h2", {}, `${t("rm_room")} · ${competition.name} · ${t("rm_evening")} ${n} (${evening.date})`),
        pickerSlot, liveBadge, updated),
      h("div", { class: "scroll" }, grid)),
    h("section", { class: "card" }, h("h3", {}, t("rm_mutations")), mutationsSlot),
    h("section", { class: "card" },
      h("h3", {}, t("rm_close_evening")),
      h("p", { class: "note" }, t("rm_close_help")),
      closedNote, closeButton, closeSlot));
}
