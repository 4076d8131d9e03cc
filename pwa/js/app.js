// Wire the app: storage, sync, the service worker and the views.

import { openDb } from "./db.js";
import { Syncer, refreshSheet } from "./sync.js";
import { h, replace } from "./dom.js";
import { bindLanguageSwitch, language, t } from "./i18n.js";
import { holdsPen, isSubmitted, listRows, nextDealNo, preview, seatOrder, submitBlocks, unsettled } from "./state.js";
import { joinView } from "./views/join.js";
import { seatsView } from "./views/seats.js";
import { sheetView } from "./views/sheet.js";
import { undoable } from "./views/sheet_rows.js";
import { statusView } from "./views/status.js";
import { canWorkOffline, showWarning } from "./secure.js";
import { submitView, submittedView } from "./views/submit.js";
import { refreshMatchpoints } from "./views/bridge_rows.js";
// The game's part (form, rules, play mode, penalties, explanations) loads with the list's game.
import {
  PLAY_COMMANDS, entryView, explainView, followMovement, inPlayMode, loadGame, missingView, movementView, nextPlayLog,
  penaltyForm, playView, refreshPlay,
} from "./games.js";

const main = document.getElementById("main");
const statusEl = document.getElementById("status");
const ui = {
  online: navigator.onLine, syncing: false, lastSync: null, joinError: null, busy: false, explain: null, tab: "entry",
  penAsked: false, penRefused: false, retryAt: null, blocked: null,
};
const TABS = [["entry", "entry"], ["sheet", "sheet"], ["penalty", "pf_title"], ["submit", "sub_tab"]];
// Tabs whose form keeps what is typed in it across a background sync.
const FORM_TABS = new Set(["entry", "penalty", "submit"]);
let store;
let syncer;

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
    retryAt: ui.retryAt, blocked: ui.blocked, offlineReady: ui.offlineReady,
    onDismiss: async (id, list) => { await store.dismissConflict(id, list); render(); },
    onSync: () => sync({ force: true }),
    onRejoin: leave,
  }), ui.persistRefused ? h("p", { class: "note", id: "persist-refused", role: "status" }, t("persist_refused")) : null);
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
  const taps = playTaps;
  await renderStatus();
  // the list and the outbox, with what the server has applied that the list's sheet does not
  // show yet, read together
  const id = await store.getMeta("current_list");
  const { list, outbox } = id ? await store.listWithPending(id) : {};
  if (!list) {
    // What is typed stays: a redraw while the player types the code or the phone's name (the
    // start's sync round ending, the network coming back) keeps the form, and one that must
    // draw it anew (the language, the join's answer) fills in what was typed.
    const key = ["join", ui.joinError, ui.busy, language()].join("|");
    if (soft && key === ui.mainKey && main.querySelector("form.join")) return;
    ui.mainKey = key;
    const draft = ui.joinDraft || { code: codeFromPath(), name: ui.deviceName || "" };
    replace(main, joinView({ ...draft, error: ui.joinError, busy: ui.busy, onJoin: join, onType: (typed) => { ui.joinDraft = typed; } }));
    return;
  }
  // the list's game's part: fetched at join, from the service worker's cache when offline
  if (!(await loadGame(list.game).then(() => true, (err) => console.warn(err)))) {
    replace(main, ...missingView(list.game, leave));
    return;
  }
  const pending = unsettled(list, outbox);
  const submitted = isSubmitted(list, pending);
  const writer = holdsPen(list, null, pending) && !submitted;
  if (writer) ui.penAsked = ui.penRefused = false;
  const { rows, totals } = listRows(list, pending);
  // Without the pen only the list shows; the chosen tab comes back with the pen.
  const shown = writer ? ui.tab : "sheet";
  const tabList = inPlayMode(list) ? [["play", "play_tab"], ...TABS] : TABS;
  const tabs = h("nav", { class: "tabs" },
    tabList.map(([tab, word]) => h("button", {
      type: "button", class: ui.tab === tab ? "tab on" : "tab", id: `tab-${tab}`,
      "aria-pressed": ui.tab === tab ? "true" : "false", onclick: () => openTab(tab),
    }, t(word))));
  const dealNo = nextDealNo(list, pending);
  // What the form depends on: a sync round that changes none of it keeps what is typed (the
  // list's first sheet arriving while a deal is tapped in, say). The submit tab also shows
  // what still blocks a submission.
  const blocks = shown === "submit" ? submitBlocks(list, pending).length : "";
  const key = [list.list_id, writer, shown, ui.explain, dealNo, language(), submitted, blocks].join("|");
  if (soft && key === ui.mainKey && writer && FORM_TABS.has(shown) && !ui.explain) {
    // the tabs alone may change (play mode switched on or off): redrawn, the form kept
    const drawn = main.querySelector("nav.tabs");
    if (drawn && drawn.children.length !== tabList.length) drawn.replaceWith(tabs);
    return;
  }
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
  } else if (shown === "play" && inPlayMode(list)) {
    await playWrites.catch(() => {}); // the taps so far are in the log
    const playLog = await store.getMeta(`play_log:${list.list_id}`);
    body = playView({ list, dealNo, pending, playLog, onSend: (name, args) => send(list, name, args), redraw: () => render() });
  } else if (shown === "entry") {
    body = entryView({ list, dealNo, pending, preview: (facts) => preview(list, dealNo, facts), onRecord: (facts) => record(list, dealNo, facts) });
  } else if (shown === "penalty") {
    body = penaltyForm({
      list, dealNo, pending, preview: (facts) => preview(list, dealNo, facts),
      onRecord: async (name, facts, replaces = null) => {
        ui.tab = "sheet";
        // bridge: the board's recorded row is voided first, then the board is written again
        if (replaces !== null) await send(list, "void_deal", { deal_no: replaces, reason: t("bp_void_reason") });
        send(list, name, { deal_no: dealNo, record: facts });
      },
    });
  } else if (shown === "submit") {
    body = submitView({
      list, totals, blocks: submitBlocks(list, pending), waiting: false,
      onSubmit: (scorer, confirmedBy) => { ui.tab = "sheet"; send(list, "submit_list", { scorer, confirmed_by: confirmedBy }); },
    });
  } else {
    body = sheetView({
      seats: seatOrder(list), rows, totals, writer, open: !submitted, onRow: (row) => { ui.explain = row.deal_no; render(); },
      game: list.game, players: list.players || {}, sheet: list.sheet || {}, undo: undoable(list, outbox), onUndo: (entry) => undo(entry),
      matchpoints: list.matchpoints || {},
    });
    if (ui.undoLate) body.prepend(h("p", { class: "error", id: "undo-late", role: "alert" }, t("sh_undo_late").replace("{deal}", ui.undoLate)));
  }
  const final = ((list.sheet && list.sheet.status) || list.status) === "submitted";
  const closing = final ? submittedView(list) : submitted ? submitView({ list, totals, blocks: [], waiting: true }) : null;
  // bridge: the round, its boards and pairs; the phone moves on by itself (movement.js)
  const movement = list.game === "bridge" ? movementView(list, {
    moved: Boolean(await store.getMeta(`moved_to:${list.list_id}`)), ended: Boolean(await store.getMeta(`movement_end:${list.list_id}`)),
  }) : null;
  const seats = seatsView({
    list, writer, submitted: final, submitting: submitted && !final,
    penAsked: ui.penAsked, penRefused: ui.penRefused, onTakePen: () => takePen(list),
  });
  if (taps !== playTaps) { // a card was tapped meanwhile: this deal is a card behind
    ui.mainKey = null;
    return;
  }
  const parts = [movement, seats,
    writer ? tabs : null, explained ? null : closing, body,
    h("button", { type: "button", class: "link", id: "leave", onclick: leave }, t("leave"))].flat().filter(Boolean);
  // The play tab and the list are drawn again after every sync round; when they would look
  // the same, what is on the screen stays: a tap whose press and release straddled a redraw
  // was lost (the card or row under the finger was a new one at the release, so no click came).
  if ((shown === "play" || shown === "sheet") && !explained && parts.map((el) => el.outerHTML).join("") === main.innerHTML) return;
  replace(main, ...parts);
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
  const key = [list.list_id, name, PLAY_COMMANDS.has(name) ? JSON.stringify(args) : args.deal_no ?? ""].join("|");
  if (writing.has(key)) return;
  writing.add(key);
  try {
    if (PLAY_COMMANDS.has(name)) {
      // Cards and bids are written one after another: the log and the outbox in tap order.
      playTaps += 1;
      const write = () => keepPlay(list, name, args);
      playWrites = playWrites.then(write, write);
      await playWrites;
    } else {
      await store.enqueue(name, list.list_id, args);
    }
    await render();
  } finally {
    writing.delete(key);
  }
  sync();
}

let playWrites = Promise.resolve();
// Taps in play mode so far: a redraw that began before a tap shows the deal without it and
// is not painted (the tap's own redraw follows), so the hand never goes back a card.
let playTaps = 0;

// The play log and the outbox entry in one transaction: a phone that dies in between keeps
// neither, never a card on its screen that is never sent.
async function keepPlay(list, name, args) {
  const key = `play_log:${list.list_id}`;
  await store.enqueue(name, list.list_id, args, [key, nextPlayLog(await store.getMeta(key), list, name, args)]);
}

// Ask for the pen: the server gives it when no device holds it (the director can move it).
async function takePen(list) {
  ui.penAsked = true;
  ui.penRefused = false;
  await send(list, "join", {});
}

// A round now. Without `force` (a new entry) it waits while a retry is scheduled or the
// server refuses this phone's requests; the user's tap, the network coming back and joining
// again force it.
function sync({ force = false } = {}) {
  if (!force && syncer.waiting()) return render({ soft: true });
  ui.syncing = true;
  render({ soft: true });
  return syncer.request({ force });
}

async function join(code, name = "") {
  if (!navigator.onLine) {
    ui.joinError = t("offline_join");
    return render();
  }
  ui.busy = true;
  ui.joinError = null;
  render();
  try {
    // The secret this phone had for the list it joined last: the server lets it go on as
    // the same device (its mutation ids) when it is that list's and was not withdrawn.
    const last = await store.device(await store.getMeta("last_list"));
    if (name) await store.setMeta("device_name", (ui.deviceName = name));
    // A join whose answer never came is sent again with its key: the server answers with the
    // device it registered then, not a second one. Any answer ends the key.
    const keyName = `join_key:${code}`;
    const key = (await store.getMeta(keyName)) || joinKey();
    await store.setMeta(keyName, key);
    const response = await fetch("/api/join", {
      method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify({ code, ...(name ? { name } : {}), ...(last ? { secret: last.token } : {}) }),
    });
    await store.setMeta(keyName, null);
    const body = await response.json();
    if (!response.ok) throw new Error(body.message || t("join_failed"));
    await loadGame(body.game); // the game's part, while the phone is online (kept for offline)
    // the list keeps a copy of its secret for the views that fetch with it; sync reads the
    // device's (db.js "devices")
    await store.saveList({ ...((await store.list(body.list_id)) || {}), ...body });
    await store.adoptDevice(body, { takePen: !body.pen });
    // the list's sheet before its first screen: the rule set it is scored with (a club's own
    // copy offers other games) and its planned deals, so the form is right from the start and
    // the first round's sheet does not redraw it under the players' fingers
    // (a fresh list's sheet read is an exchange with the server: the status bar's "last sync")
    try {
      await refreshSheet({ store, fetch: (...args) => fetch(...args), list: await store.list(body.list_id), token: body.token });
      ui.lastSync = new Date().toISOString();
      await store.setMeta("last_sync", ui.lastSync);
    } catch (err) {
      console.warn(err);
    }
    await store.setMeta("current_list", body.list_id);
    await store.setMeta("last_list", body.list_id);
    ui.joinDraft = null; // joined: a later join starts from the card's link and this name
    if (location.pathname !== "/") history.replaceState(null, "", "/");
    // the first round runs on its own: the form shows at once and keeps what is tapped in
    // while the round brings the list's sheet (awaited, the join's last redraw wiped it)
    sync({ force: true });
  } catch (err) {
    ui.joinError = `${t("join_failed")}: ${err.message}`;
  } finally {
    ui.busy = false;
    render();
  }
}

// 128 random bits as hex (crypto.randomUUID needs HTTPS; a phone may be on plain HTTP).
function joinKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `join-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

// After a sync round: the deal in play as the server has it, for the play tab.
async function playAfterSync() {
  const list = await currentList();
  if (!list || !navigator.onLine) return;
  try {
    // The phone's own log shows the deal as tapped; only what the server adds is redrawn:
    // play mode switched, another deal, the facts of a complete play, another phone's cards.
    const log = await store.getMeta(`play_log:${list.list_id}`);
    const mine = (i) => Boolean(log && i && log.deal === i.deal_no);
    const seen = (i) => JSON.stringify(i && [i.play_mode, i.deal_no, i.facts, !mine(i) && i.play]);
    const before = seen(list.playInfo);
    const info = await refreshPlay({ store, fetch: (...args) => fetch(...args), list });
    // soft: a form being filled in keeps what is typed (the play tab is redrawn all the same)
    if (info && seen(info) !== before) render({ soft: true });
  } catch (err) {
    console.warn(err);
  }
}

async function record(list, dealNo, facts) {
  ui.undoLate = null;
  await send(list, "record_deal", { deal_no: dealNo, record: facts });
}

// The pen holder takes back the last deal while it is still only on this phone: it leaves the
// outbox and the server never gets it. Too late once a round has sent it: then say so.
async function undo(entry) {
  const taken = await syncer.withdraw(entry);
  ui.undoLate = taken ? null : entry.args.deal_no;
  render();
}

// Bridge: the boards' matchpoints once other tables have played them (the evening's travellers).
async function matchpointsAfterSync() {
  try {
    if (await refreshMatchpoints({ store, fetch: (...args) => fetch(...args), list: await currentList() })) render({ soft: true });
  } catch (err) {
    console.warn(err);
  }
}

// A bridge table whose list the server has as submitted goes on with its next round.
async function moveOn() {
  try {
    const step = await followMovement({ store, fetch: (...args) => fetch(...args), list: await currentList() });
    if (step && step.moved) {
      ui.tab = "entry";
      ui.explain = null;
      await sync({ force: true });
    }
    if (step) render();
  } catch (err) {
    console.warn(err);
  }
}

async function leave() {
  await store.setMeta("current_list", null);
  render();
}

function setupLanguage() {
  bindLanguageSwitch(document.getElementById("lang"), {
    storage: localStorage, languages: navigator.languages, root: document.documentElement,
    onChange: () => { warnIfInsecure(); render(); },
  });
  warnIfInsecure();
}

// Served without HTTPS (a phone on http://192.168.…) there is no service worker: say so.
function warnIfInsecure() {
  showWarning(document.getElementById("insecure"), !canWorkOffline(window), "insecure_app");
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
  ui.lastSync = await store.getMeta("last_sync");
  ui.deviceName = await store.getMeta("device_name");
  // Ask to keep the outbox for good; tell the players when the browser refuses (it may then
  // clear what waits to be sent when space runs low).
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().then((kept) => { ui.persistRefused = !kept; render({ soft: true }); }).catch(() => {});
  }
  syncer = new Syncer({
    store, fetch: (...args) => fetch(...args),
    onResult: (entry, result) => {
      const answer = result.result || {};
      if (entry.name === "join" && ui.penAsked && answer.pen === false) ui.penRefused = true;
    },
    onDone: async (report) => {
      ui.syncing = false;
      ui.retryAt = report.retryAt || null;
      ui.blocked = report.blocked || null;
      // a round before any list is joined exchanged nothing with the server: no "last sync"
      if (report.ok && (await store.lists()).length) {
        ui.lastSync = report.at;
        store.setMeta("last_sync", report.at);
        playAfterSync();
        moveOn();
        matchpointsAfterSync();
      }
      render({ soft: true });
    },
  });
  // The network coming and going changes the status bar, never what is being typed.
  window.addEventListener("online", () => { ui.online = true; sync({ force: true }); render({ soft: true }); });
  window.addEventListener("offline", () => { ui.online = false; render({ soft: true }); });
  window.addEventListener("troef:offline-ready", () => { ui.offlineReady = true; renderStatus(); });
  setupServiceWorker();
  await render();
  syncer.start();
}

start();
