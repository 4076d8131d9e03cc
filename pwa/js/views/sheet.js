// The list as on paper: one row per deal, points per seat, running totals and markers. A
// voided row stays, struck through; a penalty row and a disputed row carry their marks.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";
import { markerWords } from "./markers.js";

function rowClass(row) {
  return ["row", row.provisional && "provisional", row.voided && "voided", row.kind === "penalty" && "penalty",
    row.disputed && "disputed"].filter(Boolean).join(" ");
}

function marks(row) {
  return [
    ...markerWords(row.markers || []),
    row.kind === "penalty" ? t("sh_penalty") : null,
    row.voided ? t("sh_voided") : null,
    row.disputed ? "⚑" : null,
  ].filter(Boolean).join(" ");
}

export function sheetView({ seats, rows, totals, onRow, writer = false, open = true }) {
  if (!rows.length) return h("section", { class: "card sheet" }, h("p", {}, t("no_deals")));
  const head = h("tr", {}, h("th", { scope: "col" }, "#"), seats.map((s) => h("th", { scope: "col" }, s)), h("th", { scope: "col" }, ""));
  const body = rows.map((row) =>
    h("tr", {
      class: rowClass(row),
      tabindex: "0",
      dataset: { deal: row.deal_no, kind: row.kind || "deal", ...(row.voided ? { voided: "" } : {}) },
      onclick: () => onRow(row),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") onRow(row); },
      title: row.provisional ? t("provisional") : t("confirmed"),
    },
    h("th", { scope: "row" }, row.deal_no),
    seats.map((s) => h("td", {},
      h(row.voided ? "s" : "span", { class: "pts" }, (row.cells || row.points || {})[s] ?? ""),
      h("span", { class: "run" }, (row.running || {})[s] ?? ""))),
    h("td", { class: "marks" }, marks(row), row.provisional ? h("span", { class: "prov" }, "*") : null)));
  const foot = h("tr", { class: "totals" }, h("th", { scope: "row" }, t("total")),
    seats.map((s) => h("td", { dataset: { seat: s } }, totals[s] ?? 0)), h("td", {}, ""));
  return h("section", { class: "card sheet" },
    h("table", { id: "sheet" }, h("thead", {}, head), h("tbody", {}, body), h("tfoot", {}, foot)),
    rows.some((r) => r.provisional) ? h("p", { class: "note" }, `* ${t("provisional")}`) : null,
    h("p", { class: "note", id: "sheet-hint" }, t(!open ? "sh_tap_closed" : writer ? "sh_tap" : "sh_tap_follow")));
}

extend({
  nl: { sh_penalty: "straf", sh_voided: "geschrapt", sh_tap: "Tik op een regel voor de uitleg, schrappen of een geschil.",
    sh_tap_follow: "Tik op een regel voor de uitleg of een geschil.", sh_tap_closed: "Tik op een regel voor de uitleg." },
  de: { sh_penalty: "Strafe", sh_voided: "gestrichen", sh_tap: "Tippen Sie auf eine Zeile für die Erklärung, Streichen oder Einspruch.",
    sh_tap_follow: "Tippen Sie auf eine Zeile für die Erklärung oder einen Einspruch.", sh_tap_closed: "Tippen Sie auf eine Zeile für die Erklärung." },
  en: { sh_penalty: "penalty", sh_voided: "voided", sh_tap: "Tap a row for its explanation, to void it or to raise a dispute.",
    sh_tap_follow: "Tap a row for its explanation or to raise a dispute.", sh_tap_closed: "Tap a row for its explanation." },
});
