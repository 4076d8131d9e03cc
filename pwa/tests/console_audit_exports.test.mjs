import { test } from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../js/i18n.js";
import { FILTERS, place, routes as auditRoutes, trailQuery } from "../../console/js/views/audit.js";
import { routes as exportRoutes, slug, stem } from "../../console/js/views/exports.js";
import { router } from "../../console/js/router.js";

test("the audit and exports screens have their routes", () => {
  const find = router([...auditRoutes, ...exportRoutes]);
  assert.deepEqual(find("/c/c1/audit").params, { cid: "c1" });
  assert.deepEqual(find("/c/c1/exports").params, { cid: "c1" });
});

test("download names are made as the server makes them (backend/api/exports.py slug)", () => {
  // The same inputs give these names in Python: see tests/api/test_exports.py.
  assert.equal(slug("Loïc Geënt-Straße 2026"), "loic-geent-strae-2026");
  assert.equal(slug("Kleurenwiezen zondagcompetitie 2025-2026 van de club De Troef te Gent"),
    "kleurenwiezen-zondagcompetitie-2025-2026-van-de-club-de");
  assert.equal(slug("!!!"), "competitie");
  assert.equal(stem("Dinsdagen", { evening: 2, date: "2026-11-30" }), "troef-dinsdagen-avond-2-2026-11-30");
  assert.equal(stem("Dinsdagen", null, "2026-12-01"), "troef-dinsdagen-2026-12-01");
});

test("the trail's filters become the audit endpoint's query, a list replacing the competition", () => {
  const all = new URLSearchParams(trailQuery("c1", {}).split("?")[1]);
  assert.deepEqual(Object.fromEntries(all), { competition: "c1", limit: "100", before: "0" });
  const one = new URLSearchParams(trailQuery("c1", { list: "l9", event: "DealRecorded", actor: "phone" }, 57).split("?")[1]);
  assert.equal(one.get("aggregate"), "l9");
  assert.equal(one.get("competition"), null);
  assert.equal(one.get("event"), "DealRecorded");
  assert.equal(one.get("before"), "57");
  const timed = new URLSearchParams(trailQuery("c1", { from: "2026-11-30T20:00" }).split("?")[1]);
  assert.equal(timed.get("from"), new Date("2026-11-30T20:00").toISOString());
  assert.deepEqual(FILTERS, ["list", "evening", "table", "event", "actor", "from", "to"]);
});

test("a chain or an event is placed on its evening, round and table in the reader's language", () => {
  setLanguage("de");
  assert.equal(place({ evening: 1, round: 2, table: 3 }), "Abend 1 · Runde 2 · Tisch 3");
  assert.equal(place({ table: null }), "Wettbewerb");
  setLanguage("nl");
  assert.equal(place({ evening: 1, round: 2, table: 3 }), "Avond 1 · ronde 2 · tafel 3");
});
