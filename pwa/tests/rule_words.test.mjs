import { test } from "node:test";
import assert from "node:assert/strict";
import "../js/rules/index.js"; // every game's rules (the app loads the list's game only)
// the labels are the forms' words: the app loads the list's game's form with it
import "../js/views/bridge_form.js";
import "../js/views/schafkopf_form.js";
import "../js/views/wiezen_form.js";
import { setLanguage } from "../js/i18n.js";
import { preview } from "../js/state.js";
import { initialState, klaverjasFacts } from "../js/views/klaverjas_form.js";
import { fieldLabel, ruleWords } from "../js/views/rule_words.js";

const klaverjas = { list_id: "L1", game: "klaverjas", seats: { N: "p1", E: "p2", S: "p3", W: "p4" } };
const words = (lang, error, game = "klaverjas") => { setLanguage(lang); return ruleWords(error, game); };

test("a fresh klaverjas form says in the player's language which field is still empty", () => {
  const { error } = preview(klaverjas, 1, klaverjasFacts(initialState(1)));
  assert.deepEqual(words("nl", error), { label: "Punten", text: "vul dit nog in" });
  assert.deepEqual(words("de", error), { label: "Punkte", text: "fehlt noch" });
  assert.deepEqual(words("en", error), { label: "Points", text: "still to fill in" });
});

test("card points out of range name the pair and the limits in each language", () => {
  const facts = { ...klaverjasFacts(initialState(1)), trump: "S", card_points: { NS: 170, EW: -8 } };
  const { error } = preview(klaverjas, 1, { ...facts, tricks: { NS: 4, EW: 4 } });
  assert.equal(error.field, "card_points.NS");
  assert.deepEqual(words("nl", error), { label: "Punten NS", text: "moet tussen 0 en 162 liggen, niet 170" });
  assert.deepEqual(words("de", error), { label: "Punkte NS", text: "muss zwischen 0 und 162 liegen, nicht 170" });
});

test("a refusal the words do not know keeps the rule's own words and article", () => {
  const error = { field: "miserie", message: "seat 2 has no play, so no misplay (ART 10)" };
  assert.deepEqual(words("nl", error, "wiezen"), { label: "Wie speelt", text: error.message });
});

test("the rarer refusals of the forms are said in the player's language, keeping the article", () => {
  const said = (lang, message, game) => words(lang, { field: "x", message }, game).text;
  assert.equal(said("nl", "every active player plays miserie; one must not (W-D16)", "wiezen"),
    "alle spelers spelen miserie; één moet dat niet doen (W-D16)");
  assert.equal(said("de", "roem 30 is not made of the values 20, 50, 100 and 200 (art. 4c, §8 check 3)"),
    "Roem 30 lässt sich nicht aus 20, 50, 100 und 200 bilden (Art. 4c, §8 check 3)");
  assert.equal(said("nl", "has 130 Augen; the cards hold 120", "schafkopf"), "heeft 130 Augen; de kaarten hebben er samen 120");
  assert.equal(said("de", "WENZ is not played: Nr. 2 admits Rufspiel, Solo and Solo-Tout only", "schafkopf"),
    "WENZ wird nicht gespielt: Nr. 2 lässt nur Rufspiel, Solo und Solo-Tout zu");
  assert.equal(said("nl", "must be a card like 'H7', 'SA' or 'D10' (suit S/H/D/C), got X9", "bridge"),
    "moet een kaart zijn zoals H7, SA of D10 (kleur S/H/D/C), niet X9");
  assert.equal(said("en", "its players took 14 tricks; a deal has 13", "wiezen"), "its players took 14 tricks; a deal has 13");
});

test("a choice not made lists the choices; the label is the one the game's form shows", () => {
  const error = { field: "type", message: 'must be one of RUFSPIEL, SOLO, TOUT; got "X"' };
  assert.deepEqual(words("de", error, "schafkopf"), { label: "Spiel", text: "wählen Sie eins von: RUFSPIEL, SOLO, TOUT" });
  setLanguage("nl");
  assert.equal(fieldLabel("declarer", "bridge"), "Leider");
  assert.equal(fieldLabel("declarer", "schafkopf"), "Speler");
  assert.equal(fieldLabel("roem[1].value", "klaverjas"), "Roem", "an index is not a seat");
  assert.equal(fieldLabel("tricks.3", "wiezen"), "Slagen 3");
  assert.equal(fieldLabel("offender_tricks_from_revoke_on", "bridge"), "offender_tricks_from_revoke_on");
});

test("the bridge form's board checks read as the server's words, in the player's language", async () => {
  const { boardProblem } = await import("../js/views/bridge_form.js");
  const list = { list_id: "B", game: "bridge", seats: { NS: "p1", EW: "p2" }, boards: [4, 5, 6],
    sheet: { rows: [{ deal_no: 1, facts: { board: 4 }, record: { board: 4 }, points: {}, markers: [] }] } };
  const taken = boardProblem(list, [], 4);
  const elsewhere = boardProblem(list, [], 9);
  assert.ok(taken && elsewhere, "both boards are refused");
  assert.equal(words("de", taken, "bridge").text, "Board 4 steht schon auf der Liste; streichen Sie es, um es zu berichtigen");
  assert.deepEqual(words("nl", elsewhere, "bridge"), { label: "Spel", text: "deze tafel speelt deze ronde de spellen 4, 5, 6" });
});

test("a wiezen deal with too few players chosen asks for the number its contract needs", () => {
  const wiezen = { list_id: "W", game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d" } };
  const facts = { dealer: 1, contract: "VRAAG", declarers: [2], tricks: 8 };
  const { error } = preview(wiezen, 1, facts);
  assert.deepEqual(words("nl", error, "wiezen"), { label: "Wie speelt", text: "kies 2 spelers (nu 1)" });
  const alone = preview(wiezen, 1, { ...facts, contract: "ALLEEN", declarers: [2, 3] }).error;
  assert.deepEqual(words("de", alone, "wiezen"), { label: "Wer spielt", text: "wählen Sie 1 Spieler (jetzt 2)" });
});

test("a fresh wiezen form asks for the contract, whatever the rule adds to 'is required'", () => {
  const wiezen = { list_id: "W", game: "wiezen", seats: { 1: "a", 2: "b", 3: "c", 4: "d" } };
  const { error } = preview(wiezen, 1, { dealer: 1 });
  assert.match(error.message, /^is required unless/);
  assert.deepEqual(words("de", error, "wiezen"), { label: "Spiel", text: "fehlt noch" });
});

test("klaverjas's forced pair and a pair without a trick are said in the player's language", () => {
  const forced = preview(klaverjas, 1, { ...klaverjasFacts(initialState(1)), playing: "NS", trump: "S" }).error;
  assert.deepEqual(words("nl", forced), { label: "Speelt", text: "E (links van gever N) moet spelen (art. 3): EW speelt" });
  const state = { ...initialState(1), trump: "S", points: 162, pointsPair: "EW", roem: { NS: [["stuk", 20]], EW: [] } };
  const noTrick = preview(klaverjas, 1, klaverjasFacts(state)).error;
  assert.ok(noTrick, "roem for a pair without a trick is refused");
  assert.match(words("de", noTrick).text, /^NS hat keinen Stich, also (0 Punkte|keinen Roem) \(§8 check 4\)$/);
});

test("a Schafkopf partner on the declarer's seat is refused in the player's language", () => {
  const schafkopf = { list_id: "S", game: "schafkopf", seats: { 1: "a", 2: "b", 3: "c", 4: "d" } };
  const facts = { dealer: 1, type: "RUFSPIEL", declarer: 2, called_ace: "GRAS", partner: 2, decl_augen: 70, decl_tricks: 5 };
  const { error } = preview(schafkopf, 1, facts);
  assert.equal(error.field, "partner");
  assert.deepEqual(words("de", error, "schafkopf"),
    { label: "Mitspieler", text: "muss ein anderer Platz sein als der Spieler: wer das Ruf-Ass hat, spielt mit ihm (Nr. 2)" });
});
