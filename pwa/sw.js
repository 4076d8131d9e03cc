// The service worker is a router: the app shell cache-first; the API and everything else
// (POSTs above all) straight to the network.

const VERSION = "v2";
const PREFIX = "troef-";
const STATIC = `${PREFIX}static-${VERSION}`;
const EXPECTED = new Set([STATIC]);

const RULES = [
  "index.js", "fields.js", "presets.js", "wiezen.js", "wiezen_contracts.js", "wiezen_deal.js",
  "wiezen_misplay.js", "klaverjas.js", "klaverjas_facts.js", "bridge.js", "bridge_penalties.js",
  "schafkopf.js", "schafkopf_fault.js",
].map((name) => `/js/rules/${name}`);
const VIEWS = ["join", "seats", "sheet", "markers", "entry", "klaverjas_form", "bridge_form", "generic_form", "status", "explain",
  "wiezen_form", "schafkopf_form", "penalty_form", "row_actions", "submit", "rule_words"]
  .map((name) => `/js/views/${name}.js`);
const SHELL = [
  "/", "/css/app.css", "/manifest.webmanifest", "/icons/icon.svg", "/icons/icon-192.png",
  "/js/app.js", "/js/db.js", "/js/outbox.js", "/js/sync.js", "/js/i18n.js", "/js/dom.js",
  "/js/state.js", ...VIEWS, ...RULES,
];

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(STATIC);
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !EXPECTED.has(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.action === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== location.origin || event.request.method !== "GET") return;
  // The API goes straight to the network: the list, its events and the outbox live in
  // IndexedDB, and an answer from a cache would show an offline phone a sync that never was.
  if (url.pathname.startsWith("/api/")) return;
  if (url.pathname === "/" || url.pathname.startsWith("/t/")) {
    event.respondWith(serveShell());
  } else {
    event.respondWith(serveStatic(event.request));
  }
});

// The app page, whichever path opened it (/ or a table card's /t/<code>).
async function serveShell() {
  const cached = await caches.match("/", { cacheName: STATIC });
  return cached || fetch("/");
}

async function serveStatic(request) {
  const cached = await caches.match(request, { cacheName: STATIC, ignoreSearch: true });
  return cached || fetch(request);
}
