// Penalties from a menu: each game's irregularities as the club writes them. A penalty that
// replaces the deal's score (a revoke, a misplay, a wrong Auflegen) is recorded as a deal with
// its fault; one that is a row of its own (shuffling, a second misdeal, a redeal) as a penalty
// row. The rules port previews the points before anything is written.

import { h, replace } from "../dom.js";
import { extend, t } from "../i18n.js";
import { markerWords } from "./markers.js";
import { refusalLine } from "./rule_words.js";
import { explainLines } from "./explain_words.js";
import { optionLabel, recordedBoard, replacesNote, startValues } from "./bridge_penalty.js";
import { roundBoards } from "./bridge_boards.js";

const COMPASS = ["N", "E", "S", "W"];
const PAIRS = ["NS", "EW"];
const pairOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");

// The seats a record names: bridge lists seat pairs, but its records name the four players.
export function playSeats(list) {
  if (list.game === "bridge" || list.game === "klaverjas") return COMPASS;
  return Object.keys(list.seats || {}).map(Number).sort((a, b) => a - b);
}

function roemEntries(v) {
  return PAIRS.filter((pair) => v[`roem_${pair}`]).map((pair) => ({ pair, value: v[`roem_${pair}`] }));
}

function bridgeContract(v) {
  return { board: v.board, contract: { level: v.level, strain: v.strain, dbl: v.dbl ?? 0 }, declarer: v.declarer, tricks: v.tricks };
}

const BRIDGE_CONTRACT = [
  ["board", "number"], ["level", [1, 2, 3, 4, 5, 6, 7]], ["strain", ["C", "D", "H", "S", "NT"]],
  ["dbl", [0, 1, 2], true], ["declarer", "seat"], ["tricks", "number"],
];
// At a table of five the dealer sits out, so a wiezen record there names him (ART 2).
const WIEZEN_DEALER = ["dealer", "seat", true];
const wiezenDealer = (v, facts) => (v.dealer == null ? facts : { dealer: v.dealer, ...facts });
const STANDING = [["decl_augen", "number"], ["decl_tricks", "number"], ["def_augen", "number"], ["def_tricks", "number"]];

// Per game: {id, mutation, fields: [[name, "seat" | "pair" | "number" | [options], optional]], facts(v)}.
export const PENALTIES = {
  wiezen: [
    { id: "shuffle", mutation: "record_penalty", fields: [["offender", "seat"], WIEZEN_DEALER],
      facts: (v) => wiezenDealer(v, { contract: null, penalties: [{ type: "PEN_SHUFFLE", offender: v.offender }] }) },
    { id: "misdeal", mutation: "record_penalty", fields: [["dealer", "seat"]],
      facts: (v) => wiezenDealer(v, { contract: null, penalties: [{ type: "PEN_MISDEAL", dealer: v.dealer }] }) },
    { id: "misplay", mutation: "record_deal",
      fields: [["contract", ["VRAAG", "TROEL", "ALLEEN"]], ["declarer", "seat"], ["partner", "seat", true],
        ["offender", "seat"], ["trick", "number"], ["before", "number"], WIEZEN_DEALER],
      facts: (v) => wiezenDealer(v, { contract: v.contract, declarers: [v.declarer, v.partner].filter((s) => s != null),
        misplay: { offender: v.offender, trick: v.trick, declaring_tricks_before: v.before } }) },
  ],
  klaverjas: [
    { id: "revoke", mutation: "record_deal",
      fields: [["dealer", "seat"], ["playing", "pair"], ["by", "seat"], ["trick", "number", true],
        ["roem_NS", "number", true], ["roem_EW", "number", true]],
      facts: (v) => {
        const facts = { dealer: v.dealer, playing: v.playing, verzaakt: { pair: v.by ? pairOf(v.by) : null, trick: v.trick ?? null, by: v.by ?? null } };
        const roem = roemEntries(v);
        return roem.length ? { ...facts, roem } : facts;
      } },
    { id: "redeal", mutation: "record_penalty", fields: [["dealer", "seat"]],
      facts: (v) => ({ dealer: v.dealer, type: "REDEAL_NO_PICTURE" }) },
  ],
  bridge: [
    { id: "revoke", mutation: "record_deal",
      fields: [...BRIDGE_CONTRACT, ["offender", "seat"], ["trick", "number", true], ["from_on", "number", true],
        ["choice", ["P", "T"], true], ["claimed_by", "seat", true]],
      facts: (v) => ({ ...bridgeContract(v), revokes: [{ offender: v.offender, trick: v.trick ?? null,
        offender_tricks_from_revoke_on: v.from_on ?? null, choice: v.choice ?? null, claimed_by: v.claimed_by ?? null }] }) },
    { id: "inspection", mutation: "record_deal",
      fields: [...BRIDGE_CONTRACT, ["inspector", "seat"], ["claimed_by", "seat"]],
      facts: (v) => ({ ...bridgeContract(v), inspections: [{ inspector: v.inspector, claimed_by: v.claimed_by ?? null }] }) },
  ],
  schafkopf: [
    { id: "auflegen", mutation: "record_deal",
      fields: [["type", ["RUFSPIEL", "SOLO", "TOUT"]], ["declarer", "seat"], ["partner", "seat", true], ["offender", "seat"], ...STANDING],
      facts: (v) => fault(v, { kind: "AUFLEGEN" }) },
    { id: "verwerfen", mutation: "record_deal",
      fields: [["type", ["RUFSPIEL", "SOLO", "TOUT"]], ["declarer", "seat"], ["partner", "seat", true], ["offender", "seat"], ...STANDING, ["trick", "number"]],
      facts: (v) => fault(v, { kind: "VERWERFEN", trick: v.trick }) },
  ],
};

function fault(v, extra) {
  const standing = Object.fromEntries(STANDING.map(([name]) => [name, v[name]]));
  const facts = { type: v.type, declarer: v.declarer, fault: { ...extra, offender: v.offender, standing } };
  return v.type === "RUFSPIEL" ? { ...facts, partner: v.partner } : facts;
}

// The mutation and the facts a penalty's values make.
export function penaltyFacts(game, id, values) {
  const kind = (PENALTIES[game] || []).find((k) => k.id === id);
  if (!kind) throw new Error(`no penalty ${id} in ${game}`);
  return { mutation: kind.mutation, facts: kind.facts(values) };
}

function picker(name, options, selected, onPick, label = String) {
  return h("div", { class: "choice", role: "radiogroup", "aria-label": t(`pf_${name}`) },
    options.map((o) => h("button", {
      type: "button", class: o === selected ? "opt on" : "opt", role: "radio",
      "aria-checked": o === selected ? "true" : "false", dataset: { pf: name, value: o },
      onclick: () => onPick(o === selected ? null : o),
    }, label(o))));
}

// The menu and the form. `preview(facts)` scores them; `onRecord(mutation, facts)` writes them.
export function penaltyForm({ list, dealNo, preview, onRecord, pending = [] }) {
  const kinds = PENALTIES[list.game] || [];
  const state = { id: null, values: {}, replaces: null };
  // bridge: start from the board last recorded (a revoke is mostly found after it is written)
  const start = () => {
    state.replaces = list.game === "bridge" ? recordedBoard(list, pending) : null;
    return startValues(state.replaces);
  };
  const root = h("section", { class: "card penalty", "aria-label": t("pf_title") });
  const seatName = (s) => {
    const name = (list.players || {})[s];
    return name ? `${s} ${name.split(" ")[0]}` : String(s);
  };

  function field([name, type, optional]) {
    const label = `${t(`pf_${name}`)}${optional ? ` (${t("pf_optional")})` : ""}`;
    const pick = (value) => {
      state.values[name] = value;
      if (name === "board" && list.game === "bridge") { // another board: start from its row, if any
        state.replaces = value === null ? null : recordedBoard(list, pending, value);
        if (state.replaces) Object.assign(state.values, startValues(state.replaces));
      }
      draw();
    };
    if (name === "board" && list.game === "bridge" && roundBoards(list)) type = roundBoards(list);
    if (type === "number") {
      const id = `pf-${name}`;
      return h("div", { class: "field" }, h("label", { class: "lbl", for: id }, label),
        h("input", { id, type: "number", inputmode: "numeric", min: 0, value: state.values[name] ?? "",
          oninput: (e) => { state.values[name] = e.target.value === "" ? null : Number(e.target.value); show(); } }));
    }
    const options = type === "seat" ? playSeats(list) : type === "pair" ? PAIRS : type;
    return h("div", { class: "field" }, h("span", { class: "lbl" }, label),
      picker(name, options, state.values[name], pick, type === "seat" ? seatName : (o) => optionLabel(name, o)));
  }

  const result = h("div", { class: "preview", id: "pf-preview", "aria-live": "polite" });
  function show() {
    if (!state.id) return result.replaceChildren();
    const { facts } = penaltyFacts(list.game, state.id, state.values);
    const outcome = preview(facts);
    if (outcome.error) {
      result.replaceChildren(refusalLine(outcome.error, list.game));
      return outcome;
    }
    const s = outcome.score;
    result.replaceChildren(h("p", { class: "ok" },
      Object.entries(s.points).map(([seat, v]) => `${seat} ${v}`).join(" · "),
      s.markers.length ? h("b", { class: "marker" }, ` ${markerWords(s.markers).join(" ")}`) : null),
    h("ul", { class: "pf-explain" }, explainLines(s.explain).map((line) => h("li", {}, line))));
    return outcome;
  }

  function draw() {
    const kind = kinds.find((k) => k.id === state.id);
    replace(root, // not root.replaceChildren: it would write the absent parts as "null"
      h("h2", { id: "pf-title", dataset: { deal: dealNo } }, `${t("pf_title")} · ${list.game === "bridge" ? `${t("brw_board")} ${state.values.board ?? "–"}` : `${t("deal")} ${dealNo}`}`),
      h("div", { class: "pf-menu", role: "radiogroup", "aria-label": t("pf_kind") },
        kinds.map((k) => h("button", {
          type: "button", class: k.id === state.id ? "opt on" : "opt", role: "radio", id: `pf-kind-${k.id}`,
          "aria-checked": k.id === state.id ? "true" : "false",
          onclick: () => { state.id = k.id; state.values = list.game === "bridge" ? start() : {}; draw(); },
        }, t(`pf_${list.game}_${k.id}`)))),
      kind ? h("p", { class: "note" }, t(kind.mutation === "record_deal" ? "pf_is_deal" : "pf_is_row")) : null,
      kind && state.replaces ? h("p", { class: "note", id: "pf-replaces" }, replacesNote(state.replaces)) : null,
      ...(kind ? kind.fields.map(field) : []),
      result,
      kind ? h("button", { type: "button", class: "primary", id: "pf-record", onclick: () => {
        const outcome = show();
        if (outcome && !outcome.error) {
          const { mutation, facts } = penaltyFacts(list.game, state.id, state.values);
          onRecord(mutation, facts, state.replaces ? state.replaces.deal_no : null);
        }
      } }, t("record")) : null);
    show();
  }
  draw();
  return root;
}

extend({
  nl: {
    pf_title: "Straf", pf_kind: "Soort straf", pf_optional: "mag leeg",
    pf_is_deal: "Dit spel wordt met de fout geteld.", pf_is_row: "Een eigen regel op de lijst; telt niet als spel.",
    pf_wiezen_shuffle: "Schudden (ART 1)", pf_wiezen_misdeal: "Tweede keer misgeven (ART 2)", pf_wiezen_misplay: "Foutief spelen (ART 10)",
    pf_klaverjas_revoke: "Verzaakt (art. 14)", pf_klaverjas_redeal: "Opnieuw geven (SB-6)",
    pf_bridge_revoke: "Verzaken", pf_bridge_inspection: "Gekeerde slag ingezien",
    pf_schafkopf_auflegen: "Falsch Auflegen (Nr. 4)", pf_schafkopf_verwerfen: "Verwerfen (Nr. 5)",
    pf_offender: "Wie", pf_dealer: "Gever", pf_contract: "Spel", pf_declarer: "Speler", pf_partner: "Maat",
    pf_trick: "Slag", pf_before: "Slagen van de spelers vóór die slag", pf_playing: "Spelend paar", pf_by: "Verzaakt door",
    pf_roem_NS: "Roem NS", pf_roem_EW: "Roem EW", pf_board: "Spel (board)", pf_level: "Niveau", pf_strain: "Kleur",
    pf_dbl: "Doublet", pf_tricks: "Slagen leider", pf_from_on: "Slagen overtreders vanaf de verzaakte slag",
    pf_choice: "Keuze", pf_claimed_by: "Geëist door", pf_inspector: "Wie keek", pf_type: "Spiel",
    pf_decl_augen: "Augen spelers", pf_decl_tricks: "Stiche spelers", pf_def_augen: "Augen tegenspelers", pf_def_tricks: "Stiche tegenspelers",
  },
  de: {
    pf_title: "Strafe", pf_kind: "Art der Strafe", pf_optional: "kann leer bleiben",
    pf_is_deal: "Das Spiel wird mit dem Fehler gewertet.", pf_is_row: "Eine eigene Zeile der Liste; zählt nicht als Spiel.",
    pf_wiezen_shuffle: "Mischen (ART 1)", pf_wiezen_misdeal: "Zweites Vergeben (ART 2)", pf_wiezen_misplay: "Falsch gespielt (ART 10)",
    pf_klaverjas_revoke: "Verzaakt (Art. 14)", pf_klaverjas_redeal: "Neu geben (SB-6)",
    pf_bridge_revoke: "Revoke", pf_bridge_inspection: "Gewendeten Stich angesehen",
    pf_schafkopf_auflegen: "Falsch Auflegen (Nr. 4)", pf_schafkopf_verwerfen: "Verwerfen (Nr. 5)",
    pf_offender: "Wer", pf_dealer: "Geber", pf_contract: "Spiel", pf_declarer: "Spieler", pf_partner: "Partner",
    pf_trick: "Stich", pf_before: "Stiche der Spieler vor diesem Stich", pf_playing: "Spielendes Paar", pf_by: "Verzaakt von",
    pf_roem_NS: "Roem NS", pf_roem_EW: "Roem EW", pf_board: "Board", pf_level: "Stufe", pf_strain: "Farbe",
    pf_dbl: "Kontra", pf_tricks: "Stiche Alleinspieler", pf_from_on: "Stiche der Schuldigen ab dem Revoke-Stich",
    pf_choice: "Wahl", pf_claimed_by: "Verlangt von", pf_inspector: "Wer sah nach", pf_type: "Spiel",
    pf_decl_augen: "Augen Spieler", pf_decl_tricks: "Stiche Spieler", pf_def_augen: "Augen Gegenspieler", pf_def_tricks: "Stiche Gegenspieler",
  },
  en: {
    pf_title: "Penalty", pf_kind: "Kind of penalty", pf_optional: "may be empty",
    pf_is_deal: "The deal is scored with the fault.", pf_is_row: "A row of its own on the list; not a counted deal.",
    pf_wiezen_shuffle: "Shuffling (ART 1)", pf_wiezen_misdeal: "Second misdeal (ART 2)", pf_wiezen_misplay: "Misplay (ART 10)",
    pf_klaverjas_revoke: "Revoke, verzaakt (art. 14)", pf_klaverjas_redeal: "Redeal (SB-6)",
    pf_bridge_revoke: "Revoke", pf_bridge_inspection: "Looked at a quitted trick",
    pf_schafkopf_auflegen: "Wrong Auflegen (Nr. 4)", pf_schafkopf_verwerfen: "Verwerfen (Nr. 5)",
    pf_offender: "Who", pf_dealer: "Dealer", pf_contract: "Contract", pf_declarer: "Declarer", pf_partner: "Partner",
    pf_trick: "Trick", pf_before: "Declarers' tricks before that trick", pf_playing: "Playing pair", pf_by: "Revoked by",
    pf_roem_NS: "Roem NS", pf_roem_EW: "Roem EW", pf_board: "Board", pf_level: "Level", pf_strain: "Strain",
    pf_dbl: "Doubled", pf_tricks: "Declarer's tricks", pf_from_on: "Offenders' tricks from the revoke trick on",
    pf_choice: "Choice", pf_claimed_by: "Claimed by", pf_inspector: "Who looked", pf_type: "Game",
    pf_decl_augen: "Declarers' Augen", pf_decl_tricks: "Declarers' tricks", pf_def_augen: "Defenders' Augen", pf_def_tricks: "Defenders' tricks",
  },
});
