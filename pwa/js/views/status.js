// The sync status bar, always visible: online or not, pending entries, last sync, and each
// refused entry with what to do about it.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";

const ADVICE = { pen_elsewhere: "sy_pen_elsewhere", list_submitted: "sy_list_submitted", deal_taken: "sy_deal_taken" };

// What to do about a refused entry, by the kind of refusal the server gave.
export function advice(conflict) {
  const kind = conflict && conflict.error && conflict.error.error;
  return t(ADVICE[kind] || "conflict_help");
}

// What a refused entry was: its deal, or taking the pen, or the submission.
export function entryLabel(conflict) {
  const dealNo = conflict.args && conflict.args.deal_no;
  if (dealNo) return `${t("deal")} ${dealNo}`;
  return t({ join: "sy_join", submit_list: "sy_submit" }[conflict.name] || "sy_other");
}

export function statusView({ online, syncing, pending, lastSync, conflicts, onDismiss, onSync }) {
  const when = lastSync ? new Date(lastSync).toLocaleTimeString() : t("never");
  const bar = h("div", { class: online ? "bar on" : "bar off" },
    h("span", { id: "net" }, online ? (syncing ? t("syncing") : t("online")) : t("offline")),
    h("span", { id: "pending", dataset: { count: pending } }, `${t("pending")}: ${pending}`),
    h("span", { id: "last-sync" }, `${t("last_sync")}: ${when}`),
    onSync ? h("button", { type: "button", class: "sync-now", id: "sync-now", disabled: !online || syncing, onclick: onSync }, t("sy_now")) : null);
  if (!conflicts.length) return bar;
  return h("div", {}, bar, h("div", { class: "conflicts", role: "alert" },
    h("b", {}, `${t("conflicts")}: ${conflicts.length}`),
    conflicts.map((c) => h("div", { class: "conflict", dataset: { kind: (c.error && c.error.error) || c.status } },
      h("div", {},
        h("span", {}, `${entryLabel(c)}: ${(c.error && c.error.message) || c.status}`),
        h("p", {}, advice(c))),
      h("button", { type: "button", onclick: () => onDismiss(c.id) }, t("dismiss"))))));
}

extend({
  nl: { sy_now: "Nu synchroniseren", sy_pen_elsewhere: "Een ander toestel heeft de pen. Vraag de wedstrijdleider de pen te verplaatsen en schrijf het dan opnieuw op.",
    sy_list_submitted: "De lijst is ingeleverd; er kan niets meer bij. Meld een fout bij de wedstrijdleider.",
    sy_deal_taken: "Dat spelnummer staat al op de lijst (van een ander toestel). Kijk de lijst na.",
    sy_join: "Pen nemen", sy_submit: "Inleveren", sy_other: "Wijziging" },
  de: { sy_now: "Jetzt abgleichen", sy_pen_elsewhere: "Ein anderes Gerät hat den Stift. Bitten Sie die Turnierleitung, ihn zu verlegen, und tragen Sie es dann neu ein.",
    sy_list_submitted: "Die Liste ist abgegeben; nichts kommt mehr dazu. Melden Sie einen Fehler der Turnierleitung.",
    sy_deal_taken: "Diese Spielnummer steht schon auf der Liste (von einem anderen Gerät). Prüfen Sie die Liste.",
    sy_join: "Stift nehmen", sy_submit: "Abgabe", sy_other: "Änderung" },
  en: { sy_now: "Sync now", sy_pen_elsewhere: "Another device holds the pen. Ask the director to move it, then record this again.",
    sy_list_submitted: "The list is submitted; nothing more can be added. Tell the director about a mistake.",
    sy_deal_taken: "That deal number is already on the list (from another device). Check the list.",
    sy_join: "Taking the pen", sy_submit: "Submission", sy_other: "Change" },
});
