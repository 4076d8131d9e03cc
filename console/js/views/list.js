// A table's list as on paper (#/l/:lid), kept live: its rows, totals, adjustments and
// disputes, its refused mutations; move the pen to another device; close a short list.

import { h, replace } from "../../../pwa/js/dom.js";
import { extend, say, t } from "../../../pwa/js/i18n.js";
import { attempt, errorBox, field, table } from "../ui.js";
import { clock, decisionWord, mutationFeed, mutationsTable, statusWord } from "./room_bits.js";
import { listPlayMode } from "./play_toggle.js";
import { devicesPanel } from "./list_devices.js";
import { follow } from "./room_live.js";
import { listPoints } from "../../../pwa/js/state.js";
import { markerWords } from "../../../pwa/js/views/markers.js";
import { dealLine, seatWord } from "./deal_words.js";
import { rulesTitle } from "./preset_words.js";

extend({
  nl: {
    ls_submit: "Inleveren namens de tafel", ls_submit_help: "Van de getekende papieren lijst, als de telefoons van de tafel weg zijn.",
    ls_scorer: "Schrijver", ls_confirmer: "Bevestigd door (andere partij)", ls_submit_do: "Lijst inleveren",
    ls_submit_ask: "De lijst van tafel {table} inleveren namens de tafel? Een ingeleverde lijst kan nooit meer veranderen, door niemand, ook niet door de wedstrijdleider. Vergelijk eerst de totalen met de getekende papieren lijst.",
    ls_short_ask: "De lijst van tafel {table} vroeg sluiten? Dit kan niet ongedaan worden gemaakt: er kunnen geen spellen meer bij, alleen inleveren blijft over.",
  },
  de: {
    ls_submit: "Für den Tisch abgeben", ls_submit_help: "Von der unterschriebenen Papierliste, wenn die Telefone des Tisches fort sind.",
    ls_scorer: "Schreiber", ls_confirmer: "Bestätigt von (andere Partei)", ls_submit_do: "Liste abgeben",
    ls_submit_ask: "Die Liste von Tisch {table} für den Tisch abgeben? Eine abgegebene Liste kann nie mehr geändert werden, von niemandem, auch nicht von der Turnierleitung. Vergleichen Sie zuerst die Summen mit der unterschriebenen Papierliste.",
    ls_short_ask: "Die Liste von Tisch {table} vorzeitig schließen? Das lässt sich nicht rückgängig machen: es kommen keine Spiele mehr hinzu, nur die Abgabe bleibt.",
  },
  en: {
    ls_submit: "Submit for the table", ls_submit_help: "From the signed paper list, when the table's phones are gone.",
    ls_scorer: "Scorer", ls_confirmer: "Confirmed by (other side)", ls_submit_do: "Submit the list",
    ls_submit_ask: "Submit table {table}'s list for the table? A submitted list can never change again, by anyone, the director included. Check the totals against the signed paper list first.",
    ls_short_ask: "Close table {table}'s list early? This cannot be undone: no more deals can be added, only the submission remains.",
  },
});

function seatHeads(sheet) {
  return sheet.seats.map((s) => ({ value: `${seatWord(s.seat)} ${s.name}`, class: "num" }));
}

function marks(row) {
  const out = markerWords(row.markers); // "made", "●" for a solo, in the reader's words
  if (row.voided) out.push(`${t("rm_voided")}: ${row.voided}`);
  if (row.corrected) out.push(t("rm_corrected"));
  if (!row.counts) out.push(t("rm_not_counted"));
  return out.join(", ");
}

function rowsTable(sheet) {
  if (!sheet.rows.length) return h("p", { class: "note" }, t("rm_no_rows"));
  const seats = sheet.seats.map((s) => s.seat);
  // A row's points keyed as the list's columns: a bridge list seats pairs (NS, EW) while a
  // board's points are keyed by seat (N, E, S, W), as on the phone.
  const cells = (r) => listPoints(sheet.game, r.points || {});
  const rows = sheet.rows.map((r) => h("tr", {
    dataset: { deal: String(r.deal_no) },
    class: [r.voided ? "rm-voided" : "", r.corrected ? "rm-corrected" : ""].join(" ").trim() || null,
  },
  h("td", { class: "num" }, String(r.deal_no)),
  h("td", {}, seatWord(r.dealer || "")), // "O" for East in Dutch, as the list's other seats
  h("td", { class: "rm-what" }, dealLine(r)),
  seats.map((s) => h("td", { class: "num rm-points", dataset: { seat: s } }, String(cells(r)[s] ?? ""))),
  seats.map((s) => h("td", { class: "num rm-running" }, String((r.running || {})[s] ?? ""))),
  h("td", {}, marks(r)),
  h("td", {}, h("a", { href: `#/l/${sheet.list_id}/replay?deal=${r.deal_no}`, class: "rm-link" }, t("rm_replay")))));
  const heads = [{ value: "#", class: "num" }, t("rm_dealer"), t("rm_contract"), ...seatHeads(sheet),
    ...sheet.seats.map((s) => ({ value: `Σ ${seatWord(s.seat)}`, class: "num" })), t("rm_marks"), ""];
  const grid = table(heads, [], { id: "list-rows", class: "grid rm-sheet" });
  grid.querySelector("tbody").replaceWith(h("tbody", {}, rows));
  grid.append(h("tfoot", {}, h("tr", {},
    h("th", { colspan: "3" }, t("rm_total")),
    seats.map((s) => h("th", { class: "num", dataset: { total: s } }, String(sheet.totals[s] ?? 0))),
    h("td", { colspan: String(seats.length + 2) }))));
  return h("div", { class: "scroll" }, grid);
}

function adjustmentsList(sheet) {
  if (!sheet.adjustments.length) return null;
  return h("div", {}, h("h3", {}, t("rm_adjustments")), h("ul", { id: "list-adjustments" },
    sheet.adjustments.map((a) => h("li", {}, `${t("rm_deal")} ${a.deal_no}: `,
      Object.entries(a.points).map(([seat, pts]) => `${seat} ${pts > 0 ? "+" : ""}${pts}`).join(", "),
      ` — ${a.reason}${a.article ? ` (${a.article})` : ""}`))));
}

// The list's disputes; an open one links to its replay (or, on the replay, just says so).
export function disputesTable(sheet, { linkToReplay = true } = {}) {
  if (!sheet.disputes.length) return h("p", { class: "note" }, t("rm_no_disputes"));
  return h("div", { class: "scroll" }, table(
    ["#", t("rm_deal"), t("rm_reason"), t("rm_raised"), t("rm_ruling")],
    sheet.disputes.map((d) => [
      String(d.dispute_no), String(d.deal_no), d.reason, clock(d.raised_at),
      d.ruling
        ? h("span", { class: "ok" }, `${decisionWord(d.ruling)}: ${d.ruling_reason}${d.article ? ` (${d.article})` : ""}`)
        : linkToReplay
          ? h("a", { href: `#/l/${sheet.list_id}/replay?deal=${d.deal_no}`, class: "button rm-rule-link" },
            t("rm_replay_rule"))
          : h("span", { class: "bad" }, t("rm_open")),
    ]), { id: "list-disputes", class: "grid" }));
}

function penForm(ctx, sheet, parts, redraw) {
  const slot = h("div", { id: "pen-result" });
  const input = h("input", { list: "pen-devices", autocomplete: "off", required: true });
  return h("form", {
    class: "rm-form", id: "pen-form",
    onsubmit: async (event) => {
      event.preventDefault();
      const moved = await attempt(slot, () => ctx.api.post(`lists/${sheet.list_id}/pen`, { device: input.value.trim() }));
      if (moved) {
        await redraw(moved);
        slot.replaceChildren(h("p", { class: "ok", role: "status" }, t("rm_pen_moved")));
      }
    },
  },
  h("h3", {}, t("rm_move_pen")),
  h("p", {}, `${t("rm_pen")}: `, parts.pen),
  field("pen-device", t("rm_pen_device"), input),
  parts.devices,
  h("button", { type: "submit", id: "move-pen" }, t("rm_move_pen")), slot);
}

function shortForm(ctx, sheet, redraw) {
  const slot = h("div", { id: "short-result" });
  const reason = h("textarea", { rows: "2", maxlength: "500" });
  return h("form", {
    class: "rm-form", id: "short-form",
    onsubmit: async (event) => {
      event.preventDefault();
      if (!window.confirm(say("ls_short_ask", { table: sheet.table }))) return;
      const closed = await attempt(slot, () => ctx.api.post(`lists/${sheet.list_id}/close-short`, { reason: reason.value }));
      if (closed) await redraw(closed);
    },
  },
  h("h3", {}, t("rm_close_short")),
  field("short-reason", t("rm_close_short_reason"), reason),
  h("button", { type: "submit", id: "close-short", class: "danger" }, t("rm_close_short_do")), slot);
}

function submitForm(ctx, sheet, redraw) {
  const slot = h("div", { id: "submit-result" });
  const seats = () => sheet.seats.map((s) => h("option", { value: s.seat }, `${seatWord(s.seat)} ${s.name}`));
  const scorer = h("select", {}, seats());
  const confirmer = h("select", {}, seats());
  if (confirmer.options.length > 1) confirmer.selectedIndex = 1;
  return h("form", {
    class: "rm-form", id: "submit-form",
    onsubmit: async (event) => {
      event.preventDefault();
      if (!window.confirm(say("ls_submit_ask", { table: sheet.table }))) return; // never reopened
      const done = await attempt(slot, () => ctx.api.post(`lists/${sheet.list_id}/submit`, {
        scorer: scorer.value, confirmed_by: confirmer.value,
      }));
      if (done) await redraw(done);
    },
  },
  h("h3", {}, t("ls_submit")), h("p", { class: "note" }, t("ls_submit_help")),
  field("submit-scorer", t("ls_scorer"), scorer),
  field("submit-confirmer", t("ls_confirmer"), confirmer),
  h("button", { type: "submit", id: "submit-list" }, t("ls_submit_do")), slot);
}

export async function listView(ctx) {
  const lid = ctx.params.lid;
  const here = location.hash;
  let sheet = await ctx.api.get(`lists/${lid}`);
  const cid = sheet.competition_id;
  ctx.crumbs(
    { href: "#/", label: t("c_home") },
    { href: `#/c/${cid}`, label: sheet.competition },
    { href: `#/c/${cid}/e/${sheet.evening}/room`, label: `${t("rm_evening")} ${sheet.evening} · ${t("rm_room")}` },
    { label: `${t("rm_table")} ${sheet.table}` },
  );
  const head = h("div");
  const paper = h("div");
  const disputes = h("div");
  const refused = h("div", { id: "list-refused" });
  const parts = {
    pen: h("b", { id: "list-pen", class: "mono" }),
    devices: h("datalist", { id: "pen-devices" }),
  };
  const shortSlot = h("div");
  const actions = h("div", { class: "rm-actions" });
  let phones = null;
  if (sheet.status === "open") {
    const playSwitch = await listPlayMode(ctx, lid);
    replace(actions, penForm(ctx, sheet, parts, draw), shortSlot, submitForm(ctx, sheet, draw), playSwitch);
    phones = devicesPanel(ctx, sheet, (fresh) => draw(fresh));
  }
  let version = -1;
  const mutations = mutationFeed(ctx.api, "all", lid);

  async function draw(fresh) {
    sheet = fresh;
    replace(head,
      h("h2", { id: "list-title" }, `${sheet.competition} · ${t("rm_evening")} ${sheet.evening} · `
        + `${t("rm_round")} ${sheet.round} · ${t("rm_table")} ${sheet.table}`),
      h("p", {}, `${sheet.game} · ${rulesTitle(sheet.rules_ref, null)} · ${t("rm_status")}: `,
        h("b", { id: "list-status", dataset: { status: sheet.status } }, statusWord(sheet.status, sheet.closed_short)),
        ` · ${t("rm_deals")}: ${sheet.counted_deals} / ${sheet.planned_deals} · `,
        h("a", { href: `#/l/${lid}/replay`, class: "rm-link" }, t("rm_replay"))),
      sheet.status === "submitted" ? h("p", { class: "note" }, t("rm_list_done")) : null);
    replace(paper, rowsTable(sheet), adjustmentsList(sheet));
    replace(disputes, h("h3", {}, t("rm_disputes")), disputesTable(sheet));
    parts.pen.textContent = sheet.pen || t("rm_none");
    if (sheet.status !== "open") replace(actions, h("p", {}, `${t("rm_pen")}: `, parts.pen));
    if (phones && sheet.devices) phones.update(sheet);
    if (sheet.closed_short) {
      replace(shortSlot, h("p", { id: "list-short" }, h("b", {}, `${t("rm_short_closed")}: `), sheet.closed_short));
    } else if (!shortSlot.firstChild) {
      replace(shortSlot, shortForm(ctx, sheet, draw));
    }
    if (sheet.version === version) return;
    version = sheet.version;
    const mine = await mutations();
    replace(parts.devices, [...new Set(mine.map((m) => m.client_id))].map((d) => h("option", { value: d })));
    const refusedHere = mine.filter((m) => m.outcome !== "applied");
    replace(refused, h("h3", {}, t("rm_list_refused")), mutationsTable(refusedHere, () => String(sheet.table)));
  }
  await draw(sheet);
  if (location.hash !== here) return h("div"); // left while loading: follow nothing
  const stop = follow({ competition: cid, list: lid }, (channel, payload) => {
    if (channel === "list" && payload.version !== version) {
      ctx.api.get(`lists/${lid}`).then(draw).catch((err) => replace(refused, errorBox(err)));
    }
  }, () => {}, { mode: ctx.query.live === "poll" ? "poll" : "sse" });
  ctx.onLeave(stop);
  return h("div", { class: "rm" },
    h("section", { class: "card" }, head, paper),
    h("section", { class: "card" }, disputes),
    h("section", { class: "card" }, actions),
    phones,
    h("section", { class: "card" }, refused));
}

