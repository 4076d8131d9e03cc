// The bridge board entry: the board (the next one of this table's round by default), its
// dealer and vulnerability, the contract pad (level, strain, ×, ××, or passed out), declarer,
// the result as ± against the contract or as tricks, and the optional opening lead (a folded
// row that costs no tap when the table does not write it down). The top half is pure (state →
// facts, board → dealer/vulnerability, the round's boards) so node can test it; the form is
// below.

import { h, replace } from "../dom.js";
import { extend, t } from "../i18n.js";
import { boardInfo, isVulnerable } from "../rules/bridge.js";
import { preview } from "../state.js";
import { boardsOnList, nextBoard, roundBoards } from "./bridge_boards.js";

export const SEATS = ["N", "E", "S", "W"];
export const LEVELS = [1, 2, 3, 4, 5, 6, 7];
export const STRAINS = ["C", "D", "H", "S", "NT"];
const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const DOUBLING_SIGNS = ["", "×", "××"];
const BOOK = 6; // tricks before the first odd trick (§B1)
export const LEAD_SUITS = ["S", "H", "D", "C"];
// Highest first: a lead is mostly an honour or a small card, and the eye finds both ends.
export const LEAD_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

extend({
  nl: {
    br_board: "Spel", br_dealer: "Gever", br_vulnerable: "Kwetsbaar", br_vul_None: "niemand",
    br_vul_Both: "allen", br_vul_NS: "NS", br_vul_EW: "EW", br_contract: "Contract",
    br_level: "Hoogte", br_strain: "Kleur", br_nt: "SA", br_double: "Gedoubleerd",
    br_redouble: "Geredoubleerd", br_passed: "Rondgepast", br_declarer: "Leider",
    br_result: "Resultaat", br_over: "±", br_tricks: "Slagen", br_made: "gemaakt",
    br_by: "door", br_round_done: "Alle spellen van deze ronde staan op de lijst.",
    br_on_list: "staat op de lijst", br_pick_level: "Kies eerst de hoogte.",
    br_boards_of_round: "Spellen van deze ronde", br_C: "klaveren", br_D: "ruiten", br_H: "harten",
    br_S: "schoppen", br_result_as: "Resultaat invoeren als", br_tricks_count: "slagen",
    br_lead: "Uitkomst", br_lead_in_line: "uitkomst", br_lead_optional: "niet verplicht", br_lead_suit: "Kleur van de uitkomst",
    br_lead_rank: "Kaart van de uitkomst", br_lead_none: "Geen uitkomst", br_lead_pick_suit: "Kies eerst de kleur.",
    br_rank_J: "B", br_rank_Q: "V", br_rank_K: "H", br_rank_A: "A",
    br_rank_name_J: "boer", br_rank_name_Q: "vrouw", br_rank_name_K: "heer", br_rank_name_A: "aas",
  },
  de: {
    br_board: "Board", br_dealer: "Geber", br_vulnerable: "In Gefahr", br_vul_None: "niemand",
    br_vul_Both: "alle", br_vul_NS: "NS", br_vul_EW: "EW", br_contract: "Kontrakt",
    br_level: "Stufe", br_strain: "Farbe", br_nt: "SA", br_double: "Kontra",
    br_redouble: "Rekontra", br_passed: "Alle passen", br_declarer: "Alleinspieler",
    br_result: "Ergebnis", br_over: "±", br_tricks: "Stiche", br_made: "erfüllt",
    br_by: "von", br_round_done: "Alle Boards dieser Runde stehen auf der Liste.",
    br_on_list: "steht auf der Liste", br_pick_level: "Wählen Sie zuerst die Stufe.",
    br_boards_of_round: "Boards dieser Runde", br_C: "Kreuz", br_D: "Karo", br_H: "Herz", br_S: "Pik",
    br_result_as: "Ergebnis eingeben als", br_tricks_count: "Stiche",
    br_lead: "Ausspiel", br_lead_in_line: "Ausspiel", br_lead_optional: "optional", br_lead_suit: "Farbe des Ausspiels",
    br_lead_rank: "Karte des Ausspiels", br_lead_none: "Kein Ausspiel", br_lead_pick_suit: "Wählen Sie zuerst die Farbe.",
    br_rank_J: "B", br_rank_Q: "D", br_rank_K: "K", br_rank_A: "A",
    br_rank_name_J: "Bube", br_rank_name_Q: "Dame", br_rank_name_K: "König", br_rank_name_A: "Ass",
  },
  en: {
    br_board: "Board", br_dealer: "Dealer", br_vulnerable: "Vulnerable", br_vul_None: "none",
    br_vul_Both: "both", br_vul_NS: "NS", br_vul_EW: "EW", br_contract: "Contract",
    br_level: "Level", br_strain: "Strain", br_nt: "NT", br_double: "Doubled",
    br_redouble: "Redoubled", br_passed: "Passed out", br_declarer: "Declarer",
    br_result: "Result", br_over: "±", br_tricks: "Tricks", br_made: "made",
    br_by: "by", br_round_done: "Every board of this round is on the list.",
    br_on_list: "is on the list", br_pick_level: "Choose the level first.",
    br_boards_of_round: "Boards of this round", br_C: "clubs", br_D: "diamonds", br_H: "hearts",
    br_S: "spades", br_result_as: "Enter the result as", br_tricks_count: "tricks",
    br_lead: "Lead", br_lead_in_line: "lead", br_lead_optional: "optional", br_lead_suit: "Suit of the lead",
    br_lead_rank: "Card led", br_lead_none: "No lead", br_lead_pick_suit: "Choose the suit first.",
    br_rank_J: "J", br_rank_Q: "Q", br_rank_K: "K", br_rank_A: "A",
    br_rank_name_J: "jack", br_rank_name_Q: "queen", br_rank_name_K: "king", br_rank_name_A: "ace",
  },
});

// ---- the pure part --------------------------------------------------------------------------

// roundBoards, boardsOnList and nextBoard live in bridge_boards.js (the entry and penalty forms
// read them without this form).
export { boardsOnList, nextBoard, roundBoards };

/** The table's board check, in the server's words (backend/aggregates/list_policy.py). */
export function boardProblem(list, pending, board) {
  if (board === null || board === undefined) return null;
  const boards = roundBoards(list);
  if (boards && !boards.includes(board)) {
    return { field: "board", message: `this table plays boards ${boards.join(", ")} this round` };
  }
  if (boardsOnList(list, pending).has(board)) {
    return { field: "board", message: `board ${board} is already on this list; void it to correct it` };
  }
  return null;
}

/** Dealer and vulnerability of a board (§B6), with the seats that are vulnerable. */
export function boardLine(board) {
  const { dealer, vulnerable } = boardInfo(board);
  return { board, dealer, vulnerable, vulnerableSeats: SEATS.filter((s) => isVulnerable(vulnerable, s)) };
}

export function initialState(board) {
  return {
    board, level: null, strain: null, dbl: 0, passed: false, declarer: null, mode: "over", over: null, tricks: null,
    leadOpen: false, leadSuit: null, leadRank: null,
  };
}

/** The opening lead in the record's notation ("HK", "D10"), or null until suit and rank are
 * both chosen; a passed-out board has no lead. */
export function leadCard(state) {
  if (state.passed || !state.leadSuit || !state.leadRank) return null;
  return `${state.leadSuit}${state.leadRank}`;
}

/** The seat that makes the opening lead: V, left of declarer (§1-Algemeen). */
export const leader = (declarer) => (declarer ? SEATS[(SEATS.indexOf(declarer) + 1) % 4] : null);

/** A rank as the players say it: B/V/H in Dutch, B/D/K in German, J/Q/K in English. */
export const rankLabel = (rank) => (/^[JQKA]$/.test(rank) ? t(`br_rank_${rank}`) : rank);

/** A card as it reads on the traveller: "♥H" (nl), "♥K" (en). */
export const cardLabel = (card) => `${SUIT_SIGNS[card[0]]}${rankLabel(card.slice(1))}`;

/** Drop the lead and fold its row again. */
export const clearLead = (state) => ({ ...state, leadOpen: false, leadSuit: null, leadRank: null });

/** Declarer's tricks from the state: typed as tricks, or as ± against the contract. */
export function stateTricks(state) {
  if (state.mode === "tricks") return state.tricks;
  if (state.over === null || state.level === null) return null;
  return state.level + BOOK + state.over;
}

/** The results a contract of `level` can have, from all tricks lost to all thirteen won. */
export function overOptions(level) {
  const need = level + BOOK;
  return Array.from({ length: 14 }, (_, tricks) => tricks - need);
}

export const overLabel = (over) => (over === 0 ? "=" : over > 0 ? `+${over}` : `−${-over}`);

/** Switch between ± and tricks, keeping the result that is already chosen. */
export function switchMode(state, mode) {
  if (mode === state.mode) return state;
  const tricks = stateTricks(state);
  if (mode === "tricks") return { ...state, mode, tricks, over: null };
  return { ...state, mode, tricks: null, over: tricks === null || state.level === null ? null : tricks - state.level - BOOK };
}

/** Pick a level; a ± result keeps its meaning only while it stays possible (0–13 tricks). */
export function pickLevel(state, level) {
  const next = { ...state, level, passed: false };
  if (state.mode === "over" && state.over !== null) {
    const tricks = level + BOOK + state.over;
    if (tricks < 0 || tricks > 13) next.over = null;
  }
  return next;
}

/** The board's facts (the record without the envelope) from the form's state. Missing
 * choices are left out, so the rules name what is still needed. */
export function bridgeFacts(state) {
  const facts = {};
  if (state.board !== null && state.board !== undefined) facts.board = state.board;
  if (state.passed) return { ...facts, contract: null };
  const contract = {};
  if (state.level !== null) contract.level = state.level;
  if (state.strain !== null) contract.strain = state.strain;
  if (state.dbl) contract.dbl = state.dbl;
  facts.contract = contract;
  if (state.declarer !== null) facts.declarer = state.declarer;
  const tricks = stateTricks(state);
  if (tricks !== null) facts.tricks = tricks;
  const lead = leadCard(state);
  if (lead) facts.lead = lead;
  return facts;
}

export const strainSign = (strain) => SUIT_SIGNS[strain] || t("br_nt");

/** The contract as on a traveller: "4♠× S +1", "passed out". */
export function contractLine(state) {
  if (state.passed) return t("br_passed");
  if (state.level === null || state.strain === null) return "";
  const contract = `${state.level}${strainSign(state.strain)}${DOUBLING_SIGNS[state.dbl]}`;
  const by = state.declarer ? ` ${t("br_by")} ${state.declarer}` : "";
  const tricks = stateTricks(state);
  const lead = leadCard(state);
  const led = lead ? ` · ${t("br_lead_in_line")} ${cardLabel(lead)}` : "";
  if (tricks === null) return contract + by + led;
  const over = tricks - state.level - BOOK;
  return `${contract}${by} ${over === 0 ? t("br_made") : overLabel(over)} (${tricks} ${t("br_tricks_count")})${led}`;
}

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** The board score as the pairs read it: "NS +650 · EW −650" (null while incomplete). */
export function scoreLine(score) {
  if (!score || score.score === null || score.score === undefined) return null;
  return `NS ${signed(score.score)} · EW ${signed(-score.score)}`;
}

// ---- the form -------------------------------------------------------------------------------


function pad(name, options, selected, onPick, { label = (o) => o, aria = null, extra = () => ({}) } = {}) {
  return h("div", { class: `choice br-pad br-${name}`, role: "radiogroup", "aria-label": aria || t(`br_${name}`) },
    options.map((o) => {
      const on = o === selected;
      const more = extra(o);
      return h("button", {
        type: "button", class: `opt${on ? " on" : ""}${more.class ? ` ${more.class}` : ""}`, role: "radio",
        "aria-checked": on ? "true" : "false", "aria-label": more.aria || null,
        dataset: { field: name, value: o }, onclick: () => onPick(o),
      }, label(o));
    }));
}

function toggle(name, on, label, aria, onFlip) {
  return h("button", {
    type: "button", class: `opt br-toggle${on ? " on" : ""}`, "aria-pressed": on ? "true" : "false",
    "aria-label": aria, dataset: { field: name }, onclick: onFlip,
  }, label);
}

function boardHeader(board) {
  if (board === null) return h("p", { class: "br-info", id: "br-info" }, t("br_round_done"));
  const info = boardLine(board);
  return h("p", {
    class: "br-info", id: "br-info",
    dataset: { board, dealer: info.dealer, vulnerable: info.vulnerable },
  },
  h("span", { class: "br-badge" }, `${t("br_board")} ${board}`),
  h("span", {}, `${t("br_dealer")} `, h("b", {}, info.dealer)),
  h("span", { class: info.vulnerable === "None" ? "br-vul br-vul-none" : "br-vul br-vul-on" },
    `${t("br_vulnerable")}: ${t(`br_vul_${info.vulnerable}`)}`));
}

// The form; `onChange(facts, problem)` on every edit, `onSubmit(facts)` to record it.
export function bridgeForm({ list, dealNo, pending = [], onChange, onSubmit }) {
  let state = initialState(nextBoard(list, pending));
  const root = h("div", { class: "br" });
  const problem = () => boardProblem(list, pending, state.board);
  const scoreEl = h("p", { class: "br-score", id: "br-score", "aria-live": "polite" });
  const emit = () => {
    const facts = bridgeFacts(state);
    const refused = problem();
    const { score } = refused ? {} : preview(list, dealNo, facts);
    const line = scoreLine(score);
    scoreEl.replaceChildren(...(line ? [line, h("small", {}, ` (${t("provisional")})`)] : []));
    if (line) scoreEl.dataset.ns = score.score;
    else delete scoreEl.dataset.ns;
    onChange(facts, refused);
  };
  const set = (changes) => { state = { ...state, ...changes }; draw(); emit(); };

  function resultPad() {
    if (state.mode === "tricks") {
      return pad("tricks", Array.from({ length: 14 }, (_, i) => i), state.tricks, (n) => set({ tricks: n }));
    }
    if (state.level === null) return h("p", { class: "note", id: "br-pick-level" }, t("br_pick_level"));
    return pad("over", overOptions(state.level), state.over, (o) => set({ over: o }), {
      label: overLabel, aria: t("br_result"),
      extra: (o) => ({ class: o === 0 ? "br-made" : o < 0 ? "br-down" : "" }),
    });
  }

  // The opening lead: folded to one button until asked for; then suit, then card.
  function leadField() {
    const lead = leadCard(state);
    const by = leader(state.declarer);
    const head = [t("br_lead"), lead ? `: ${cardLabel(lead)}` : "", by ? ` ${t("br_by")} ${by}` : ""].join("");
    if (!state.leadOpen) {
      return h("div", { class: "field br-lead" },
        h("button", {
          type: "button", class: "opt br-lead-toggle", id: "br-lead-toggle", "aria-expanded": "false",
          onclick: () => set({ leadOpen: true }),
        }, head, lead ? null : h("small", {}, ` (${t("br_lead_optional")})`)));
    }
    return h("div", { class: "field br-lead" },
      h("div", { class: "br-result-head" },
        h("span", { class: "lbl", id: "br-lead-head" }, head),
        h("button", {
          type: "button", class: "opt br-lead-none", id: "br-lead-none", "aria-expanded": "true",
          onclick: () => { state = clearLead(state); draw(); emit(); },
        }, t("br_lead_none"))),
      pad("lead-suit", LEAD_SUITS, state.leadSuit, (s) => set({ leadSuit: s }), {
        label: (s) => SUIT_SIGNS[s], aria: t("br_lead_suit"),
        extra: (s) => ({ class: s === "H" || s === "D" ? "br-red" : "", aria: t(`br_${s}`) }),
      }),
      state.leadSuit
        ? pad("lead-rank", LEAD_RANKS, state.leadRank, (r) => set({ leadRank: r }), {
          label: rankLabel, aria: t("br_lead_rank"),
          extra: (r) => (/^[JQKA]$/.test(r) ? { aria: t(`br_rank_name_${r}`) } : {}),
        })
        : h("p", { class: "note", id: "br-pick-suit" }, t("br_lead_pick_suit")));
  }

  function draw() {
    const boards = roundBoards(list);
    const done = boardsOnList(list, pending);
    const info = state.board === null ? null : boardLine(state.board);
    const vulnerableSeat = (s) => Boolean(info && info.vulnerableSeats.includes(s));
    const boardField = boards
      ? pad("board", boards, state.board, (b) => set({ board: b }), {
        aria: t("br_boards_of_round"),
        extra: (b) => (done.has(b) ? { class: "br-done", aria: `${t("br_board")} ${b} ${t("br_on_list")}` } : {}),
        label: (b) => (done.has(b) ? `${b} ✓` : b),
      })
      : h("input", {
        id: "br-board", type: "number", inputmode: "numeric", min: 1, value: state.board ?? "",
        "aria-label": t("br_board"),
        oninput: (e) => {
          state.board = e.target.value === "" ? null : Number(e.target.value);
          header.replaceWith(header = boardHeader(state.board));
          emit();
        },
      });
    let header = boardHeader(state.board);
    replace(root,
      h("div", { class: "field" }, h("span", { class: "lbl" }, t("br_board")), boardField),
      header,
      h("div", { class: "field" }, h("span", { class: "lbl" }, t("br_contract")),
        pad("level", LEVELS, state.passed ? null : state.level, (l) => { state = pickLevel(state, l); draw(); emit(); }),
        pad("strain", STRAINS, state.passed ? null : state.strain, (s) => set({ strain: s, passed: false }), {
          label: strainSign, extra: (s) => ({ class: s === "H" || s === "D" ? "br-red" : "", aria: s === "NT" ? t("br_nt") : t(`br_${s}`) }),
        }),
        h("div", { class: "choice br-doubling" },
          toggle("dbl1", state.dbl === 1, "×", t("br_double"), () => set({ dbl: state.dbl === 1 ? 0 : 1, passed: false })),
          toggle("dbl2", state.dbl === 2, "××", t("br_redouble"), () => set({ dbl: state.dbl === 2 ? 0 : 2, passed: false })),
          toggle("passed", state.passed, t("br_passed"), t("br_passed"), () => set({ passed: !state.passed })))),
      state.passed ? null : h("div", { class: "field" }, h("span", { class: "lbl" }, t("br_declarer")),
        pad("declarer", SEATS, state.declarer, (s) => set({ declarer: s }), {
          extra: (s) => (vulnerableSeat(s) ? { class: "br-vul-seat", aria: `${s}, ${t("br_vulnerable").toLowerCase()}` } : {}),
        })),
      state.passed ? null : h("div", { class: "field" },
        h("div", { class: "br-result-head" }, h("span", { class: "lbl" }, t("br_result")),
          h("div", { class: "choice br-mode", role: "radiogroup", "aria-label": t("br_result_as") },
            ["over", "tricks"].map((mode) => h("button", {
              type: "button", class: state.mode === mode ? "opt on" : "opt", role: "radio",
              "aria-checked": state.mode === mode ? "true" : "false", dataset: { field: "mode", value: mode },
              onclick: () => { state = switchMode(state, mode); draw(); emit(); },
            }, t(`br_${mode}`))))),
        resultPad()),
      state.passed ? null : leadField(),
      h("p", { class: "br-summary", id: "br-summary" }, contractLine(state)),
      scoreEl,
      h("button", {
        type: "button", class: "primary", id: "record",
        onclick: () => {
          const refused = problem();
          if (refused) onChange(bridgeFacts(state), refused);
          else onSubmit(bridgeFacts(state));
        },
      }, t("record")));
  }

  draw();
  queueMicrotask(emit);
  return root;
}
