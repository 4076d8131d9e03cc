// Pieces the room, the list and the replay share: times, who did it, a list's status, the
// table of refused mutations, and the body of a ruling. Only the table needs a DOM.

import { h } from "../../../pwa/js/dom.js";
import { formatTime } from "../../../pwa/js/format.js";
import { refusalText, serverWords } from "../../../pwa/js/views/rule_words.js";
import { language, t } from "../../../pwa/js/i18n.js";
import { table } from "../ui.js";
import "./room_words.js";

// "21:04:05" in the reader's language; "never" without a time.
export function clock(iso) {
  if (!iso) return t("rm_never");
  return formatTime(iso, language(), { seconds: true });
}

// "3 min ago" style, from seconds; used beside a last sync so a silent table stands out.
export function ago(iso, now = Date.now()) {
  if (!iso) return "";
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  if (seconds < 60) return format.format(-seconds, "second");
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), "minute");
  return format.format(-Math.floor(seconds / 3600), "hour");
}

// Who did it: the director by name, or a table's device with its mutation number.
export function actorText(actor) {
  if (!actor) return "";
  if (actor.role === "director") return `${t("rm_director")} ${actor.name || ""}`.trim();
  if (actor.role === "system") return t("rm_system");
  const device = actor.client_id ? ` · ${t("rm_device").toLowerCase()} ${actor.client_id}` : "";
  const mutation = actor.mutation_id ? ` · ${t("rm_mutation")} ${actor.mutation_id}` : "";
  return `${t("rm_table_device")}${device}${mutation}`;
}

// A list's state in one word: submitted, cancelled, closed early or open.
export function statusWord(status, closedShort) {
  if (status === "submitted") return t("rm_submitted");
  if (status === "cancelled") return t("rm_cancelled");
  return closedShort ? t("rm_closed_short") : t("rm_open");
}

// An event's name in words ("Deal recorded"); an unknown one as it is.
export function eventWord(name) {
  const word = t(`rm_ev_${name}`);
  return word === `rm_ev_${name}` ? name : word;
}

// A phone's command in words ("record a deal"); an unknown one as it is.
export function commandWord(name) {
  const word = t(`rm_cmd_${name}`);
  return word === `rm_cmd_${name}` ? name : word;
}

// A ruling's decision in words.
const DECISION_WORDS = { upheld: "rm_upheld", corrected: "rm_corrected", voided: "rm_voided", adjusted: "rm_adjusted_word" };
export function decisionWord(decision) {
  return DECISION_WORDS[decision] ? t(DECISION_WORDS[decision]) : String(decision);
}

// The record's own facts, without what the list fills in (the envelope).
const ENVELOPE = ["format", "game", "rules", "deal", "table", "evening", "seats", "ns", "ew"];
export function facts(record) {
  return Object.fromEntries(Object.entries(record || {}).filter(([key]) => !ENVELOPE.includes(key)));
}

// The POST body of a ruling from the form's values; a penalty is points taken off one seat
// (sent as an adjustment), an adjustment gives each seat its own number.
export function rulingBody({ deal_no, decision, reason, article, record, adjust, penaltySeat, penaltyPoints }) {
  const body = { deal_no: Number(deal_no), decision, reason, article: article || "" };
  if (decision === "corrected") body.record = record;
  if (decision === "adjusted") {
    body.adjustment = Object.fromEntries(Object.entries(adjust || {})
      .filter(([, value]) => value !== "" && value !== null && value !== undefined)
      .map(([seat, value]) => [seat, Number(value)]));
  }
  if (decision === "penalty") {
    body.decision = "adjusted";
    body.adjustment = { [penaltySeat]: -Math.abs(Number(penaltyPoints)) };
  }
  return body;
}

// The refused and conflicting mutations, newest first, with the table they came from.
export function mutationsTable(mutations, tableOf = () => "", attrs = {}) {
  if (!mutations.length) return h("p", { class: "note" }, t("rm_no_mutations"));
  const rows = [...mutations].reverse().map((m) => {
    const error = m.error || {};
    const fields = Object.entries(error.fields || {});
    // The API's English (its contract) as it is in English; else each field's rule where its
    // words are known, and the server's message one tap away.
    const english = language() === "en";
    const said = (rule) => (english ? rule : refusalText(rule));
    const reason = h("div", {}, fields.length
      ? h("ul", { class: "rm-reasons" }, fields.map(([name, rule]) => {
        const text = (Array.isArray(rule) ? rule : [rule]).map(said).filter(Boolean).join("; ");
        return h("li", { dataset: { field: name } }, h("code", {}, name), text ? `: ${text}` : "");
      }))
      : (english ? error.message || "" : null),
    english ? null : serverWords(error.message));
    return [
      clock(m.timestamp),
      tableOf(m.list_id),
      { value: m.client_id, class: "mono" },
      String(m.mutation_id),
      { value: commandWord(m.name), title: m.name },
      { value: m.outcome === "conflict" ? t("rm_conflict") : t("rm_refusal"), class: "bad" },
      reason,
    ];
  });
  return h("div", { class: "scroll" }, table(
    [t("rm_time"), t("rm_table"), t("rm_device"), "#", t("rm_command"), t("rm_outcome"), t("rm_reason")],
    rows, { class: "grid rm-mutations", ...attrs }));
}

// The mutations the server kept (of one list, or of every list), read on from where the last
// read stopped: each call asks only for what is new (500 a page) and returns them all.
export function mutationFeed(api, status = "refused", list = null) {
  const seen = [];
  let since = 0;
  const only = list ? `&list=${encodeURIComponent(list)}` : "";
  return async () => {
    for (;;) {
      const answer = await api.get(`mutations?status=${status}&limit=500&since=${since}${only}`);
      seen.push(...answer.mutations);
      since = answer.cursor;
      if (!answer.more) return seen;
    }
  };
}
