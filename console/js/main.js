// The console's wiring: who is logged in, the route, the screen, the breadcrumbs.

import { h, replace } from "../../pwa/js/dom.js";
import { bindLanguageSwitch, t } from "../../pwa/js/i18n.js";
import { api, ApiError, setCsrf } from "./api.js";
import { pathOf, queryOf, router } from "./router.js";
import { errorBox } from "./ui.js";
import { HEALTH_EVERY_MS, showHealth } from "./health.js";
import "./words.js";
import { phonesWorkOffline, showWarning } from "../../pwa/js/secure.js";
import { loginView } from "./views/login.js";
import * as club from "./views/club.js";
import * as room from "./views/room.js";
import * as standings from "./views/standings.js";
import * as audit from "./views/audit.js";
import * as exports from "./views/exports.js";
import * as checklist from "./views/checklist.js";

const main = document.getElementById("main");
const crumbs = document.getElementById("crumbs");
const find = router([...club.routes, ...room.routes, ...standings.routes, ...audit.routes, ...exports.routes, ...checklist.routes]);
let session = { role: "public" };
let leaving = [];
let generation = 0;

function leave() {
  for (const fn of leaving.splice(0)) {
    try { fn(); } catch { /* a screen's clean-up must not stop the next screen */ }
  }
}

async function render() {
  leave();
  checkHealth();
  const mine = ++generation;
  document.getElementById("logout").textContent = t("c_logout");
  document.getElementById("logout").hidden = session.role !== "director";
  document.getElementById("club").textContent = session.club || "";
  if (session.role !== "director") {
    replace(crumbs);
    replace(main, loginView({ api, onLoggedIn: loggedIn }));
    return;
  }
  const path = pathOf(location.hash);
  const found = find(path);
  if (!found) {
    replace(main, h("p", { class: "card" }, t("c_not_found")));
    return;
  }
  const ctx = {
    api, session, params: found.params, query: queryOf(location.hash),
    go: (hash) => { location.hash = hash; },
    refresh: () => render(),
    onLeave: (fn) => leaving.push(fn),
    crumbs: (...items) => replace(crumbs, items.flatMap((item, i) => [
      i ? h("span", { "aria-hidden": "true" }, " › ") : null,
      item.href ? h("a", { href: item.href }, item.label) : h("span", {}, item.label),
    ])),
  };
  replace(crumbs, h("a", { href: "#/" }, t("c_home")));
  replace(main, h("p", { class: "loading" }, t("c_loading")));
  try {
    const view = await found.view(ctx);
    if (mine === generation) replace(main, view);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      session = { role: "public", club: session.club };
      return render();
    }
    if (mine === generation) replace(main, h("section", { class: "card" }, h("h2", {}, t("c_error")), errorBox(err)));
  }
}

// What fails on the server shows above every screen, the login too (a full disk refuses
// the login itself), checked at each screen and every 15 s.
function checkHealth() {
  showHealth(document.getElementById("health"));
}

function loggedIn(who) {
  session = who;
  setCsrf(who.csrf_token);
  render();
}

function setupLanguage() {
  bindLanguageSwitch(document.getElementById("lang"), {
    storage: localStorage, languages: navigator.languages, root: document.documentElement,
    onChange: () => { warnIfInsecure(); render(); },
  });
  warnIfInsecure();
}

// The phones open the address the director uses (the table cards' QR codes): without HTTPS
// they get no offline app, so the director hears it before the evening starts.
function warnIfInsecure() {
  showWarning(document.getElementById("insecure"), !phonesWorkOffline(location), "insecure_console");
}

async function start() {
  setupLanguage();
  document.getElementById("logout").addEventListener("click", async () => {
    await api.del("session");
    session = { role: "public", club: session.club };
    setCsrf(null);
    render();
  });
  checkHealth();
  setInterval(checkHealth, HEALTH_EVERY_MS);
  try {
    session = await api.get("session");
  } catch (err) {
    replace(main, h("section", { class: "card" }, h("h2", {}, t("c_error")), errorBox(err)));
    return;
  }
  setCsrf(session.csrf_token);
  window.addEventListener("hashchange", render);
  render();
}

start();
