// Submitting the list: the scorer signs, then hands the phone to a player of the other side,
// who checks the totals and confirms. After that the list can never change; the app shows
// its hash head, the same one the director's console and the public list show.

import { h } from "../dom.js";
import { formatDateTime } from "../format.js";
import { extend, t } from "../i18n.js";
import { confirmers, seatOrder } from "../state.js";

function blockText(block) {
  if (block.reason === "deals") return t("sub_short").replace("{counted}", block.counted).replace("{planned}", block.planned);
  return t("sub_disputes").replace("{deals}", block.deals.join(", "));
}

function totalsLine(list, totals) {
  return h("p", { class: "sub-totals", id: "sub-totals" },
    seatOrder(list).map((s) => `${s} ${totals[s] ?? 0}`).join(" · "));
}

// The hash head of a submitted list, shortened for the eye but whole in the title and copy.
export function submittedView(list) {
  const sheet = list.sheet || {};
  const head = sheet.submitted_head || sheet.head || "";
  return h("section", { class: "card submitted", id: "submitted", "aria-label": t("sub_done") },
    h("h2", {}, t("sub_done")),
    h("p", {}, t("sub_done_help")),
    h("p", { class: "head" }, `${t("sub_head")}: `, h("code", { id: "submitted-head", title: head, dataset: { head } }, head.slice(0, 16))),
    sheet.submitted_at ? h("p", { class: "note" }, formatDateTime(sheet.submitted_at)) : null);
}

export function submitView({ list, totals, blocks, waiting, onSubmit }) {
  const players = list.players || {};
  const name = (s) => `${s} ${players[s] || ""}`.trim();
  const state = { scorer: null, confirmer: null, step: 1 };
  const root = h("section", { class: "card submit", "aria-label": t("sub_title") });

  function pick(field, options, selected, onPick) {
    return h("div", { class: "choice", role: "radiogroup", "aria-label": t(`sub_${field}`) },
      options.map((s) => h("button", {
        type: "button", class: s === selected ? "opt on" : "opt", role: "radio",
        "aria-checked": s === selected ? "true" : "false", dataset: { sub: field, value: s },
        onclick: () => onPick(s),
      }, name(s))));
  }

  function draw() {
    if (waiting) {
      return root.replaceChildren(h("h2", {}, t("sub_title")), h("p", { id: "sub-waiting" }, t("sub_waiting")));
    }
    if (blocks.length) {
      return root.replaceChildren(h("h2", {}, t("sub_title")),
        h("ul", { class: "sub-blocks", id: "sub-blocks" }, blocks.map((b) => h("li", { dataset: { block: b.reason } }, blockText(b)))));
    }
    if (state.step === 1) {
      return root.replaceChildren(h("h2", {}, t("sub_title")), totalsLine(list, totals),
        h("span", { class: "lbl" }, t("sub_scorer")),
        pick("scorer", seatOrder(list), state.scorer, (s) => { state.scorer = s; draw(); }),
        h("button", { type: "button", class: "primary", id: "sub-next", disabled: !state.scorer,
          onclick: () => { state.step = 2; state.confirmer = null; draw(); } }, t("sub_next")));
    }
    root.replaceChildren(h("h2", {}, t("sub_confirm_title")),
      h("p", { class: "sub-hand" }, t("sub_hand").replace("{scorer}", name(state.scorer))),
      totalsLine(list, totals),
      h("span", { class: "lbl" }, t("sub_confirmed_by")),
      pick("confirmed_by", confirmers(list, state.scorer), state.confirmer, (s) => { state.confirmer = s; draw(); }),
      h("p", { class: "sub-final", id: "sub-final", role: "note" }, h("b", {}, t("sub_final"))), // what cannot be undone
      h("button", { type: "button", class: "primary", id: "sub-confirm", disabled: !state.confirmer,
        onclick: () => onSubmit(state.scorer, state.confirmer) }, t("sub_confirm")),
      h("button", { type: "button", class: "link", id: "sub-back", onclick: () => { state.step = 1; draw(); } }, t("sub_back")));
  }
  draw();
  return root;
}

extend({
  nl: {
    sub_tab: "Inleveren", sub_title: "Lijst inleveren", sub_scorer: "Wie schreef de lijst?", sub_next: "Verder: geef de telefoon door",
    sub_hand: "{scorer} tekent. Geef de telefoon aan een speler van de andere kant: die controleert de totalen en bevestigt.",
    sub_confirm_title: "Bevestigen", sub_confirmed_by: "Wie bevestigt?", sub_confirm: "Totalen kloppen: inleveren", sub_back: "Terug",
    sub_short: "Pas {counted} van de {planned} spellen staan op de lijst.", sub_disputes: "Eerst beslist de wedstrijdleider over het geschil bij spel {deals}.",
    sub_waiting: "De inlevering wacht op verbinding; daarna ligt de lijst vast.", sub_done: "Ingeleverd",
    sub_done_help: "Deze lijst is ingeleverd en kan nooit meer veranderen.", sub_head: "Kop van de hash-keten",
    sub_final: "Let op: dit kan niet ongedaan worden gemaakt. Een ingeleverde lijst verandert nooit meer, door niemand, ook niet door de wedstrijdleider.",
  },
  de: {
    sub_tab: "Abgeben", sub_title: "Liste abgeben", sub_scorer: "Wer hat die Liste geschrieben?", sub_next: "Weiter: Telefon weitergeben",
    sub_hand: "{scorer} unterschreibt. Geben Sie das Telefon einem Spieler der anderen Seite: er prüft die Summen und bestätigt.",
    sub_confirm_title: "Bestätigen", sub_confirmed_by: "Wer bestätigt?", sub_confirm: "Summen stimmen: abgeben", sub_back: "Zurück",
    sub_short: "Erst {counted} von {planned} Spielen stehen auf der Liste.", sub_disputes: "Zuerst entscheidet die Turnierleitung über den Einspruch zu Spiel {deals}.",
    sub_waiting: "Die Abgabe wartet auf Verbindung; danach steht die Liste fest.", sub_done: "Abgegeben",
    sub_done_help: "Diese Liste ist abgegeben und kann nie mehr geändert werden.", sub_head: "Kopf der Hash-Kette",
    sub_final: "Achtung: das lässt sich nicht rückgängig machen. Eine abgegebene Liste ändert sich nie mehr, durch niemanden, auch nicht durch die Turnierleitung.",
  },
  en: {
    sub_tab: "Submit", sub_title: "Submit the list", sub_scorer: "Who kept the list?", sub_next: "Next: hand the phone over",
    sub_hand: "{scorer} signs. Hand the phone to a player of the other side: they check the totals and confirm.",
    sub_confirm_title: "Confirm", sub_confirmed_by: "Who confirms?", sub_confirm: "Totals are right: submit", sub_back: "Back",
    sub_short: "Only {counted} of {planned} deals are on the list.", sub_disputes: "The director must first rule on the dispute about deal {deals}.",
    sub_waiting: "The submission waits for the network; then the list is final.", sub_done: "Submitted",
    sub_done_help: "This list is submitted and can never change.", sub_head: "Head of the hash chain",
    sub_final: "Careful: this cannot be undone. A submitted list never changes again, by anyone, the director included.",
  },
});
