// The audit screen (#/c/:cid/audit): the chain status of every list of the competition, and
// the trail of every event, filtered by list, evening, table, kind of event, who and when,
// newest first and paged ("older"), so a season of thousands of events stays quick.
// The filters live in the hash (#/c/:cid/audit?event=DealRecorded&list=…), so a view can be
// bookmarked or sent to another director.

import { h } from "../../../pwa/js/dom.js";
import { formatDateTime } from "../../../pwa/js/format.js";
import { extend, say, t } from "../../../pwa/js/i18n.js";
import { attempt, competitionTabs, field, table } from "../ui.js";
import { stepSummary } from "./step_words.js";
import { eventWord } from "./room_bits.js";
import { competitionLine, problemText } from "./audit_words.js";

export const routes = [["/c/:cid/audit", auditView]];

const PAGE = 100;
const OPEN_UP_TO = 12; // chains shown unfolded when there are this few
export const EVENTS = [
  "Created", "CompetitionRenamed", "CompetitionArchived", "PlayerEnrolled", "PlayerRenamed",
  "PlayerNumbered", "PlayerWithdrawn", "PlayerUnenrolled", "EveningScheduled",
  "AttendanceRecorded", "SeatingDrawn", "HandRecordsLoaded", "EveningClosed", "StandingAdjusted",
  "Opened", "DeviceJoined", "DeviceWithdrawn", "TableCodeReissued", "PenTaken", "PenMoved",
  "DealRecorded", "PenaltyRecorded", "DealVoided", "DisputeRaised", "RulingGiven",
  "ListClosedShort", "ListSubmitted", "ListCancelled", "PlayStarted", "BidMade", "CardPlayed",
  "CardTakenBack", "PlayModeSet", "ClaimMade", "ClaimAnswered",
];
// Filters of the screen → query parameters of GET /api/audit.
export const FILTERS = ["list", "evening", "table", "event", "actor", "from", "to"];

extend({
  nl: {
    au_title: "Controle", au_chains: "Ketens", au_all_intact: "Alle {n} ketens zijn intact.",
    au_broken: "{n} keten(s) gebroken!", au_where: "Waar", au_events: "Gebeurtenissen",
    au_head: "Kop", au_status: "Status", au_intact: "intact", au_broken_at: "gebroken bij versie {v}: {p}",
    au_competition: "Competitie", au_list_at: "Avond {e} · ronde {r} · tafel {t}", au_trail: "Spoor",
    au_list: "Lijst", au_all: "alle", au_evening: "Avond", au_table: "Tafel", au_event: "Soort gebeurtenis",
    au_actor: "Wie (naam of toestel)", au_from: "Vanaf", au_to: "Tot", au_filter: "Filteren",
    au_clear: "Alles tonen", au_position: "Nr.", au_time: "Tijd", au_who: "Wie", au_what: "Wat",
    au_hash: "Hash", au_event_short: "Gebeurtenis", au_older: "Oudere tonen", au_none: "Geen gebeurtenissen bij deze filters.",
    au_shown: "{n} getoond, nieuwste eerst", au_show_chains: "De {n} ketens", au_recheck: "Ketens opnieuw narekenen",
  },
  de: {
    au_title: "Prüfung", au_chains: "Ketten", au_all_intact: "Alle {n} Ketten sind intakt.",
    au_broken: "{n} Kette(n) gebrochen!", au_where: "Wo", au_events: "Ereignisse",
    au_head: "Kopf", au_status: "Status", au_intact: "intakt", au_broken_at: "gebrochen bei Version {v}: {p}",
    au_competition: "Wettbewerb", au_list_at: "Abend {e} · Runde {r} · Tisch {t}", au_trail: "Protokoll",
    au_list: "Liste", au_all: "alle", au_evening: "Abend", au_table: "Tisch", au_event: "Art des Ereignisses",
    au_actor: "Wer (Name oder Gerät)", au_from: "Ab", au_to: "Bis", au_filter: "Filtern",
    au_clear: "Alles zeigen", au_position: "Nr.", au_time: "Zeit", au_who: "Wer", au_what: "Was",
    au_hash: "Hash", au_event_short: "Ereignis", au_older: "Ältere zeigen", au_none: "Keine Ereignisse für diese Filter.",
    au_shown: "{n} gezeigt, neueste zuerst", au_show_chains: "Die {n} Ketten", au_recheck: "Ketten neu nachrechnen",
  },
  en: {
    au_title: "Audit", au_chains: "Chains", au_all_intact: "All {n} chains are intact.",
    au_broken: "{n} chain(s) broken!", au_where: "Where", au_events: "Events",
    au_head: "Head", au_status: "Status", au_intact: "intact", au_broken_at: "broken at version {v}: {p}",
    au_competition: "Competition", au_list_at: "Evening {e} · round {r} · table {t}", au_trail: "Trail",
    au_list: "List", au_all: "all", au_evening: "Evening", au_table: "Table", au_event: "Kind of event",
    au_actor: "Who (name or device)", au_from: "From", au_to: "To", au_filter: "Filter",
    au_clear: "Show everything", au_position: "No.", au_time: "Time", au_who: "Who", au_what: "What",
    au_hash: "Hash", au_event_short: "Event", au_older: "Show older", au_none: "No events with these filters.",
    au_shown: "{n} shown, newest first", au_show_chains: "The {n} chains", au_recheck: "Recompute the chains",
  },
});

export function place(item) {
  return item.table == null ? t("au_competition") : say("au_list_at", { e: item.evening, r: item.round, t: item.table });
}

// The query of GET /api/audit for the screen's filters (datetime-local values are local time).
export function trailQuery(cid, filters, before = 0) {
  const query = new URLSearchParams({ competition: cid, limit: String(PAGE), before: String(before) });
  if (filters.list) {
    query.delete("competition");
    query.set("aggregate", filters.list);
  }
  for (const key of ["evening", "table", "event", "actor"]) if (filters[key]) query.set(key, filters[key]);
  for (const key of ["from", "to"]) if (filters[key]) query.set(key, new Date(filters[key]).toISOString());
  return `audit?${query}`;
}

// A chain head as the phone shows a submitted list's: its first 16 characters, whole in the
// title (and data-head), so a director compares the same characters on every screen.
export function headCode(hash) {
  return hash ? h("code", { class: "hash", title: hash, dataset: { head: hash } }, hash.slice(0, 16)) : "";
}

function chainsCard(report, onRecheck) {
  const broken = report.chains.filter((c) => !c.ok);
  const lists = report.chains.slice().sort((a, b) => (a.table == null ? -1 : b.table == null ? 1
    : a.evening - b.evening || a.round - b.round || a.table - b.table));
  return h("section", { class: "card au-chains", "aria-labelledby": "au-chains-title" },
    h("div", { class: "row" },
      h("h3", { id: "au-chains-title" }, t("au_chains")),
      h("button", { type: "button", onclick: onRecheck }, t("au_recheck"))),
    h("p", { class: broken.length ? "bad" : "ok", role: "status", dataset: { chains: broken.length ? "broken" : "intact" } },
      broken.length ? say("au_broken", { n: broken.length }) : say("au_all_intact", { n: report.chains.length })),
    // A season has many lists: the table is folded away while every chain is intact.
    h("details", { class: "au-chain-list", open: broken.length > 0 || report.chains.length <= OPEN_UP_TO },
      h("summary", {}, say("au_show_chains", { n: report.chains.length })),
      h("div", { class: "scroll" }, table(
      [t("au_where"), { value: t("au_events"), class: "num" }, t("au_head"), t("au_status")],
      lists.map((c) => [
        place(c), { value: String(c.events), class: "num" }, headCode(c.head),
        c.ok ? { value: `✓ ${t("au_intact")}`, class: "ok" }
          : { value: `✗ ${say("au_broken_at", { v: c.broken_at, p: problemText(c.problem) })}`, class: "bad" },
      ]), { class: "grid au-chain-table", dataset: { testid: "chains" } }))));
}

function filterForm(ctx, cid, competition, chains, filters) {
  const lists = chains.filter((c) => c.table != null)
    .sort((a, b) => a.evening - b.evening || a.round - b.round || a.table - b.table);
  const select = (name, options) => {
    const el = h("select", { name }, h("option", { value: "" }, t("au_all")),
      options.map(([value, label]) => h("option", { value, selected: String(filters[name] || "") === String(value) }, label)));
    return el;
  };
  const input = (name, type, attrs = {}) => h("input", { name, type, value: filters[name] || "", ...attrs });
  const form = h("form", { class: "au-filters", "aria-label": t("au_filter") },
    field("au-list", t("au_list"), select("list", lists.map((c) => [c.aggregate_id, place(c)]))),
    field("au-evening", t("au_evening"), select("evening", competition.evenings.map((e) => [e.evening, `${e.evening} · ${e.date}`]))),
    field("au-table", t("au_table"), input("table", "number", { min: 1, max: 9999, inputmode: "numeric" })),
    field("au-event", t("au_event"), select("event", EVENTS.map((e) => [e, eventWord(e)]))),
    field("au-actor", t("au_actor"), input("actor", "text", { maxlength: 80, autocomplete: "off" })),
    field("au-from", t("au_from"), input("from", "datetime-local")),
    field("au-to", t("au_to"), input("to", "datetime-local")),
    h("div", { class: "row au-actions" },
      h("button", { type: "submit", class: "primary" }, t("au_filter")),
      h("a", { class: "button", href: `#/c/${cid}/audit` }, t("au_clear"))));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const query = new URLSearchParams();
    for (const key of FILTERS) if (data.get(key)) query.set(key, String(data.get(key)));
    const hash = `#/c/${cid}/audit${query.size ? `?${query}` : ""}`;
    if (location.hash === hash) ctx.refresh(); else ctx.go(hash);
  });
  return form;
}

// Who did it: the director by name, a table's phone by the name its player gave it (the
// server never sends a phone's id), the system as a word.
export function whoText(e) {
  if (e.role === "table") return `${t("rm_table_device")}: ${e.client_id || e.actor_name || ""}`;
  if (e.role === "director") return `${t("rm_director")} ${e.actor_name || ""}`.trim();
  if (e.role === "system") return t("rm_system");
  return e.actor_name || e.role || "";
}

// What an entry did, in words: a competition's event from its details, a list's as the replay says it.
export function entryLine(e, players = {}) {
  return e.kind === "Competition" ? competitionLine(e, players)
    : stepSummary({ ...e, deal_no: e.details && e.details.deal_no });
}

function trailRows(entries, players) {
  return entries.map((e) => [
    { value: String(e.position), class: "num" },
    h("time", { datetime: e.timestamp }, formatDateTime(e.timestamp, undefined, { seconds: true })),
    place(e),
    [h("b", {}, eventWord(e.event)), " ", h("small", { class: "mono" }, e.event)],
    whoText(e),
    h("span", { class: "au-summary" }, entryLine(e, players)),
    headCode(e.hash),
  ]);
}

async function auditView(ctx) {
  const cid = ctx.params.cid;
  const filters = Object.fromEntries(FILTERS.filter((k) => ctx.query[k]).map((k) => [k, ctx.query[k]]));
  const [competition, report, first] = await Promise.all([
    ctx.api.get(`competitions/${encodeURIComponent(cid)}`),
    ctx.api.get(`audit/chains?competition=${encodeURIComponent(cid)}`),
    ctx.api.get(trailQuery(cid, filters)),
  ]);
  const players = Object.fromEntries((competition.players || []).map((p) => [p.player_id, p.name]));
  ctx.crumbs(
    { href: "#/", label: t("c_home") },
    { href: `#/c/${cid}`, label: competition.name },
    { label: t("au_title") },
  );
  const headers = [{ value: t("au_position"), class: "num" }, t("au_time"), t("au_where"),
    t("au_event_short"), t("au_who"), t("au_what"), t("au_hash")];
  const grid = table(headers, [], { class: "grid au-trail", dataset: { testid: "trail" } });
  const body = grid.querySelector("tbody");
  const count = h("p", { class: "note", role: "status" });
  const slot = h("div");
  const older = h("button", { type: "button" }, t("au_older"));
  let shown = 0;
  const show = (page) => {
    body.append(...table([], trailRows(page.entries, players)).querySelectorAll("tbody tr"));
    shown += page.entries.length;
    count.textContent = shown ? say("au_shown", { n: shown }) : t("au_none");
    older.hidden = !page.more;
    older.dataset.before = String(page.cursor);
  };
  older.addEventListener("click", () => attempt(slot, async () => {
    show(await ctx.api.get(trailQuery(cid, filters, Number(older.dataset.before))));
  }));
  show(first);
  const recheck = () => attempt(slot, async () => {
    const fresh = await ctx.api.get(`audit/chains?competition=${encodeURIComponent(cid)}`);
    chainsSlot.replaceChildren(chainsCard(fresh, recheck));
  });
  const chainsSlot = h("div", {}, chainsCard(report, recheck));
  return h("section", { class: "card au-screen" },
    competitionTabs(cid, "audit"),
    h("h2", {}, `${t("au_title")}: ${competition.name}`),
    chainsSlot,
    h("section", { class: "card", "aria-labelledby": "au-trail-title" },
      h("h3", { id: "au-trail-title" }, t("au_trail")),
      filterForm(ctx, cid, competition, report.chains, filters),
      count,
      h("div", { class: "scroll" }, grid),
      slot,
      older));
}
