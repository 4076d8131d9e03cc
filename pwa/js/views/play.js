// Play mode at the table: deal the hands, record the auction, then every card in turn.
// playView({list, dealNo, pending, onSend}) → element; onSend(name, args) queues a mutation
// (start_play, make_bid, play_card, take_back_card, claim, answer_claim; record_deal for the
// facts confirmed) in the outbox, in order, exactly once. Klaverjas and schafkopf record the
// trump choice or the announcements before the first card; the klaverjas and schafkopf
// rules of choosing are in play_choice.js.

import { h } from "../dom.js";
import { extend, fill, t } from "../i18n.js";
import { SUITS } from "../rules/play.js";
import { legalFor, openClaim } from "../rules/play_games.js";
import { outcome as klaverjasOutcome } from "../rules/klaverjas_play.js";
import { preview } from "../state.js";
import {
  DECKS, announceView, announcementBids, cardWords as gameCardWords, isRed, klaverjasDealer, klaverjasView, schafkopfContract,
} from "./play_choice.js";
import { lastCard, localPlay, nextPlayLog, playingOrder } from "./play_state.js";

extend({
  nl: {
    play_tab: "Spelen", pl_deal: "Kaarten verdelen", pl_seat_cards: "Kaarten van {seat}: {n} / {size}",
    pl_rest: "{seat} krijgt de overige kaarten", pl_hand_record: "De handen komen uit de spelverdeling van spel {board}.", pl_leader: "Komt uit", pl_trump: "Troef", pl_none: "geen (miserie)",
    pl_strain: "Denominatie (eindbod)", pl_declarers: "Spelers (vragers)", pl_start: "Spel beginnen",
    pl_auction: "Bieden", pl_bidder: "Bieder", pl_pass: "pas", pl_to_play: "Naar het spel",
    pl_trick: "Slag {no}", pl_turn: "{seat} is aan de beurt", pl_undo: "Kaart terugnemen",
    pl_revoke_q: "{card} bekent geen kleur: verzaakt?", pl_revoke_yes: "Ja, zo gespeeld", pl_won: "Slagen",
    pl_done: "Alle slagen zijn gespeeld.", pl_facts: "Volgens het spel", pl_record_hint: "Schrijf het spel op bij Invoer: de feiten worden met het spel vergeleken.",
    pl_revokes: "Verzaakt", pl_error: "Het spel op deze telefoon klopt niet: {message}",
    pl_claim: "Claimen", pl_claim_seat: "Wie claimt", pl_claim_tricks: "Slagen van de {n} die nog komen", pl_claim_rest: "de rest ({n})", pl_claim_none: "geen",
    pl_claim_send: "Claim vastleggen", pl_claim_wait: "{seat} claimt {tricks} van de {n} slagen die nog komen", pl_claim_accept: "Tegenspelers akkoord",
    pl_claim_dispute: "Betwist: wedstrijdleider", pl_claimed: "Geclaimd: {seat} {tricks} van {n}", pl_points: "Punten",
    pl_result_made: "{pair} heeft het gehaald", pl_result_nat: "{pair} gaat nat", pl_result_pit: "{pair} maakt pit (mars)", pl_result_verzaakt: "Verzaakt: het spel is voor de tegenpartij",
    pl_roem_claimed: "roem gemeld vóór het opnemen van de slag (art. 4b)", pl_record: "Bevestigen en opschrijven",
    pl_won_game: "gewonnen", pl_lost_game: "verloren",
  },
  de: {
    play_tab: "Spielen", pl_deal: "Karten verteilen", pl_seat_cards: "Karten von {seat}: {n} / {size}",
    pl_rest: "{seat} bekommt die übrigen Karten", pl_hand_record: "Die Hände kommen aus der Kartenverteilung von Board {board}.", pl_leader: "Spielt aus", pl_trump: "Trumpf", pl_none: "keiner",
    pl_strain: "Denomination (Endkontrakt)", pl_declarers: "Spieler", pl_start: "Spiel beginnen",
    pl_auction: "Reizen", pl_bidder: "Bieter", pl_pass: "passe", pl_to_play: "Zum Spiel",
    pl_trick: "Stich {no}", pl_turn: "{seat} ist am Zug", pl_undo: "Karte zurücknehmen",
    pl_revoke_q: "{card} bedient nicht: Farbe verleugnet?", pl_revoke_yes: "Ja, so gespielt", pl_won: "Stiche",
    pl_done: "Alle Stiche sind gespielt.", pl_facts: "Laut Spiel", pl_record_hint: "Das Spiel unter Eingabe eintragen: die Angaben werden mit dem Spiel verglichen.",
    pl_revokes: "Verleugnet", pl_error: "Das Spiel auf diesem Telefon stimmt nicht: {message}",
    pl_claim: "Rest ansagen", pl_claim_seat: "Wer sagt an", pl_claim_tricks: "Stiche der {n} übrigen", pl_claim_rest: "den Rest ({n})", pl_claim_none: "keinen",
    pl_claim_send: "Ansage festhalten", pl_claim_wait: "{seat} beansprucht {tricks} der {n} übrigen Stiche", pl_claim_accept: "Gegenspieler einverstanden",
    pl_claim_dispute: "Bestritten: Turnierleitung", pl_claimed: "Beansprucht: {seat} {tricks} von {n}", pl_points: "Punkte",
    pl_result_made: "{pair} hat es geschafft", pl_result_nat: "{pair} ist nat", pl_result_pit: "{pair} macht Pit (Marsch)", pl_result_verzaakt: "Verzaakt: das Spiel geht an die Gegenseite",
    pl_roem_claimed: "Roem vor dem Aufnehmen des Stichs gemeldet (Art. 4b)", pl_record: "Bestätigen und eintragen",
    pl_won_game: "gewonnen", pl_lost_game: "verloren",
  },
  en: {
    play_tab: "Play", pl_deal: "Deal the cards", pl_seat_cards: "Cards of {seat}: {n} / {size}",
    pl_rest: "{seat} gets the remaining cards", pl_hand_record: "The hands come from the hand record of board {board}.", pl_leader: "Leads", pl_trump: "Trump", pl_none: "none (miserie)",
    pl_strain: "Strain (final contract)", pl_declarers: "Declarers", pl_start: "Start the play",
    pl_auction: "Auction", pl_bidder: "Bidder", pl_pass: "pass", pl_to_play: "To the play",
    pl_trick: "Trick {no}", pl_turn: "{seat} to play", pl_undo: "Take the card back",
    pl_revoke_q: "{card} does not follow suit: a revoke?", pl_revoke_yes: "Yes, played so", pl_won: "Tricks",
    pl_done: "Every trick is played.", pl_facts: "The play gives", pl_record_hint: "Record the deal under Entry: its facts are checked against the play.",
    pl_revokes: "Revokes", pl_error: "The play on this phone does not add up: {message}",
    pl_claim: "Claim", pl_claim_seat: "Who claims", pl_claim_tricks: "Tricks of the {n} to come", pl_claim_rest: "the rest ({n})", pl_claim_none: "none",
    pl_claim_send: "Record the claim", pl_claim_wait: "{seat} claims {tricks} of the {n} tricks to come", pl_claim_accept: "Opponents accept",
    pl_claim_dispute: "Disputed: call the director", pl_claimed: "Claimed: {seat} {tricks} of {n}", pl_points: "Points",
    pl_result_made: "{pair} made it", pl_result_nat: "{pair} goes nat", pl_result_pit: "{pair} takes every trick (pit)", pl_result_verzaakt: "Verzaakt: the deal goes to the other pair",
    pl_roem_claimed: "roem claimed before the trick was taken (art. 4b)", pl_record: "Confirm and record",
    pl_won_game: "won", pl_lost_game: "lost",
  },
});

const SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const CHOOSING = new Set(["klaverjas", "schafkopf"]); // the game is chosen before the first card
const WIEZEN_BIDS = ["vraag", "mee", "alleen", "troel", "abondance", "miserie", "solo", "pas"];
const LEVELS = [1, 2, 3, 4, 5, 6, 7];
const STRAINS = ["C", "D", "H", "S", "NT"];
// What is being dealt, kept across redraws (a background sync redraws the view).
const draft = { key: null, seat: null, hands: {}, leader: null, trump: "H", declarers: [], auctionDone: false, dealer: "N", announcements: [], claim: null };
let game = "wiezen"; // the game of the list being drawn (the card words follow it)

export const cardWords = (card) => gameCardWords(game, card);

function cardButton(card, attrs) {
  return h("button", { type: "button", class: `pc${isRed(game, card) ? " red" : ""}`, dataset: { card }, ...attrs }, cardWords(card));
}

function choice(id, label, options, value, onPick) {
  return h("div", { class: "pl-choice", id },
    h("span", { class: "lbl" }, label),
    options.map(([v, words]) => h("button", {
      type: "button", class: v === value ? "opt on" : "opt", dataset: { value: String(v) },
      "aria-pressed": v === value ? "true" : "false", onclick: () => onPick(v),
    }, words)));
}

// Deal: tap the cards of each seat but the last, which gets the rest.
function dealView(list, dealNo, onSend, redraw) {
  const key = `${list.list_id}|${dealNo}`;
  if (draft.key !== key) {
    Object.assign(draft, { key, seat: null, hands: {}, leader: null, declarers: [], auctionDone: false, announcements: [], claim: null });
    draft.dealer = klaverjasDealer(dealNo);
  }
  const order = playingOrder(list);
  const deck = DECKS[list.game];
  const size = deck.size;
  const last = order[order.length - 1];
  // a bridge board whose hand record the director loaded: its hands are known (the server
  // checks every card against them), so they are filled in
  const info = list.playInfo;
  const record = info && info.deal_no === dealNo ? info.hand_record : null;
  if (record && !Object.values(draft.hands).some((cards) => cards.length)) draft.hands = { ...record.hands };
  draft.seat = draft.seat || order[0];
  draft.leader = draft.leader || order[list.game === "bridge" ? 1 : 0];
  const owner = (card) => order.find((s) => (draft.hands[s] || []).includes(card));
  const grid = deck.suits.map((suit) => h("div", { class: "pl-suit" }, deck.ranks.map((rank) => {
    const card = suit + rank;
    const held = owner(card);
    return cardButton(card, {
      class: `pc${held ? " held" : ""}${isRed(game, card) ? " red" : ""}`,
      "aria-pressed": held === draft.seat ? "true" : "false",
      disabled: held && held !== draft.seat,
      title: held || "",
      onclick: () => {
        const mine = draft.hands[draft.seat] || [];
        if (mine.includes(card)) draft.hands[draft.seat] = mine.filter((c) => c !== card);
        else if (mine.length < size) draft.hands[draft.seat] = [...mine, card];
        if ((draft.hands[draft.seat] || []).length === size) {
          const next = order[order.indexOf(draft.seat) + 1];
          if (next && next !== last) draft.seat = next;
        }
        redraw();
      },
    });
  })));
  const dealt = order.slice(0, -1).every((s) => (draft.hands[s] || []).length === size);
  const allHands = () => {
    const taken = new Set(order.slice(0, -1).flatMap((s) => draft.hands[s] || []));
    const hands = Object.fromEntries(order.slice(0, -1).map((s) => [s, draft.hands[s] || []]));
    hands[last] = deck.suits.flatMap((s) => deck.ranks.map((r) => s + r)).filter((c) => !taken.has(c));
    return hands;
  };
  const hands = dealt ? allHands() : draft.hands;
  const options = (list.sheet && list.sheet.rules && list.sheet.rules.options) || {};
  const contract = list.game === "schafkopf" && draft.announcements.length === 4 ? schafkopfContract(draft.announcements) : null;
  const start = () => {
    const context = { hands: allHands(), leader: draft.leader };
    if (list.game === "bridge") context.strain = draft.trump === null ? "NT" : draft.trump;
    else if (list.game === "schafkopf") context.contract = contract;
    else {
      context.trump = draft.trump;
      if (draft.declarers.length) context.declarers = draft.declarers;
    }
    onSend("start_play", { deal_no: dealNo, context });
    // the choice of the game is the auction: recorded after the start, in order
    if (list.game === "klaverjas") onSend("make_bid", { deal_no: dealNo, seat: draft.leader, bid: { trump: draft.trump } });
    for (const b of list.game === "schafkopf" ? announcementBids(draft) : []) onSend("make_bid", { deal_no: dealNo, ...b });
  };
  const ready = dealt && (list.game !== "schafkopf" || contract !== null);
  const trumps = list.game === "bridge"
    ? STRAINS.map((s) => [s === "NT" ? null : s, s === "NT" ? "NT" : SIGNS[s]])
    : [...SUITS.map((s) => [s, SIGNS[s]]), [null, t("pl_none")]];
  const choosing = list.game === "klaverjas"
    ? klaverjasView(draft, hands, options, redraw)
    : [choice("deal-leader", t("pl_leader"), order.map((s) => [s, s]), draft.leader, (s) => { draft.leader = s; draft.announcements = []; redraw(); }),
      list.game === "schafkopf"
        ? (dealt ? announceView(draft, order, hands, Boolean(options.admit_wenz_geier), redraw) : null)
        : choice("deal-trump", t(list.game === "bridge" ? "pl_strain" : "pl_trump"), trumps, draft.trump, (s) => { draft.trump = s; redraw(); })];
  return h("div", { id: "play-deal" },
    h("h3", {}, t("pl_deal")),
    choice("deal-seat", "", order.slice(0, -1).map((s) => [s, fill(t("pl_seat_cards"), { seat: s, n: (draft.hands[s] || []).length, size })]),
      draft.seat, (s) => { draft.seat = s; redraw(); }),
    record ? h("p", { class: "note", id: "deal-hand-record" }, fill(t("pl_hand_record"), { board: record.board }))
      : h("p", { class: "note" }, fill(t("pl_rest"), { seat: last })),
    h("div", { class: "pl-grid" }, grid),
    choosing,
    list.game === "wiezen" ? h("div", { id: "deal-declarers" }, h("span", { class: "lbl" }, t("pl_declarers")),
      order.map((s) => h("label", { class: "pl-check" }, h("input", {
        type: "checkbox", value: s, checked: draft.declarers.includes(s),
        onchange: (e) => { draft.declarers = e.target.checked ? [...draft.declarers, s] : draft.declarers.filter((x) => x !== s); },
      }), ` ${s}`))) : null,
    h("button", { type: "button", class: "primary", id: "play-start", disabled: !ready, onclick: start }, t("pl_start")));
}

function bidWords(bid) {
  if (typeof bid === "string") return bid;
  return `${bid.level}${bid.strain === "NT" ? "NT" : SIGNS[bid.strain]}`;
}

function auctionView(list, dealNo, play, onSend, redraw) {
  const order = play.ctx.order;
  const lastBid = play.bids[play.bids.length - 1];
  const bidder = lastBid ? order[(order.indexOf(lastBid.seat) + 1) % order.length] : order[0];
  const bid = (value) => onSend("make_bid", { deal_no: dealNo, seat: bidder, bid: value });
  const buttons = list.game === "bridge"
    ? [h("div", { class: "pl-bids" }, LEVELS.flatMap((level) => STRAINS.map((strain) => h("button", {
      type: "button", class: "opt", dataset: { bid: `${level}${strain}` }, onclick: () => bid({ level, strain }),
    }, bidWords({ level, strain }))))),
    h("div", { class: "row" }, ["pass", "X", "XX"].map((b) => h("button", { type: "button", class: "opt", dataset: { bid: b }, onclick: () => bid(b) }, b === "pass" ? t("pl_pass") : b)))]
    : [h("div", { class: "pl-bids" }, WIEZEN_BIDS.map((b) => h("button", { type: "button", class: "opt", dataset: { bid: b }, onclick: () => bid(b) }, b)))];
  return h("div", { id: "play-auction" },
    h("h3", {}, t("pl_auction")),
    h("ol", { id: "bids" }, play.bids.map((b) => h("li", {}, `${b.seat}: ${bidWords(b.bid)}`))),
    h("p", { id: "bidder" }, `${t("pl_bidder")}: `, h("b", {}, bidder)),
    buttons,
    h("button", { type: "button", class: "primary", id: "to-play", onclick: () => { draft.auctionDone = true; redraw(); } }, t("pl_to_play")));
}

function trickView(trick) {
  return h("ol", { class: "pl-trick", id: "trick" }, (trick ? trick.cards : []).map((c) => h("li", { class: c.revoke ? "bad" : "" },
    `${c.seat} `, h("b", {}, cardWords(c.card)))));
}

function playing(list, dealNo, play, onSend, redraw) {
  const { state } = play;
  const seat = state.turn;
  const open = state.tricks[state.tricks.length - 1];
  if (openClaim(state)) { // the cards wait for the opponents' answer
    return h("div", { id: "play-cards" },
      h("h3", { id: "trick-title", dataset: { trick: state.tricks.length + 1, turn: seat } }, fill(t("pl_trick"), { no: state.tricks.length + 1 })),
      claimView(dealNo, play, onSend, redraw));
  }
  const onTable = open && !open.winner ? open.cards.map((c) => c.card) : [];
  const hand = state.hands[seat];
  const earlier = state.tricks.filter((tr) => tr.winner).map((tr) => tr.cards.map((c) => c.card));
  const legal = new Set(legalFor(play.ctx, hand, onTable, earlier));
  const confirm = h("div", { id: "revoke-confirm" });
  const playCard = (card) => onSend("play_card", { deal_no: dealNo, seat, card });
  const cards = hand.map((card) => cardButton(card, {
    class: `pc${legal.has(card) ? "" : " grey"}${isRed(game, card) ? " red" : ""}`,
    onclick: () => {
      if (legal.has(card)) return playCard(card);
      return confirm.replaceChildren(h("p", { class: "error" }, fill(t("pl_revoke_q"), { card: cardWords(card) })),
        h("button", { type: "button", id: "revoke-yes", onclick: () => playCard(card) }, t("pl_revoke_yes")));
    },
  }));
  const back = lastCard(state);
  const trickNo = open && !open.winner ? open.no : state.tricks.length + 1;
  return h("div", { id: "play-cards" },
    h("h3", { id: "trick-title", dataset: { trick: trickNo, turn: seat } }, `${fill(t("pl_trick"), { no: trickNo })} · ${fill(t("pl_turn"), { seat })}`),
    trickView(open && !open.winner ? open : state.tricks[state.tricks.length - 1]),
    h("div", { class: "pl-hand", id: "hand" }, cards), confirm,
    back ? h("button", {
      type: "button", class: "link", id: "undo",
      onclick: () => onSend("take_back_card", { deal_no: dealNo, seat: back.seat, card: back.card, reason: back.revoke ? "revoke" : "entry" }),
    }, `${t("pl_undo")} (${back.seat} ${cardWords(back.card)})`) : null,
    onTable.length ? null : claimView(dealNo, play, onSend, redraw));
}

// A claim between tricks: who claims and how many of the tricks to come (klaverjas and
// schafkopf: all or none, as their card points demand); then the opponents' answer.
function claimView(dealNo, play, onSend, redraw) {
  const { state, ctx } = play;
  const rest = Object.values(state.hands)[0].length;
  const waiting = openClaim(state);
  if (waiting) {
    return h("div", { id: "claim", class: "pl-claim", dataset: { status: "open" } },
      h("p", { id: "claim-wait" }, fill(t("pl_claim_wait"), { seat: waiting.seat, tricks: waiting.tricks, n: waiting.remaining })),
      h("button", { type: "button", class: "primary", id: "claim-accept", onclick: () => onSend("answer_claim", { deal_no: dealNo, accept: true }) }, t("pl_claim_accept")),
      h("button", { type: "button", id: "claim-dispute", onclick: () => onSend("answer_claim", { deal_no: dealNo, accept: false }) }, t("pl_claim_dispute")));
  }
  if (!draft.claim) {
    return h("button", { type: "button", class: "link", id: "claim-open", onclick: () => { draft.claim = { seat: state.turn, tricks: rest }; redraw(); } }, t("pl_claim"));
  }
  const whole = CHOOSING.has(game);
  const counts = whole ? [[rest, fill(t("pl_claim_rest"), { n: rest })], [0, t("pl_claim_none")]]
    : Array.from({ length: rest + 1 }, (_, n) => [rest - n, String(rest - n)]);
  return h("div", { id: "claim", class: "pl-claim", dataset: { status: "new" } },
    choice("claim-seat", t("pl_claim_seat"), ctx.order.map((s) => [s, s]), draft.claim.seat, (v) => { draft.claim.seat = v; redraw(); }),
    choice("claim-tricks", fill(t("pl_claim_tricks"), { n: rest }), counts, draft.claim.tricks, (v) => { draft.claim.tricks = v; redraw(); }),
    h("button", {
      type: "button", class: "primary", id: "claim-send",
      onclick: () => { const c = draft.claim; draft.claim = null; onSend("claim", { deal_no: dealNo, seat: c.seat, tricks: c.tricks }); },
    }, t("pl_claim_send")));
}

function tally(play) {
  const { state, ctx } = play;
  const sides = ctx.declarers && ctx.declarers.length ? [ctx.declarers, ctx.order.filter((s) => !ctx.declarers.includes(s))]
    : ctx.sides && ctx.sides.declaring ? [ctx.sides.declaring, ctx.sides.defending]
      : ctx.order.length === 4 && ctx.order[0] === "N" ? [["N", "S"], ["E", "W"]] : null;
  const words = sides ? sides.map((side) => `${side.join("/")} ${side.reduce((n, s) => n + state.won[s], 0)}`)
    : ctx.order.map((s) => `${s} ${state.won[s]}`);
  return h("p", { id: "tricks-won" }, `${t("pl_won")}: ${words.join(" · ")}`,
    state.revokes.length ? h("span", { class: "bad", id: "revokes" }, ` · ${t("pl_revokes")}: ${state.revokes.map((r) => `${r.seat} ${cardWords(r.card)} (${r.trick})`).join(", ")}`) : null);
}

// A fact as the table reads it: {"NS": 90, "EW": 72} as "NS 90 · EW 72"; roem by its trick.
function factWords(value) {
  if (Array.isArray(value)) return value.map((v) => (v && v.trick ? `${v.trick}: ${(v.items || []).join(" + ")} ${v.value} (${v.pair})` : factWords(v))).join(", ");
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${factWords(v)}`).join(" · ");
  return String(value);
}

function doneView(list, dealNo, play, onSend, redraw) {
  const claim = play.state.claims.find((c) => c.status === "accepted");
  const facts = play.facts && Object.entries(play.facts).map(([k, v]) => h("li", {}, `${k}: ${factWords(v)}`));
  return h("div", { id: "play-done" },
    h("p", { class: "ok" }, claim ? fill(t("pl_claimed"), { seat: claim.seat, tricks: claim.tricks, n: claim.remaining }) : t("pl_done")),
    facts ? h("div", { id: "play-facts" }, h("b", {}, t("pl_facts")), h("ul", {}, facts)) : null,
    CHOOSING.has(list.game) && play.facts ? confirmView(list, dealNo, play.facts, onSend, redraw)
      : h("p", { class: "note" }, t("pl_record_hint")));
}

// Klaverjas and schafkopf: the facts the cards give are the deal's record; the table confirms
// them (klaverjas: which roem on the table was claimed in time) and records the deal.
function confirmView(list, dealNo, facts, onSend, redraw) {
  const key = `${list.list_id}|${dealNo}`;
  if (draft.roemKey !== key) Object.assign(draft, { roemKey: key, roemOff: [] });
  const roem = (facts.roem || []).filter((r) => !draft.roemOff.includes(r.trick));
  const record = { ...facts, ...(facts.roem ? { roem } : {}) };
  const shown = preview(list, dealNo, record);
  let result = "";
  if (list.game === "klaverjas" && record.card_points) {
    const pair = record.playing;
    result = fill(t(`pl_result_${klaverjasOutcome(record, pair)}`), { pair });
  } else if (shown.score && "won" in shown.score) {
    const level = shown.score.schwarz ? " schwarz" : shown.score.schneider ? " schneider" : "";
    result = `${t(shown.score.won ? "pl_won_game" : "pl_lost_game")}${level}`;
  }
  return h("div", { id: "play-confirm" },
    result ? h("p", { id: "play-result", class: "ok" }, result) : null,
    facts.roem ? h("div", { class: "pl-choice", id: "roem-claimed" }, h("span", { class: "lbl" }, t("pl_roem_claimed")),
      facts.roem.map((r) => {
        const on = !draft.roemOff.includes(r.trick);
        return h("button", {
          type: "button", class: on ? "opt on" : "opt", "aria-pressed": on ? "true" : "false", dataset: { trick: r.trick },
          onclick: () => { draft.roemOff = on ? [...draft.roemOff, r.trick] : draft.roemOff.filter((n) => n !== r.trick); redraw(); },
        }, `${r.trick}: ${r.items.join(" + ")} ${r.value} (${r.pair})`);
      })) : null,
    shown.score ? h("p", { id: "play-points" }, `${t("pl_points")}: `, Object.entries(shown.score.points).map(([s, v]) => `${s} ${v}`).join(" · ")) : null,
    shown.error ? h("p", { class: "error", id: "play-refused" }, `${shown.error.field}: ${shown.error.message}`) : null,
    h("button", {
      type: "button", class: "primary", id: "play-record", disabled: Boolean(shown.error),
      onclick: () => onSend("record_deal", { deal_no: dealNo, record }),
    }, t("pl_record")));
}

export function playView(props) {
  const { list, dealNo, pending, playLog = null, onSend, redraw } = props;
  game = list.game;
  const play = localPlay(list, pending, dealNo, playLog);
  // A card or bid shows at once: the section is drawn again from the log with it, then the
  // app writes it (outbox and log) and draws the whole page from the store.
  let section = null;
  const send = (name, args) => {
    const shown = playView({ ...props, playLog: nextPlayLog(playLog, list, name, args) });
    section.replaceWith(shown);
    onSend(name, args);
  };
  let body;
  if (!play.started) body = dealView(list, dealNo, onSend, redraw);
  else if (play.error) body = h("p", { class: "error", id: "play-error" }, fill(t("pl_error"), { message: play.error }));
  else if (!CHOOSING.has(list.game) && !play.state.tricks.length && !draft.auctionDone && draft.key === `${list.list_id}|${dealNo}`) body = auctionView(list, dealNo, play, send, redraw);
  else if (play.state.complete) body = [tally(play), doneView(list, dealNo, play, onSend, redraw)];
  else body = [tally(play), playing(list, dealNo, play, send, redraw)];
  const played = play.state ? play.state.tricks.reduce((n, tr) => n + tr.cards.length, 0) : 0;
  section = h("section", { class: "card play", id: "play", "aria-label": t("play_tab"), dataset: { played, started: play.started } },
    h("h2", { id: "play-title", dataset: { deal: dealNo } }, `${t("deal")} ${dealNo}`), body);
  return section;
}
