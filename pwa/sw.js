// The service worker is a router: the app shell and the games' parts kept cache-first; the API
// and everything else (POSTs above all) straight to the network.

const VERSION = "v2";
const PREFIX = "troef-";
const STATIC = `${PREFIX}static-${VERSION}`;
const EXPECTED = new Set([STATIC]);

// The shell: what every phone needs to start and join, precached at install. Each game's part
// (js/games.js: its form, rules, play screens...) is kept once the phone loads it (see keep).
const VIEWS = ["join", "seats", "sheet", "sheet_rows", "markers", "bridge_rows", "status", "rule_words", "submit",
  "wiezen_games"].map((name) => `/js/views/${name}.js`);
const SHELL = [
  "/", "/css/app.css", "/manifest.webmanifest", "/icons/icon.svg", "/icons/icon-192.png",
  "/js/app.js", "/js/db.js", "/js/outbox.js", "/js/sync.js", "/js/i18n.js", "/js/dom.js",
  "/js/state.js", "/js/secure.js", "/js/format.js", "/js/games.js", ...VIEWS,
  "/js/rules/scoring.js", "/js/rules/fields.js", "/js/rules/presets.js",
];

// The modules a script imports, as its own import and export statements name them (static
// ones: a game's part is loaded with import() from js/games.js alone, and kept on its own).
const IMPORT = /^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;

function importsOf(source, base) {
  const found = [];
  for (const match of source.matchAll(IMPORT)) found.push(new URL(match[1] || match[2], base).pathname);
  return found;
}

// Put `urls` and every module they import into `cache`: what the cache has already stays, the
// rest is fetched (a file the server no longer has is left out: nothing imports it any more).
// `fallback`: a cache to copy a file from when the network fails (else the failure is thrown).
async function keep(cache, urls, fallback = null) {
  const seen = new Set();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    let response = await cache.match(url, { ignoreSearch: true });
    if (!response) {
      try {
        response = await fetch(new Request(url, { cache: "reload" }));
      } catch (err) {
        response = fallback && (await fallback.match(url, { ignoreSearch: true }));
        if (!response) throw err;
      }
      if (!response.ok) continue;
      await cache.put(url, response.clone());
    }
    if (url.endsWith(".js")) queue.push(...importsOf(await response.text(), new URL(url, location.origin)));
  }
}

// The games' parts an older version kept (everything in its caches beyond the shell): a phone
// that went on with its game offline after an update needs them in the new cache too.
async function carried() {
  const shell = new Set(SHELL);
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === STATIC) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const path = new URL(request.url).pathname;
      if (!shell.has(path)) found.push({ path, name });
    }
  }
  return found;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(STATIC);
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" })));
    // the parts kept so far, fetched afresh in this version (with what they import now)
    await keep(cache, [...new Set((await carried()).map((kept) => kept.path))]);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // A part the old version kept after this one was installed: fetched now, or copied when
    // the network fails (an offline phone goes on with its game).
    const cache = await caches.open(STATIC);
    const byCache = new Map();
    for (const { path, name } of await carried()) byCache.set(name, [...(byCache.get(name) || []), path]);
    for (const [name, paths] of byCache) await keep(cache, paths, await caches.open(name)).catch(() => {});
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !EXPECTED.has(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.action === "skipWaiting") self.skipWaiting();
  // the app loaded a game's part: keep it and what it imports for the offline starts after
  // this, and tell the page once it is all kept (it may go offline from then on)
  if (event.data && event.data.action === "keep") {
    const { urls } = event.data;
    event.waitUntil(caches.open(STATIC).then((cache) => keep(cache, urls))
      .then(() => event.source && event.source.postMessage({ action: "kept", urls }))
      .catch(() => {}));
  }
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
  if (cached) return cached;
  const response = await fetch(request);
  // a module of a game's part, imported while this worker serves: kept for the offline starts
  if (response.ok && new URL(request.url).pathname.startsWith("/js/")) {
    const copy = response.clone();
    caches.open(STATIC).then((cache) => cache.put(request, copy)).catch(() => {});
  }
  return response;
}
