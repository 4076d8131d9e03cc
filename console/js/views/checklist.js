// The director's evening checklist: players present, the draw, the table cards printed, every
// table card's phone joined, every list submitted, the disputes ruled, the evening closed and
// its standings published; each done or to do, counted, with a link to where to act.
// The server builds it from the read models (GET …/evenings/:n/checklist); it refreshes itself.

import { h, replace } from "../../../pwa/js/dom.js";
import { fill, t } from "../../../pwa/js/i18n.js";
import { formatTime } from "../../../pwa/js/format.js";
import { competitionTabs } from "../ui.js";
import { day } from "./setup_words.js";
import "./checklist_words.js";

const REFRESH_MS = 10_000;

export const routes = [["/c/:cid/e/:n/checklist", checklistView]];

// Where the director acts on each step: [word, hash].
function places(cid, n) {
  const evening = `#/c/${cid}/e/${n}`;
  return {
    present: [["ck_go_attendance", evening]],
    draw: [["ck_go_draw", evening]],
    cards: [["ck_go_cards", `${evening}/cards`]],
    phones: [["ck_go_room", `${evening}/room`]],
    submitted: [["ck_go_room", `${evening}/room`]],
    disputes: [["ck_go_room", `${evening}/room`]],
    closed: [["ck_go_room", `${evening}/room`]],
    published: [["ck_go_results", `${evening}/results`], ["ck_public", `/standings/${cid}`]],
  };
}

// What an item says besides its name: its count, or when it was done.
export function detail(item) {
  const counted = { present: "ck_n_present", phones: "ck_n_phones", submitted: "ck_n_submitted", disputes: "ck_n_disputes" };
  if (item.item === "disputes" && !item.of) return t("ck_no_disputes");
  if (counted[item.item] && !item.of) return ""; // nothing to count yet (before the draw)
  if (counted[item.item]) return fill(t(counted[item.item]), { count: item.count, of: item.of });
  if (item.item === "draw" && item.done) return fill(t("ck_n_draw"), { count: item.count });
  if (item.item === "cards" && item.at) return fill(t("ck_printed_at"), { time: formatTime(item.at) });
  return "";
}

// The checklist as plain lines (no DOM): what the view draws, and what node tests.
export function lines(data, cid, n) {
  const where = places(cid, n);
  const rounds = new Set(data.items.flatMap((i) => i.waiting.map((w) => w.round)));
  const many = rounds.size > 1 || [...rounds].some((r) => r > 1);
  return data.items.map((item) => ({
    item: item.item,
    done: item.done,
    label: t(`ck_${item.item}`),
    state: t(item.done ? "ck_done" : "ck_todo"),
    detail: detail(item),
    act: item.done && item.item !== "published" ? [] : where[item.item].map(([word, href]) => ({ label: t(word), href })),
    waiting: item.waiting.map((w) => ({
      label: fill(t(many ? "ck_table_round" : "ck_table"), w),
      href: `#/l/${w.list_id}`,
    })),
  }));
}

function drawLine(line) {
  return h("li", { class: line.done ? "ck-item ck-done" : "ck-item ck-todo", dataset: { item: line.item, done: String(line.done) } },
    h("div", { class: "ck-row" }, h("span", { class: line.done ? "ck-state ok" : "ck-state warn" }, line.done ? "✓ " : "○ ", line.state),
    h("b", { class: "ck-label" }, line.label),
    line.detail ? h("span", { class: "ck-detail" }, line.detail) : null,
    line.waiting.length ? h("span", { class: "ck-waiting" }, t("ck_waiting"), " ",
      line.waiting.flatMap((w, i) => [i ? ", " : null, h("a", { href: w.href }, w.label)])) : null,
    line.act.length ? h("span", { class: "ck-act" }, line.act.map((a) =>
      h("a", { class: "button", href: a.href }, a.label))) : null));
}

export async function checklistView(ctx) {
  const { cid, n } = ctx.params;
  const path = `competitions/${cid}/evenings/${n}/checklist`;
  const [comp, first] = await Promise.all([ctx.api.get(`competitions/${cid}`), ctx.api.get(path)]);
  ctx.crumbs({ href: "#/", label: t("c_home") }, { href: `#/c/${cid}`, label: comp.name },
    { href: `#/c/${cid}/e/${n}`, label: `${t("s_evening")} ${n}` }, { label: t("ck_tab") });
  const summary = h("p", { class: "count", id: "checklist-summary" });
  const list = h("ol", { class: "checklist", id: "checklist" });
  const show = (data) => {
    summary.textContent = fill(t("ck_summary"), { done: data.done, of: data.items.length });
    summary.dataset.done = String(data.done);
    replace(list, lines(data, cid, n).map(drawLine));
  };
  const refresh = async () => {
    try { show(await ctx.api.get(path)); } catch { /* the next tick tries again */ }
  };
  show(first);
  const timer = setInterval(refresh, REFRESH_MS);
  ctx.onLeave(() => clearInterval(timer));
  return h("section", { class: "setup checklist-page" },
    competitionTabs(cid, "overview"),
    h("div", { class: "card" },
      h("div", { class: "row spread" },
        h("h2", {}, `${t("ck_title")} · ${t("s_evening")} ${n} · ${day(first.date)}`),
        h("button", { type: "button", id: "checklist-refresh", onclick: refresh }, t("ck_refresh"))),
      summary, list,
      h("p", { class: "note" }, t("ck_cards_note"))));
}
