// A row's explanation: the working the rules gave for it, and what can be done with the row.
// Close comes first, so the way back is always at the top of a long explanation.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { rowActions } from "./row_actions.js";

export function explainView({ row, writer = false, open = false, onVoid, onDispute, onClose }) {
  return h("section", { class: "card explain", role: "dialog", "aria-label": t("explanation") },
    h("div", { class: "explain-head" },
      h("h2", {}, `${t("deal")} ${row.deal_no}`, row.provisional ? ` (${t("provisional")})` : ""),
      h("button", { type: "button", id: "explain-close", onclick: onClose }, t("close"))),
    row.voided ? h("p", { class: "struck-note" }, `${t("ra_voided")}: ${row.voided}`) : null,
    h("ul", { class: row.voided ? "struck" : null }, (row.explain || []).map((line) => h("li", {}, line))),
    rowActions({ row, writer, open, onVoid, onDispute }));
}
