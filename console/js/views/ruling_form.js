// The director's ruling on a deal (on the replay, #/l/:lid/replay): the decisions the list's
// game accepts, each with the rule it rests on beside it, and as fields what each needs — the
// deal's facts to correct, points per seat, a penalty's seat and points, a bridge board's
// assigned contract or its artificial score per side (AVG+ / AVG / AVG−). Nothing is typed
// as JSON; the ruling is a new event on the list, never an edit.

import { h, replace } from "../../../pwa/js/dom.js";
import { t } from "../../../pwa/js/i18n.js";
import { errorBox, field } from "../ui.js";
import { ApiError } from "../api.js";
import { facts } from "./room_bits.js";
import { seatWord } from "./deal_words.js";
import {
  MARKS, SEATS, STRAINS, artificialRecord, assignedRecord, factFields, factsRecord, rulingChoices, rulingRequest,
} from "./ruling_words.js";

const options = (pairs, selected) => pairs.map(([value, label]) => h("option", { value, selected: String(value) === String(selected) }, label));
const STRAIN_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };

// A correction as one field a fact, filled from the deal's record.
function factsPart(get) {
  const box = h("fieldset", { class: "rl-facts" });
  let fields = [];
  const inputs = {};
  const fill = () => {
    fields = factFields(get());
    for (const key of Object.keys(inputs)) delete inputs[key];
    replace(box, h("legend", {}, t("rl_facts")), h("p", { class: "note" }, t("rl_facts_help")),
      fields.map(({ key, kind, value }) => {
        const input = kind === "json"
          ? h("textarea", { rows: "2", spellcheck: "false", class: "mono" })
          : h("input", { type: kind === "number" ? "number" : "text", step: kind === "number" ? "1" : null });
        input.value = value;
        inputs[key] = input;
        return field(`ruling-fact-${key}`, key, input);
      }));
  };
  return { box, fill, record: () => factsRecord(fields, Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value]))) };
}

// A bridge board's assigned result (Law 12C1): contract, declarer and tricks as fields.
function assignedPart(get) {
  const level = h("select", {}, options([["", t("rl_passed")], ...[1, 2, 3, 4, 5, 6, 7].map((n) => [n, String(n)])]));
  const strain = h("select", {}, options(STRAINS.map((s) => [s, STRAIN_SIGNS[s] || t("dw_no_trump")])));
  const dbl = h("select", {}, options([[0, t("rl_undoubled")], [1, "X"], [2, "XX"]]));
  const declarer = h("select", {}, options(SEATS.map((s) => [s, seatWord(s)])));
  const tricks = h("input", { type: "number", min: "0", max: "13", step: "1" });
  const box = h("div", { class: "row rl-assigned" },
    field("ruling-level", t("rl_level"), level), field("ruling-strain", t("rl_strain"), strain),
    field("ruling-dbl", t("rl_dbl"), dbl), field("ruling-declarer", t("rl_declarer"), declarer),
    field("ruling-tricks", t("rl_tricks"), tricks));
  const fill = () => {
    const f = get();
    const contract = f.contract || {};
    level.value = contract.level ? String(contract.level) : "";
    strain.value = contract.strain || "NT";
    dbl.value = String(contract.dbl || 0);
    declarer.value = f.declarer || "N";
    tricks.value = Number.isInteger(f.tricks) ? String(f.tricks) : "";
  };
  const record = () => assignedRecord(get(), {
    level: level.value, strain: strain.value, dbl: dbl.value, declarer: declarer.value, tricks: tricks.value,
  });
  return { box, fill, record };
}

// A bridge board's artificial adjusted score (§A4, B-D7): a mark for each side.
function artificialPart(get) {
  const mark = (initial) => h("select", {}, options(MARKS.map(([value, word]) => [value, t(word)]), initial));
  const ns = mark("AVG+");
  const ew = mark("AVG-");
  const box = h("div", { class: "row rl-artificial" },
    field("ruling-mark-ns", t("rl_ns"), ns), field("ruling-mark-ew", t("rl_ew"), ew));
  const fill = () => {
    const adjusted = get().adjusted;
    if (adjusted && typeof adjusted === "object") {
      ns.value = adjusted.ns;
      ew.value = adjusted.ew;
    }
  };
  return { box, fill, record: () => artificialRecord(get(), ns.value, ew.value) };
}

// `extra()` adds what the caller knows beside the form (the replay: the card it stands on).
export function rulingForm(ctx, sheet, deal, after, extra = () => ({})) {
  const slot = h("div", { id: "ruling-result" });
  const bridge = sheet.game === "bridge";
  const dealSelect = h("select", {}, sheet.rows.map((r) => h("option", {
    value: String(r.deal_no), selected: r.deal_no === deal,
  }, `${t("rm_deal")} ${r.deal_no}`)));
  const current = () => {
    const row = sheet.rows.find((r) => r.deal_no === Number(dealSelect.value));
    return row ? facts(row.record) : {};
  };
  const choices = rulingChoices(sheet.game);
  const decision = h("select", {}, choices.map((c) => h("option", { value: c.value }, c.label)));
  const rule = h("p", { id: "ruling-rule", class: "rl-rule note", "aria-live": "polite" });
  const reason = h("textarea", { rows: "2", maxlength: "500", required: true });
  const article = h("input", { maxlength: "500" });
  const adjust = Object.fromEntries(sheet.seats.map((s) => [s.seat, h("input", { type: "number", step: "1" })]));
  const penaltySeat = h("select", {}, sheet.seats.map((s) => h("option", { value: s.seat }, `${seatWord(s.seat)} ${s.name}`)));
  const penaltyPoints = h("input", { type: "number", min: "1", step: "1" });
  const records = bridge
    ? { assigned: assignedPart(current), artificial: artificialPart(current) }
    : { corrected: factsPart(current) };
  const parts = {
    ...Object.fromEntries(Object.entries(records).map(([name, part]) => [name, part.box])),
    adjusted: h("div", { class: "row" }, sheet.seats.map((s) => field(`ruling-adj-${s.seat}`,
      `${t("rm_adjust_for")} ${seatWord(s.seat)} ${s.name}`, adjust[s.seat]))),
    penalty: h("div", { class: "row" }, field("ruling-penalty-seat", t("rm_penalty_seat"), penaltySeat),
      field("ruling-penalty-points", t("rm_penalty_points"), penaltyPoints)),
  };
  const fill = () => Object.values(records).forEach((part) => part.fill());
  let suggested = "";
  const show = () => {
    const chosen = choices.find((c) => c.value === decision.value);
    for (const [name, part] of Object.entries(parts)) part.hidden = decision.value !== name;
    rule.replaceChildren(h("b", {}, `${t("rl_rule")}: `), chosen.rule);
    if (!article.value || article.value === suggested) article.value = chosen.article;
    suggested = chosen.article;
  };
  dealSelect.addEventListener("change", fill);
  decision.addEventListener("change", show);
  fill();
  show();
  return h("form", {
    id: "ruling", class: "card rm-form",
    onsubmit: async (event) => {
      event.preventDefault();
      slot.replaceChildren();
      let record = null;
      try {
        if (records[decision.value]) record = records[decision.value].record();
      } catch (err) {
        const name = err.field || "record";
        slot.replaceChildren(errorBox(new ApiError(422, { message: `${name}: ${err.message}`, fields: { [name]: err.message } })));
        return;
      }
      const body = rulingRequest({
        deal_no: dealSelect.value, decision: decision.value, reason: reason.value,
        article: article.value, record,
        adjust: Object.fromEntries(Object.entries(adjust).map(([seat, input]) => [seat, input.value])),
        penaltySeat: penaltySeat.value, penaltyPoints: penaltyPoints.value,
      });
      Object.assign(body, extra());
      try {
        await ctx.api.post(`lists/${sheet.list_id}/rulings`, body);
      } catch (err) {
        slot.replaceChildren(errorBox(err));
        return;
      }
      after(Number(dealSelect.value));
    },
  },
  h("h3", {}, t("rm_give_ruling")),
  h("p", { class: "note" }, t("rm_ruling_note")),
  field("ruling-deal", t("rm_deal"), dealSelect),
  h("div", { class: "rl-choice" }, field("ruling-decision", t("rl_choose"), decision), rule),
  Object.values(parts),
  field("ruling-reason", t("rm_reason"), reason),
  field("ruling-article", t("rm_article"), article),
  h("button", { type: "submit", id: "give-ruling", class: "primary" }, t("rm_give_ruling")), slot);
}
