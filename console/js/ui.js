// Small pieces every console screen uses: the competition's tabs, an error box that names the
// field and the rule, a plain table, a labelled field.

import { h } from "../../pwa/js/dom.js";
import { language, t } from "../../pwa/js/i18n.js";
import { refusalText, serverWords } from "../../pwa/js/views/rule_words.js";

export function competitionTabs(cid, active) {
  const tabs = [
    ["overview", `#/c/${cid}`, "c_overview"],
    ["players", `#/c/${cid}/players`, "c_players"],
    ["standings", `#/c/${cid}/standings`, "c_standings"],
    ["audit", `#/c/${cid}/audit`, "c_audit"],
    ["exports", `#/c/${cid}/exports`, "c_exports"],
  ];
  return h("nav", { class: "tabs", "aria-label": t("c_overview") },
    tabs.map(([key, href, word]) => h("a", {
      href, class: key === active ? "tab on" : "tab", "aria-current": key === active ? "page" : null,
    }, t(word))));
}

const REFUSED = { 400: "input", 422: "input", 409: "conflict", 412: "conflict", 428: "conflict",
  403: "forbidden", 404: "missing", 401: "login", 429: "busy" };

// What kind of refusal an error is, in the director's language: the server's message that
// follows names the field and the rule in the server's own words.
export function refusalHeading(err) {
  if (err && err.name === "ApiError") {
    const kind = REFUSED[err.status];
    return t(kind ? `c_refused_${kind}` : "c_error");
  }
  if (err instanceof TypeError) return t("c_refused_offline"); // fetch failed: no answer at all
  return t("c_error");
}

// An ApiError (or any error) as a message; with the fields the server named. The API speaks
// English (see serverWords): in Dutch and German the heading says what kind of refusal it is,
// each field's rule is put in the director's language where its words are known, and the
// server's own message stays one tap away.
export function errorBox(err) {
  if (!err) return null;
  const fields = Object.entries(err.fields || {});
  const english = language() === "en";
  const message = err.message || String(err);
  const rule = (r) => (Array.isArray(r) ? r.join("; ") : String(r));
  return h("div", { class: "error-box", role: "alert" },
    h("p", {}, h("b", { class: "refusal" }, refusalHeading(err)), english ? ` ${message}` : null),
    fields.length ? h("ul", {}, fields.map(([field, r]) => h("li", { dataset: { field } },
      h("code", {}, field), english ? `: ${rule(r)}` : refusalWordsOf(r)))) : null,
    english ? null : serverWords([message, ...fields.map(([field, r]) => `${field}: ${rule(r)}`)].join("; ")));
}

// ": <the rule in the director's language>", or nothing when its words are not known.
function refusalWordsOf(rule) {
  const said = (Array.isArray(rule) ? rule : [rule]).map((r) => refusalText(r)).filter(Boolean);
  return said.length ? `: ${said.join("; ")}` : null;
}

// headers: [text…]; rows: [[cell…]…] where a cell is text, a Node, or {value, class}.
export function table(headers, rows, attrs = {}) {
  const cell = (tag, c) => (c && typeof c === "object" && !(c instanceof Node) && "value" in c
    ? h(tag, { class: c.class || null, title: c.title || null }, c.value)
    : h(tag, {}, c));
  return h("table", { class: "grid", ...attrs },
    h("thead", {}, h("tr", {}, headers.map((x) => cell("th", x)))),
    h("tbody", {}, rows.map((row) => h("tr", {}, row.map((c) => cell("td", c))))));
}

export function field(id, label, input) {
  input.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, label), input);
}

// Run an async action from a button or form, showing its error next to it.
export async function attempt(slot, action) {
  slot.replaceChildren();
  try {
    return await action();
  } catch (err) {
    slot.replaceChildren(errorBox(err));
    return undefined;
  }
}
