// Wire the app: storage, sync, the service worker and the views.

import { openDb } from "./db.js";
import { Syncer } from "./sync.js";
import { h, replace } from "./dom.js";
import { language, pickLanguage, setLanguage, t } from "./i18n.js";
import { holdsPen, listRows, nextDealNo, preview, seatOrder } from "./state.js";
import { joinView } from "./views/join.js";
import { seatsView } from "./views/seats.js";
import { sheetView } from "./views/sheet.js";
import { explainView } from "./views/explain.js";
import { entryView } from "./views/entry.js";
import { statusView } from "./views/status.js";

const main = document.getElementById("main");
const statusEl = document.getElementById("status");
const ui = { online: navigator.onLine, syncing: false, lastSync: null, joinError: null, busy: false, explain: null, tab: "entry" };
let store;
let syncer;
let clientId;

function codeFromPath() {
  const match = location.pathname.match(/^\/t\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

async function currentList() {
  const id = await store.getMeta("current_list");
  return id ? store.list(id) : null;
}

async function renderStatus() {
  const [pending, conflicts] = [await store.pending(), await store.conflicts()];
  replace(statusEl, statusView({
    online: ui.online, syncing: ui.syncing, pending: pending.length, lastSync: ui.lastSync, conflicts,
    onDismiss: async (id) => { await store.dismissConflict(id); render(); },
  }));
}

// `soft`: keep the entry form (and what is typed in it) when nothing it depends on changed.
async function render({ soft = false } = {}) {
  await renderStatus();
  const list = await currentList();
  if (!list) {
    replace(main, joinView({ code: codeFromPath(), error: ui.joinError, busy: ui.busy, onJoin: join }));
    return;
  }
  const pending = await store.pending();
  const writer = holdsPen(list, clientId);
  const { rows, totals } = listRows(list, pending);
  const tabs = h("nav", { class: "tabs" },
    ["entry", "sheet"].map((tab) => h("button", {
      type: "button", class: ui.tab === tab ? "tab on" : "tab", id: `tab-${tab}`,
      "aria-pressed": ui.tab === tab ? "true" : "false", onclick: () => { ui.tab = tab; render(); },
    }, t(tab))));
  const dealNo = nextDealNo(list, pending);
  const key = [list.list_id, writer, ui.tab, Boolean(ui.explain), dealNo, language()].join("|");
  if (soft && key === ui.mainKey && writer && ui.tab === "entry" && !ui.explain) return;
  ui.mainKey = key;
  let body;
  if (ui.explain) body = explainView({ row: ui.explain, onClose: () => { ui.explain = null; render(); } });
  else if (ui.tab === "entry" && writer) {
    body = entryView({ list, dealNo, preview: (facts) => preview(list, dealNo, facts), onRecord: (facts) => record(list, dealNo, facts) });
  } else body = sheetView({ seats: seatOrder(list), rows, totals, onRow: (row) => { ui.explain = row; render(); } });
  replace(main, seatsView({ list, writer }), writer ? tabs : null, body,
    h("button", { type: "button", class: "link", id: "leave", onclick: leave }, t("leave")));
}

async function join(code) {
  if (!navigator.onLine) {
    ui.joinError = t("offline_join");
    return render();
  }
  ui.busy = true;
  ui.joinError = null;
  render();
  try {
    const response = await fetch("/api/join", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code, client_id: clientId }),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(body.message || t("join_failed"));
    await store.saveList(body);
    await store.setMeta("current_list", body.list_id);
    if (!body.pen) await store.enqueue("join", body.list_id, {});
    if (location.pathname !== "/") history.replaceState(null, "", "/");
    await syncer.request();
  } catch (err) {
    ui.joinError = `${t("join_failed")}: ${err.message}`;
  } finally {
    ui.busy = false;
    render();
  }
}

async function record(list, dealNo, facts) {
  await store.enqueue("record_deal", list.list_id, { deal_no: dealNo, record: facts });
  await render();
  syncer.request();
}

async function leave() {
  await store.setMeta("current_list", null);
  render();
}

function setupLanguage() {
  const select = document.getElementById("lang");
  const lang = setLanguage(pickLanguage(localStorage.getItem("troef-lang"), navigator.languages || []));
  select.value = lang;
  document.documentElement.lang = lang;
  select.addEventListener("change", () => {
    localStorage.setItem("troef-lang", setLanguage(select.value));
    document.documentElement.lang = language();
    render();
  });
}

let updateAsked = false;

function setupServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").then((reg) => {
    const offer = (worker) => {
      const banner = document.getElementById("update");
      replace(banner, h("span", {}, t("update")), h("button", { type: "button", onclick: () => { updateAsked = true; worker.postMessage({ action: "skipWaiting" }); } }, t("reload")));
      banner.hidden = false;
    };
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || !updateAsked) return;
    reloading = true;
    location.reload();
  });
}

async function start() {
  setupLanguage();
  store = await openDb();
  clientId = await store.clientId();
  ui.lastSync = await store.getMeta("last_sync");
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  syncer = new Syncer({
    store, fetch: (...args) => fetch(...args),
    onDone: (report) => {
      if (report.ok) {
        ui.lastSync = report.at;
        store.setMeta("last_sync", report.at);
      }
      render({ soft: true });
    },
  });
  window.addEventListener("online", () => { ui.online = true; syncer.request(); render(); });
  window.addEventListener("offline", () => { ui.online = false; render(); });
  setupServiceWorker();
  await render();
  syncer.start();
}

start();
