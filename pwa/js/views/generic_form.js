// A basic form for the other games (for now): the deal's facts as JSON, checked as you type.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function genericForm({ onChange, onSubmit }) {
  let facts = {};
  const area = h("textarea", {
    id: "facts", rows: 8, spellcheck: "false", "aria-label": t("record_json"),
    oninput: () => {
      try {
        facts = JSON.parse(area.value || "{}");
        onChange(facts);
      } catch (err) {
        onChange(null, { field: "JSON", message: err.message });
      }
    },
  }, "{}");
  return h("div", { class: "generic" },
    h("label", { for: "facts" }, t("record_json")), area,
    h("button", { type: "button", class: "primary", id: "record", onclick: () => onSubmit(facts) }, t("record")));
}
