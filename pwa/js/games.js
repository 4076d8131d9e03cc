// The games' parts of the app. The shell (what the service worker precaches) is what every phone
// needs to start and join; each game's form, rules, play screens, penalty form and explanations
// are its part, imported here once the phone knows its list's game. Joining needs the network,
// so the part is fetched then, and the service worker keeps it (with every module it imports)
// for the phone's offline starts after that, and carries it into a new version's cache.
//
// The views the app draws from a part are named here as the app imports them; they call the
// part of the game last loaded (draw() loads the list's game before it draws).

import { h } from "./dom.js";
import { extend, fill, t } from "./i18n.js";
import { addGame } from "./rules/scoring.js";

// game → its part: one module each (tests/test_pwa_budget.py reads this table).
export const PARTS = {
  wiezen: "/js/games/wiezen.js",
  klaverjas: "/js/games/klaverjas.js",
  bridge: "/js/games/bridge.js",
  schafkopf: "/js/games/schafkopf.js",
};
// A game without a part of its own gets the common one (the generic form).
const COMMON = "/js/games/common.js";

// game → its entry form (views/entry.js draws the list's game's form), filled as parts load.
export const FORMS = {};

extend({
  nl: { gm_missing: "Het deel van de app voor {game} staat niet op deze telefoon. Verbind met het netwerk; de app haalt het dan op." },
  de: { gm_missing: "Der Teil der App für {game} ist nicht auf diesem Telefon. Verbinde dich mit dem Netz; die App holt ihn dann." },
  en: { gm_missing: "The part of the app for {game} is not on this phone. Connect to the network; the app then fetches it." },
});

const loaded = {};
let current = null;

// The list's game's part: imported once (from the service worker's cache when offline).
export async function loadGame(game) {
  if (!loaded[game]) {
    const url = PARTS[game] || COMMON;
    const part = await import(url);
    if (part.rules) addGame(game, part.rules);
    if (part.form) FORMS[game] = part.form;
    loaded[game] = part;
    keepOffline(url);
  }
  current = loaded[game];
  return current;
}

// Ask the service worker to keep the part and what it imports (a page the worker did not
// control yet, on the first visit, fetched them past it). Once it answers that all is kept,
// the page says so (`<html data-offline-ready>`): from then on the phone starts offline.
function keepOffline(url) {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const kept = (event) => {
    if (!event.data || event.data.action !== "kept" || !event.data.urls.includes(url)) return;
    document.documentElement.dataset.offlineReady = url;
    window.dispatchEvent(new CustomEvent("troef:offline-ready", { detail: url }));
    navigator.serviceWorker.removeEventListener("message", kept);
  };
  navigator.serviceWorker.addEventListener("message", kept);
  navigator.serviceWorker.ready
    .then((registration) => registration.active && registration.active.postMessage({ action: "keep", urls: [url] }))
    .catch(() => {});
}

// Instead of the list when its game's part cannot be loaded (offline before it was ever fetched).
export function missingView(game, onLeave) {
  return [
    h("p", { class: "error", id: "game-missing", role: "alert" }, fill(t("gm_missing"), { game })),
    h("button", { type: "button", class: "link", id: "leave", onclick: onLeave }, t("leave")),
  ];
}

const part = () => {
  if (!current) throw new Error("no game's part is loaded yet");
  return current;
};
const partOf = async (list) => (list ? loadGame(list.game) : null);

export const entryView = (args) => part().entryView(args);
export const penaltyForm = (args) => part().penaltyForm(args);
export const playView = (args) => part().playView(args);
export const explainView = (args) => part().explainView(args);
export const inPlayMode = (list) => part().inPlayMode(list);
export const nextPlayLog = (...args) => part().nextPlayLog(...args);
export const PLAY_COMMANDS = { has: (name) => Boolean(current && current.PLAY_COMMANDS.has(name)) };
export const refreshPlay = async (args) => {
  const found = await partOf(args.list);
  return found ? found.refreshPlay(args) : null;
};
// bridge: the movement from round to round
export const movementView = (list, options) => part().movementView(list, options);
export const followMovement = async (args) => {
  const found = args.list && args.list.game === "bridge" ? await partOf(args.list) : null;
  return found ? found.followMovement(args) : null;
};
