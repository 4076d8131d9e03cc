// The wiezen deal form: whose deal it is (and who sits out at a table of five), the contract,
// its declarers and tricks, or the miserie players. The dealer moves on by itself: the same
// dealer deals again after a pas rond (ART 9, W-D5), the next one after a played deal.
//
// The top half is pure (state → facts, the list's history → dealer, pas rond, counted deals)
// so node can test it; the form below it is the only part that touches the DOM.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";
import { GAMES } from "./wiezen_games.js";

extend({
  nl: {
    wz_deals: "deelt", wz_sits_out: "zit uit", wz_counted: "Tellende gift", wz_of: "van",
    wz_after_pas_rond: "Na pas rond: een slagenspel telt dubbel", wz_contract: "Spel",
    wz_declarers: "Wie speelt", wz_pick_two: "kies 2", wz_pick_one: "kies 1",
    wz_pick_miserie: "één of meer", wz_tricks: "Slagen", wz_tricks_of: "slagen van",
    wz_in_troef: "in troef", wz_open: "open", wz_complete: "De lijst is vol: alle tellende giften staan erop.",
    wz_troel_pair: "troel + 4e aas",
    wz_voided_passes: "Spel {deal} is geschrapt, maar de kaarten waren gegeven: het geven gaat door naar links.",
    wz_record_again: "Schrijft u spel {deal} opnieuw op? {seat} gaf het",
  },
  de: {
    wz_deals: "gibt", wz_sits_out: "setzt aus", wz_counted: "Zählendes Spiel", wz_of: "von",
    wz_after_pas_rond: "Nach pas rond: ein Stichspiel zählt doppelt", wz_contract: "Spiel",
    wz_declarers: "Wer spielt", wz_pick_two: "2 wählen", wz_pick_one: "1 wählen",
    wz_pick_miserie: "einer oder mehr", wz_tricks: "Stiche", wz_tricks_of: "Stiche von",
    wz_in_troef: "in troef", wz_open: "offen", wz_complete: "Die Liste ist voll: alle zählenden Spiele stehen darauf.",
    wz_troel_pair: "troel + 4. Ass",
    wz_voided_passes: "Spiel {deal} ist gestrichen, aber die Karten waren gegeben: das Geben geht nach links weiter.",
    wz_record_again: "Tragen Sie Spiel {deal} neu ein? {seat} hat es gegeben",
  },
  en: {
    wz_deals: "deals", wz_sits_out: "sits out", wz_counted: "Counted deal", wz_of: "of",
    wz_after_pas_rond: "After a pas rond: a trick game counts double", wz_contract: "Contract",
    wz_declarers: "Who plays", wz_pick_two: "pick 2", wz_pick_one: "pick 1",
    wz_pick_miserie: "one or more", wz_tricks: "Tricks", wz_tricks_of: "tricks of",
    wz_in_troef: "in troef", wz_open: "open", wz_complete: "The list is full: every counted deal is on it.",
    wz_troel_pair: "troel + 4th ace",
    wz_voided_passes: "Deal {deal} is voided, but its cards were dealt: the deal passes on to the left.",
    wz_record_again: "Recording deal {deal} again? {seat} dealt it",
  },
});

// The contracts (label, declarers, default tricks) live in wiezen_games.js: the list reads them too.
export { GAMES };
export const ABONDANCES = [9, 10, 11, 12];
const PLANNED = { 4: 40, 5: 50 }; // Wiezen TS: 40 deals, 50 at a five-player table

export const tableSize = (list) => Object.keys(list.seats || {}).length;
export const seatsOf = (size) => Array.from({ length: size }, (_, i) => i + 1);

/** The seat that sits out: the dealer at a table of five (ART 2), nobody at four. */
export const sittingOut = (size, dealer) => (size === 5 ? dealer : null);

/** The seats that play this deal. */
export const activeSeats = (size, dealer) => seatsOf(size).filter((s) => s !== sittingOut(size, dealer));

const isPlayed = (record) => record.contract !== null && record.contract !== undefined && record.contract !== "PAS_ROND";
const misdealt = (record) => (record.penalties || []).some((p) => p.type === "PEN_MISDEAL");

/**
 * The list's rows before deal `dealNo`, oldest first: the server's rows, then what the phone
 * still has to send (`entries` are outbox entries: record_deal, record_penalty, void_deal).
 * A row the server has is the server's. A voided row stays, marked `voided`: it no longer
 * counts, but its cards were dealt (docs/wiezen-dealer.md).
 */
export function history(list, dealNo, entries = []) {
  const rows = new Map();
  const known = new Set();
  for (const row of (list.sheet && list.sheet.rows) || []) {
    known.add(row.deal_no);
    if (row.deal_no < dealNo) rows.set(row.deal_no, { deal_no: row.deal_no, kind: row.kind || "deal", record: row.record, voided: Boolean(row.voided) });
  }
  for (const e of entries) {
    if (e.list !== list.list_id || !e.args || !(e.args.deal_no < dealNo)) continue;
    if (e.name === "void_deal" && rows.has(e.args.deal_no)) rows.get(e.args.deal_no).voided = true;
    else if ((e.name === "record_deal" || e.name === "record_penalty") && !known.has(e.args.deal_no)) {
      rows.set(e.args.deal_no, { deal_no: e.args.deal_no, kind: e.name === "record_deal" ? "deal" : "penalty", record: e.args.record, voided: false });
    }
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

const live = (rows) => rows.filter((row) => !row.voided);

/**
 * Who deals next: seat 1 first; the same dealer again after a pas rond (ART 9, W-D5) or a
 * penalty row, the player to his left after a played deal or a second misdeal (ART 2).
 * A voided row counts here as what it records: its cards were dealt, so after a voided
 * played deal the deal passes on (docs/wiezen-dealer.md).
 */
export function nextDealer(size, rows) {
  let dealer = 1;
  for (const { record } of rows) {
    if (Number.isInteger(record.dealer)) dealer = record.dealer;
    if (isPlayed(record) || misdealt(record)) dealer = (dealer % size) + 1;
  }
  return dealer;
}

/** Whether the next deal is played after a pas rond (ART 9): as the list works it out. */
export function afterPasRond(rows) {
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    if (rows[i].kind !== "deal") continue;
    const contract = rows[i].record.contract;
    if (contract === "PAS_ROND") return true;
    if (contract !== null && contract !== undefined) return false;
  }
  return false;
}

/** Deals that count towards the 40 (50): played ones, not a pas rond or a penalty row (W-D3). */
export const countedDeals = (rows) => rows.filter(({ kind, record }) => kind === "deal" && isPlayed(record)).length;

export const plannedDeals = (list, size) => (list.sheet && list.sheet.planned_deals) || PLANNED[size];

/**
 * The voided row just before the next deal, when the last row is one: {deal_no, dealer}.
 * The table may be recording that same deal again (a wrong record voided): then its dealer
 * deals it, and the form offers him at one tap.
 */
export function voidedBefore(rows) {
  const last = rows[rows.length - 1];
  if (!last || !last.voided || !Number.isInteger(last.record && last.record.dealer)) return null;
  return { deal_no: last.deal_no, dealer: last.record.dealer };
}

/** The form's state for the next deal of the list. */
export function initialState(list, dealNo, entries = []) {
  const size = tableSize(list);
  const rows = history(list, dealNo, entries);
  return {
    size,
    dealer: nextDealer(size, rows),
    voided: voidedBefore(rows),
    afterPasRond: afterPasRond(live(rows)),
    counted: countedDeals(live(rows)),
    planned: plannedDeals(list, size),
    game: null,
    abondance: 9,
    inTroef: false,
    declarers: [],
    tricks: null,
    miserie: [],
  };
}

/** The contract code of the state (null before one is picked). */
export function contractOf(state) {
  if (state.game === "AB") return `AB${state.abondance}${state.inTroef ? "T" : ""}`;
  if (state.game === "MIS" || state.game === "OMIS") {
    return state.miserie.length && state.miserie.every((m) => m.open) ? "OMIS" : "MIS";
  }
  return state.game;
}

/** The deal's facts (without the envelope) from the form's state. */
export function wiezenFacts(state) {
  const facts = { dealer: state.dealer };
  if (state.size === 5) facts.sitting_out = state.dealer;
  if (state.afterPasRond) facts.after_pas_rond = true;
  if (!state.game) return facts;
  facts.contract = contractOf(state);
  if (state.game === "PAS_ROND") return facts;
  if (GAMES[state.game][1] === 0) {
    facts.miserie = state.miserie.map(({ seat, open, tricks }) => ({ seat, open, tricks }));
    return facts;
  }
  facts.declarers = [...state.declarers];
  if (state.tricks !== null) facts.tricks = state.tricks;
  return facts;
}

// The state changes the buttons make; each returns a new state.

/** Pick a contract: the seats already tapped stay picked as far as the contract allows. */
export function pickGame(state, game) {
  const wanted = GAMES[game][1];
  const hadTricks = state.game !== null && GAMES[state.game][1] > 0;
  const tricks = GAMES[game][2] ?? (hadTricks && wanted > 0 ? state.tricks : null);
  const seats = state.miserie.length ? state.miserie.map((m) => m.seat) : state.declarers;
  const next = { ...state, game, tricks, declarers: [], miserie: [] };
  if (wanted === 0) {
    const open = game === "OMIS";
    const kept = state.miserie.length ? state.miserie : seats.map((seat) => ({ seat, open, tricks: 0 }));
    next.miserie = kept.map((m) => ({ ...m, open }));
  } else if (wanted) {
    next.declarers = seats.slice(-wanted);
  }
  return next;
}

/** Tap a seat: toggle it among the declarers (the oldest pick drops out) or miserie players. */
export function tapSeat(state, seat) {
  if (!activeSeats(state.size, state.dealer).includes(seat)) return state;
  const wanted = state.game ? GAMES[state.game][1] : null;
  if (wanted === 0) {
    const has = state.miserie.some((m) => m.seat === seat);
    const miserie = has
      ? state.miserie.filter((m) => m.seat !== seat)
      : [...state.miserie, { seat, open: state.game === "OMIS", tricks: 0 }];
    return { ...state, miserie };
  }
  if (!wanted) return state;
  if (state.declarers.includes(seat)) return { ...state, declarers: state.declarers.filter((s) => s !== seat) };
  return { ...state, declarers: [...state.declarers, seat].slice(-wanted) };
}

/** A new dealer: a declarer or miserie player who now sits out leaves the game. */
export function pickDealer(state, dealer) {
  const out = sittingOut(state.size, dealer);
  return {
    ...state,
    dealer,
    declarers: state.declarers.filter((s) => s !== out),
    miserie: state.miserie.filter((m) => m.seat !== out),
  };
}

export function setMiserie(state, seat, changes) {
  return { ...state, miserie: state.miserie.map((m) => (m.seat === seat ? { ...m, ...changes } : m)) };
}

// ---------------------------------------------------------------------------------------
// The form.

// A row of buttons; `selected` is one value (radio buttons) or a list of them (check boxes).
function choice(name, caption, options, selected, onPick, label, extra = () => ({})) {
  const many = Array.isArray(selected);
  return h("div", { class: "choice", dataset: { choice: name }, role: many ? "group" : "radiogroup", "aria-label": caption },
    options.map((o) => {
      const on = many ? selected.includes(o) : o === selected;
      return h("button", {
        type: "button", class: on ? "opt on" : "opt", role: many ? "checkbox" : "radio",
        "aria-checked": on ? "true" : "false", dataset: { field: name, value: o }, onclick: () => onPick(o), ...extra(o),
      }, label(o));
    }));
}

const TRICKS = Array.from({ length: 14 }, (_, i) => i);

// Where the keyboard was, to find the same button once the form is drawn anew.
function keyOf(el) {
  if (el.dataset.field) return `[data-field="${el.dataset.field}"][data-value="${el.dataset.value}"]`;
  if (el.dataset.open) return `[data-open="${el.dataset.open}"]`;
  return el.id ? `#${el.id}` : null;
}

const hintOf = (game, wanted) => {
  if (wanted === 0) return t("wz_pick_miserie");
  if (game === "TROEL") return t("wz_troel_pair");
  return wanted === 2 ? t("wz_pick_two") : t("wz_pick_one");
};

/** The form; `onChange(facts)` on every edit, `onSubmit(facts)` to record it. */
export function wiezenForm({ list, dealNo, players = {}, pending = [], onChange, onSubmit }) {
  let state = initialState(list, dealNo, pending);
  const root = h("div", { class: "wz" });
  const name = (seat) => (players[String(seat)] || "").split(" ")[0];
  const emit = () => onChange(wiezenFacts(state));
  const change = (next) => {
    state = next;
    const was = root.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    draw();
    const again = was && root.querySelector(was);
    if (again) again.focus();
    emit();
  };
  const submit = () => {
    onSubmit(wiezenFacts(state));
  };
  const field = (label, ...content) => h("div", { class: "field" }, h("span", { class: "lbl" }, label), ...content);
  const tricks = (key, caption, value, onPick) => h("div", { class: "wz-tricks" },
    choice(key, caption, TRICKS, value, onPick, (n) => n, (n) => ({ "aria-label": `${n} ${caption}` })));

  function header() {
    const out = sittingOut(state.size, state.dealer);
    const next = Math.min(state.counted + 1, state.planned);
    return [
      h("p", { class: "wz-count", id: "wz-count", dataset: { counted: state.counted, planned: state.planned } },
        `${t("wz_counted")} ${next} ${t("wz_of")} ${state.planned}`),
      state.counted >= state.planned
        ? h("p", { class: "error", id: "wz-complete", role: "alert" }, t("wz_complete")) : null,
      h("p", { class: "wz-dealer", id: "wz-dealer", dataset: { seat: state.dealer } },
        h("b", {}, `${state.dealer} ${name(state.dealer)}`), ` ${t("wz_deals")}`,
        out ? h("span", { class: "wz-out", id: "wz-out", dataset: { seat: out } }, ` · ${t("wz_sits_out")}`) : null),
      field(t("dealer"), choice("dealer", t("dealer"), seatsOf(state.size), state.dealer,
        (s) => change(pickDealer(state, s)), (s) => s, (s) => ({ "aria-label": `${t("dealer")} ${s} ${name(s)}`.trim() }))),
      state.voided ? voidedNote() : null,
      state.afterPasRond ? h("p", { class: "wz-doubled", id: "wz-doubled" }, t("wz_after_pas_rond")) : null,
    ];
  }

  // After a voided row: who deals and why, and the voided deal's dealer at one tap when the
  // table records that same deal again.
  function voidedNote() {
    const { deal_no: voidedNo, dealer } = state.voided;
    const words = (key) => t(key).replace("{deal}", voidedNo).replace("{seat}", `${dealer} ${name(dealer)}`.trim());
    return h("div", { class: "wz-voided note", id: "wz-voided", dataset: { deal: voidedNo, dealer } },
      h("p", {}, words("wz_voided_passes")),
      state.dealer === dealer ? null : h("button", {
        type: "button", class: "opt", id: "wz-same-dealer", onclick: () => change(pickDealer(state, dealer)),
      }, words("wz_record_again")));
  }

  function contract() {
    const parts = [field(t("wz_contract"), choice("contract", t("wz_contract"), Object.keys(GAMES), state.game,
      (g) => change(pickGame(state, g)), (g) => GAMES[g][0]))];
    if (state.game === "AB") {
      parts.push(h("div", { class: "field wz-ab" },
        choice("abondance", "abondance", ABONDANCES, state.abondance, (n) => change({ ...state, abondance: n }),
          (n) => `${n}`, (n) => ({ "aria-label": `abondance ${n}` })),
        h("button", {
          type: "button", class: state.inTroef ? "opt on" : "opt", id: "wz-in-troef",
          "aria-pressed": state.inTroef ? "true" : "false", onclick: () => change({ ...state, inTroef: !state.inTroef }),
        }, t("wz_in_troef"))));
    }
    return parts;
  }

  // Who plays: the declarers, or the miserie players with their own tricks and "open".
  function whoPlays() {
    const wanted = state.game ? GAMES[state.game][1] : null;
    if (wanted === null || wanted === undefined) return [];
    const out = sittingOut(state.size, state.dealer);
    const picked = wanted === 0 ? state.miserie.map((m) => m.seat) : state.declarers;
    const sitsOut = (s) => ({ disabled: true, title: t("wz_sits_out"), "aria-label": `${s} ${name(s)} ${t("wz_sits_out")}` });
    const parts = [field([`${t("wz_declarers")} `, h("small", {}, `(${hintOf(state.game, wanted)})`)],
      choice("declarers", t("wz_declarers"), seatsOf(state.size), picked, (s) => change(tapSeat(state, s)),
        (s) => [h("b", {}, s), h("span", { class: "wz-name" }, name(s))], (s) => (s === out ? sitsOut(s) : {})))];
    if (wanted) {
      parts.push(field(t("wz_tricks"), tricks("tricks", t("wz_tricks"), state.tricks, (n) => change({ ...state, tricks: n }))));
      return parts;
    }
    for (const m of state.miserie) {
      const open = h("button", {
        type: "button", class: m.open ? "opt on" : "opt", dataset: { open: m.seat }, "aria-pressed": m.open ? "true" : "false",
        onclick: () => change(setMiserie(state, m.seat, { open: !m.open })),
      }, t("wz_open"));
      parts.push(h("div", { class: "field wz-mis", dataset: { seat: m.seat } },
        h("span", { class: "lbl" }, `${t("wz_tricks_of")} ${m.seat} ${name(m.seat)} `, open),
        tricks(`mis-${m.seat}`, `${t("wz_tricks_of")} ${m.seat}`, m.tricks, (n) => change(setMiserie(state, m.seat, { tricks: n })))));
    }
    return parts;
  }

  function draw() {
    // a full list takes no more counted deals (the server refuses them too)
    const full = state.counted >= state.planned && state.game !== null && state.game !== "PAS_ROND";
    root.replaceChildren(...[...header(), ...contract(), ...whoPlays(),
      h("button", { type: "button", class: "primary", id: "record", disabled: full, onclick: submit }, t("record"))]
      .filter(Boolean));
  }

  draw();
  queueMicrotask(emit);
  return root;
}
