// Create a competition: a name, a game's shipped rule set as it is or a copy with changed
// values (each option beside the rule set's default and its rule), the counting rule.

import { h, replace } from "../../../pwa/js/dom.js";
import { rulesTitle } from "./preset_words.js";
import { t } from "../../../pwa/js/i18n.js";
import { attempt, field } from "../ui.js";
import "./setup_words.js";

export async function newCompetitionView(ctx) {
  const presets = await ctx.api.get("rulesets");
  ctx.crumbs({ href: "#/", label: t("c_home") }, { label: t("s_new_competition") });
  const name = h("input", { required: true, maxlength: 200, autocomplete: "off" });
  const preset = h("select", {}, presets.map((rs) => h("option", { value: rs.ref }, `${rs.game} · ${rulesTitle(rs.ref, rs.title)}`)));
  const asIs = h("input", { type: "radio", name: "rules-kind", value: "preset", checked: true });
  const copy = h("input", { type: "radio", name: "rules-kind", value: "copy" });
  const copyId = h("input", { maxlength: 63, pattern: "[a-z0-9][a-z0-9\\-]{1,62}", autocomplete: "off" });
  const copyTitle = h("input", { maxlength: 200, autocomplete: "off" });
  const optionsSlot = h("div", { id: "options" });
  const countingSlot = h("fieldset", { class: "counting", id: "counting" });
  const slot = h("div");
  let inputs = {};
  let counting = {};

  const chosen = () => presets.find((rs) => rs.ref === preset.value);

  // Mark the option the server refused ("rules.options.<name>"), next to its rule.
  function markRefused(fields) {
    for (const path of Object.keys(fields)) {
      const name = path.startsWith("rules.options.") ? path.slice("rules.options.".length) : null;
      if (name && inputs[name]) {
        inputs[name].input.closest("tr").classList.add("refused");
        inputs[name].input.setAttribute("aria-invalid", "true");
      }
    }
  }

  function draw() {
    const rs = chosen();
    inputs = {};
    copyId.value = copyId.dataset.touched ? copyId.value : `${slug(name.value) || "club"}-${rs.id}`.slice(0, 63);
    copyTitle.placeholder = `${rs.title} (${t("s_copy").toLowerCase()})`;
    const editable = copy.checked;
    const rows = rs.options.map((opt) => {
      const input = optionInput(opt, editable);
      inputs[opt.name] = { input, option: opt };
      const tr = h("tr", { dataset: { option: opt.name } },
        h("th", { scope: "row", class: "mono" }, opt.name),
        h("td", { class: "default" }, shown(opt.default)),
        h("td", {}, input),
        h("td", { class: "doc" }, opt.doc));
      const mark = () => tr.classList.toggle("changed", editable && readValue(input, opt) !== opt.default);
      input.addEventListener("change", mark);
      input.addEventListener("input", () => {
        if (!tr.classList.contains("refused")) return;
        tr.classList.remove("refused");
        input.removeAttribute("aria-invalid");
        slot.replaceChildren();
      });
      return tr;
    });
    replace(optionsSlot,
      h("div", { class: "copy-names", hidden: !editable },
        field("copy-id", t("s_copy_id"), copyId), field("copy-title", t("s_copy_title"), copyTitle)),
      h("div", { class: "scroll" }, h("table", { class: "grid options" },
        h("thead", {}, h("tr", {}, h("th", {}, t("s_option")), h("th", {}, t("s_default")),
          h("th", {}, t("s_value")), h("th", {}, t("s_doc")))),
        h("tbody", {}, rows))));
    counting = {};
    replace(countingSlot, h("legend", {}, t("s_counting")),
      Object.entries(rs.counting).map(([key, value]) => {
        const input = countingInput(key, value);
        counting[key] = { input, value };
        return field(`counting-${key}`, t(`s_count_${key}`), input);
      }));
  }

  const form = h("form", {
    class: "card new-competition setup",
    onsubmit: async (event) => {
      event.preventDefault();
      const rs = chosen();
      const body = { name: name.value, rules: rs.ref, counting: {} };
      if (copy.checked) {
        const options = {};
        for (const [key, { input, option }] of Object.entries(inputs)) {
          const value = readValue(input, option);
          if (value !== option.default) options[key] = value;
        }
        body.rules = { id: copyId.value, base: rs.ref, options };
        if (copyTitle.value.trim()) body.rules.title = copyTitle.value.trim();
      }
      for (const [key, { input, value }] of Object.entries(counting)) {
        const read = typeof value === "number" ? Number(input.value) : input.value;
        if (read !== value) body.counting[key] = read;
      }
      for (const row of optionsSlot.querySelectorAll("tr.refused")) row.classList.remove("refused");
      const made = await attempt(slot, () => ctx.api.post("competitions", body).catch((err) => {
        markRefused(err.fields || {});
        throw err;
      }));
      if (made) ctx.go(`#/c/${made.id}/players`);
    },
  },
  h("h2", {}, t("s_new_competition")),
  field("competition-name", t("s_name"), name),
  field("preset", t("s_preset"), preset),
  h("fieldset", { class: "choice" }, h("legend", {}, t("s_rule_set")),
    h("label", { class: "radio" }, asIs, t("s_as_is")),
    h("label", { class: "radio" }, copy, t("s_copy"))),
  optionsSlot,
  countingSlot,
  slot,
  h("button", { type: "submit", class: "primary", id: "create" }, t("s_create")));
  preset.addEventListener("change", draw);
  asIs.addEventListener("change", draw);
  copy.addEventListener("change", draw);
  copyId.addEventListener("input", () => { copyId.dataset.touched = "1"; });
  name.addEventListener("input", () => { if (!copyId.dataset.touched) draw(); });
  asIs.id = "rules-preset";
  copy.id = "rules-copy";
  draw();
  return form;
}

// An option's input: a choice list, yes/no, a number or a text; read-only for the preset.
function optionInput(opt, editable) {
  const label = `${opt.name}`;
  let input;
  if (typeof opt.default === "boolean") {
    input = h("select", {}, h("option", { value: "true", selected: opt.value === true }, t("s_yes")),
      h("option", { value: "false", selected: opt.value === false }, t("s_no")));
  } else if (Array.isArray(opt.choices) && opt.choices.length) {
    input = h("select", {}, opt.choices.map((c) => h("option", { value: String(c), selected: c === opt.value }, String(c))));
  } else if (typeof opt.default === "number") {
    input = h("input", { type: "number", step: "any", value: String(opt.value) });
  } else {
    input = h("input", { value: String(opt.value ?? "") });
  }
  input.setAttribute("aria-label", label);
  input.name = opt.name;
  input.disabled = !editable;
  return input;
}

function readValue(input, opt) {
  if (typeof opt.default === "boolean") return input.value === "true";
  if (typeof opt.default === "number") return input.value === "" ? NaN : Number(input.value);
  if (Array.isArray(opt.choices) && opt.choices.length) {
    return opt.choices.find((c) => String(c) === input.value) ?? input.value;
  }
  return input.value;
}

// The counting settings that take one of a few words (bridge's movement and method).
const COUNTING_CHOICES = {
  movement: ["mitchell", "howell"],
  method: ["matchpoints", "butler", "cross_imps"],
};

function countingInput(key, value) {
  if (COUNTING_CHOICES[key]) {
    return h("select", {}, COUNTING_CHOICES[key].map((m) => h("option", { value: m, selected: m === value }, m)));
  }
  if (typeof value === "number") return h("input", { type: "number", min: 0, step: 1, value: String(value) });
  return h("input", { value: String(value) });
}

function shown(value) {
  if (value === true) return t("s_yes");
  if (value === false) return t("s_no");
  return value === null || value === undefined ? "—" : String(value);
}

function slug(text) {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 30);
}
