// Schafkopf play for the table app (port of backend/rules/schafkopf_play.py): the trumps of
// each game, who wins a trick, which cards are legal (the called-ace rules of Nr. 3, S-D7)
// and the Augen. Cards are a suit E/G/H/S and a rank A/10/K/O/U/9/8/7: "GU", "EA", "H10".

import { PlayError } from "./play.js";

export const SUITS = ["E", "G", "H", "S"];
export const RANKS = ["A", "10", "K", "O", "U", "9", "8", "7"]; // also the order in a plain suit
export const SUIT_NAMES = { E: "Eichel", G: "Gras", H: "Herz", S: "Schellen", T: "trump" };
const AUGEN = { A: 11, 10: 10, K: 4, O: 3, U: 2, 9: 0, 8: 0, 7: 0 };
export const DECK = SUITS.flatMap((s) => RANKS.map((r) => s + r));
const PICTURES = { RUFSPIEL: "OU", SOLO: "OU", TOUT: "OU", WENZ: "U", GEIER: "O" };
export const TYPES = Object.keys(PICTURES);
const SCHMIEREN_FROM = 7;

export function checkCard(card, field = "card") {
  if (!DECK.includes(card)) throw new PlayError(field, `${JSON.stringify(card)} is not a card: write a suit E/G/H/S and a rank A/10/K/O/U/9/8/7, e.g. 'GU', 'EA', 'H10'`);
  return card;
}

/** The Augen of some cards. */
export const augen = (cards) => cards.reduce((n, c) => n + AUGEN[checkCard(c).slice(1)], 0);

/** A contract {type, declarer, suit} read as the server reads it, with its trumps. */
export function contractOf(data) {
  if (!data || typeof data !== "object") throw new PlayError("contract", "must be an object with type, declarer and suit");
  const { type, declarer, suit = null } = data;
  if (!TYPES.includes(type)) throw new PlayError("contract.type", `must be one of ${TYPES.join(", ")}`);
  if (![1, 2, 3, 4].includes(declarer)) throw new PlayError("contract.declarer", "must be a seat 1-4");
  const wanted = { RUFSPIEL: ["E", "G", "S"], SOLO: SUITS, TOUT: SUITS }[type] || [null];
  if (!wanted.includes(suit)) throw new PlayError("contract.suit", `a ${type} takes suit ${wanted.includes(null) ? "none" : wanted.join("/")}, got ${JSON.stringify(suit)}`);
  const pictures = PICTURES[type];
  const trumpSuit = type === "RUFSPIEL" ? "H" : type === "SOLO" || type === "TOUT" ? suit : null;
  const trumps = [...pictures].flatMap((rank) => SUITS.map((s) => s + rank));
  if (trumpSuit) trumps.push(...RANKS.filter((r) => !pictures.includes(r)).map((r) => trumpSuit + r));
  const plain = RANKS.filter((r) => !pictures.includes(r));
  const suitOf = (card) => (trumps.includes(card) ? "T" : card[0]);
  const strength = (card, led) => (trumps.includes(card) ? 100 - trumps.indexOf(card) : card[0] === led ? 50 - plain.indexOf(card.slice(1)) : -1);
  return { type, declarer, suit, trumps, suitOf, strength, calledAce: type === "RUFSPIEL" ? `${suit}A` : null };
}

/** The position (0-3, in play order) of the card winning the trick so far. */
export function trickWinner(contract, cards) {
  cards.forEach((c, i) => checkCard(c, `trick[${i}]`));
  if (!cards.length) throw new PlayError("trick", "has no cards");
  const led = contract.suitOf(cards[0]);
  const strengths = cards.map((c) => contract.strength(c, led));
  return strengths.indexOf(Math.max(...strengths));
}

/** Why a held card may not be played now ("" when it may); `hand` still holds `card`. */
export function whyIllegal(contract, hand, trick, card, trickNo = 1, calledSuitLed = false) {
  const ace = contract.calledAce;
  const bound = ace !== null && hand.includes(ace) && !calledSuitLed;
  const called = contract.suit;
  if (!trick.length) {
    if (bound && card !== ace && contract.suitOf(card) === called) {
      const count = hand.filter((c) => contract.suitOf(c) === called).length;
      if (count < 4) return `the holder of the called ace may lead ${SUIT_NAMES[called]} only with the ace, or run away with the ace and 3 more (Nr. 3, S-D7); he has ${count}`;
    }
    return "";
  }
  const led = contract.suitOf(trick[0]);
  if (hand.some((c) => contract.suitOf(c) === led)) {
    if (bound && led === called && card !== ace) return `${SUIT_NAMES[led]} is led for the first time: the called ace must be played`;
    if (contract.suitOf(card) !== led) return `must follow ${SUIT_NAMES[led]} (standard rule)`;
    return "";
  }
  if (bound && card === ace && trickNo < SCHMIEREN_FROM && hand.length > 1) {
    return "the called ace may not be discarded before its suit was led, except in the penultimate trick (Nr. 3)";
  }
  return "";
}

/** The cards of `hand` that may be played now, in hand order. */
export function legalCards(contract, hand, trick, trickNo = 1, calledSuitLed = false) {
  return hand.filter((c) => !whyIllegal(contract, hand, trick, c, trickNo, calledSuitLed));
}

/** The seats of the declaring side: the declarer and, in a Rufspiel, the called ace's holder. */
export function declaring(contract, hands) {
  if (!contract.calledAce) return [String(contract.declarer)];
  const partner = Object.keys(hands).find((s) => hands[s].includes(contract.calledAce));
  return [String(contract.declarer), partner].sort();
}
