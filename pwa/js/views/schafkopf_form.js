// The schafkopf game form (TSV Lengfeld): the game, who plays it, the called ace and who held
// it, the Augen of one side (the other gets 120 − x) and the tricks, with the line as the list
// will show it (four cells summing to 0, the solo dot) before it is written down.
// The state → facts part at the top is pure (no DOM) so it can be tested in node.

import { h, replace } from "../dom.js";
import { extend, t } from "../i18n.js";
import { listRuleset, preview } from "../state.js";

export const SEATS = ["1", "2", "3", "4"];
export const TYPES = ["RUFSPIEL", "SOLO", "TOUT", "NO_GAME"];
// Games a rule set may admit (S-D5: scored exactly like a Solo), by the option that admits them.
export const OPTIONAL_TYPES = { WENZ: "admit_wenz_geier", GEIER: "admit_wenz_geier" };
export const ACES = ["EICHEL", "GRAS", "SCHELLEN"]; // Herz is trump: there is no Herz call
export const TOTAL_AUGEN = 120;
export const TRICKS = 8;
// The most Augen n tricks can hold (the 4n highest cards), as in the rules port.
const MAX_AUGEN = [0, 44, 84, 100, 112, 120, 120, 120, 120];
const AUGEN_PER_TRICK = TOTAL_AUGEN / TRICKS;

// The seat clockwise after `seat` (seat 2 sits left of seat 1, S-D15).
export const nextSeat = (seat) => SEATS[SEATS.indexOf(String(seat)) % 4 + 1] || SEATS[0];
const asSeat = (value) => (SEATS.includes(String(value)) ? String(value) : null);

/**
 * The dealer of the next game from the lines before it: seat 1 deals first and the deal
 * passes clockwise (S-D15), but after a deal nobody played the same dealer deals again (S-D6).
 * `lines` are {deal_no, dealer, type} in any order; a line without a dealer is taken to
 * follow the rule, and so is a line this form does not know of before `dealNo` (a fault
 * written through the penalty entry while offline is a game too).
 */
export function nextDealer(lines, dealNo = null) {
  const known = new Map(lines.map((line) => [line.deal_no, line]));
  for (let n = 1; dealNo !== null && n < dealNo; n += 1) if (!known.has(n)) known.set(n, { deal_no: n });
  let dealer = null;
  for (const line of [...known.values()].sort((a, b) => a.deal_no - b.deal_no)) {
    const dealt = asSeat(line.dealer) || (dealer === null ? SEATS[0] : dealer);
    dealer = line.type === "NO_GAME" ? dealt : nextSeat(dealt);
  }
  return dealer || SEATS[0];
}

/**
 * The lines before game `dealNo`: the server's rows, then what this phone recorded since
 * (`recent`: the outbox's lines, which the server may not have yet because the phone is
 * offline).
 */
export function linesBefore(rows = [], recent = [], dealNo = Infinity) {
  const lines = new Map();
  for (const line of recent) if (line.deal_no < dealNo) lines.set(line.deal_no, line);
  for (const row of rows) {
    if (row.deal_no >= dealNo) continue;
    const record = row.record || {};
    lines.set(row.deal_no, { deal_no: row.deal_no, dealer: record.dealer, type: record.type });
  }
  return [...lines.values()];
}

/**
 * The games the form offers under a rule set's options: every game of Nr. 2, then each game
 * the rule set may admit, with `allowed` and the rule that forbids it (a rule-word key), and
 * Kontra, which the Lengfeld rules forbid (Nr. 2: "Spritze ist nicht gestattet").
 */
export function gameChoices(options = {}) {
  const optional = Object.entries(OPTIONAL_TYPES).map(([type, option]) => ({
    type, allowed: Boolean(options[option]), rule: options[option] ? null : "skf_rule_wenz",
  }));
  const played = TYPES.filter((type) => type !== "NO_GAME").map((type) => ({ type, allowed: true, rule: null }));
  return [...played, ...optional, { type: "NO_GAME", allowed: true, rule: null },
    { type: "KONTRA", allowed: false, rule: "skf_rule_kontra" }];
}

export function initialState(dealer = SEATS[0]) {
  return {
    dealer: String(dealer), type: "RUFSPIEL", declarer: null, ace: null, partner: null,
    counted: "decl", augen: "", tricks: "",
  };
}

/** A tap on the form: the new state, keeping it consistent (a Solo has no partner, …). */
export function pick(state, field, value) {
  const next = { ...state, [field]: value };
  if (field === "type" && value !== "RUFSPIEL") Object.assign(next, { ace: null, partner: null });
  if (field === "type" && value === "NO_GAME") Object.assign(next, { declarer: null, augen: "", tricks: "" });
  if (field === "declarer" && next.partner === value) next.partner = null;
  return next;
}

/** The seats that can hold the called ace: everyone but the declarer. */
export const partnerChoices = (state) => SEATS.filter((s) => s !== state.declarer);

// A typed number; null while empty; the text itself when it is no number, so the rules can
// say what they got.
function typed(text) {
  if (text === null || text === undefined || String(text).trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : String(text);
}
const isAugen = (n) => Number.isInteger(n) && n >= 0 && n <= TOTAL_AUGEN;

/** The declaring side's Augen from the pile that was counted (null while nothing is typed). */
export function declAugen(state) {
  const x = typed(state.augen);
  if (x === null) return null;
  return state.counted === "def" && isAugen(x) ? TOTAL_AUGEN - x : x;
}

/** The other side's Augen, to show beside the input ("–" while unknown). */
export function otherAugen(state) {
  const x = typed(state.augen);
  return isAugen(x) ? TOTAL_AUGEN - x : null;
}

const fewestTricks = (augen) => MAX_AUGEN.findIndex((most) => most >= augen);

/**
 * The declaring side's tricks when none were typed: all 8 with all 120 Augen, none with 0,
 * otherwise about one trick per 15 Augen, within what both sides' Augen allow. The score
 * only depends on it at 0 and 120 (Schwarz, a Tout); type the tricks to override it.
 */
export function autoTricks(augen) {
  if (!isAugen(augen)) return null;
  if (augen === TOTAL_AUGEN) return TRICKS;
  if (augen === 0) return 0;
  const low = Math.max(1, fewestTricks(augen));
  const high = Math.min(TRICKS - 1, TRICKS - fewestTricks(TOTAL_AUGEN - augen));
  return Math.min(high, Math.max(low, Math.round(augen / AUGEN_PER_TRICK)));
}

/** The tricks the record will carry: the typed number, else the automatic one. */
export function declTricks(state) {
  const x = typed(state.tricks);
  return x === null ? autoTricks(declAugen(state)) : x;
}

/** The game's facts (without the envelope) from the form's state. */
export function schafkopfFacts(state) {
  const facts = { dealer: Number(state.dealer), type: state.type };
  if (state.type === "NO_GAME") return facts;
  if (state.declarer) facts.declarer = Number(state.declarer);
  if (state.type === "RUFSPIEL") {
    if (state.ace) facts.called_ace = state.ace;
    if (state.partner) facts.partner = Number(state.partner);
  }
  const augen = declAugen(state);
  if (augen !== null) facts.decl_augen = augen;
  const tricks = declTricks(state);
  if (tricks !== null) facts.decl_tricks = tricks;
  return facts;
}

/**
 * The line as the list shows it, from a score: a cell per seat, their sum (0, Nr. 7), the
 * solo dot, and what was recognised (won or lost, Schneider, Schwarz).
 */
export function lineOf(score) {
  const cells = SEATS.map((seat) => ({ seat, points: score.points[seat] ?? 0 }));
  return {
    cells,
    sum: cells.reduce((total, cell) => total + cell.points, 0),
    dot: score.markers.includes("solo_dot"),
    played: score.counts !== false,
    won: Boolean(score.won),
    schneider: Boolean(score.schneider),
    schwarz: Boolean(score.schwarz),
  };
}

// ---- the view ----------------------------------------------------------------------------

extend({
  nl: {
    skf_type: "Spel", skf_declarer: "Speler", skf_ace: "Ruf-Ass", skf_partner: "Maat",
    skf_held_by: "bij", skf_no_game: "Geen spel", skf_augen_of: "Augen van de",
    skf_side_decl: "spelers", skf_side_def: "tegenspelers", skf_tricks: "Slagen van de spelers",
    skf_auto: "auto", skf_won: "gewonnen", skf_lost: "verloren", skf_sum: "som",
    skf_dot: "solo: punt", skf_deal_again: "dezelfde gever geeft opnieuw", skf_line: "Regel",
    skf_forbidden: "Niet toegestaan in deze spelregels",
    skf_rule_wenz: "Nr. 2 laat alleen Rufspiel, Solo en Solo-Tout toe (S-D5)",
    skf_rule_kontra: "Nr. 2: Spritze (Kontra) is niet toegestaan",
  },
  de: {
    skf_type: "Spiel", skf_declarer: "Spieler", skf_ace: "Ruf-Ass", skf_partner: "Mitspieler",
    skf_held_by: "bei", skf_no_game: "Kein Spiel", skf_augen_of: "Augen der",
    skf_side_decl: "Spieler", skf_side_def: "Gegenspieler", skf_tricks: "Stiche der Spieler",
    skf_auto: "auto", skf_won: "gewonnen", skf_lost: "verloren", skf_sum: "Summe",
    skf_dot: "Solo: Punkt", skf_deal_again: "derselbe Geber gibt neu", skf_line: "Zeile",
    skf_forbidden: "Nach diesen Spielregeln nicht gestattet",
    skf_rule_wenz: "Nr. 2 lässt nur Rufspiel, Solo und Solo-Tout zu (S-D5)",
    skf_rule_kontra: "Nr. 2: Spritze (Kontra) ist nicht gestattet",
  },
  en: {
    skf_type: "Game", skf_declarer: "Declarer", skf_ace: "Called ace", skf_partner: "Partner",
    skf_held_by: "held by", skf_no_game: "No game", skf_augen_of: "Augen of the",
    skf_side_decl: "declarers", skf_side_def: "defenders", skf_tricks: "Declarers' tricks",
    skf_auto: "auto", skf_won: "won", skf_lost: "lost", skf_sum: "sum",
    skf_dot: "solo: dot", skf_deal_again: "the same dealer deals again", skf_line: "Line",
    skf_forbidden: "Not allowed by these rules",
    skf_rule_wenz: "Nr. 2 admits Rufspiel, Solo and Solo-Tout only (S-D5)",
    skf_rule_kontra: "Nr. 2: Spritze (Kontra) is not allowed",
  },
});

const GAME_WORDS = { RUFSPIEL: "Rufspiel", SOLO: "Solo", TOUT: "Tout", WENZ: "Wenz", GEIER: "Geier", KONTRA: "Kontra" };
const ACE_WORDS = { EICHEL: "Eichel", GRAS: "Gras", SCHELLEN: "Schellen" };
const typeLabel = (type) => GAME_WORDS[type] || t("skf_no_game");
const sideLabel = (side) => t(side === "def" ? "skf_side_def" : "skf_side_decl");
const signed = (n) => (n > 0 ? `+${n}` : String(n));

// What this phone recorded and the server has not confirmed yet (the outbox), as lines.
function unsentLines(pending) {
  return pending
    .filter((e) => (e.name === "record_deal" || e.name === "record_penalty") && e.args && e.args.record)
    .map((e) => ({ deal_no: e.args.deal_no, dealer: e.args.record.dealer, type: e.args.record.type }));
}

function choice(name, label, options, selected, onPick, show, disabled = () => false) {
  return h("div", { class: `choice sk-${name}`, role: "radiogroup", "aria-label": label },
    options.map((o) => h("button", {
      type: "button", class: o === selected ? "opt on" : "opt", role: "radio",
      "aria-checked": o === selected ? "true" : "false", dataset: { field: name, value: o },
      disabled: disabled(o), onclick: () => onPick(o),
    }, show(o))));
}

// The line as the list will show it: a cell per seat, the sum (0), the verdict, the dot.
function lineView(score, players) {
  const line = lineOf(score);
  const verdict = !line.played ? [t("skf_deal_again")]
    : [line.won ? t("skf_won") : t("skf_lost"), line.schwarz ? "Schwarz" : line.schneider ? "Schneider" : null];
  return h("div", { class: "sk-line", id: "sk-line", dataset: { sum: line.sum, dot: line.dot ? "1" : "0" } },
    h("ol", { class: "sk-cells", "aria-label": t("skf_line") }, line.cells.map((cell) => h("li", {
      class: cell.points > 0 ? "plus" : cell.points < 0 ? "minus" : "zero", dataset: { seat: cell.seat },
    }, h("b", {}, cell.seat), " ", signed(cell.points), players[cell.seat] ? h("small", {}, players[cell.seat].split(" ")[0]) : null))),
    h("p", { class: "sk-sum" },
      h("span", { id: "sk-verdict" }, verdict.filter(Boolean).join(", ")),
      ` · ${t("skf_sum")} ${line.sum}`,
      line.dot ? h("span", { class: "sk-dot", id: "sk-dot", role: "img", "aria-label": t("skf_dot"), title: t("skf_dot") }, "●") : null));
}

// The games the rule set forbids, each with its rule (beside the disabled buttons).
function forbiddenNote(games) {
  const forbidden = games.filter((g) => !g.allowed);
  if (!forbidden.length) return null;
  return h("div", { class: "note sk-forbidden", id: "sk-forbidden" }, h("span", {}, `${t("skf_forbidden")}:`),
    h("ul", {}, forbidden.map((g) => h("li", { dataset: { type: g.type } }, h("b", {}, typeLabel(g.type)), ` — ${t(g.rule)}`))));
}

// The form; `onChange(facts)` on every edit, `onSubmit(facts)` to record it.
export function schafkopfForm({ list, dealNo, players = {}, pending = [], onChange, onSubmit }) {
  const rows = (list.sheet && list.sheet.rows) || [];
  let state = initialState(nextDealer(linesBefore(rows, unsentLines(pending), dealNo), dealNo));
  const games = gameChoices((listRuleset(list) || {}).options);
  const allowed = games.filter((g) => g.allowed).map((g) => g.type);
  const root = h("div", { class: "sk" });
  const lineBox = h("div", { class: "sk-line-box", "aria-live": "polite" });
  const seatLabel = (s) => [h("b", {}, s), " ", h("span", { class: "sk-name" }, players[s] ? players[s].split(" ")[0] : "")];
  let augenInput = null;

  // Score what is typed: the line when the rules accept it, the refused field marked.
  const emit = () => {
    const facts = schafkopfFacts(state);
    const outcome = preview(list, dealNo, facts);
    const refused = outcome.error && outcome.error.field === "decl_augen";
    const impossible = typed(state.augen) !== null && !isAugen(typed(state.augen));
    if (augenInput) augenInput.setAttribute("aria-invalid", refused || impossible ? "true" : "false");
    lineBox.replaceChildren(outcome.score ? lineView(outcome.score, players) : "");
    onChange(facts);
  };
  const set = (field) => (value) => { state = pick(state, field, value); draw(); emit(); };
  const record = () => onSubmit(schafkopfFacts(state));
  const autoText = () => `${t("skf_auto")} ${autoTricks(declAugen(state)) ?? ""}`.trim();

  function augenFields() {
    const other = otherAugen(state);
    const otherOut = h("output", { id: "sk-other", for: "sk-augen" }, other ?? "–");
    const tricks = h("input", {
      id: "sk-tricks", type: "number", inputmode: "numeric", min: 0, max: TRICKS, value: state.tricks,
      placeholder: autoText(), oninput: (e) => { state = { ...state, tricks: e.target.value }; emit(); },
    });
    augenInput = h("input", {
      id: "sk-augen", type: "number", inputmode: "numeric", min: 0, max: TOTAL_AUGEN, value: state.augen,
      "aria-label": `Augen ${sideLabel(state.counted)}`,
      oninput: (e) => {
        state = { ...state, augen: e.target.value };
        otherOut.textContent = otherAugen(state) ?? "–";
        tricks.placeholder = autoText();
        emit();
      },
      onkeydown: (e) => { if (e.key === "Enter") record(); },
    });
    return [
      h("div", { class: "field sk-augen" }, h("span", { class: "lbl" }, t("skf_augen_of")),
        choice("counted", t("skf_augen_of"), ["decl", "def"], state.counted, set("counted"), sideLabel),
        h("div", { class: "sk-augen-row" }, augenInput,
          h("span", {}, `${sideLabel(state.counted === "def" ? "decl" : "def")}:`), otherOut)),
      h("div", { class: "field sk-tricks" }, h("label", { class: "lbl", for: "sk-tricks" }, t("skf_tricks")), tricks),
    ];
  }

  function draw() {
    augenInput = null;
    const playing = state.type !== "NO_GAME";
    const rufspiel = state.type === "RUFSPIEL";
    const partnerWord = state.ace ? `${ACE_WORDS[state.ace]}-Ass ${t("skf_held_by")}` : t("skf_partner");
    const field = (label, control) => h("div", { class: "field" }, h("span", { class: "lbl" }, label), control);
    replace(root,
      field(t("dealer"), choice("dealer", t("dealer"), SEATS, state.dealer, set("dealer"), seatLabel)),
      field(t("skf_type"), choice("type", t("skf_type"), games.map((g) => g.type), state.type, set("type"), typeLabel,
        (type) => !allowed.includes(type))),
      forbiddenNote(games),
      playing ? field(t("skf_declarer"), choice("declarer", t("skf_declarer"), SEATS, state.declarer, set("declarer"), seatLabel)) : null,
      rufspiel ? field(t("skf_ace"), choice("ace", t("skf_ace"), ACES, state.ace, set("ace"), (a) => ACE_WORDS[a])) : null,
      rufspiel ? field(partnerWord, choice("partner", partnerWord, SEATS, state.partner, set("partner"), seatLabel,
        (s) => !partnerChoices(state).includes(s))) : null,
      ...(playing ? augenFields() : []),
      lineBox,
      h("button", { type: "button", class: "primary", id: "record", onclick: record }, t("record")));
  }
  draw();
  queueMicrotask(emit);
  return root;
}
