// The deal entry: the game's form, the provisional score as you type, and the rules' error.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";
import { listComplete } from "../state.js";
import { markerWords } from "./markers.js";
import { refusalLine } from "./rule_words.js";
import { nextBoard } from "./bridge_boards.js";
import { genericForm } from "./generic_form.js";
// The entry form of each game: form({list, dealNo, players, onChange, onSubmit}) → element.
// onChange(facts) previews the score as you type; onSubmit(facts) records the deal; `pending`
// is this list's outbox (what the phone recorded that the server has not confirmed yet).
// Each game's form comes with the game's part of the app (../games.js, ../games/<game>.js).
import { FORMS } from "../games.js";

extend({
  nl: {
    entry_complete: "Alle {planned} spellen staan op de lijst: er is geen spel {next}. Controleer de lijst en lever hem in ({tab}).",
    entry_closed: "De wedstrijdleider heeft de lijst vroeg gesloten: er komt geen spel meer bij. Lever hem in ({tab}).",
  },
  de: {
    entry_complete: "Alle {planned} Spiele stehen auf der Liste: es gibt kein Spiel {next}. Liste prüfen und abgeben ({tab}).",
    entry_closed: "Die Turnierleitung hat die Liste vorzeitig geschlossen: kein Spiel kommt mehr dazu. Liste abgeben ({tab}).",
  },
  en: {
    entry_complete: "All {planned} deals are on the list: there is no deal {next}. Check the list and submit it ({tab}).",
    entry_closed: "The director closed this list early: no more deals. Submit it ({tab}).",
  },
});

// Instead of a form for a deal the list has no room for: say so, and where to go next.
function completeView(list, dealNo) {
  const sheet = list.sheet || {};
  const text = t(sheet.closed_short ? "entry_closed" : "entry_complete")
    .replace("{planned}", sheet.planned_deals).replace("{next}", dealNo).replace("{tab}", t("sub_tab"));
  return h("section", { class: "card entry", id: "entry-complete", "aria-label": t("entry") }, h("p", { class: "ok" }, text));
}

// The wiezen and bridge forms say themselves when the list is full (the evening's count, the
// round's boards) and disable recording; the others get completeView.
const SAYS_COMPLETE = new Set(["wiezen", "bridge"]);

// A bridge list is written by board (the round's next one), the other games by deal.
function entryTitle(list, dealNo, pending) {
  if (list.game !== "bridge") return `${t("deal")} ${dealNo}`;
  const board = nextBoard(list, pending);
  return board === null ? t("br_round_done") : `${t("br_board")} ${board}`;
}

export function entryView({ list, dealNo, pending = [], preview, onRecord }) {
  if (!SAYS_COMPLETE.has(list.game) && listComplete(list, pending)) return completeView(list, dealNo);
  const result = h("div", { class: "preview", id: "preview", "aria-live": "polite" });
  let latest = { facts: null, error: null };
  const show = (facts, parseError = null) => {
    const outcome = parseError ? { error: parseError } : preview(facts);
    latest = { facts, error: outcome.error || null };
    if (outcome.error) {
      result.replaceChildren(refusalLine(outcome.error, list.game));
      return;
    }
    const s = outcome.score;
    result.replaceChildren(h("p", { class: "ok" },
      Object.entries(s.points).map(([seat, v]) => `${seat} ${v}`).join(" · "),
      s.markers.length ? h("b", { class: "marker" }, ` ${markerWords(s.markers).join(" ")}`) : null,
      h("small", {}, ` (${t("provisional")})`)));
  };
  // While a record is on its way to the outbox the button is off: a second tap records
  // nothing (the deal is written once), and the players see that the tap was taken.
  let recording = false;
  const submit = async (facts, parseError = null) => {
    if (recording) return;
    show(facts, parseError);
    if (latest.error) return;
    recording = true;
    const buttons = [...section.querySelectorAll("#record")].filter((b) => !b.disabled);
    for (const b of buttons) Object.assign(b, { disabled: true }).setAttribute("aria-busy", "true");
    try {
      await onRecord(facts);
    } finally {
      recording = false;
      for (const b of buttons) Object.assign(b, { disabled: false }).removeAttribute("aria-busy");
    }
  };
  const form = (FORMS[list.game] || genericForm)({
    list, dealNo, players: list.players, pending: pending.filter((e) => e.list === list.list_id),
    onChange: show, onSubmit: submit,
  });
  const section = h("section", { class: "card entry", "aria-label": t("entry") },
    h("h2", { id: "entry-title", dataset: { deal: dealNo } }, entryTitle(list, dealNo, pending)), form, result);
  return section;
}
