// Play rules of wiezen and bridge for the table app (port of backend/rules/wiezen_play.py and
// the trick rules of bridge_play.py): the only duty is to follow suit; the highest trump wins
// a trick, else the highest card of the suit led. Cards are "SA", "H10", "D7" (no "T").
// The deal in play is followed card by card the way backend/rules/play.py does.

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const STRAINS = ["C", "D", "H", "S", "NT"];
export const COMPASS = ["N", "E", "S", "W"];
const TRICK = 4;

export class PlayError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

/** Read a card, refusing anything but the notation (naming `field`). */
export function parseCard(card, field = "card") {
  const ok = typeof card === "string" && SUITS.includes(card[0]) && RANKS.includes(card.slice(1));
  if (!ok) throw new PlayError(field, `${JSON.stringify(card)} is not a card: write a suit S/H/D/C and a rank 2-10/J/Q/K/A`);
  return { suit: card[0], rank: RANKS.indexOf(card.slice(1)) };
}

function cardList(cards, field) {
  if (!Array.isArray(cards)) throw new PlayError(field, "must be a list of cards");
  cards.forEach((c, i) => {
    parseCard(c, `${field}[${i}]`);
    if (cards.indexOf(c) !== i) throw new PlayError(`${field}[${i}]`, `${c} appears twice; a deck has one of each`);
  });
  return cards;
}

function trickCards(trick, hand = []) {
  cardList(trick, "trick");
  if (trick.length > TRICK) throw new PlayError("trick", `a trick has at most ${TRICK} cards`);
  trick.forEach((c, i) => {
    if (hand.includes(c)) throw new PlayError(`trick[${i}]`, `${c} is on the table and also in the hand`);
  });
  return trick;
}

/** The cards of `hand` that may be played to `trick` (wiezen ART 6, bridge §2b), in hand order. */
export function legalCards(hand, trick) {
  cardList(hand, "hand");
  trickCards(trick, hand);
  if (trick.length === TRICK) throw new PlayError("trick", "the trick is complete; nobody plays to it any more");
  const following = trick.length ? hand.filter((c) => c[0] === trick[0][0]) : [];
  return following.length ? following : [...hand];
}

/** Whether `card` fails to follow suit while the hand could (a misplay, a revoke). */
export function isMisplay(hand, trick, card) {
  const allowed = legalCards(hand, trick);
  parseCard(card);
  if (!hand.includes(card)) throw new PlayError("card", `${card} is not in the hand`);
  return !allowed.includes(card);
}

/** The position (0 = the lead) of the card winning `trick` so far; trump a suit or null. */
export function trickWinner(trick, trump) {
  if (trump !== null && trump !== "NT" && !SUITS.includes(trump)) throw new PlayError("trump", `must be one of S, H, D, C or null, got ${JSON.stringify(trump)}`);
  trickCards(trick);
  if (!trick.length) throw new PlayError("trick", "an empty trick has no winner");
  const led = trick[0][0];
  const power = (c) => (c[0] === trump ? 100 : c[0] === led ? 50 : 0) + RANKS.indexOf(c.slice(1));
  let best = 0;
  trick.forEach((c, i) => { if (power(c) > power(trick[best])) best = i; });
  return best;
}

/** Bridge, a card to a trick led with suit `led` (null when leading): may it be played, is it
 * a revoke (not following while holding the suit), and which cards may be played. */
export function bridgeLegal(hand, led, card) {
  cardList(hand, "hand");
  parseCard(card);
  const following = led ? hand.filter((c) => c[0] === led) : [];
  const revoke = led !== null && card[0] !== led && following.length > 0;
  return { legal: hand.includes(card) && !revoke, revoke, legal_cards: following.length ? following : [...hand] };
}

/** Bridge: the seat winning a complete trick led by `leader` in `strain`. */
export function bridgeTrickWinner(cards, leader, strain) {
  if (!STRAINS.includes(strain)) throw new PlayError("strain", `must be one of ${STRAINS.join(", ")}`);
  if (!COMPASS.includes(leader)) throw new PlayError("leader", `must be one of ${COMPASS.join(", ")}`);
  cards.forEach((c, i) => parseCard(c, `cards[${i}]`));
  if (cards.length !== TRICK) throw new PlayError("cards", `a trick has ${TRICK} cards, got ${cards.length}`);
  const best = trickWinner(cards, strain === "NT" ? null : strain);
  return COMPASS[(COMPASS.indexOf(leader) + best) % 4];
}

/** The seat `steps` places after `seat` in the context's playing order. */
export function nextSeat(ctx, seat, steps = 1) {
  const order = ctx.order;
  return order[(order.indexOf(seat) + steps) % order.length];
}

/**
 * Follow a deal from its context ({order, leader, hands, trump | strain}) and the cards
 * played in order ([{seat, card}]): the hands still held, the tricks with their winners,
 * whose turn it is, the breaches, and whether every trick is played. Cards that cannot be
 * played (not held, out of turn) throw, as the server refuses them.
 */
export function followPlay(ctx, played) {
  const trump = "strain" in ctx ? (ctx.strain === "NT" ? null : ctx.strain) : ctx.trump;
  const hands = Object.fromEntries(Object.entries(ctx.hands).map(([s, cards]) => [s, [...cards]]));
  const tricks = [];
  const revokes = [];
  let turn = ctx.leader;
  for (const { seat, card } of played) {
    if (turn === null) throw new PlayError("card", "every trick has been played");
    if (seat !== turn) throw new PlayError("seat", `it is seat ${turn}'s turn, not seat ${seat}'s`);
    if (!hands[seat].includes(card)) throw new PlayError("card", `${card} is not in seat ${seat}'s hand`);
    let trick = tricks[tricks.length - 1];
    if (!trick || trick.winner) {
      trick = { no: tricks.length + 1, leader: seat, cards: [], winner: null };
      tricks.push(trick);
    }
    const onTable = trick.cards.map((c) => c.card);
    const revoke = isMisplay(hands[seat], onTable, card);
    if (revoke) revokes.push({ trick: trick.no, seat, card });
    hands[seat] = hands[seat].filter((c) => c !== card);
    trick.cards.push({ seat, card, revoke });
    turn = nextSeat(ctx, seat);
    if (trick.cards.length === TRICK) {
      trick.winner = nextSeat(ctx, trick.leader, trickWinner([...onTable, card], trump));
      turn = Object.values(hands).some((h) => h.length) ? trick.winner : null;
    }
  }
  const won = Object.fromEntries(ctx.order.map((s) => [s, tricks.filter((t) => t.winner === s).length]));
  return { hands, tricks, turn, revokes, won, complete: turn === null && tricks.length > 0 };
}
