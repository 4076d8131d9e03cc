// What a table can do with a row from its explanation: void it (the pen holder, before the
// list is submitted; the row stays on the list, struck through) or raise a dispute for the
// director (any device at the table). Both need a reason, which the director reads.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";

const MAX_REASON = 500;

// {error} when the reason cannot be sent, else {reason} trimmed.
export function checkReason(text) {
  const reason = String(text || "").trim();
  if (!reason) return { error: t("ra_reason_needed") };
  if (reason.length > MAX_REASON) return { error: t("ra_reason_long") };
  return { reason };
}

function reasonForm({ id, title, help, button, onSend }) {
  const input = h("textarea", { id: `${id}-reason`, rows: 2, maxlength: MAX_REASON, "aria-describedby": `${id}-help` });
  const error = h("p", { class: "error", id: `${id}-error`, role: "alert", hidden: true });
  return h("form", { class: "ra-form", id, onsubmit: (e) => {
    e.preventDefault();
    const checked = checkReason(input.value);
    if (checked.error) {
      error.textContent = checked.error;
      error.hidden = false;
      input.setAttribute("aria-invalid", "true");
      return;
    }
    onSend(checked.reason);
  } },
  h("h3", {}, title),
  h("p", { class: "note", id: `${id}-help` }, help),
  h("label", { for: `${id}-reason` }, t("ra_reason")), input, error,
  h("button", { type: "submit", id: `${id}-send` }, button));
}

// The actions under a row's explanation; `null` when nothing may be done (a submitted list).
export function rowActions({ row, writer, open, onVoid, onDispute }) {
  if (!open) return null;
  const parts = [];
  if (row.voided) parts.push(h("p", { class: "ra-state", id: "ra-voided" }, `${t("ra_voided")}: ${row.voided}`));
  else if (writer) {
    parts.push(reasonForm({ id: "void", title: t("ra_void"), help: t("ra_void_help"), button: t("ra_void"),
      onSend: (reason) => onVoid(row.deal_no, reason) }));
  }
  if (row.disputed) parts.push(h("p", { class: "ra-state", id: "ra-disputed" }, `${t("ra_disputed")}: ${row.disputed}`));
  else {
    parts.push(reasonForm({ id: "dispute", title: t("ra_dispute"), help: t("ra_dispute_help"), button: t("ra_dispute"),
      onSend: (reason) => onDispute(row.deal_no, reason) }));
  }
  return h("div", { class: "row-actions" }, parts);
}

extend({
  nl: {
    ra_reason: "Reden", ra_reason_needed: "Geef een reden op.", ra_reason_long: "De reden is te lang (hoogstens 500 tekens).",
    ra_void: "Spel schrappen", ra_void_help: "Het spel blijft doorgestreept op de lijst en telt niet meer. Daarna schrijft u het opnieuw op.",
    ra_voided: "Geschrapt", ra_dispute: "Geschil melden", ra_dispute_help: "De wedstrijdleider beslist; inleveren kan pas daarna.",
    ra_disputed: "Geschil gemeld",
  },
  de: {
    ra_reason: "Grund", ra_reason_needed: "Bitte einen Grund angeben.", ra_reason_long: "Der Grund ist zu lang (höchstens 500 Zeichen).",
    ra_void: "Spiel streichen", ra_void_help: "Das Spiel bleibt durchgestrichen auf der Liste und zählt nicht mehr. Danach tragen Sie es neu ein.",
    ra_voided: "Gestrichen", ra_dispute: "Einspruch melden", ra_dispute_help: "Die Turnierleitung entscheidet; abgeben geht erst danach.",
    ra_disputed: "Einspruch gemeldet",
  },
  en: {
    ra_reason: "Reason", ra_reason_needed: "Give a reason.", ra_reason_long: "The reason is too long (at most 500 characters).",
    ra_void: "Void this deal", ra_void_help: "The deal stays on the list, struck through, and no longer counts. Then record it again.",
    ra_voided: "Voided", ra_dispute: "Raise a dispute", ra_dispute_help: "The director rules on it; the list can be submitted only after that.",
    ra_disputed: "Dispute raised",
  },
});
