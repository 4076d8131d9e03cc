// The deal entry: the game's form, the provisional score as you type, and the rules' error.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { markerWords } from "./markers.js";
import { refusalLine } from "./rule_words.js";
import { klaverjasForm } from "./klaverjas_form.js";
import { bridgeForm } from "./bridge_form.js";
import { genericForm } from "./generic_form.js";
import { wiezenForm } from "./wiezen_form.js";
import { schafkopfForm } from "./schafkopf_form.js";

// The entry form of each game: form({list, dealNo, players, onChange, onSubmit}) → element.
// onChange(facts) previews the score as you type; onSubmit(facts) records the deal; `pending`
// is this list's outbox (what the phone recorded that the server has not confirmed yet).
const FORMS = {
  klaverjas: klaverjasForm,
  bridge: bridgeForm,
  wiezen: wiezenForm,
  schafkopf: schafkopfForm,
};

export function entryView({ list, dealNo, pending = [], preview, onRecord }) {
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
  const submit = (facts) => {
    show(facts);
    if (!latest.error) onRecord(facts);
  };
  const form = (FORMS[list.game] || genericForm)({
    list, dealNo, players: list.players, pending: pending.filter((e) => e.list === list.list_id),
    onChange: show, onSubmit: submit,
  });
  return h("section", { class: "card entry", "aria-label": t("entry") },
    h("h2", { id: "entry-title", dataset: { deal: dealNo } }, `${t("deal")} ${dealNo}`), form, result);
}
