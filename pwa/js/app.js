// Wire the app: storage, sync, the service worker and the views.

import { openDb } from "./db.js";
import { Syncer } from "./sync.js";
import { h, replace } from "./dom.js";
import { bindLanguageSwitch, language, t } from "./i18n.js";
import { holdsPen, isSubmitted, listRows, nextDealNo, preview, seatOrder, submitBlocks } from "./state.js";
import { joinView } from "./views/join.js";
import { seatsView } from "./views/seats.js";
import { sheetView } from "./views/sheet.js";
import { explainView } from "./views/explain.js";
import { entryView } from "./views/entry.js";
import { statusView } from "./views/status.js";
import { penaltyForm } from "./views/penalty_form.js";
import { submitView, submittedView } from "./views/submit.js";

const main = document.getElementById("main");
const statusEl = document.getElementById("status");
const ui = {
  online: navigator.onLine, syncing: false, lastSync: null, joinError: null, busy: false, explain: null, tab: "entry",
  penAsked: false, penRefused: false,
};
const TABS = [["entry", "entry"], ["sheet", "sheet"], ["penalty", "pf_title"], ["submit", "sub_tab"]];
// Tabs whose form keeps what is typed in it across a background sync.
const FORM_TABS = new Set(["entry", "penalty", "submit"]);
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
    onSync: () => sync(),
  }));
}

// Renders run one after another, each reading the store when it starts, so a slow one that
// began before a change can never paint over a newer one.
let rendering = Promise.resolve();
function render(options) {
  rendering = rendering.then(() => draw(options)).catch((err) => console.error(err));
  return rendering;
}

// `soft`: keep the form (and what is typed in it) when nothing it depends on changed.
async function draw({ soft = false } = {}) {
  await renderStatus();
  const list = await currentList();
  if (!list) {
    replace(main, joinView({ code: codeFromPath(), error: ui.joinError, busy: ui.busy, onJoin: join }));
    return;
  }
  const pending = await store.pending();
  const submitted = isSubmitted(list, pending);
  const writer = holdsPen(list, clientId) && !submitted;
  if (writer) ui.penAsked = ui.penRefused = false;
  const { rows, totals } = listRows(list, pending);
  // Without the pen only the list shows; the chosen tab comes back with the pen.
  const shown = writer ? ui.tab : "sheet";
  const tabs = h("nav", { class: "tabs" },
    TABS.map(([tab, word]) => h("button", {
      type: "button", class: ui.tab === tab ? "tab on" : "tab", id: `tab-${tab}`,
      "aria-pressed": ui.tab === tab ? "true" : "false", onclick: () => openTab(tab),
    }, t(word))));
  const dealNo = nextDealNo(list, pending);
  const key = [list.list_id, writer, shown, ui.explain, dealNo, language(), submitted, submitBlocks(list, pending).length].join("|");
  if (soft && key === ui.mainKey && writer && FORM_TABS.has(shown) && !ui.explain) return;
  ui.mainKey = key;
  const explained = ui.explain && rows.find((r) => r.deal_no === ui.explain);
  let body;
  if (explained) {
    body = explainView({
      row: explained, writer, open: !submitted,
      onVoid: (dealNo_, reason) => send(list, "void_deal", { deal_no: dealNo_, reason }),
      onDispute: (dealNo_, reason) => send(list, "raise_dispute", { deal_no: dealNo_, reason }),
      onClose: () => { ui.explain = null; render(); },
    });
  } else if (shown === "entry") {
    body = entryView({ list, dealNo, pending, preview: (facts) => preview(list, dealNo, facts), onRecord: (facts) => record(list, dealNo, facts) });
  } else if (shown === "penalty") {
    body = penaltyForm({
      list, dealNo, preview: (facts) => preview(list, dealNo, facts),
      onRecord: (name, facts) => { ui.tab = "sheet"; send(list, name, { deal_no: dealNo, record: facts }); },
    });
  } else if (shown === "submit") {
    body = submitView({
      list, totals, blocks: submitBlocks(list, pending), waiting: false,
      onSubmit: (scorer, confirmedBy) => { ui.tab = "sheet"; send(list, "submit_list", { scorer, confirmed_by: confirmedBy }); },
    });
  } else {
    body = sheetView({
      seats: seatOrder(list), rows, totals, writer, open: !submitted, onRow: (row) => { ui.explain = row.deal_no; render(); },
    });
  }
  const final = ((list.sheet && list.sheet.status) || list.status) === "submitted";
  const closing = final ? submittedView(list) : submitted ? submitView({ list, totals, blocks: [], waiting: true }) : null;
  const seats = seatsView({
    list, writer, submitted: final, submitting: submitted && !final,
    penAsked: ui.penAsked, penRefused: ui.penRefused, onTakePen: () => takePen(list),
  });
  replace(main, seats,
    writer ? tabs : null, explained ? null : closing, body,
    h("button", { type: "button", class: "link", id: "leave", onclick: leave }, t("leave")));
}

// Tapping the tab already open keeps its form as it is (and what is typed in it).
function openTab(tab) {
  if (ui.tab === tab && !ui.explain) return;
  ui.tab = tab;
  ui.explain = null;
  render();
}

// Queue a mutation for the current list, show it at once, and sync.
// What is being written right now: a second tap on "record" before the form is redrawn
// must not queue the same deal twice (the server would refuse the copy as a conflict).
const writing = new Set();

async function send(list, name, args) {
  const key = [list.list_id, name, args.deal_no ?? ""].join("|");
  if (writing.has(key)) return;
  writing.add(key);
  try {
    await store.enqueue(name, list.list_id, args);
    await render();
  } finally {
    writing.delete(key);
  }
  sync();
}

// Ask for the pen: the server gives it when no device holds it (the director can move it).
async function takePen(list) {
  ui.penAsked = true;
  ui.penRefused = false;
  await send(list, "join", {});
}

function sync() {
  ui.syncing = true;
  render({ soft: true });
  return syncer.request();
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
    await sync();
  } catch (err) {
    ui.joinError = `${t("join_failed")}: ${err.message}`;
  } finally {
    ui.busy = false;
    render();
  }
}

async function record(list, dealNo, facts) {
  await send(list, "record_deal", { deal_no: dealNo, record: facts });
}

async function leave() {
  await store.setMeta("current_list", null);
  render();
}

function setupLanguage() {
  bindLanguageSwitch(document.getElementById("lang"), {
    storage: localStorage, languages: navigator.languages, root: document.documentElement,
    onChange: () => render(),
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
    // A new worker may already be installing when the page registers (the browser checks
    // sw.js on every navigation), so watch that one as well as later ones.
    const watch = (worker) => {
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    };
    watch(reg.installing);
    reg.addEventListener("updatefound", () => watch(reg.installing));
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
    onResult: (entry, result) => {
      const answer = result.result || {};
      if (entry.name === "join" && ui.penAsked && answer.pen === false) ui.penRefused = true;
    },
    onDone: (report) => {
      ui.syncing = false;
      if (report.ok) {
        ui.lastSync = report.at;
        store.setMeta("last_sync", report.at);
      }
      render({ soft: true });
    },
  });
  // The network coming and going changes the status bar, never what is being typed.
  window.addEventListener("online", () => { ui.online = true; sync(); render({ soft: true }); });
  window.addEventListener("offline", () => { ui.online = false; render({ soft: true }); });
  setupServiceWorker();
  await render();
  syncer.start();
}

start();
