// The sync status bar: online or not, pending entries, last sync, refused entries.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function statusView({ online, syncing, pending, lastSync, conflicts, onDismiss }) {
  const when = lastSync ? new Date(lastSync).toLocaleTimeString() : t("never");
  const bar = h("div", { class: online ? "bar on" : "bar off" },
    h("span", { id: "net" }, online ? (syncing ? t("syncing") : t("online")) : t("offline")),
    h("span", { id: "pending", dataset: { count: pending } }, `${t("pending")}: ${pending}`),
    h("span", { id: "last-sync" }, `${t("last_sync")}: ${when}`));
  if (!conflicts.length) return bar;
  return h("div", {}, bar, h("div", { class: "conflicts", role: "alert" },
    h("b", {}, `${t("conflicts")}: ${conflicts.length}`),
    h("p", {}, t("conflict_help")),
    conflicts.map((c) => h("div", { class: "conflict" },
      h("span", {}, `${t("deal")} ${(c.args && c.args.deal_no) || "?"}: ${(c.error && c.error.message) || c.status}`),
      h("button", { type: "button", onclick: () => onDismiss(c.id) }, t("dismiss"))))));
}
