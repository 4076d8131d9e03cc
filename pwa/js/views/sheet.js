// The list as on paper: one row per deal, points per seat, running totals and markers. A
// voided row stays, struck through; a penalty row and a disputed row carry their marks.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";
import { markerWord } from "./markers.js";
import { markerTone, rowWhat, rulingNotes, rulingWord, seatName } from "./sheet_rows.js";
import { bridgeFoot, rowNumber, runWord } from "./bridge_rows.js";

function rowClass(row) {
  return ["row", row.provisional && "provisional", row.voided && "voided", row.kind === "penalty" && "penalty",
    row.disputed && "disputed"].filter(Boolean).join(" ");
}

// The row's marks: the markers (made is no loss: not in red), voided, a dispute's flag.
function marks(row, ruled) {
  return [
    ...(row.markers || []).map((m) => h("span", { class: `mk ${markerTone(m) && `mk-${markerTone(m)}`}`.trim(), dataset: { marker: m } }, markerWord(m))),
    row.kind === "penalty" ? h("span", { class: "mk mk-bad" }, t("sh_penalty")) : null,
    row.voided && !ruled ? h("span", { class: "mk mk-bad" }, t("sh_voided")) : null,
    row.disputed ? "⚑" : null,
  ].filter(Boolean).flatMap((w, i) => (i ? [" ", w] : [w]));
}

// A line under the row across the whole list: what was played, with names, and what the
// director did to it (corrected, voided). null when there is nothing to say.
function whatRow(row, { game, players, ruled, width, onRow }) {
  const what = rowWhat(game, row, players);
  if (!what && !ruled) return null;
  return h("tr", { class: row.provisional ? "what-row provisional-what" : "what-row", dataset: { deal: row.deal_no }, onclick: () => onRow(row) },
    h("td", { colspan: width },
      what ? h("span", { class: "what" }, what) : null,
      ruled ? h("span", { class: "mk ruled", dataset: { ruled: row.corrected ? "corrected" : "voided" } }, what ? ` · ${ruled}` : ruled) : null));
}

// Whether the server has the row: ✓ once it does, ○ while it waits in the outbox.
function syncMark(row) {
  const word = row.provisional ? t("sh_waiting") : t("sh_synced");
  return h("span", { class: row.provisional ? "sync-mark prov" : "sync-mark synced", title: word, "aria-label": word, role: "img" },
    row.provisional ? "○" : "✓");
}

export function sheetView({
  seats, rows, totals, onRow, writer = false, open = true, game = "", players = {}, sheet = {}, undo = null, onUndo, matchpoints = {},
}) {
  const closedShort = sheet.closed_short
    ? h("p", { class: "closed-short", id: "sheet-closed-short" }, `${t("sh_closed_short")}: ${sheet.closed_short}`) : null;
  if (!rows.length) return h("section", { class: "card sheet" }, closedShort, h("p", {}, t("no_deals")));
  const notes = rulingNotes(sheet);
  const head = h("tr", {}, h("th", { scope: "col" }, game === "bridge" ? t("brw_board") : "#"), seats.map((s) => h("th", { scope: "col", dataset: { seat: s } },
    players[s] ? h("span", { class: "seat-name", title: `${s} ${players[s]}` }, seatName(players, s)) : s)), h("th", { scope: "col" }, ""));
  const width = seats.length + 2;
  const body = rows.flatMap((row) => [
    h("tr", {
      class: rowClass(row),
      tabindex: "0",
      dataset: { deal: row.deal_no, kind: row.kind || "deal", ...(row.voided ? { voided: "" } : {}) },
      onclick: () => onRow(row),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") onRow(row); },
      title: row.provisional ? t("provisional") : t("confirmed"),
    },
    h("th", { scope: "row" }, rowNumber(game, row)),
    seats.map((s) => h("td", {},
      h(row.voided ? "s" : "span", { class: "pts" }, (row.cells || row.points || {})[s] ?? ""),
      h("span", { class: "run" }, game === "bridge" ? runWord(matchpoints, row, s) : (row.running || {})[s] ?? ""))),
    h("td", { class: "marks" }, marks(row, rulingWord(row, notes)), " ", syncMark(row),
      undo && writer && open && row.provisional && row.mutation_id === undo.id
        ? h("button", { type: "button", class: "undo", id: "undo", title: t("sh_undo_help").replace("{deal}", row.deal_no),
          onclick: (e) => { e.stopPropagation(); onUndo(undo); }, onkeydown: (e) => e.stopPropagation() }, t("sh_undo"))
        : null)),
    whatRow(row, { game, players, ruled: rulingWord(row, notes), width, onRow }),
  ].filter(Boolean));
  // The director's adjustments by points: a line each above the total, which counts them.
  const adjusted = (sheet.adjustments || []).flatMap((a) => [
    h("tr", { class: "adjustment", dataset: { deal: a.deal_no } },
      h("th", { scope: "row" }, a.deal_no),
      seats.map((s) => h("td", {}, (a.points || {})[s] ?? "")), h("td", {}, "")),
    h("tr", { class: "what-row adjustment-what", dataset: { deal: a.deal_no } }, h("td", { colspan: width },
      h("span", { class: "mk ruled" }, t("sh_adjusted")), ` · ${a.reason || ""}${a.article ? ` (${a.article})` : ""}`)),
  ]);
  const foot = game === "bridge" ? bridgeFoot(seats, rows, matchpoints) : h("tr", { class: "totals" }, h("th", { scope: "row" }, t("total")),
    seats.map((s) => h("td", { dataset: { seat: s } }, totals[s] ?? 0)), h("td", {}, ""));
  return h("section", { class: "card sheet" },
    closedShort,
    h("table", { id: "sheet" }, h("thead", {}, head), h("tbody", {}, body), h("tfoot", {}, adjusted, foot)),
    h("p", { class: "note", id: "sheet-legend" }, `✓ ${t("sh_synced")}`, rows.some((r) => r.provisional) ? ` · ○ ${t("sh_waiting")} (${t("provisional")})` : ""),
    undo && writer && open ? h("p", { class: "note", id: "undo-help" }, t("sh_undo_help").replace("{deal}", undo.args.deal_no)) : null,
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
