// The table cards to print: per table and round the table number, the seats with names, the
// join code and a QR code of the table app's link with that code; one card per half A4 page.

import { h } from "../../../pwa/js/dom.js";
import { extend, t } from "../../../pwa/js/i18n.js";
import { day } from "./setup_words.js";
import { boardRange } from "./evening.js";

extend({
  nl: { s_card_movement: "Eén kaart voor de hele avond: de telefoon van deze tafel volgt het schema zelf, ronde na ronde." },
  de: { s_card_movement: "Eine Karte für den ganzen Abend: das Telefon dieses Tisches folgt dem Wechselplan selbst, Runde für Runde." },
  en: { s_card_movement: "One card for the whole evening: this table's phone follows the movement by itself, round after round." },
});

// Bridge: the movement at this table, round by round (the card's code leads to the round in
// play, so the table's phone follows it without another card).
function movement(schedule) {
  const pair = (step, side) => `${(step.pairs || {})[side] ?? ""} ${(step.names || {})[side] || ""}`.trim();
  return [
    h("table", { class: "tc-movement" },
      h("thead", {}, h("tr", {}, h("th", {}, t("s_round")), h("th", {}, t("s_boards")), h("th", {}, "NS"), h("th", {}, "EW"))),
      h("tbody", {}, schedule.map((step) => h("tr", { dataset: { round: step.round } },
        h("td", {}, String(step.round)), h("td", {}, boardRange(step.boards)), h("td", {}, pair(step, "NS")), h("td", {}, pair(step, "EW")))))),
    h("p", { class: "tc-follow" }, t("s_card_movement")),
  ];
}

export async function cardsView(ctx) {
  const { cid, n } = ctx.params;
  const deck = await ctx.api.get(`competitions/${cid}/evenings/${n}/cards`);
  ctx.crumbs({ href: "#/", label: t("c_home") }, { href: `#/c/${cid}`, label: deck.name },
    { href: `#/c/${cid}/e/${n}`, label: `${t("s_evening")} ${n}` }, { label: t("s_cards") });
  const round = { klaverjas: "s_partij", schafkopf: "s_durchgang" }[deck.game] || "s_round";
  return h("section", { class: "setup cards-page" },
    h("div", { class: "row spread no-print" },
      h("h2", {}, `${t("s_cards")} · ${deck.name} · ${t("s_evening")} ${n}`),
      h("button", { type: "button", class: "primary", id: "print", onclick: () => printed(ctx, cid, n) }, t("s_print"))),
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
        card.schedule ? movement(card.schedule) : [
          h("p", { class: "tc-round" }, `${t(round)} ${card.round}`),
          h("ol", { class: "tc-seats" }, card.seats.map((s) => h("li", {},
            h("span", { class: "seat-no" }, s.seat), " ", h("span", { class: "tc-name" }, s.name)))),
          card.boards ? h("p", { class: "tc-boards" }, `${t("s_boards")}: ${boardRange(card.boards)}`) : null]),
      h("div", { class: "tc-join" },
        h("img", { class: "tc-qr", src: card.qr, alt: `QR: ${card.join_url}`, width: 200, height: 200 }),
        h("p", { class: "tc-code-label" }, t("s_join_code")),
        h("p", { class: "tc-code mono" }, card.join_code),
        h("p", { class: "tc-url" }, `${t("s_scan")} ${card.join_url}`)))))));
}

// The server notes that this draw's cards were printed (the evening checklist shows it);
// the print dialogue opens whether or not the note arrives.
function printed(ctx, cid, n) {
  ctx.api.post(`competitions/${cid}/evenings/${n}/cards/printed`).catch(() => {});
  window.print();
}
