// The klaverjas deal form: dealer, the playing pair, troef, one pair's card points (the other
// pair gets 162 − x), tricks, and roem per pair with quick buttons.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export const SEATS = ["N", "E", "S", "W"];
export const PAIRS = ["NS", "EW"];
export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const ROEM = [
  ["stuk", 20, "stuk"], ["driekaart", 20, "driekaart"], ["vierkaart", 50, "vierkaart"],
  [null, 100, "4×"], ["vier_boeren", 200, "4×J"],
];

export const pairOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
export const other = (pair) => (pair === "NS" ? "EW" : "NS");
export const leftOf = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % 4];

export function initialState(dealNo) {
  const dealer = SEATS[(dealNo - 1) % 4];
  return { dealer, playing: pairOf(leftOf(dealer)), trump: null, pointsPair: pairOf(leftOf(dealer)), points: null, tricks: null, roem: { NS: [], EW: [] } };
}

// The tricks of the playing pair when none were typed: 8 with all card points, 0 with none.
function playingTricks(state, playingPoints) {
  if (state.tricks !== null && state.tricks !== "") return Number(state.tricks);
  if (playingPoints === 162) return 8;
  if (playingPoints === 0) return 0;
  return 4;
}

function roemEntry(pair, items) {
  const value = items.reduce((sum, [, v]) => sum + v, 0);
  const named = items.every(([name]) => name);
  return named ? { pair, items: items.map(([name]) => name), value } : { pair, value };
}

// The deal's facts (without the envelope) from the form's state.
export function klaverjasFacts(state) {
  const facts = { dealer: state.dealer, playing: state.playing };
  if (state.trump) facts.trump = state.trump;
  if (state.points !== null && state.points !== "") {
    const x = Number(state.points);
    facts.card_points = { [state.pointsPair]: x, [other(state.pointsPair)]: 162 - x };
    const p = facts.card_points[state.playing];
    const tr = playingTricks(state, p);
    facts.tricks = { [state.playing]: tr, [other(state.playing)]: 8 - tr };
  }
  const roem = PAIRS.filter((pair) => state.roem[pair].length).map((pair) => roemEntry(pair, state.roem[pair]));
  if (roem.length) facts.roem = roem;
  return facts;
}

function choice(name, options, selected, onPick, label = (o) => o) {
  return h("div", { class: "choice", role: "radiogroup", "aria-label": t(name) },
    options.map((o) => h("button", {
      type: "button", class: o === selected ? "opt on" : "opt", role: "radio",
      "aria-checked": o === selected ? "true" : "false", dataset: { field: name, value: o },
      onclick: () => onPick(o),
    }, label(o))));
}

// What is wrong with a number typed in the form, named by the pair it was typed for (the
// other pair's value is worked out from it, so the rules would name that one first); null
// when both typed numbers are fine. Words as the rules say them (translated by rule_words).
export function typedError(state) {
  const typed = [["card_points", state.pointsPair, state.points, 162], ["tricks", state.playing, state.tricks, 8]];
  for (const [name, pair, text, most] of typed) {
    if (text === null || text === undefined || String(text).trim() === "") continue;
    const x = Number(text);
    const field = `${name}.${pair}`;
    if (!Number.isInteger(x)) return { field, message: `must be a whole number, got ${JSON.stringify(String(text))}` };
    if (x < 0 || x > most) return { field, message: `must be between 0 and ${most}, got ${x}` };
  }
  return null;
}

// The form; `onChange(facts, error)` on every edit, `onSubmit(facts, error)` to record it
// (`error`: a typed number the form itself refuses, see typedError).
export function klaverjasForm({ dealNo, players = {}, onChange, onSubmit }) {
  const state = initialState(dealNo);
  const root = h("div", { class: "kj" });
  const emit = () => onChange(klaverjasFacts(state), typedError(state));
  const seatLabel = (s) => `${s} ${players[s] ? players[s].split(" ")[0] : ""}`.trim();

  function draw() {
    const roemRows = PAIRS.map((pair) => h("div", { class: "roem-row" },
      h("span", { class: "lbl" }, `${t("roem")} ${pair}: `, h("b", { id: `roem-${pair}` }, state.roem[pair].reduce((s, [, v]) => s + v, 0))),
      h("div", { class: "quick" }, ROEM.map(([name, value, label]) => h("button", {
        type: "button", class: "opt", dataset: { roem: `${pair}-${value}-${name || "any"}` },
        onclick: () => { state.roem[pair].push([name, value]); draw(); emit(); },
      }, `${label} ${value}`)),
      h("button", { type: "button", class: "opt undo", "aria-label": `${t("clear")} ${pair}`, onclick: () => { state.roem[pair] = []; draw(); emit(); } }, "⌫"))));
    const x = state.points === null || state.points === "" ? null : Number(state.points);
    const points = h("input", {
      id: "kj-points", type: "number", inputmode: "numeric", min: 0, max: 162, value: state.points ?? "",
      "aria-label": `${t("points")} ${state.pointsPair}`,
      oninput: (e) => { state.points = e.target.value; otherPts.textContent = state.points === "" ? "–" : 162 - Number(state.points); emit(); },
    });
    const otherPts = h("output", { id: "kj-other", for: "kj-points" }, x === null ? "–" : 162 - x);
    root.replaceChildren(
      h("div", { class: "field" }, h("span", { class: "lbl" }, t("dealer")),
        choice("dealer", SEATS, state.dealer, (s) => { state.dealer = s; state.playing = pairOf(leftOf(s)); draw(); emit(); }, seatLabel)),
      h("div", { class: "field" }, h("span", { class: "lbl" }, t("playing")),
        choice("playing", PAIRS, state.playing, (p) => { state.playing = p; draw(); emit(); })),
      h("div", { class: "field" }, h("span", { class: "lbl" }, t("trump")),
        choice("trump", Object.keys(SUITS), state.trump, (s) => { state.trump = s; draw(); emit(); }, (s) => SUITS[s])),
      h("div", { class: "field pts-field" }, h("span", { class: "lbl" }, t("points")),
        choice("pointsPair", PAIRS, state.pointsPair, (p) => { state.pointsPair = p; draw(); emit(); }),
        points, h("span", {}, ` ${other(state.pointsPair)}: `), otherPts),
      h("div", { class: "field" }, h("label", { class: "lbl", for: "kj-tricks" }, `${t("tricks")} ${state.playing}`),
        h("input", { id: "kj-tricks", type: "number", inputmode: "numeric", min: 0, max: 8, value: state.tricks ?? "",
          placeholder: "auto", oninput: (e) => { state.tricks = e.target.value; emit(); } })),
      ...roemRows,
      h("button", { type: "button", class: "primary", id: "record", onclick: () => onSubmit(klaverjasFacts(state), typedError(state)) }, t("record")));
  }
  draw();
  queueMicrotask(emit);
  return root;
}
