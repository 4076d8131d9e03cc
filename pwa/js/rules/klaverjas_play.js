// Klaverjas play for the table app (port of backend/rules/klaverjas_play.py): legal cards by
// art. 6-10 (Amsterdams or Rotterdams), trick winners, card points (art. 5) and the roem on
// the table (art. 4, K-D5). Cards are "SA", "H10", "CJ"; a trick lists its cards lead first.

import { PlayError } from "./play.js";

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]; // natural order, for runs
const PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"];
const TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"];
const PLAIN_POINTS = { 7: 0, 8: 0, 9: 0, 10: 10, J: 2, Q: 3, K: 4, A: 11 };
const TRUMP_POINTS = { ...PLAIN_POINTS, 9: 14, J: 20 };
export const LAST_TRICK = 10;
export const TOTAL = 162;
export const ROEM = { stuk: 20, driekaart: 20, vierkaart: 50, vier_boeren: 200, vier_azen: 100, vier_heren: 100, vier_vrouwen: 100, vier_tienen: 100 };
const FOUR = { J: "vier_boeren", A: "vier_azen", K: "vier_heren", Q: "vier_vrouwen", 10: "vier_tienen" };
const RUNS = { 3: "driekaart", 4: "vierkaart" };
export const ARTICLES = {
  "art. 6": "must follow the suit led",
  "art. 7": "cannot follow, so must trump (the trick is not the partner's)",
  "art. 8": "must play a higher trump than the trump already played",
  "art. 9": "trump was led, so must play a higher trump when able",
  "art. 10": "may undertrump only when there is nothing else to play",
};
const DEFAULTS = { amsterdams: true, partner_exception_on_trump_lead: false, ace_is_picture: true };
export const DECK = SUITS.flatMap((s) => RANKS.map((r) => s + r));

const option = (rules, name) => (rules && name in rules ? rules[name] : DEFAULTS[name]);

function checkSuit(suit, field = "trump") {
  if (!SUITS.includes(suit)) throw new PlayError(field, `must be a suit: S, H, D or C; got ${JSON.stringify(suit)}`);
  return suit;
}

function checkCards(cards, field, lo = 0, hi = 32) {
  if (!Array.isArray(cards)) throw new PlayError(field, "must be a list of cards like 'SA', 'H10', 'CJ'");
  if (cards.length < lo || cards.length > hi) {
    throw new PlayError(field, `must hold ${lo === hi ? lo : `${lo} to ${hi}`} cards, got ${cards.length}`);
  }
  cards.forEach((c, i) => {
    if (!DECK.includes(c)) throw new PlayError(`${field}[${i}]`, `must be a card (suit S/H/D/C + rank 7-A, e.g. 'H10'), got ${JSON.stringify(c)}`);
    if (cards.indexOf(c) !== i) throw new PlayError(`${field}[${i}]`, `${c} appears twice; a deck has each card once`);
  });
  return cards;
}

/** A card's points (art. 5). */
export function cardPoints(card, trump) {
  checkCards([card], "card");
  return (card[0] === checkSuit(trump) ? TRUMP_POINTS : PLAIN_POINTS)[card.slice(1)];
}

/** The card points of a trick, with 10 for the last trick (art. 5). */
export function trickPoints(cards, trump, last = false) {
  checkCards(cards, "trick", 0, 4);
  return cards.reduce((n, c) => n + cardPoints(c, trump), 0) + (last ? LAST_TRICK : 0);
}

function power(card, trump, led) {
  if (card[0] === trump) return 20 + TRUMP_ORDER.indexOf(card.slice(1));
  if (card[0] === led) return 10 + PLAIN_ORDER.indexOf(card.slice(1));
  return 0;
}

/** The position (0 = the lead) of the card winning a (possibly unfinished) trick. */
export function trickWinner(trick, trump) {
  checkCards(trick, "trick", 1, 4);
  checkSuit(trump);
  const led = trick[0][0];
  let best = 0;
  trick.forEach((c, i) => { if (power(c, trump, led) > power(trick[best], trump, led)) best = i; });
  return best;
}

function situation(hand, trick, trump) {
  checkCards(hand, "hand", 1, 8);
  checkCards(trick, "trick", 0, 3);
  checkSuit(trump);
  for (const c of hand) if (trick.includes(c)) throw new PlayError("hand", `${c} is in the hand and already in the trick`);
}

/** The cards of `hand` that may be played to `trick` (art. 6-10), in hand order. */
export function legalCards(hand, trick, trump, rules = null) {
  situation(hand, trick, trump);
  if (!trick.length) return [...hand];
  const led = trick[0][0];
  const trumps = hand.filter((c) => c[0] === trump);
  const played = trick.filter((c) => c[0] === trump).map((c) => TRUMP_ORDER.indexOf(c.slice(1)));
  const best = played.length ? Math.max(...played) : null;
  const higher = trumps.filter((c) => best === null || TRUMP_ORDER.indexOf(c.slice(1)) > best);
  const partners = trick.length - trickWinner(trick, trump) === 2;
  if (led === trump) {
    if (partners && option(rules, "partner_exception_on_trump_lead")) return trumps.length ? trumps : [...hand];
    return higher.length ? higher : trumps.length ? trumps : [...hand];
  }
  const follow = hand.filter((c) => c[0] === led);
  if (follow.length || !trumps.length) return follow.length ? follow : [...hand];
  const others = hand.filter((c) => c[0] !== trump);
  if (partners && option(rules, "amsterdams")) {
    const free = hand.filter((c) => others.includes(c) || higher.includes(c));
    return free.length ? free : trumps;
  }
  if (best === null) return trumps;
  return higher.length ? higher : others.length ? others : trumps;
}

/** The article a play breaks ("art. 6" .. "art. 10") or null; `hand` still holds `card`. */
export function revoke(hand, trick, trump, card, rules = null) {
  const legal = legalCards(hand, trick, trump, rules);
  if (!hand.includes(card)) throw new PlayError("card", `${JSON.stringify(card)} is not in the hand ${hand.join(", ")}`);
  if (legal.includes(card)) return null;
  const led = trick[0][0];
  if (card[0] !== led && hand.some((c) => c[0] === led)) return "art. 6";
  if (led === trump) return "art. 9";
  if (card[0] !== trump) return trick.some((c) => c[0] === trump) ? "art. 8" : "art. 7";
  const partners = trick.length - trickWinner(trick, trump) === 2;
  if (partners && option(rules, "amsterdams")) return "art. 10";
  return legal.some((c) => c[0] === trump) ? "art. 8" : "art. 10";
}

/** The roem on the table in a complete trick, as [name, value] items (art. 4, K-D5). */
export function roemInTrick(cards, trump) {
  checkCards(cards, "trick", 4, 4);
  checkSuit(trump);
  const items = [];
  const ranks = new Set(cards.map((c) => c.slice(1)));
  if (ranks.size === 1) for (const r of ranks) if (FOUR[r]) items.push(FOUR[r]);
  for (const suit of SUITS) {
    const places = cards.filter((c) => c[0] === suit).map((c) => RANKS.indexOf(c.slice(1))).sort((a, b) => a - b);
    let run = Math.min(places.length, 1);
    let longest = run;
    for (let i = 1; i < places.length; i += 1) {
      run = places[i] === places[i - 1] + 1 ? run + 1 : 1;
      longest = Math.max(longest, run);
    }
    if (RUNS[longest]) items.push(RUNS[longest]);
  }
  if (cards.includes(`${trump}Q`) && cards.includes(`${trump}K`)) items.push("stuk");
  return items.map((name) => [name, ROEM[name]]);
}

/** Whether the forced player's 8 cards hold no picture card (SB-6, K-D4): he may redeal. */
export function mayRedeal(hand, rules = null) {
  checkCards(hand, "hand", 8, 8);
  const pictures = option(rules, "ace_is_picture") ? ["10", "J", "Q", "K", "A"] : ["10", "J", "Q", "K"];
  return !hand.some((c) => pictures.includes(c.slice(1)));
}

/**
 * The result of a deal for the playing pair (art. 15): "pit" (all 8 tricks), "made" (strictly
 * more card points + roem, K-D6) or "nat"; "verzaakt" when a revoke settles it.
 */
export function outcome(facts, playing) {
  if (facts.verzaakt) return "verzaakt";
  const other = playing === "NS" ? "EW" : "NS";
  const roem = { NS: 0, EW: 0 };
  for (const r of facts.roem || []) roem[r.pair] += r.value;
  if (facts.tricks[playing] === 8) return "pit";
  return facts.card_points[playing] + roem[playing] > facts.card_points[other] + roem[other] ? "made" : "nat";
}
