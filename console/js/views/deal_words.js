// What a deal was, in one line of the reader's language, for the console's lists and replay
// (the JS twin of backend/exports/deal_words.py): suits as symbols, compass seats in the
// language's letters, a bridge result as "=", "+1", "-2", the declarers and the miserie
// players with their tricks. Contract names (VRAAG, MIS) are the rulebooks' own and stay.
// Pure: no DOM, so it is tested in node.

import { extend, language, STRINGS } from "../../../pwa/js/i18n.js";

extend({
  nl: {
    dw_board: "spel", dw_declarers: "spelers", dw_player: "speler", dw_partner: "maat",
    dw_plays: "speelt", dw_no_trump: "SA", dw_seats: "N O Z W", dw_adjusted: "arbitrale score",
    dw_penalty: "straf", dw_tricks: "slagen", dw_trick: "slag", dw_open: "open", dw_no_game: "geen spel", dw_passed_out: "gepast",
  },
  de: {
    dw_board: "Board", dw_declarers: "Spieler", dw_player: "Spieler", dw_partner: "Partner",
    dw_plays: "spielt", dw_no_trump: "SA", dw_seats: "N O S W", dw_adjusted: "Schiedsergebnis",
    dw_penalty: "Strafe", dw_tricks: "Stiche", dw_trick: "Stich", dw_open: "offen", dw_no_game: "kein Spiel", dw_passed_out: "eingepasst",
  },
  en: {
    dw_board: "board", dw_declarers: "declarers", dw_player: "declarer", dw_partner: "partner",
    dw_plays: "plays", dw_no_trump: "NT", dw_seats: "N E S W", dw_adjusted: "adjusted score",
    dw_penalty: "penalty", dw_tricks: "tricks", dw_trick: "trick", dw_open: "open", dw_no_game: "no game", dw_passed_out: "passed out",
  },
});

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const COMPASS = ["N", "E", "S", "W"];
const BOOK = 6; // a bridge contract of level n asks for 6 + n tricks
// Schafkopf games by the rulebook's names (Nr. 2); the called aces by their suit.
const SCHAFKOPF = { RUFSPIEL: "Rufspiel", SOLO: "Solo", TOUT: "Solo-Tout", WENZ: "Wenz", GEIER: "Geier" };
const ACES = { EICHEL: "Eichel-Ass", GRAS: "Gras-Ass", SCHELLEN: "Schellen-Ass" };

function words(lang) {
  const table = STRINGS[lang] || STRINGS.en;
  return (key) => table[`dw_${key}`];
}

// A seat as the language writes it: "E" → "O" in Dutch, "NS" → "NZ"; numbers as they are.
export function seatWord(label, lang = language()) {
  const text = label === null || label === undefined ? "" : String(label);
  const letters = Object.fromEntries(COMPASS.map((c, i) => [c, words(lang)("seats").split(" ")[i]]));
  return text && [...text].every((c) => c in letters) ? [...text].map((c) => letters[c]).join("") : text;
}

function bridgeLine(record, lang) {
  const w = words(lang);
  if (record.adjusted && typeof record.adjusted === "object") {
    const sides = ["ns", "ew"].filter((s) => s in record.adjusted).map((s) => `${seatWord(s.toUpperCase(), lang)} ${record.adjusted[s]}`);
    return `${w("adjusted")} ${sides.join(", ")}`;
  }
  const bid = record.contract;
  if (bid === null && "contract" in record) return w("passed_out");
  if (!bid || typeof bid !== "object") return "";
  const strain = bid.strain === "NT" ? w("no_trump") : SUITS[bid.strain] || bid.strain || "";
  let text = `${bid.level ?? ""}${strain}${["", "X", "XX"][bid.dbl || 0] || ""} ${seatWord(record.declarer, lang)}`.trim();
  if (Number.isInteger(record.tricks) && Number.isInteger(bid.level)) {
    const over = record.tricks - BOOK - bid.level;
    text += ` ${over === 0 ? "=" : over > 0 ? `+${over}` : String(over)}`;
  }
  return text;
}

function tricksWord(n, lang) {
  return `${n} ${words(lang)(n === 1 ? "trick" : "tricks")}`;
}

function otherLine(record, lang) {
  const w = words(lang);
  const parts = [];
  if (record.contract) parts.push(String(record.contract));
  if (record.type) parts.push(record.type === "NO_GAME" ? w("no_game") : SCHAFKOPF[record.type] || String(record.type));
  if (record.playing) parts.push(`${seatWord(record.playing, lang)} ${w("plays")} ${SUITS[record.trump] || record.trump || ""}`.trim());
  if (Array.isArray(record.declarers) && record.declarers.length) {
    parts.push(`${w("declarers")} ${record.declarers.map((d) => seatWord(d, lang)).join(", ")}`);
  } else if (record.declarer !== undefined && record.declarer !== null && record.declarer !== "") {
    parts.push(`${w("player")} ${seatWord(record.declarer, lang)}`);
  }
  if (record.partner !== undefined && record.partner !== null) {
    parts.push(`${w("partner")} ${seatWord(record.partner, lang)}${ACES[record.called_ace] ? ` (${ACES[record.called_ace]})` : ""}`);
  }
  if (Array.isArray(record.miserie) && record.miserie.length) {
    parts.push(record.miserie.map((m) => [seatWord(m.seat, lang), m.open ? w("open") : null,
      Number.isInteger(m.tricks) ? `(${tricksWord(m.tricks, lang)})` : null].filter(Boolean).join(" ")).join(", "));
  }
  if (!Array.isArray(record.miserie) && Number.isInteger(record.tricks)) parts.push(tricksWord(record.tricks, lang));
  return parts.join(" · ");
}

// What a row of a list was: "spel 6: 3SA N +1", "VRAAG · spelers 1, 3 · 9 slagen",
// "MIS · 2 (0 slagen), 4 open (1 slag)"; a penalty row without a contract says so.
export function dealLine(row, lang = language()) {
  const record = row.record || {};
  const bridge = "board" in record;
  let text = bridge ? bridgeLine(record, lang) : otherLine(record, lang);
  if (!text && row.kind === "penalty") text = words(lang)("penalty");
  return bridge ? `${words(lang)("board")} ${record.board}: ${text}`.trim() : text;
}
