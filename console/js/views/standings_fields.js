// A bridge Mitchell without an arrow-switch has two winners: the season table and an evening's
// results are shown as two tables, North-South and East-West, each with its own places
// (``details.field_rank`` of a season line, ``field`` of an evening's result, from the server;
// docs/seating.md). Other games and a Howell keep one table.

import { h } from "../../../pwa/js/dom.js";
import { extend, t } from "../../../pwa/js/i18n.js";

extend({
  nl: { st_field_NS: "Noord-Zuid", st_field_EW: "Oost-West" },
  de: { st_field_NS: "Nord-Süd", st_field_EW: "Ost-West" },
  en: { st_field_NS: "North-South", st_field_EW: "East-West" },
});

/** The lines per direction, each by its place in the direction; null: one ranking. */
export function fieldsOf(lines) {
  if (!lines.length || lines.some((line) => !line.details || line.details.field_rank === undefined)) return null;
  return ["NS", "EW"].map((key) => ({
    key,
    lines: lines.filter((line) => line.details.direction === key)
      .sort((a, b) => a.details.field_rank - b.details.field_rank),
  }));
}

/** The season grid as it is, or split in two: its rows move to a table per direction. */
export function fieldGrids(grid, lines) {
  const fields = fieldsOf(lines);
  if (!fields) return h("div", { class: "scroll" }, grid);
  const rows = new Map([...grid.querySelectorAll("tbody tr")].map((tr) => [tr.dataset.player, tr]));
  return fields.map(({ key, lines: own }) => {
    const copy = grid.cloneNode(false);
    copy.dataset.field = key;
    const body = h("tbody");
    for (const line of own) {
      const tr = rows.get(line.player_id);
      if (!tr) continue;
      tr.firstElementChild.textContent = String(line.details.field_rank);
      body.append(tr);
    }
    copy.append(grid.querySelector("thead").cloneNode(true), body);
    return h("div", { class: "st-field" }, h("h3", { id: `field-${key}` }, t(`st_field_${key}`)), h("div", { class: "scroll" }, copy));
  });
}

// Places among those who played (equal results share a place); absences below them, unplaced.
function placed(results) {
  const points = results.filter((r) => r.status === "played").map((r) => r.points);
  return [
    ...results.filter((r) => r.status === "played").map((r) => ({ ...r, place: points.indexOf(r.points) + 1 })),
    ...results.filter((r) => r.status !== "played").map((r) => ({ ...r, place: null })),
  ];
}

/** An evening's results (best first) as fields, each with its places: one field (key null),
 * or a Mitchell's North-South and East-West (each result's ``field``). */
export function eveningFields(results) {
  if (!results.some((r) => r.field)) return [{ key: null, results: placed(results) }];
  const fields = ["NS", "EW"].map((key) => ({ key, results: placed(results.filter((r) => r.field === key)) }));
  const others = results.filter((r) => r.field !== "NS" && r.field !== "EW");
  return others.length ? [...fields, { key: null, results: placed(others) }] : fields;
}
