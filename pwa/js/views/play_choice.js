// Before the first card of a klaverjas or schafkopf deal: the klaverjas trump choice (the
// forced player, left of the dealer, chooses freely: art. 3; he may have the cards dealt again
// without a picture card: SB-6) and the schafkopf announcements in turn from the leader
// (Rufspiel with the called ace, Solo, Tout; Wenz and Geier only where the rule set admits
// them; Sie and Kontra never under Nr. 2), the highest game being played. Forbidden
// announcements are shown, disabled, with the rule.

import { h } from "../dom.js";
import { extend, fill, t } from "../i18n.js";
import { mayRedeal } from "../rules/klaverjas_play.js";
import { contractOf, SUIT_NAMES } from "../rules/schafkopf_play.js";

extend({
  nl: {
    kj_dealer: "Deler", kj_forced: "{seat} moet spelen (links van de deler), kiest troef en komt uit",
    kj_trump_by: "Troef, gekozen door {seat}", kj_redeal: "Opnieuw geven: {seat} heeft geen plaatje (SB-6)",
    sk_announce: "Ansagen", sk_speaker: "{seat} sagt", sk_weiter: "weiter", sk_none: "Alle vier weiter: geen spel. Schrijf het op bij Invoer.",
    sk_game: "Gespeeld wordt: {game}", sk_forbidden: "Niet toegestaan", sk_outbid: "een hoger spel is al aangesagt",
    sk_rule_wenz: "Nr. 2 laat alleen Rufspiel, Solo en Solo-Tout toe (S-D5); de regels van deze lijst laten Wenz en Geier niet toe",
    sk_rule_sie: "Nr. 2 laat alleen Rufspiel, Solo en Solo-Tout toe",
    sk_rule_kontra: "Nr. 2: Spritze (Kontra) is niet toegestaan",
    sk_rule_ace: "wie de aas zelf heeft, mag hem niet roepen", sk_rule_blank: "roepen mag alleen met een eigen kaart van die kleur",
  },
  de: {
    kj_dealer: "Geber", kj_forced: "{seat} muss spielen (links vom Geber), wählt Trumpf und spielt aus",
    kj_trump_by: "Trumpf, gewählt von {seat}", kj_redeal: "Neu geben: {seat} hat kein Bild (SB-6)",
    sk_announce: "Ansagen", sk_speaker: "{seat} sagt", sk_weiter: "weiter", sk_none: "Alle vier weiter: kein Spiel. Unter Eingabe eintragen.",
    sk_game: "Gespielt wird: {game}", sk_forbidden: "Nicht gestattet", sk_outbid: "ein höheres Spiel ist schon angesagt",
    sk_rule_wenz: "Nr. 2 lässt nur Rufspiel, Solo und Solo-Tout zu (S-D5); die Regeln dieser Liste lassen Wenz und Geier nicht zu",
    sk_rule_sie: "Nr. 2 lässt nur Rufspiel, Solo und Solo-Tout zu",
    sk_rule_kontra: "Nr. 2: Spritze (Kontra) ist nicht gestattet",
    sk_rule_ace: "wer die Sau selbst hat, darf sie nicht rufen", sk_rule_blank: "rufen nur mit einer eigenen Karte der Farbe",
  },
  en: {
    kj_dealer: "Dealer", kj_forced: "{seat} must play (left of the dealer), chooses trump and leads",
    kj_trump_by: "Trump, chosen by {seat}", kj_redeal: "Deal again: {seat} has no picture card (SB-6)",
    sk_announce: "Announcements", sk_speaker: "{seat} says", sk_weiter: "weiter", sk_none: "All four said weiter: no game. Record it under Entry.",
    sk_game: "The game: {game}", sk_forbidden: "Not allowed", sk_outbid: "a higher game was already announced",
    sk_rule_wenz: "Nr. 2 admits Rufspiel, Solo and Solo-Tout only (S-D5); this list's rules do not admit Wenz and Geier",
    sk_rule_sie: "Nr. 2 admits Rufspiel, Solo and Solo-Tout only",
    sk_rule_kontra: "Nr. 2: Spritze (Kontra) is not allowed",
    sk_rule_ace: "a player holding the ace may not call it", sk_rule_blank: "an ace is called only with a card of its suit in hand",
  },
});

export const COMPASS = ["N", "E", "S", "W"];
const SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SK_SIGNS = { E: "Ei", G: "Gr", H: "Hz", S: "Sch" };
const RANK = { RUFSPIEL: 1, SOLO: 2, WENZ: 2, GEIER: 2, TOUT: 3 };
export const GAME_NAMES = { RUFSPIEL: "Rufspiel", SOLO: "Solo", TOUT: "Tout", WENZ: "Wenz", GEIER: "Geier" };

// The deck of each game, by suit (ranks high to low as the players sort them).
export const DECKS = {
  wiezen: { suits: ["S", "H", "D", "C"], ranks: ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"], size: 13 },
  bridge: { suits: ["S", "H", "D", "C"], ranks: ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"], size: 13 },
  klaverjas: { suits: ["S", "H", "D", "C"], ranks: ["A", "10", "K", "Q", "J", "9", "8", "7"], size: 8 },
  schafkopf: { suits: ["E", "G", "H", "S"], ranks: ["O", "U", "A", "10", "K", "9", "8", "7"], size: 8 },
};

/** A card as the players say it: ♥10 (schafkopf: Hz 10, Ei O). */
export function cardWords(game, card) {
  if (game === "schafkopf") return `${SK_SIGNS[card[0]]} ${card.slice(1)}`;
  return `${SIGNS[card[0]]}${card.slice(1)}`;
}

export const isRed = (game, card) => (game === "schafkopf" ? card[0] === "H" : card[0] === "H" || card[0] === "D");

// ---- klaverjas ----------------------------------------------------------------------------

/** The dealer of a deal by its number (K-D3: the deal moves clockwise from N). */
export const klaverjasDealer = (dealNo) => COMPASS[(dealNo - 1) % 4];
/** The forced player: left of the dealer (art. 3). */
export const forcedOf = (dealer) => COMPASS[(COMPASS.indexOf(dealer) + 1) % 4];

/** Whether the forced player may have the cards dealt again (SB-6), once his hand is known. */
export function mayRedealNow(hands, forced, rules) {
  const hand = hands[forced] || [];
  return hand.length === 8 && mayRedeal(hand, rules);
}

function choice(id, label, options, value, onPick) {
  return h("div", { class: "pl-choice", id },
    label ? h("span", { class: "lbl" }, label) : null,
    options.map(([v, words, attrs = {}]) => h("button", {
      type: "button", class: v === value ? "opt on" : "opt", dataset: { value: String(v) },
      "aria-pressed": v === value ? "true" : "false", onclick: () => onPick(v), ...attrs,
    }, words)));
}

/** The klaverjas part of the deal screen: the dealer, the forced player, the trump, a redeal. */
export function klaverjasView(draft, hands, rules, redraw) {
  const forced = forcedOf(draft.dealer);
  draft.leader = forced;
  if (!["S", "H", "D", "C"].includes(draft.trump)) draft.trump = "H";
  const redeal = mayRedealNow(hands, forced, rules);
  return h("div", { id: "deal-klaverjas" },
    choice("deal-dealer", t("kj_dealer"), COMPASS.map((s) => [s, s]), draft.dealer, (s) => { draft.dealer = s; redraw(); }),
    h("p", { class: "note", id: "deal-forced", dataset: { seat: forced } }, fill(t("kj_forced"), { seat: forced })),
    choice("deal-trump", fill(t("kj_trump_by"), { seat: forced }), ["S", "H", "D", "C"].map((s) => [s, SIGNS[s]]), draft.trump, (s) => { draft.trump = s; redraw(); }),
    redeal ? h("button", { type: "button", class: "link", id: "deal-redeal", onclick: () => { draft.hands = {}; redraw(); } }, fill(t("kj_redeal"), { seat: forced })) : null);
}

// ---- schafkopf ----------------------------------------------------------------------------

/** A bid in words: "weiter", "Rufspiel Gras", "Solo Herz", "Wenz". */
export function bidWords(bid) {
  if (typeof bid === "string") return bid;
  return [GAME_NAMES[bid.game] || bid.game, bid.suit ? SUIT_NAMES[bid.suit] : null].filter(Boolean).join(" ");
}

/** The game the announcements make: the highest, the first to announce it at a tie; null when all said weiter. */
export function schafkopfContract(announcements) {
  let best = null;
  for (const a of announcements) {
    if (typeof a.bid === "string") continue;
    if (!best || RANK[a.bid.game] > RANK[best.bid.game]) best = a;
  }
  if (!best) return null;
  return { type: best.bid.game, declarer: Number(best.seat), suit: best.bid.suit || null };
}

/** The announcements as make_bid sends them, in order. */
export const announcementBids = (draft) => draft.announcements.map((a) => ({ seat: a.seat, bid: a.bid }));

// Why `seat` may not announce `bid` now (a text), or "" when it may.
function refusal(bid, seat, hands, admitted, highest) {
  if (bid.game === "SIE") return t("sk_rule_sie");
  if (bid.game === "KONTRA") return t("sk_rule_kontra");
  if ((bid.game === "WENZ" || bid.game === "GEIER") && !admitted) return t("sk_rule_wenz");
  if (highest && RANK[bid.game] <= RANK[highest.bid.game]) return t("sk_outbid");
  if (bid.game === "RUFSPIEL") {
    const hand = hands[seat] || [];
    const contract = contractOf({ type: "RUFSPIEL", declarer: Number(seat), suit: bid.suit });
    if (hand.includes(`${bid.suit}A`)) return t("sk_rule_ace");
    if (!hand.some((c) => contract.suitOf(c) === bid.suit)) return t("sk_rule_blank");
  }
  return "";
}

const OFFERS = [
  ...["E", "G", "S"].map((suit) => ({ game: "RUFSPIEL", suit })),
  ...["E", "G", "H", "S"].map((suit) => ({ game: "SOLO", suit })),
  ...["E", "G", "H", "S"].map((suit) => ({ game: "TOUT", suit })),
  { game: "WENZ" }, { game: "GEIER" }, { game: "SIE" }, { game: "KONTRA" },
];
const offerKey = (bid) => [bid.game, bid.suit].filter(Boolean).join("-");
const offerWords = (bid) => ({ SIE: "Sie", KONTRA: "Kontra" }[bid.game] || bidWords(bid));

/**
 * The schafkopf announcements, in turn from the leader (Vorhand): each seat once, weiter or a
 * game higher than the one announced. Offered only once every hand is known.
 */
export function announceView(draft, order, hands, admitted, redraw) {
  const said = draft.announcements;
  const start = order.indexOf(draft.leader);
  const speaker = said.length < 4 ? order[(start + said.length) % 4] : null;
  const highest = said.filter((a) => typeof a.bid !== "string").reduce((best, a) => (!best || RANK[a.bid.game] > RANK[best.bid.game] ? a : best), null);
  const forbidden = [];
  const buttons = speaker ? OFFERS.map((bid) => {
    const why = refusal(bid, speaker, hands, admitted, highest);
    const absolute = ["SIE", "KONTRA", "WENZ", "GEIER"].includes(bid.game) && why && why !== t("sk_outbid");
    if (absolute) forbidden.push(`${offerWords(bid)}: ${why}`);
    return h("button", {
      type: "button", class: why ? "opt grey" : "opt", dataset: { bid: offerKey(bid) }, disabled: Boolean(why), title: why || "",
      onclick: () => { said.push({ seat: speaker, bid }); redraw(); },
    }, offerWords(bid));
  }) : [];
  const contract = said.length === 4 ? schafkopfContract(said) : null;
  return h("div", { id: "deal-announce" },
    h("span", { class: "lbl" }, t("sk_announce")),
    h("ol", { id: "announcements" }, said.map((a) => h("li", {}, `${a.seat}: ${bidWords(a.bid)}`))),
    speaker ? h("p", { id: "speaker", dataset: { seat: speaker } }, fill(t("sk_speaker"), { seat: speaker })) : null,
    speaker ? h("div", { class: "pl-bids" },
      h("button", { type: "button", class: "opt", dataset: { bid: "weiter" }, onclick: () => { said.push({ seat: speaker, bid: "weiter" }); redraw(); } }, t("sk_weiter")),
      buttons) : null,
    forbidden.length ? h("ul", { class: "note", id: "announce-forbidden" }, h("b", {}, t("sk_forbidden")), forbidden.map((line) => h("li", {}, line))) : null,
    said.length ? h("button", { type: "button", class: "link", id: "announce-undo", onclick: () => { said.pop(); redraw(); } }, "↶") : null,
    said.length === 4 ? h("p", { id: "announced", class: contract ? "ok" : "note" },
      contract ? fill(t("sk_game"), { game: `${contract.declarer}: ${bidWords({ game: contract.type, suit: contract.suit })}` }) : t("sk_none")) : null);
}
