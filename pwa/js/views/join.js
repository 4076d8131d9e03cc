// Join a table's list with the code on its table card.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function joinView({ code = "", error = null, busy = false, onJoin }) {
  const input = h("input", {
    id: "code", name: "code", value: code, autocomplete: "off", autocapitalize: "characters",
    inputmode: "text", required: true, "aria-describedby": error ? "join-error" : null,
  });
  const form = h("form", { class: "card join", onsubmit: (e) => { e.preventDefault(); onJoin(input.value.trim()); } },
    h("h2", {}, t("join_title")),
    h("label", { for: "code" }, t("code")),
    input,
    error ? h("p", { id: "join-error", class: "error", role: "alert" }, error) : null,
    h("button", { type: "submit", class: "primary", disabled: busy }, busy ? t("joining") : t("join")),
  );
  return form;
}
