// The rules' refusals in the players' language. The rules port speaks English with the
// article it applies ("must be between 0 and 162, got 170"); what a form meets while it is
// being filled in (a field still empty, a number out of range, a choice not made, too few
// wiezen players chosen, the klaverjas pair that must play, points or roem of a pair without
// a trick, a Schafkopf partner on the declarer's seat, a bridge board that is not this
// table's or already on the list, and the rarer ones: roem not made of its values, Augen or
// tricks beyond the cards, a game Nr. 2 does not admit, a miserie named wrongly, a card not
// written as a card) is said here in Dutch, German or English, with the label the game's
// form shows and the article kept. Any other refusal keeps the rule's own words and
// article, so nothing the rulebook says is lost in translation.

import { h } from "../dom.js";
import { extend, language, say, t } from "../i18n.js";
// The labels are the game's form's own words: the form comes with the list's game (../games.js),
// so the app shell does not carry every game's form for them.

extend({
  nl: {
    rf_required: "vul dit nog in", rf_between: "moet tussen {lo} en {hi} liggen, niet {got}",
    rf_at_least: "moet minstens {lo} zijn, niet {got}", rf_at_most: "mag hoogstens {hi} zijn, niet {got}",
    rf_whole: "moet een heel getal zijn", rf_one_of: "kies een van: {list}",
    rf_round_boards: "deze tafel speelt deze ronde de spellen {list}",
    rf_board_taken: "spel {board} staat al op de lijst; maak het ongeldig om het te verbeteren",
    rf_pick_two: "kies 2 spelers (nu {got})", rf_pick_one: "kies 1 speler (nu {got})",
    rf_forced: "{seat} (links van gever {dealer}) moet spelen (art. 3): {pair} speelt",
    rf_no_trick_points: "{pair} haalde geen slag en heeft dus 0 punten (§8 check 4)",
    rf_no_trick_roem: "{pair} haalde geen slag en heeft dus geen roem (§8 check 4)",
    rf_partner_seat: "moet een andere plaats zijn dan de speler: wie het Ruf-Ass heeft, speelt met hem (Nr. 2)",
    rf_roem_values: "roem {v} is niet te maken van 20, 50, 100 en 200 (art. 4c, §8 check 3)",
    rf_roem_negative: "roem is nooit negatief, niet {got} (art. 4c)",
    rf_roem_most: "brengt de roem van dit spel op {deal}; 8 slagen houden hoogstens {most} (200 per slag, art. 4c, K-D5)",
    rf_augen_most: "heeft {v} Augen; de kaarten hebben er samen 120",
    rf_fault_tricks: "heeft {v} slagen; een fout komt voordat de 8e slag af is",
    rf_not_played: "{type} wordt niet gespeeld: Nr. 2 kent alleen Rufspiel, Solo en Solo-Tout",
    rf_spritze: "Spritze ist nicht gestattet: hier wordt niet verdubbeld (Schafkopf Nr. 2)",
    rf_mis_everyone: "alle spelers spelen miserie; één moet dat niet doen (W-D16)",
    rf_mis_nobody: "noemt niemand; een miserie heeft minstens één speler nodig",
    rf_mis_tricks: "de miseriespelers haalden samen {v} slagen; een spel heeft er 13",
    rf_mis_once: "plaats {seat} speelt maar één keer miserie",
    rf_card: "moet een kaart zijn zoals H7, SA of D10 (kleur S/H/D/C), niet {got}",
    rl_decl_augen: "Augen van de spelers", rl_seats: "Plaatsen", rl_value: "Waarde",
    rf_server_words: "Wat de server zei (Engels)",
  },
  de: {
    rf_required: "fehlt noch", rf_between: "muss zwischen {lo} und {hi} liegen, nicht {got}",
    rf_at_least: "muss mindestens {lo} sein, nicht {got}", rf_at_most: "darf höchstens {hi} sein, nicht {got}",
    rf_whole: "muss eine ganze Zahl sein", rf_one_of: "wählen Sie eins von: {list}",
    rf_round_boards: "dieser Tisch spielt in dieser Runde die Boards {list}",
    rf_board_taken: "Board {board} steht schon auf der Liste; streichen Sie es, um es zu berichtigen",
    rf_pick_two: "wählen Sie 2 Spieler (jetzt {got})", rf_pick_one: "wählen Sie 1 Spieler (jetzt {got})",
    rf_forced: "{seat} (links vom Geber {dealer}) muss spielen (Art. 3): {pair} spielt",
    rf_no_trick_points: "{pair} hat keinen Stich, also 0 Punkte (§8 check 4)",
    rf_no_trick_roem: "{pair} hat keinen Stich, also keinen Roem (§8 check 4)",
    rf_partner_seat: "muss ein anderer Platz sein als der Spieler: wer das Ruf-Ass hat, spielt mit ihm (Nr. 2)",
    rf_roem_values: "Roem {v} lässt sich nicht aus 20, 50, 100 und 200 bilden (Art. 4c, §8 check 3)",
    rf_roem_negative: "Roem ist nie negativ, nicht {got} (Art. 4c)",
    rf_roem_most: "bringt den Roem dieses Spiels auf {deal}; 8 Stiche haben höchstens {most} (200 je Stich, Art. 4c, K-D5)",
    rf_augen_most: "hat {v} Augen; die Karten haben zusammen 120",
    rf_fault_tricks: "hat {v} Stiche; ein Fehler kommt, bevor der 8. Stich fertig ist",
    rf_not_played: "{type} wird nicht gespielt: Nr. 2 lässt nur Rufspiel, Solo und Solo-Tout zu",
    rf_spritze: "Spritze ist nicht gestattet (Schafkopf Nr. 2)",
    rf_mis_everyone: "alle Spieler spielen miserie; einer darf es nicht (W-D16)",
    rf_mis_nobody: "nennt niemanden; eine miserie braucht mindestens einen Spieler",
    rf_mis_tricks: "die miserie-Spieler machten zusammen {v} Stiche; ein Spiel hat 13",
    rf_mis_once: "Platz {seat} spielt miserie nur einmal",
    rf_card: "muss eine Karte sein wie H7, SA oder D10 (Farbe S/H/D/C), nicht {got}",
    rl_decl_augen: "Augen der Spieler", rl_seats: "Plätze", rl_value: "Wert",
    rf_server_words: "Was der Server sagte (englisch)",
  },
  en: {
    rf_required: "still to fill in", rf_between: "must be between {lo} and {hi}, not {got}",
    rf_at_least: "must be at least {lo}, not {got}", rf_at_most: "must be at most {hi}, not {got}",
    rf_whole: "must be a whole number", rf_one_of: "choose one of: {list}",
    rf_round_boards: "this table plays boards {list} this round",
    rf_board_taken: "board {board} is already on this list; void it to correct it",
    rf_pick_two: "choose 2 players ({got} now)", rf_pick_one: "choose 1 player ({got} now)",
    rf_forced: "{seat} (left of dealer {dealer}) must play (art. 3), so {pair} is the playing pair",
    rf_no_trick_points: "{pair} took no trick, so it has 0 (§8 check 4)",
    rf_no_trick_roem: "{pair} took no trick, so no roem (§8 check 4)",
    rf_partner_seat: "must be another seat than the declarer: the holder of the called ace plays with him (Schafkopf Nr. 2)",
    rf_roem_values: "roem {v} is not made of the values 20, 50, 100 and 200 (art. 4c, §8 check 3)",
    rf_roem_negative: "roem is never negative, got {got} (art. 4c)",
    rf_roem_most: "brings the deal's roem to {deal}; 8 tricks hold at most {most} (200 each, art. 4c, K-D5)",
    rf_augen_most: "has {v} Augen; the cards hold 120",
    rf_fault_tricks: "has {v} tricks; a fault comes before the 8th trick is done",
    rf_not_played: "{type} is not played: Nr. 2 admits Rufspiel, Solo and Solo-Tout only",
    rf_spritze: "Spritze ist nicht gestattet: no doubling (Schafkopf Nr. 2)",
    rf_mis_everyone: "every active player plays miserie; one must not (W-D16)",
    rf_mis_nobody: "names nobody; a miserie deal needs at least one player",
    rf_mis_tricks: "its players took {v} tricks; a deal has 13",
    rf_mis_once: "seat {seat} plays miserie only once",
    rf_card: "must be a card like 'H7', 'SA' or 'D10' (suit S/H/D/C), got {got}",
    rl_decl_augen: "Declarers' Augen", rl_seats: "Seats", rl_value: "Value",
    rf_server_words: "What the server said",
  },
});

// A record's field → the key of the label its game's form shows for it.
const COMMON = { dealer: "dealer", tricks: "tricks", seats: "rl_seats", value: "rl_value" };
const LABELS = {
  klaverjas: { card_points: "points", trump: "trump", playing: "playing", roem: "roem" },
  wiezen: { contract: "wz_contract", declarers: "wz_declarers", miserie: "wz_declarers" },
  bridge: {
    board: "br_board", dealer: "br_dealer", contract: "br_contract", level: "br_level",
    strain: "br_strain", declarer: "br_declarer", tricks: "br_tricks", lead: "br_lead",
  },
  schafkopf: {
    type: "skf_type", declarer: "skf_declarer", called_ace: "skf_ace", partner: "skf_partner",
    decl_tricks: "skf_tricks", decl_augen: "rl_decl_augen",
  },
};
const PLACE = /^(N|E|S|W|NS|EW|[1-5])$/; // a seat or pair named in a path: "card_points.NS"

// "card_points.NS" → "Punten NS"; a field its game's form has no label for shows as it is.
export function fieldLabel(field, game) {
  const [first, ...rest] = String(field || "").split(".");
  const head = first.replace(/\[\d+\]$/, ""); // "roem[1]": the second roem, not seat 1
  const key = (LABELS[game] || {})[head] || COMMON[head];
  if (!key) return String(field || "");
  const place = rest.find((part) => PLACE.test(part));
  return place ? `${t(key)} ${place}` : t(key);
}

const MESSAGES = [
  [/^is required\b/, () => t("rf_required")], // "… unless the record holds only penalties"
  [/^must be between (-?\d+) and (-?\d+), got (-?\d+)$/, ([, lo, hi, got]) => say("rf_between", { lo, hi, got })],
  [/^must be at least (-?\d+), got (-?\d+)$/, ([, lo, got]) => say("rf_at_least", { lo, got })],
  [/^must be at most (-?\d+), got (-?\d+)$/, ([, hi, got]) => say("rf_at_most", { hi, got })],
  [/^must be a whole number, got .*$/, () => t("rf_whole")],
  [/^must be one of (.+); got .*$/, ([, list]) => say("rf_one_of", { list })],
  [/ is played by 2 distinct active seats, got (\d+)$/, ([, got]) => say("rf_pick_two", { got })],
  [/ is played by exactly 1 active seat, got (\d+)$/, ([, got]) => say("rf_pick_one", { got })],
  [/^(\w+) \(left of dealer (\w+)\) must play \(art\. 3\), so (\w+) is the playing pair$/,
    ([, seat, dealer, pair]) => say("rf_forced", { seat, dealer, pair })],
  [/^(NS|EW) took no trick, so it has 0 \(§8 check 4\)$/, ([, pair]) => say("rf_no_trick_points", { pair })],
  [/^(NS|EW) took no trick, so no roem \(§8 check 4\)$/, ([, pair]) => say("rf_no_trick_roem", { pair })],
  [/^must be another seat than the declarer: /, () => t("rf_partner_seat")],
  [/^this table plays boards (.+) this round$/, ([, list]) => say("rf_round_boards", { list })],
  [/^board (\d+) is already on this list; void it to correct it$/, ([, board]) => say("rf_board_taken", { board })],
  [/^roem (-?\d+) is not made of the values 20, 50, 100 and 200\b/, ([, v]) => say("rf_roem_values", { v })],
  [/^roem is never negative, got (-?\d+)/, ([, got]) => say("rf_roem_negative", { got })],
  [/^brings the deal's roem to (\d+); 8 tricks hold at most (\d+)/, ([, deal, most]) => say("rf_roem_most", { deal, most })],
  [/^has (-?\d+) Augen; the cards hold 120$/, ([, v]) => say("rf_augen_most", { v })],
  [/^has (-?\d+) tricks; a fault comes before the 8th trick is done$/, ([, v]) => say("rf_fault_tricks", { v })],
  [/^(\S+) is not played: Nr\. 2 admits Rufspiel, Solo and Solo-Tout only$/, ([, type]) => say("rf_not_played", { type })],
  [/^Spritze ist nicht gestattet\b/, () => t("rf_spritze")],
  [/^every active player plays miserie; one must not\b/, () => t("rf_mis_everyone")],
  [/^names nobody; a miserie deal needs at least one player$/, () => t("rf_mis_nobody")],
  [/^its players took (\d+) tricks; a deal has 13$/, ([, v]) => say("rf_mis_tricks", { v })],
  [/^seat (\d) plays miserie only once$/, ([, seat]) => say("rf_mis_once", { seat })],
  [/^must be a card like 'H7', 'SA' or 'D10' \(suit S\/H\/D\/C\), got (.*)$/, ([, got]) => say("rf_card", { got })],
];

// More refusals in words, from a screen that meets them (the console's own: an enrolment that
// cannot be undone …): [pattern, (match) => text], tried after the rules'.
export function addRefusals(list) {
  MESSAGES.push(...list);
}

// The refusal {field, message} of a deal of ``game`` as the player reads it: {label, text}.
export function ruleWords(error, game) {
  const message = String(error.message || "");
  const label = fieldLabel(error.field, game);
  for (const [pattern, word] of MESSAGES) {
    const found = message.match(pattern);
    if (found) return { label, text: word(found) };
  }
  return { label, text: message };
}

// A rule's refusal text in the reader's language, or null when this text has no translation.
export function refusalText(message) {
  const text = String(message || "");
  for (const [pattern, word] of MESSAGES) {
    const found = text.match(pattern);
    if (found) return word(found);
  }
  return language() === "en" ? text : null;
}

// The server's own words for a refusal. The API speaks English (its contract: the message,
// and per field the rule it breaks), and says what kind of refusal it is with a stable code
// ("invalid", "pen_elsewhere", …) that the screens put in the reader's language. In English
// the server's words are shown as they are; in Dutch and German they stay one tap away
// ("What the server said"), for the director or the developers, marked as English.
export function serverWords(message, attrs = {}) {
  if (!message) return null;
  if (language() === "en") return h("span", { class: "server-words", ...attrs }, String(message));
  return h("details", { class: "server-words", ...attrs },
    h("summary", {}, t("rf_server_words")), h("p", { lang: "en" }, String(message)));
}

// The refusal as a line of a preview: the label in bold, then what to do.
export function refusalLine(error, game) {
  const { label, text } = ruleWords(error, game);
  return h("p", { class: "error", dataset: { field: error.field } }, h("b", {}, label), ": ", text);
}
