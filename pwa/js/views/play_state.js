// The deal in play as this phone knows it: the server's play (GET /api/lists/{id}/play, kept
// with the list for offline use) followed by this phone's queued start_play, make_bid,
// play_card and take_back_card, in order. No DOM.

import { COMPASS } from "../rules/play.js";
import { factsOf, followDeal } from "../rules/play_games.js";
import { contractOf, declaring } from "../rules/schafkopf_play.js";

export const PLAY_COMMANDS = new Set(["start_play", "make_bid", "play_card", "take_back_card", "claim", "answer_claim"]);
export const PLAY_GAMES = new Set(["wiezen", "bridge", "klaverjas", "schafkopf"]); // played card by card

// Whether the list is in play mode (as the server said last).
export function inPlayMode(list) {
  return Boolean(list.playInfo && list.playInfo.play_mode) && PLAY_GAMES.has(list.game);
}

// The seats that play, in playing order (a wiezen 5-table: not the dealer).
export function playingOrder(list, dealer = null) {
  if (list.game === "bridge" || list.game === "klaverjas") return [...COMPASS];
  const seats = Object.keys(list.seats || {}).sort((a, b) => Number(a) - Number(b));
  return seats.length === 5 ? seats.filter((s) => s !== String(dealer)) : seats;
}

// A context as this phone sends it, read the way the server normalises it.
export function contextOf(list, given) {
  const ctx = { order: playingOrder(list, given.dealer), leader: String(given.leader), hands: given.hands };
  if (list.game === "bridge") ctx.strain = given.strain;
  else if (list.game === "schafkopf") {
    ctx.contract = given.contract;
    const side = declaring(contractOf(given.contract), given.hands);
    ctx.sides = { declaring: side, defending: ctx.order.filter((s) => !side.includes(s)) };
  } else ctx.trump = given.trump ?? null;
  if (list.game === "klaverjas") {
    const options = (list.sheet && list.sheet.rules && list.sheet.rules.options) || {};
    ctx.options = { amsterdams: options.amsterdams ?? true, partner_exception_on_trump_lead: options.partner_exception_on_trump_lead ?? false };
    ctx.sides = { NS: ["N", "S"], EW: ["E", "W"] };
  }
  if (given.declarers) ctx.declarers = given.declarers.map(String);
  return ctx;
}

// The steps of the server's play in order: each card as {seat, card}, each claim as {claim}
// and its answer as {answer} where they happened (between tricks: `after_trick`).
export function serverSteps(play) {
  if (!play) return [];
  const claims = play.claims || [];
  const claimsAt = (n) => claims.filter((c) => (c.after_trick ?? 0) === n).flatMap((c) => [
    { claim: { seat: c.seat, tricks: c.tricks } }, ...(c.status === "open" ? [] : [{ answer: c.status === "accepted" }])]);
  const steps = [];
  play.tricks.forEach((t, i) => {
    steps.push(...claimsAt(i));
    for (const c of t.cards) steps.push({ seat: c.seat, card: c.card });
  });
  steps.push(...claimsAt(play.tricks.length));
  return steps;
}

const cardsOf = (play) => serverSteps(play);

/**
 * This phone's own log of the deal it writes (kept apart from the list, under the meta key
 * `play_log:<list>`), so the deal stays as tapped while the outbox empties and before the
 * server's play is fetched again. It starts from the server's play as this phone last saw
 * it (another phone may have started the deal); returns the log to keep.
 */
export function nextPlayLog(log, list, name, args) {
  const dealNo = args.deal_no;
  const mine = log && log.deal === dealNo ? log : null;
  const info = list.playInfo && list.playInfo.deal_no === dealNo ? list.playInfo : null;
  const base = mine ? mine.base : name === "start_play" ? null : info && info.play;
  return { deal: dealNo, base, steps: [...(mine ? mine.steps : []), { name, args }] };
}

/**
 * The deal `dealNo` in play: {started, ctx, bids, state, facts, error}. `state` is what
 * followDeal gives (hands, tricks, turn, revokes, won, complete); `facts` the server's
 * reading of a complete play, once the server has every card this phone shows.
 */
export function localPlay(list, pending, dealNo, playLog = null) {
  const info = list.playInfo && list.playInfo.deal_no === dealNo ? list.playInfo : null;
  const server = info && info.play;
  let log = playLog && playLog.deal === dealNo ? playLog : null;
  if (log && server && cardsOf(server).length > cardsOf(log.base).length + log.steps.length) log = null;
  const steps = log ? log.steps : pending
    .filter((e) => e.list === list.list_id && PLAY_COMMANDS.has(e.name) && e.args.deal_no === dealNo)
    .sort((a, b) => a.id - b.id);
  const base = log ? log.base : server;
  const start = steps.find((e) => e.name === "start_play");
  const ctx = base ? { ...base.context, declarers: base.context.sides?.declarers } : start ? contextOf(list, start.args.context) : null;
  if (!ctx) return { started: false, ctx: null, bids: [], state: null, facts: null, error: null };
  const bids = [...(base ? base.bids : [])];
  const cards = cardsOf(base);
  for (const e of steps) {
    if (e.name === "make_bid") bids.push({ seat: String(e.args.seat), bid: e.args.bid });
    if (e.name === "play_card") cards.push({ seat: String(e.args.seat), card: e.args.card });
    if (e.name === "take_back_card") cards.splice(cards.findLastIndex((c) => c.card), 1);
    if (e.name === "claim") cards.push({ claim: { seat: String(e.args.seat), tricks: e.args.tricks } });
    if (e.name === "answer_claim") cards.push({ answer: e.args.accept });
  }
  try {
    const state = followDeal(ctx, cards);
    const known = server && cardsOf(server).length === cards.length;
    // the server's reading once it has every step; klaverjas and schafkopf work it out here too
    const facts = known ? info.facts : state.complete ? factsOf(ctx, state) : null;
    return { started: true, ctx, bids, state, facts, error: null };
  } catch (err) {
    return { started: true, ctx, bids, state: null, facts: null, error: err.message };
  }
}

// The last card played, while it may still be taken back (no card of the next trick yet).
export function lastCard(state) {
  const trick = state && state.tricks[state.tricks.length - 1];
  if (trick && (state.claims || []).some((c) => c.afterTrick >= state.tricks.length)) return null; // a claim came after it
  return trick ? trick.cards[trick.cards.length - 1] : null;
}

// Fetch the deal in play from the server and keep it with the list (online only).
export async function refreshPlay({ store, fetch, list }) {
  const response = await fetch(`/api/lists/${encodeURIComponent(list.list_id)}/play`, {
    headers: { Authorization: `Bearer ${list.token}` },
  });
  if (!response.ok) return null;
  const playInfo = await response.json();
  await store.updateList(list.list_id, (fresh) => ({ ...fresh, playInfo }));
  return playInfo;
}
