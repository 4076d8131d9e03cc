// The room's round filter: a movement opens a list per table and round, so the room can show
// the round in play (the lowest round with a list not yet submitted), one round, or all.
// Pure functions for node, and the picker the room draws.

import { h } from "../../../pwa/js/dom.js";
import { extend, say, t } from "../../../pwa/js/i18n.js";

extend({
  nl: { rm_rounds_all: "Alle rondes", rm_round_current: "Ronde in spel ({round})", rm_round_pick: "Toon" },
  de: { rm_rounds_all: "Alle Runden", rm_round_current: "Laufende Runde ({round})", rm_round_pick: "Zeigen" },
  en: { rm_rounds_all: "All rounds", rm_round_current: "Round in play ({round})", rm_round_pick: "Show" },
});

/** The round in play: the lowest round with a list not yet submitted (null: none is open). */
export function currentRound(tables) {
  const open = tables.filter((x) => !x.submitted && x.status !== "cancelled").map((x) => x.round);
  return open.length ? Math.min(...open) : null;
}

/** The room's rows for a choice: "all", "current" (the round in play; all once none is) or a round. */
export function shownTables(tables, choice) {
  if (choice === "all") return tables;
  const round = choice === "current" ? currentRound(tables) : Number(choice);
  return round === null ? tables : tables.filter((x) => x.round === round);
}

/** The picker (only when the evening has more than one round). */
export function roundPicker(tables, choice, onChange) {
  const rounds = [...new Set(tables.map((x) => x.round))].sort((a, b) => a - b);
  if (rounds.length < 2) return null;
  const now = currentRound(tables);
  const options = [["current", say("rm_round_current", { round: now ?? "–" })], ["all", t("rm_rounds_all")],
    ...rounds.map((r) => [String(r), `${t("rm_round")} ${r}`])];
  return h("label", { class: "rm-round-pick" }, `${t("rm_round_pick")} `,
    h("select", { id: "room-round", onchange: (e) => onChange(e.target.value) },
      options.map(([value, label]) => h("option", { value, selected: value === String(choice) }, label))));
}
