// The sync status bar, always visible: online or not, pending entries, last sync, the next
// try when the server could not be reached, what to do when it refuses this phone's requests,
// and each refused entry with what to do about it.

import { h } from "../dom.js";
import { formatTime } from "../format.js";
import { extend, language, say, t } from "../i18n.js";
import { refusalText, serverWords } from "./rule_words.js";

const ADVICE = { pen_elsewhere: "sy_pen_elsewhere", list_submitted: "sy_list_submitted", deal_taken: "sy_deal_taken" };

// What to do about a refused entry, by the kind of refusal the server gave.
export function advice(conflict) {
  const kind = conflict && conflict.error && conflict.error.error;
  return t(ADVICE[kind] || "conflict_help");
}

// Why the server refused an entry, in the reader's language: the rule of each field named when
// the words for it are known, else the kind of refusal (the API's stable code). In English the
// server's own message says it best.
const KINDS = { invalid: "sy_k_invalid", not_found: "sy_k_not_found", forbidden: "sy_k_forbidden",
  conflict: "sy_k_conflict", concurrent_change: "sy_k_conflict", mutation_gap: "sy_k_conflict",
  pen_elsewhere: "sy_k_pen_elsewhere", list_submitted: "sy_k_list_submitted", deal_taken: "sy_k_deal_taken" };
export function reason(conflict) {
  const error = (conflict && conflict.error) || {};
  if (language() === "en") return error.message || conflict.status;
  const known = Object.values(error.fields || {}).map(refusalText).filter(Boolean);
  return known.length ? known.join("; ") : t(KINDS[error.error] || "sy_k_refused");
}

// What a refused entry was: its deal, or taking the pen, or the submission.
export function entryLabel(conflict) {
  const dealNo = conflict.args && conflict.args.deal_no;
  if (dealNo) return `${t("deal")} ${dealNo}`;
  return t({ join: "sy_join", submit_list: "sy_submit" }[conflict.name] || "sy_other");
}

// Why the outbox stays on the phone until the user acts: the server refuses the requests
// themselves (`blocked`: {kind: "rejoin" | "refused", message}), so sending again cannot help.
export function blockedView({ blocked, onRejoin, onSync }) {
  const rejoin = blocked.kind === "rejoin";
  return h("div", { class: "blocked", id: "blocked", role: "alert", dataset: { kind: blocked.kind } },
    h("p", {}, rejoin ? t("sy_rejoin") : t("sy_refused")),
    serverWords(blocked.message, { class: "note server-words" }),
    rejoin
      ? h("button", { type: "button", id: "rejoin", onclick: onRejoin }, t("sy_rejoin_button"))
      : h("button", { type: "button", id: "try-again", onclick: onSync }, t("sy_try_again")));
}

export function statusView({ online, syncing, pending, lastSync, conflicts, onDismiss, onSync, retryAt = null, blocked = null, onRejoin, offlineReady = false }) {
  const when = lastSync ? formatTime(lastSync, undefined, { seconds: true }) : t("never");
  const retry = retryAt && !syncing && !blocked && pending
    ? h("span", { id: "retry" }, say("sy_retry", { time: formatTime(retryAt, undefined, { seconds: true }) })) : null;
  const bar = h("div", { class: online ? "bar on" : "bar off" },
    h("span", { id: "net" }, online ? (syncing ? t("syncing") : t("online")) : t("offline")),
    h("span", { id: "pending", dataset: { count: pending } }, `${t("pending")}: ${pending}`),
    h("span", { id: "last-sync" }, `${t("last_sync")}: ${when}`), retry,
    // the list's game's part is kept on the phone: it may go offline now and start again
    offlineReady ? h("span", { id: "offline-ready", title: t("sy_offline_ready_long") }, t("sy_offline_ready")) : null,
    onSync ? h("button", { type: "button", class: "sync-now", id: "sync-now", disabled: !online || syncing, onclick: onSync }, t("sy_now")) : null);
  const stop = blocked ? blockedView({ blocked, onRejoin, onSync }) : null;
  if (!conflicts.length) return stop ? h("div", {}, bar, stop) : bar;
  return h("div", {}, bar, stop, h("div", { class: "conflicts", role: "alert" },
    h("b", {}, `${t("conflicts")}: ${conflicts.length}`),
    conflicts.map((c) => h("div", { class: "conflict", dataset: { kind: (c.error && c.error.error) || c.status } },
      h("div", {},
        h("span", {}, `${entryLabel(c)}: ${reason(c)}`),
        h("p", {}, advice(c)),
        language() === "en" ? null : serverWords(c.error && c.error.message)),
      h("button", { type: "button", onclick: () => onDismiss(c.id, c.list) }, t("dismiss"))))));
}

extend({
  nl: { sy_offline_ready: "✓ klaar voor offline", sy_offline_ready_long: "Deze telefoon kan nu zonder netwerk verder, ook na een herstart van de app.", sy_now: "Nu synchroniseren", sy_pen_elsewhere: "Een ander toestel heeft de pen. Vraag de wedstrijdleider de pen te verplaatsen en schrijf het dan opnieuw op.",
    sy_list_submitted: "De lijst is ingeleverd; er kan niets meer bij. Meld een fout bij de wedstrijdleider.",
    sy_deal_taken: "Dat spelnummer staat al op de lijst (van een ander toestel). Kijk de lijst na.",
    sy_join: "Pen nemen", sy_submit: "Inleveren", sy_other: "Wijziging",
    sy_retry: "Volgende poging om {time}",
    sy_rejoin: "Deze telefoon moet opnieuw aan tafel meedoen: tik op ‘Opnieuw meedoen’ en typ de code van de tafelkaart. Wat u opschreef blijft bewaard en wordt daarna verzonden.",
    sy_rejoin_button: "Opnieuw meedoen",
    sy_refused: "De server weigert wat deze telefoon stuurt. Wat u opschreef blijft op deze telefoon; meld het de wedstrijdleider.",
    sy_k_invalid: "de server keurt de invoer af", sy_k_not_found: "de server kent dit niet (meer)",
    sy_k_forbidden: "dit toestel mag dat niet", sy_k_conflict: "dit botst met wat er al op de lijst staat",
    sy_k_pen_elsewhere: "een ander toestel heeft de pen", sy_k_list_submitted: "de lijst is al ingeleverd",
    sy_k_deal_taken: "dat spelnummer staat al op de lijst", sy_k_refused: "de server weigerde dit",
    sy_try_again: "Opnieuw proberen" },
  de: { sy_offline_ready: "✓ offline bereit", sy_offline_ready_long: "Dieses Telefon kann jetzt ohne Netz weitermachen, auch nach einem Neustart der App.", sy_now: "Jetzt abgleichen", sy_pen_elsewhere: "Ein anderes Gerät hat den Stift. Bitten Sie die Turnierleitung, ihn zu verlegen, und tragen Sie es dann neu ein.",
    sy_list_submitted: "Die Liste ist abgegeben; nichts kommt mehr dazu. Melden Sie einen Fehler der Turnierleitung.",
    sy_deal_taken: "Diese Spielnummer steht schon auf der Liste (von einem anderen Gerät). Prüfen Sie die Liste.",
    sy_join: "Stift nehmen", sy_submit: "Abgabe", sy_other: "Änderung",
    sy_retry: "Nächster Versuch um {time}",
    sy_rejoin: "Dieses Telefon muss dem Tisch neu beitreten: Tippen Sie auf „Neu beitreten“ und geben Sie den Code der Tischkarte ein. Was Sie eingetragen haben, bleibt gespeichert und wird danach gesendet.",
    sy_rejoin_button: "Neu beitreten",
    sy_refused: "Der Server lehnt ab, was dieses Telefon sendet. Ihre Einträge bleiben auf diesem Telefon; melden Sie es der Turnierleitung.",
    sy_k_invalid: "der Server weist die Eingabe zurück", sy_k_not_found: "der Server kennt das nicht (mehr)",
    sy_k_forbidden: "dieses Gerät darf das nicht", sy_k_conflict: "das widerspricht dem, was schon auf der Liste steht",
    sy_k_pen_elsewhere: "ein anderes Gerät hat den Stift", sy_k_list_submitted: "die Liste ist schon abgegeben",
    sy_k_deal_taken: "diese Spielnummer steht schon auf der Liste", sy_k_refused: "der Server hat das abgelehnt",
    sy_try_again: "Erneut versuchen" },
  en: { sy_offline_ready: "✓ ready offline", sy_offline_ready_long: "This phone can now go on without a network, even after the app is restarted.", sy_now: "Sync now", sy_pen_elsewhere: "Another device holds the pen. Ask the director to move it, then record this again.",
    sy_list_submitted: "The list is submitted; nothing more can be added. Tell the director about a mistake.",
    sy_deal_taken: "That deal number is already on the list (from another device). Check the list.",
    sy_join: "Taking the pen", sy_submit: "Submission", sy_other: "Change",
    sy_retry: "Next try at {time}",
    sy_rejoin: "This phone must join the table again: tap “Join again” and type the code on the table card. What you recorded is kept and is sent afterwards.",
    sy_rejoin_button: "Join again",
    sy_refused: "The server refuses what this phone sends. Your entries stay on this phone; tell the director.",
    sy_k_invalid: "the server refuses the input", sy_k_not_found: "the server does not know this (any more)",
    sy_k_forbidden: "this device may not do that", sy_k_conflict: "this clashes with what is already on the list",
    sy_k_pen_elsewhere: "another device holds the pen", sy_k_list_submitted: "the list is already submitted",
    sy_k_deal_taken: "that deal number is already on the list", sy_k_refused: "the server refused this",
    sy_try_again: "Try again" },
});
