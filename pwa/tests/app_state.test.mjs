import { test } from "node:test";
import assert from "node:assert/strict";
import "../js/rules/index.js"; // every game's rules (the app loads the list's game only)
import { klaverjasFacts, initialState, leftOf, typedError } from "../js/views/klaverjas_form.js";
import { fieldLabel } from "../js/views/rule_words.js";
import { listComplete, listRows, nextDealNo, preview, seatOrder, holdsPen } from "../js/state.js";
import { readdirSync } from "node:fs";
import { pickLanguage, setLanguage, t, STRINGS } from "../js/i18n.js";

const list = { list_id: "L1", game: "klaverjas", seats: { W: "p4", N: "p1", S: "p3", E: "p2" } };

function state(dealNo, changes) {
  return { ...initialState(dealNo), ...changes };
}

test("the forced player sits left of the dealer, so W dealing makes NS play", () => {
  assert.equal(leftOf("W"), "N");
  assert.equal(initialState(4).dealer, "W");
  assert.equal(initialState(4).playing, "NS");
});

test("the other pair's card points are 162 minus the ones typed", () => {
  const facts = klaverjasFacts(state(1, { points: "98", pointsPair: "NS" }));
  assert.deepEqual(facts.card_points, { NS: 98, EW: 64 });
});

test("a pair with all card points took all tricks and is recognised as pit", () => {
  const facts = klaverjasFacts(state(1, { points: "162" }));
  assert.deepEqual(facts.tricks, { EW: 8, NS: 0 });
  assert.deepEqual(preview(list, 1, facts).score.markers, ["pit"]);
});

test("a playing pair without more than the others is nat", () => {
  const facts = klaverjasFacts(state(1, { points: "70" }));
  assert.deepEqual(preview(list, 1, facts).score.markers, ["nat"]);
});

test("quick roem buttons add named items, and four of a kind counts by value", () => {
  const roem = { NS: [["stuk", 20], ["driekaart", 20]], EW: [[null, 100]] };
  const facts = klaverjasFacts(state(1, { points: "100", roem }));
  assert.deepEqual(facts.roem, [{ pair: "NS", items: ["stuk", "driekaart"], value: 40 }, { pair: "EW", value: 100 }]);
  assert.equal(preview(list, 1, facts).score.points.E, 200);
});

test("an unfinished form names the missing field", () => {
  const { error } = preview(list, 1, klaverjasFacts(initialState(1)));
  assert.equal(error.field, "card_points");
});

test("pending deals follow the confirmed rows with running totals, provisional", () => {
  const sheet = { rows: [{ deal_no: 1, points: { N: 10, E: 152, S: 10, W: 152 }, running: { N: 10, E: 152, S: 10, W: 152 } }], totals: { N: 10, E: 152, S: 10, W: 152 } };
  const facts = klaverjasFacts(state(2, { points: "100" }));
  const pending = [{ id: 7, list: "L1", name: "record_deal", args: { deal_no: 2, record: facts } }];
  const { rows, totals } = listRows({ ...list, sheet }, pending);
  assert.deepEqual(rows.map((r) => [r.deal_no, r.provisional]), [[1, false], [2, true]]);
  assert.deepEqual(totals, { N: 110, E: 214, S: 110, W: 214 });
  assert.equal(nextDealNo({ ...list, sheet }, pending), 3);
});

test("seats show in the order of the paper list", () => {
  assert.deepEqual(seatOrder(list), ["N", "E", "S", "W"]);
});

test("only the device named as the pen holder writes", () => {
  // the server says whether this phone holds the pen; `pen` is the holder's name
  assert.equal(holdsPen({ ...list, sheet: { pen: "Anna", holds_pen: true } }), true);
  assert.equal(holdsPen({ ...list, sheet: { pen: "Bob", holds_pen: false } }), false);
});

test("the language follows the browser unless the user chose one, and every key exists in each", () => {
  assert.equal(pickLanguage(null, ["de-AT", "en"]), "de");
  assert.equal(pickLanguage("en", ["nl-NL"]), "en");
  assert.equal(pickLanguage(null, ["fr-FR"]), "en");
  setLanguage("nl");
  assert.equal(t("record"), "Opschrijven");
});

// Every module that adds words (the table app's views, the director's console) is loaded, so
// that a word missing in one language fails here rather than on a phone.
const ENTRY_POINTS = new Set(["main.js", "app.js"]); // they start the app on import

test("every word of every screen exists in Dutch, German and English", async () => {
  const root = new URL("../../", import.meta.url);
  const dirs = ["pwa/js/views/", "console/js/", "console/js/views/"];
  for (const dir of dirs) {
    let names = [];
    try { names = readdirSync(new URL(dir, root)); } catch { continue; }
    for (const name of names.filter((n) => n.endsWith(".js") && !ENTRY_POINTS.has(n))) await import(new URL(dir + name, root));
  }
  for (const lang of Object.keys(STRINGS)) {
    assert.deepEqual(Object.keys(STRINGS[lang]).sort(), Object.keys(STRINGS.en).sort(), lang);
  }
});

test("the language switch starts from the saved choice, follows a change and saves it", async () => {
  const { bindLanguageSwitch, language: current } = await import("../js/i18n.js");
  const saved = new Map([["troef-lang", "de"]]);
  const storage = { getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => saved.set(k, v) };
  const listeners = {};
  const select = { value: "", addEventListener: (name, fn) => { listeners[name] = fn; } };
  const root = { lang: "" };
  let redrawn = 0;
  bindLanguageSwitch(select, { storage, languages: ["nl-NL"], root, onChange: () => { redrawn += 1; } });
  assert.deepEqual([select.value, root.lang, current()], ["de", "de", "de"]);
  select.value = "nl";
  listeners.change();
  assert.deepEqual([saved.get("troef-lang"), root.lang, current(), redrawn], ["nl", "nl", "nl", 1]);
});

test("a partij of 16 counted deals is complete, voided rows and redeals aside, and so is a list closed early", () => {
  const row = (n, extra = {}) => ({ deal_no: n, points: { N: 81, E: 81, S: 81, W: 81 }, counts: true, ...extra });
  const rows = Array.from({ length: 15 }, (_, i) => row(i + 1));
  const sheet = { rows, totals: {}, planned_deals: 16 };
  assert.equal(listComplete({ ...list, sheet }), false);
  const voided = { ...sheet, rows: [...rows, row(16, { voided: "wrong pair" }), row(17, { counts: false })] };
  assert.equal(listComplete({ ...list, sheet: voided }), false);
  const facts = klaverjasFacts(state(18, { points: "90", trump: "H" }));
  const pending = [{ id: 3, list: "L1", name: "record_deal", args: { deal_no: 18, record: facts } }];
  assert.equal(listComplete({ ...list, sheet: voided }, pending), true); // offline: the outbox counts too
  assert.equal(listComplete({ ...list, sheet: { rows: [], totals: {}, planned_deals: 16, closed_short: "late" } }), true);
  assert.equal(listComplete({ ...list, sheet: { rows, totals: {}, planned_deals: 0 } }), false); // no plan: never full
});

test("a number typed for EW that the rules refuse is named as EW's, not as the NS value worked out from it", () => {
  const ew = { ...state(1, {}), pointsPair: "EW", points: "170" };
  assert.deepEqual(typedError(ew), { field: "card_points.EW", message: "must be between 0 and 162, got 170" });
  assert.equal(preview(list, 1, klaverjasFacts(ew)).error.field, "card_points.NS"); // what the rules alone say
  assert.equal(fieldLabel(typedError(ew).field, "klaverjas"), `${t("points")} EW`);
  assert.equal(typedError({ ...ew, points: "8.5" }).field, "card_points.EW");
  assert.deepEqual(typedError({ ...ew, points: "80", playing: "EW", tricks: "9" }),
    { field: "tricks.EW", message: "must be between 0 and 8, got 9" });
  assert.equal(typedError({ ...ew, points: "80" }), null);
});

test("right after joining a list whose pen is free the phone holds the pen, not 'another device'", () => {
  const joined = { ...list, pen: null };
  const join = [{ id: 1, list: "L1", name: "join", args: {} }];
  assert.equal(holdsPen(joined, "me"), false);
  assert.equal(holdsPen(joined, "me", join), true);
  assert.equal(holdsPen({ ...joined, pen: "other" }, "me", join), false); // asking, not holding
  assert.equal(holdsPen({ ...joined, sheet: { pen: "Anna", holds_pen: true } }, "me"), true);
});
