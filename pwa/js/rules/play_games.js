// The four games' play rules behind one interface for the table app, as backend/rules/play.py
// gives them to the server: the legal cards, the rule a card breaks, a trick's winner; and a
// deal followed card by card (with its claims) and the facts it gives a deal record, as
// backend/rules/play_facts.py derives them. Cards and seats as the server writes them.

import { PlayError, isMisplay, legalCards as suitLegal, trickWinner as suitWinner } from "./play.js";
import * as kj from "./klaverjas_play.js";
import * as sk from "./schafkopf_play.js";

const TRICK = 4;
const PAIR = { N: "NS", S: "NS", E: "EW", W: "EW" };
const PAIRS = { NS: ["N", "S"], EW: ["E", "W"] };
const CALLED = { E: "EICHEL", G: "GRAS", S: "SCHELLEN" };

/** Which game a normalised play context is of. */
export function gameOf(ctx) {
  if (ctx.contract) return "schafkopf";
  if ("strain" in ctx) return "bridge";
  return Object.values(ctx.hands)[0].length === 8 ? "klaverjas" : "wiezen";
}

const calledLed = (contract, earlier) => earlier.some((t) => t.length && contract.suitOf(t[0]) === contract.suit);

/** The cards of `hand` that may be played to `onTable`; `earlier`: the cards of the tricks before. */
export function legalFor(ctx, hand, onTable, earlier = []) {
  const game = gameOf(ctx);
  if (game === "klaverjas") return kj.legalCards(hand, onTable, ctx.trump, ctx.options);
  if (game === "schafkopf") {
    const contract = sk.contractOf(ctx.contract);
    return sk.legalCards(contract, hand, onTable, earlier.length + 1, calledLed(contract, earlier));
  }
  return suitLegal(hand, onTable);
}

/** The rule `card` breaks (a short text), or null when it may be played. */
export function breachFor(ctx, hand, onTable, card, earlier = []) {
  const game = gameOf(ctx);
  if (game === "klaverjas") {
    const article = kj.revoke(hand, onTable, ctx.trump, card, ctx.options);
    return article ? `${article}: ${kj.ARTICLES[article]}` : null;
  }
  if (game === "schafkopf") {
    const contract = sk.contractOf(ctx.contract);
    const why = sk.whyIllegal(contract, hand, onTable, card, earlier.length + 1, calledLed(contract, earlier));
    return why ? `Verwerfen (Nr. 5): ${why}` : null;
  }
  return isMisplay(hand, onTable, card) ? `did not follow suit ${onTable[0][0]}` : null;
}

/** The position (0 = the lead) of the card winning a complete trick. */
export function winnerFor(ctx, cards) {
  const game = gameOf(ctx);
  if (game === "klaverjas") return kj.trickWinner(cards, ctx.trump);
  if (game === "schafkopf") return sk.trickWinner(sk.contractOf(ctx.contract), cards);
  return suitWinner(cards, "strain" in ctx ? (ctx.strain === "NT" ? null : ctx.strain) : ctx.trump);
}

const nextSeat = (ctx, seat, steps = 1) => ctx.order[(ctx.order.indexOf(seat) + steps) % ctx.order.length];

/**
 * Follow a deal from its context and its steps in order: {seat, card} for a card, {claim:
 * {seat, tricks}} for a claim, {answer: true|false} for the opponents' answer. Returns the
 * hands still held, the tricks with their winners, whose turn it is, the breaches (with their
 * rule), the tricks won per seat, the claims and whether the play is over (every trick, or an
 * accepted claim). Cards that cannot be played (not held, out of turn) throw, as the server
 * refuses them.
 */
export function followDeal(ctx, steps) {
  const hands = Object.fromEntries(Object.entries(ctx.hands).map(([s, cards]) => [s, [...cards]]));
  const tricks = [];
  const revokes = [];
  const claims = [];
  let turn = ctx.leader;
  const size = Object.values(ctx.hands)[0].length;
  for (const step of steps) {
    const waiting = claims.length && claims[claims.length - 1].status === "open" ? claims[claims.length - 1] : null;
    const accepted = claims.some((c) => c.status === "accepted");
    if (step.claim) {
      if (accepted || turn === null) throw new PlayError("claim", "the play is over; there is nothing to claim");
      if (waiting) throw new PlayError("claim", `the claim of seat ${waiting.seat} waits for its answer`);
      const open = tricks.length && !tricks[tricks.length - 1].winner;
      if (open) throw new PlayError("claim", "a claim is made between tricks");
      claims.push({ no: claims.length + 1, seat: String(step.claim.seat), tricks: step.claim.tricks, remaining: size - tricks.length, afterTrick: tricks.length, status: "open" });
      continue;
    }
    if ("answer" in step) {
      if (!waiting) throw new PlayError("claim", "no claim waits for an answer");
      waiting.status = step.answer ? "accepted" : "disputed";
      if (step.answer) turn = null;
      continue;
    }
    const { seat, card } = step;
    if (waiting || accepted) throw new PlayError("claim", "a claim stops the play");
    if (turn === null) throw new PlayError("card", "every trick has been played");
    if (seat !== turn) throw new PlayError("seat", `it is seat ${turn}'s turn, not seat ${seat}'s`);
    if (!hands[seat].includes(card)) throw new PlayError("card", `${card} is not in seat ${seat}'s hand`);
    let trick = tricks[tricks.length - 1];
    if (!trick || trick.winner) {
      trick = { no: tricks.length + 1, leader: seat, cards: [], winner: null };
      tricks.push(trick);
    }
    const onTable = trick.cards.map((c) => c.card);
    const earlier = tricks.filter((t) => t.winner).map((t) => t.cards.map((c) => c.card));
    const rule = breachFor(ctx, hands[seat], onTable, card, earlier);
    if (rule) revokes.push({ trick: trick.no, seat, card, rule });
    hands[seat] = hands[seat].filter((c) => c !== card);
    trick.cards.push({ seat, card, revoke: Boolean(rule) });
    turn = nextSeat(ctx, seat);
    if (trick.cards.length === TRICK) {
      trick.winner = nextSeat(ctx, trick.leader, winnerFor(ctx, [...onTable, card]));
      turn = Object.values(hands).some((h) => h.length) ? trick.winner : null;
    }
  }
  const won = Object.fromEntries(ctx.order.map((s) => [s, tricks.filter((t) => t.winner === s).length]));
  const claimed = claims.some((c) => c.status === "accepted");
  return { hands, tricks, turn, revokes, won, claims, complete: turn === null && (tricks.length > 0 || claimed) };
}

/** The claim waiting for the opponents' answer, or null. */
export function openClaim(state) {
  const last = state.claims[state.claims.length - 1];
  return last && last.status === "open" ? last : null;
}

const finishedTricks = (state) => state.tricks.filter((t) => t.winner);
const sideOf = (ctx, seat) => Object.values(ctx.sides || {}).find((seats) => seats.includes(seat)) || [seat];

// Tricks won by `seats`, plus what an accepted claim gives them.
function tricksOf(state, seats) {
  const won = finishedTricks(state).filter((t) => seats.includes(t.winner)).length;
  const claim = state.claims.find((c) => c.status === "accepted");
  if (!claim) return won;
  return won + (seats.includes(claim.seat) ? claim.tricks : claim.remaining - claim.tricks);
}

// Whether an accepted claim gives `seats` every trick still to play (and so its cards).
function restTo(state, seats) {
  const claim = state.claims.find((c) => c.status === "accepted");
  if (!claim || !claim.remaining) return false;
  return seats.includes(claim.seat) ? claim.tricks === claim.remaining : claim.tricks === 0;
}

const restCards = (state) => Object.values(state.hands).flat();

// The first breach in a complete trick: it settles the deal.
function firstBreach(state) {
  const done = new Set(finishedTricks(state).map((t) => t.no));
  return state.revokes.find((r) => done.has(r.trick)) || null;
}

function klaverjasFacts(ctx, state) {
  const leader = ctx.leader;
  const out = { dealer: nextSeat({ order: ["N", "E", "S", "W"] }, leader, 3), forced: leader, playing: PAIR[leader], trump: ctx.trump };
  const breach = firstBreach(state);
  if (breach) out.verzaakt = { pair: PAIR[breach.seat], trick: breach.trick, by: breach.seat };
  if (!state.complete) return out;
  const points = { NS: 0, EW: 0 };
  const roem = [];
  const finished = finishedTricks(state);
  for (const trick of finished) {
    const cards = trick.cards.map((c) => c.card);
    const pair = PAIR[trick.winner];
    points[pair] += kj.trickPoints(cards, ctx.trump, trick.no === 8);
    const items = kj.roemInTrick(cards, ctx.trump);
    if (items.length) roem.push({ trick: trick.no, pair, items: items.map(([n]) => n), value: items.reduce((n, [, v]) => n + v, 0) });
  }
  for (const [pair, seats] of Object.entries(PAIRS)) {
    if (restTo(state, seats)) points[pair] += restCards(state).reduce((n, c) => n + kj.cardPoints(c, ctx.trump), 0) + kj.LAST_TRICK;
  }
  out.card_points = points;
  out.tricks = { NS: tricksOf(state, PAIRS.NS), EW: tricksOf(state, PAIRS.EW) };
  if (roem.length) out.roem = roem;
  return out;
}

function schafkopfFacts(ctx, state) {
  const contract = sk.contractOf(ctx.contract);
  const out = { type: contract.type, declarer: contract.declarer };
  const declaring = ctx.sides ? ctx.sides.declaring : sk.declaring(contract, ctx.hands);
  if (contract.type === "RUFSPIEL") {
    out.called_ace = CALLED[contract.suit];
    out.partner = Number(declaring.find((s) => s !== String(contract.declarer)));
  }
  const finished = finishedTricks(state);
  const standing = (tricks) => {
    const declAugen = tricks.filter((t) => declaring.includes(t.winner)).reduce((n, t) => n + sk.augen(t.cards.map((c) => c.card)), 0);
    const all = tricks.reduce((n, t) => n + sk.augen(t.cards.map((c) => c.card)), 0);
    const declTricks = tricks.filter((t) => declaring.includes(t.winner)).length;
    return { decl_augen: declAugen, decl_tricks: declTricks, def_augen: all - declAugen, def_tricks: tricks.length - declTricks };
  };
  const breach = firstBreach(state);
  if (breach) {
    out.fault = { kind: "VERWERFEN", offender: Number(breach.seat), trick: breach.trick, standing: standing(finished.filter((t) => t.no < breach.trick)) };
    return out;
  }
  if (!state.complete) return out;
  const s = standing(finished);
  out.decl_augen = s.decl_augen + (restTo(state, declaring) ? sk.augen(restCards(state)) : 0);
  out.decl_tricks = tricksOf(state, declaring);
  return out;
}

/** The facts a klaverjas or schafkopf play gives its deal record (null for the other games). */
export function factsOf(ctx, state) {
  const game = gameOf(ctx);
  if (game === "klaverjas") return klaverjasFacts(ctx, state);
  if (game === "schafkopf") return schafkopfFacts(ctx, state);
  return null;
}
