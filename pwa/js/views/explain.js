// A row's explanation: the working the rules gave for it.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function explainView({ row, onClose }) {
  return h("section", { class: "card explain", role: "dialog", "aria-label": t("explanation") },
    h("h2", {}, `${t("deal")} ${row.deal_no}`, row.provisional ? ` (${t("provisional")})` : ""),
    h("ul", {}, (row.explain || []).map((line) => h("li", {}, line))),
    h("button", { type: "button", onclick: onClose }, t("close")));
}
