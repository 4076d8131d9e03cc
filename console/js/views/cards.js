// The table cards to print: per table and round the table number, the seats with names, the
// join code and a QR code of the table app's link with that code; one card per half A4 page.

import { h } from "../../../pwa/js/dom.js";
import { t } from "../../../pwa/js/i18n.js";
import { day } from "./setup_words.js";
import { boardRange } from "./evening.js";

export async function cardsView(ctx) {
  const { cid, n } = ctx.params;
  const deck = await ctx.api.get(`competitions/${cid}/evenings/${n}/cards`);
  ctx.crumbs({ href: "#/", label: t("c_home") }, { href: `#/c/${cid}`, label: deck.name },
    { href: `#/c/${cid}/e/${n}`, label: `${t("s_evening")} ${n}` }, { label: t("s_cards") });
  const round = { klaverjas: "s_partij", schafkopf: "s_durchgang" }[deck.game] || "s_round";
  return h("section", { class: "setup cards-page" },
    h("div", { class: "row spread no-print" },
      h("h2", {}, `${t("s_cards")} · ${deck.name} · ${t("s_evening")} ${n}`),
      h("button", { type: "button", class: "primary", id: "print", onclick: () => window.print() }, t("s_print"))),
    deck.cards.length ? null : h("p", { class: "note" }, t("s_no_cards")),
    h("div", { class: "table-cards", id: "cards" }, deck.cards.map((card) => h("article", {
      class: "table-card", dataset: { table: card.table, round: card.round, code: card.join_code },
    },
    h("header", { class: "tc-head" },
      h("span", { class: "tc-comp" }, `${deck.name} · ${deck.game}`),
      h("span", { class: "tc-date" }, day(deck.date))),
    h("div", { class: "tc-body" },
      h("div", { class: "tc-main" },
        h("p", { class: "tc-table" }, `${t("s_table")} ${card.table}`),
        h("p", { class: "tc-round" }, `${t(round)} ${card.round}`),
        h("ol", { class: "tc-seats" }, card.seats.map((s) => h("li", {},
          h("span", { class: "seat-no" }, s.seat), " ", h("span", { class: "tc-name" }, s.name)))),
        card.boards ? h("p", { class: "tc-boards" }, `${t("s_boards")}: ${boardRange(card.boards)}`) : null),
      h("div", { class: "tc-join" },
        h("img", { class: "tc-qr", src: card.qr, alt: `QR: ${card.join_url}`, width: 200, height: 200 }),
        h("p", { class: "tc-code-label" }, t("s_join_code")),
        h("p", { class: "tc-code mono" }, card.join_code),
        h("p", { class: "tc-url" }, `${t("s_scan")} ${card.join_url}`)))))));
}
