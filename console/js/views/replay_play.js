// The replay of a deal played card by card: at any step, the auction, every trick so far with
// who won it and the running count, and the number of the card just played (1 = the opening
// lead). The director opens a dispute or gives a ruling at that card (at_card).

import { h } from "../../../pwa/js/dom.js";
import { extend, fill, t } from "../../../pwa/js/i18n.js";
import { attempt, field } from "../ui.js";

extend({
  nl: {
    rp_board: "Het spel tot hier", rp_auction: "Bieden", rp_tricks: "Slagen", rp_trick: "Slag",
    rp_cards: "Kaarten", rp_won_by: "Naar", rp_count: "Stand", rp_card: "Kaart {n} van het spel",
    rp_no_card: "(geen kaart bij deze stap)", rp_dispute: "Geschil bij deze kaart",
    rp_dispute_do: "Geschil melden bij kaart {n}", rp_dispute_deal: "Geschil melden over spel {deal}",
    rp_disputed: "Het geschil is gemeld.", rp_at_card: "Uitspraak bij kaart {n}",
    rp_override: "Tegen het gespeelde spel in beslissen (de verbeterde uitslag wijkt bewust af van de kaarten)",
  },
  de: {
    rp_board: "Das Spiel bis hier", rp_auction: "Reizung", rp_tricks: "Stiche", rp_trick: "Stich",
    rp_cards: "Karten", rp_won_by: "An", rp_count: "Stand", rp_card: "Karte {n} des Spiels",
    rp_no_card: "(keine Karte in diesem Schritt)", rp_dispute: "Streitfall bei dieser Karte",
    rp_dispute_do: "Streitfall bei Karte {n} melden", rp_dispute_deal: "Streitfall zu Spiel {deal} melden",
    rp_disputed: "Der Streitfall ist gemeldet.", rp_at_card: "Entscheidung bei Karte {n}",
    rp_override: "Gegen das gespielte Spiel entscheiden (das berichtigte Ergebnis weicht bewusst von den Karten ab)",
  },
  en: {
    rp_board: "The deal so far", rp_auction: "Auction", rp_tricks: "Tricks", rp_trick: "Trick",
    rp_cards: "Cards", rp_won_by: "Won by", rp_count: "Count", rp_card: "Card {n} of the play",
    rp_no_card: "(no card at this step)", rp_dispute: "Dispute at this card",
    rp_dispute_do: "Open a dispute at card {n}", rp_dispute_deal: "Open a dispute about deal {deal}",
    rp_disputed: "The dispute is open.", rp_at_card: "Ruling at card {n}",
    rp_override: "Rule against the recorded play (the corrected result departs from the cards on purpose)",
  },
});

const PLAY_EVENTS = new Set(["PlayStarted", "BidMade", "CardPlayed", "CardTakenBack"]);

// A bid as the table said it: {level: 1, strain: "NT"} → 1NT; a word stays a word.
export function bidText(bid) {
  if (bid && typeof bid === "object") return `${bid.level ?? ""}${bid.strain ?? ""}` || JSON.stringify(bid);
  return String(bid);
}

// The count after a trick: per side when the play has sides (NS 3 · EW 2), else per seat.
export function countText(play) {
  const sides = Object.entries(play.sides_won || {});
  const counts = sides.length ? sides : Object.entries(play.tricks_won || {});
  return counts.map(([who, n]) => `${who} ${n}`).join(" · ");
}

// The play of the deal at step `index`: its auction, every trick so far (in order, each with
// the count after it once won), and `card`: the number of the card this step played (1 = the
// opening lead; null when the step is not a card). A card taken back leaves the trick.
export function playAt(steps, index) {
  let deal = null;
  let bids = [];
  let tricks = new Map();
  for (let i = 0; i <= index && i < steps.length; i += 1) {
    const step = steps[i];
    if (!PLAY_EVENTS.has(step.event) || !step.play) continue;
    if (step.deal_no !== deal) tricks = new Map();
    deal = step.deal_no;
    bids = step.play.bids || [];
    const trick = step.play.trick;
    const last = trick ? trick.no : 0;
    for (const no of [...tricks.keys()]) if (no > last) tricks.delete(no);
    if (trick) tricks.set(trick.no, { ...trick, count: trick.winner ? countText(step.play) : null });
  }
  const ordered = [...tricks.values()].sort((a, b) => a.no - b.no);
  const here = steps[index];
  const card = here && here.event === "CardPlayed" && here.deal_no === deal
    ? ordered.reduce((sum, trick) => sum + trick.cards.length, 0) : null;
  return { deal, bids, tricks: ordered, card };
}

// The board as it stands: the auction, the tricks with who won them and the count after each.
export function playBoard(steps, index) {
  const play = playAt(steps, index);
  if (play.deal === null) return null;
  return h("section", { id: "step-board", class: "rm-board", dataset: { deal: String(play.deal) } },
    h("h4", {}, t("rp_board")),
    play.bids.length ? h("p", { id: "step-auction" }, h("b", {}, `${t("rp_auction")}: `),
      play.bids.map((b) => `${b.seat} ${bidText(b.bid)}`).join(" · ")) : null,
    play.tricks.length ? h("table", { id: "step-tricks", class: "grid rm-tricks" },
      h("thead", {}, h("tr", {}, [t("rp_trick"), t("rp_cards"), t("rp_won_by"), t("rp_count")]
        .map((word) => h("th", {}, word)))),
      h("tbody", {}, play.tricks.map((trick) => h("tr", { dataset: { trick: String(trick.no) } },
        h("td", { class: "num" }, String(trick.no)),
        h("td", {}, trick.cards.map((c) => `${c.seat} ${c.card}${c.revoke ? ` (${t("rm_revoke")})` : ""}`).join(", ")),
        h("td", { class: "rm-won-by" }, trick.winner || "–"),
        h("td", { class: "rm-count" }, trick.count || ""))))) : null,
    h("p", { id: "step-card", class: "note", dataset: { card: play.card === null ? "" : String(play.card) } },
      play.card === null ? t("rp_no_card") : fill(t("rp_card"), { n: play.card })));
}

// The dispute form of the replay: about the deal, at the card the replay stands on.
export function disputeForm(ctx, lid, deal, currentCard, after) {
  const slot = h("div", { id: "dispute-result" });
  const reason = h("textarea", { rows: "2", maxlength: "500", required: true, id: "dispute-reason" });
  const button = h("button", { type: "submit", id: "dispute-at-card" });
  const label = () => {
    const card = currentCard();
    button.textContent = card ? fill(t("rp_dispute_do"), { n: card }) : fill(t("rp_dispute_deal"), { deal });
  };
  label();
  const form = h("form", {
    id: "dispute-form", class: "card rm-form",
    onsubmit: async (event) => {
      event.preventDefault();
      const card = currentCard();
      const body = { deal_no: deal, reason: reason.value, ...(card ? { at_card: card } : {}) };
      const done = await attempt(slot, () => ctx.api.post(`lists/${lid}/disputes`, body));
      if (done) after(deal);
    },
  }, h("h3", {}, t("rp_dispute")), field("dispute-reason", t("rm_reason"), reason), button, slot);
  form.relabel = label;
  return form;
}

// What the ruling form sends beside its decision: the card it rules at (when the director keeps
// it) and whether it overrides the recorded play; and the boxes that say so, for the form.
export function rulingAtCard(currentCard) {
  const atCard = h("input", { type: "checkbox", id: "ruling-at-card", checked: true });
  const atLabel = h("span", {});
  const override = h("input", { type: "checkbox", id: "ruling-override" });
  const box = h("fieldset", { class: "rm-at-card", id: "ruling-at-card-box" },
    h("label", {}, atCard, " ", atLabel),
    h("label", {}, override, " ", t("rp_override")));
  const relabel = () => {
    const card = currentCard();
    box.querySelector("label").hidden = !card;
    atLabel.textContent = card ? fill(t("rp_at_card"), { n: card }) : "";
  };
  relabel();
  const extra = () => {
    const card = currentCard();
    return { ...(card && atCard.checked ? { at_card: card } : {}), ...(override.checked ? { override_play: true } : {}) };
  };
  return { box, extra, relabel };
}
