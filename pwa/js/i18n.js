// The app's words in Dutch, German and English. Game words (roem, troef, nat, pit) stay as
// they are in every language.

export const STRINGS = {
  nl: {
    join_title: "Aan tafel", code: "Tafelcode", join: "Meedoen", joining: "Bezig…",
    join_failed: "Meedoen lukte niet", offline_join: "Meedoen kan alleen met netwerk",
    table: "Tafel", round: "Ronde", pen: "Pen", you_hold_pen: "U heeft de pen: u schrijft.",
    read_only: "Een ander toestel heeft de pen: u leest mee.", take_pen: "Pen nemen",
    deal: "Spel", dealer: "Gever", playing: "Speelt", trump: "Troef", points: "Punten",
    tricks: "Slagen", roem: "Roem", total: "Totaal", record: "Opschrijven", clear: "Wissen",
    provisional: "voorlopig", confirmed: "bevestigd", pending: "te verzenden",
    last_sync: "Laatste sync", never: "nooit", offline: "offline", online: "online",
    syncing: "synchroniseren…", conflicts: "Geweigerd", conflict_help:
      "De server weigerde dit. Controleer het spel op papier en schrijf het opnieuw op.",
    dismiss: "Begrepen", sheet: "Lijst", entry: "Invoer", no_deals: "Nog geen spellen.",
    explanation: "Uitleg", close: "Sluiten", update: "Er is een nieuwe versie.", reload: "Vernieuwen",
    other_pair: "andere paar", record_json: "Spel (JSON)", leave: "Andere tafel", storage: "Opslag",
  },
  de: {
    join_title: "Zum Tisch", code: "Tischcode", join: "Beitreten", joining: "Einen Moment…",
    join_failed: "Beitreten fehlgeschlagen", offline_join: "Beitreten geht nur mit Netz",
    table: "Tisch", round: "Runde", pen: "Stift", you_hold_pen: "Sie haben den Stift: Sie schreiben.",
    read_only: "Ein anderes Gerät hat den Stift: Sie lesen mit.", take_pen: "Stift nehmen",
    deal: "Spiel", dealer: "Geber", playing: "Spielt", trump: "Troef", points: "Punkte",
    tricks: "Stiche", roem: "Roem", total: "Summe", record: "Eintragen", clear: "Leeren",
    provisional: "vorläufig", confirmed: "bestätigt", pending: "ausstehend",
    last_sync: "Letzter Abgleich", never: "nie", offline: "offline", online: "online",
    syncing: "gleiche ab…", conflicts: "Abgelehnt", conflict_help:
      "Der Server hat das abgelehnt. Prüfen Sie das Spiel auf Papier und tragen Sie es neu ein.",
    dismiss: "Verstanden", sheet: "Liste", entry: "Eingabe", no_deals: "Noch keine Spiele.",
    explanation: "Erklärung", close: "Schließen", update: "Eine neue Version ist da.", reload: "Neu laden",
    other_pair: "anderes Paar", record_json: "Spiel (JSON)", leave: "Anderer Tisch", storage: "Speicher",
  },
  en: {
    join_title: "Join a table", code: "Table code", join: "Join", joining: "Joining…",
    join_failed: "Could not join", offline_join: "Joining needs the network",
    table: "Table", round: "Round", pen: "Pen", you_hold_pen: "You hold the pen: you write.",
    read_only: "Another device holds the pen: you follow.", take_pen: "Take the pen",
    deal: "Deal", dealer: "Dealer", playing: "Playing", trump: "Troef", points: "Points",
    tricks: "Tricks", roem: "Roem", total: "Total", record: "Record", clear: "Clear",
    provisional: "provisional", confirmed: "confirmed", pending: "pending",
    last_sync: "Last sync", never: "never", offline: "offline", online: "online",
    syncing: "syncing…", conflicts: "Refused", conflict_help:
      "The server refused this. Check the deal on paper and record it again.",
    dismiss: "Got it", sheet: "List", entry: "Entry", no_deals: "No deals yet.",
    explanation: "Explanation", close: "Close", update: "A new version is available.", reload: "Reload",
    other_pair: "other pair", record_json: "Deal (JSON)", leave: "Other table", storage: "Storage",
  },
};

let current = "en";

// Add a module's own words: extend({nl: {...}, de: {...}, en: {...}}). Each view keeps its
// words next to its code; a key defined twice is a mistake and throws.
export function extend(words) {
  for (const [lang, entries] of Object.entries(words)) {
    if (!STRINGS[lang]) throw new Error(`unknown language ${lang}`);
    for (const [key, text] of Object.entries(entries)) {
      if (key in STRINGS[lang] && STRINGS[lang][key] !== text) throw new Error(`word ${key} defined twice`);
      STRINGS[lang][key] = text;
    }
  }
}

export function pickLanguage(saved, languages = []) {
  if (saved && STRINGS[saved]) return saved;
  for (const tag of languages) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (STRINGS[base]) return base;
  }
  return "en";
}

export function setLanguage(lang) {
  current = STRINGS[lang] ? lang : "en";
  return current;
}

export function language() {
  return current;
}

export function t(key) {
  return STRINGS[current][key] ?? STRINGS.en[key] ?? key;
}

// A word with {name} holes filled in: fill("Anwesend: {n}", {n: 9}); a missing value is empty.
export function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// The word for `key` in the current language, its holes filled in.
export function say(key, values = {}) {
  return fill(t(key), values);
}

// The language switch of a page (both apps): the saved choice or the browser's, the page's
// lang attribute kept in step, the choice saved; onChange redraws the page.
export function bindLanguageSwitch(select, { storage, languages, root, onChange }) {
  const apply = (lang) => {
    select.value = lang;
    root.lang = lang;
  };
  apply(setLanguage(pickLanguage(storage.getItem("troef-lang"), languages || [])));
  select.addEventListener("change", () => {
    storage.setItem("troef-lang", setLanguage(select.value));
    apply(language());
    onChange();
  });
}
