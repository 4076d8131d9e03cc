// The list as on paper: one row per deal, points per seat, running totals and markers.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function sheetView({ seats, rows, totals, onRow }) {
  if (!rows.length) return h("section", { class: "card sheet" }, h("p", {}, t("no_deals")));
  const head = h("tr", {}, h("th", { scope: "col" }, "#"), seats.map((s) => h("th", { scope: "col" }, s)), h("th", { scope: "col" }, ""));
  const body = rows.map((row) =>
    h("tr", {
      class: row.provisional ? "row provisional" : "row",
      tabindex: "0",
      dataset: { deal: row.deal_no },
      onclick: () => onRow(row),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") onRow(row); },
      title: row.provisional ? t("provisional") : t("confirmed"),
    },
    h("th", { scope: "row" }, row.deal_no),
    seats.map((s) => h("td", {},
      h("span", { class: "pts" }, (row.points || {})[s] ?? ""),
      h("span", { class: "run" }, (row.running || {})[s] ?? ""))),
    h("td", { class: "marks" }, (row.markers || []).join(" "), row.provisional ? h("span", { class: "prov" }, "*") : null)));
  const foot = h("tr", { class: "totals" }, h("th", { scope: "row" }, t("total")),
    seats.map((s) => h("td", { dataset: { seat: s } }, totals[s] ?? 0)), h("td", {}, ""));
  return h("section", { class: "card sheet" },
    h("table", { id: "sheet" }, h("thead", {}, head), h("tbody", {}, body), h("tfoot", {}, foot)),
    rows.some((r) => r.provisional) ? h("p", { class: "note" }, `* ${t("provisional")}`) : null);
}
