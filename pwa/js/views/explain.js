// A row's explanation: the working the rules gave for it (in the reader's language), and what can be done with the row.
// Close comes first, so the way back is always at the top of a long explanation.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { explainLines } from "./explain_words.js";
import { rowActions } from "./row_actions.js";
import { contractWord } from "./bridge_rows.js";

// A bridge row is a board: "Board 3 · 4♠ S +1" (its record names the board).
function boardTitle(row) {
  const record = row.record || {};
  if (!Number.isInteger(record.board)) return "";
  return [`${t("brw_board")} ${record.board}`, contractWord(record)].filter(Boolean).join(" · ");
}

export function explainView({ row, writer = false, open = false, onVoid, onDispute, onClose }) {
  return h("section", { class: "card explain", role: "dialog", "aria-label": t("explanation") },
    h("div", { class: "explain-head" },
      h("h2", {}, boardTitle(row) || `${t("deal")} ${row.deal_no}`, row.provisional ? ` (${t("provisional")})` : ""),
      h("button", { type: "button", id: "explain-close", onclick: onClose }, t("close"))),
    row.voided ? h("p", { class: "struck-note" }, `${t("ra_voided")}: ${row.voided}`) : null,
    h("ul", { class: row.voided ? "struck" : null }, explainLines(row.explain).map((line) => h("li", {}, line))),
    rowActions({ row, writer, open, onVoid, onDispute }));
}
