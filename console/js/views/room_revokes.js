// The room's revokes column: each table's established revokes (play mode) as they happen —
// how many, and the last one in words (deal, trick, seat, card and the rule it broke).

import { h } from "../../../pwa/js/dom.js";
import { extend, fill, t } from "../../../pwa/js/i18n.js";

extend({
  nl: { rv_revokes: "Verzaakt", rv_line: "spel {deal}, slag {trick}: {seat} {card}" },
  de: { rv_revokes: "Verworfen", rv_line: "Spiel {deal}, Stich {trick}: {seat} {card}" },
  en: { rv_revokes: "Revokes", rv_line: "deal {deal}, trick {trick}: {seat} {card}" },
});

// One revoke in a line: "deal 2, trick 5: E ♠2".
export function revokeLine(r) {
  const signs = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const card = r.card && signs[r.card[0]] ? `${signs[r.card[0]]}${r.card.slice(1)}` : r.card;
  return fill(t("rv_line"), { deal: r.deal_no, trick: r.trick, seat: r.seat, card });
}

// The cell of a table's row: none, or the count with the last revoke and every rule in its title.
export function revokesCell(revokes = []) {
  if (!revokes.length) return h("td", { class: "num rm-revokes", dataset: { revokes: "0" } }, "0");
  const last = revokes[revokes.length - 1];
  return h("td", {
    class: "rm-revokes bad", dataset: { revokes: String(revokes.length) },
    title: revokes.map((r) => `${revokeLine(r)} — ${r.rule}`).join("\n"),
  }, `${revokes.length}: ${revokeLine(last)}`);
}
