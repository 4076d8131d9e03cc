// The server's refusals about players, in the director's language (#16, items 6, 22 and 27):
// a name already enrolled, a player already withdrawn, an enrolment that cannot be undone, and
// each refused line of an import. The server speaks English (its words stay one tap away in the
// error box); these are added to the rule words, so the error box and the import report say
// them. The player's id and name are kept as they are. Pure: no DOM, so it is tested in node.

import { extend, say, t } from "../../../pwa/js/i18n.js";
import { addRefusals, refusalText } from "../../../pwa/js/views/rule_words.js";

extend({
  nl: {
    pr_seated: "{player} heeft een plaats op avond {evening}, die al geloot is: een inschrijving kan alleen ongedaan worden gemaakt zolang de speler op geen enkele getrokken avond een plaats of uitslag heeft (trek de speler in plaats daarvan terug)",
    pr_notice: "{player} is afgemeld voor avond {evening}, die al geloot is (en telt dus mee): een inschrijving kan alleen ongedaan worden gemaakt zolang de speler op geen enkele getrokken avond een plaats of uitslag heeft (trek de speler in plaats daarvan terug)",
    pr_adjusted: "de stand van {player} is gecorrigeerd: een inschrijving kan alleen ongedaan worden gemaakt zolang de speler geen uitslag heeft (trek de speler in plaats daarvan terug)",
    pr_enrolled: "{name} is al ingeschreven ({player})", pr_withdrawn: "{player} is al teruggetrokken",
    pr_gone_absent: "{player} heeft zich uit deze competitie teruggetrokken: alleen 'afwezig' kan worden vastgelegd (afgemeld, SB-7, is voor een speler die nog meespeelt)",
    pr_line: "{name} staat al op regel {line}", pr_column: "heeft geen kolom {column}",
    pr_empty: "de naam is leeg", pr_long: "de naam is langer dan {n} tekens",
    pr_control: "de naam bevat stuurtekens", pr_number: "het bondsnummer {rule}",
    pr_number_chars: "mag hoogstens {n} letters, cijfers, spaties, '.', '/' of '-' hebben",
  },
  de: {
    pr_seated: "{player} hat einen Platz an Abend {evening}, der schon ausgelost ist: eine Anmeldung lässt sich nur rückgängig machen, solange der Spieler an keinem ausgelosten Abend einen Platz oder ein Ergebnis hat (ziehen Sie den Spieler stattdessen zurück)",
    pr_notice: "{player} ist für Abend {evening} entschuldigt, der schon ausgelost ist (und zählt also mit): eine Anmeldung lässt sich nur rückgängig machen, solange der Spieler an keinem ausgelosten Abend einen Platz oder ein Ergebnis hat (ziehen Sie den Spieler stattdessen zurück)",
    pr_adjusted: "die Tabelle von {player} wurde korrigiert: eine Anmeldung lässt sich nur rückgängig machen, solange der Spieler kein Ergebnis hat (ziehen Sie den Spieler stattdessen zurück)",
    pr_enrolled: "{name} ist schon angemeldet ({player})", pr_withdrawn: "{player} ist schon zurückgezogen",
    pr_gone_absent: "{player} hat sich aus diesem Wettbewerb zurückgezogen: nur 'abwesend' kann eingetragen werden (entschuldigt, SB-7, gilt für einen Spieler, der noch mitspielt)",
    pr_line: "{name} steht schon in Zeile {line}", pr_column: "hat keine Spalte {column}",
    pr_empty: "der Name ist leer", pr_long: "der Name ist länger als {n} Zeichen",
    pr_control: "der Name enthält Steuerzeichen", pr_number: "die Verbandsnummer {rule}",
    pr_number_chars: "darf höchstens {n} Buchstaben, Ziffern, Leerzeichen, '.', '/' oder '-' haben",
  },
  en: {
    pr_seated: "{player} has a seat in evening {evening}, which is drawn: an enrolment can be undone only while the player has no seat or result in a drawn evening (withdraw the player instead)",
    pr_notice: "{player} is absent with notice in evening {evening}, which is drawn: an enrolment can be undone only while the player has no seat or result in a drawn evening (withdraw the player instead)",
    pr_adjusted: "{player} has an adjustment of the standings: an enrolment can be undone only while the player has no result (withdraw the player instead)",
    pr_enrolled: "{name} is already enrolled ({player})", pr_withdrawn: "{player} has already withdrawn",
    pr_gone_absent: "{player} has withdrawn from this competition: only 'absent' can be recorded (an absence with notice, SB-7, is for a player still playing)",
    pr_line: "{name} is on line {line} already", pr_column: "has no {column} column",
    pr_empty: "the name is empty", pr_long: "the name is longer than {n} characters",
    pr_control: "the name holds control characters", pr_number: "the federation number {rule}",
    pr_number_chars: "must be at most {n} letters, digits, spaces, '.', '/' or '-'",
  },
});

// Competition.unenrol, Competition.check_name_free, withdraw and record_attendance, application/roster.py and
// aggregates/federation.py, as their messages read.
addRefusals([
  [/^(\S+) has a seat in evening (\d+), which is drawn: /, ([, player, evening]) => say("pr_seated", { player, evening })],
  [/^(\S+) is absent with notice in evening (\d+), which is drawn: /, ([, player, evening]) => say("pr_notice", { player, evening })],
  [/^(\S+) has an adjustment of the standings: an enrolment /, ([, player]) => say("pr_adjusted", { player })],
  [/^(.+) is already enrolled \((\S+)\)$/, ([, name, player]) => say("pr_enrolled", { name, player })],
  [/^(\S+) has already withdrawn$/, ([, player]) => say("pr_withdrawn", { player })],
  [/^(\S+) has withdrawn from this competition: only 'absent' can be recorded /, ([, player]) => say("pr_gone_absent", { player })],
  [/^(.+) is on line (\d+) already$/, ([, name, line]) => say("pr_line", { name, line })],
  [/^has no (.+) column$/, ([, column]) => say("pr_column", { column })],
  [/^the name is empty$/, () => t("pr_empty")],
  [/^the name is longer than (\d+) characters$/, ([, n]) => say("pr_long", { n })],
  [/^the name holds control characters$/, () => t("pr_control")],
  [/^must be at most (\d+) letters, digits, spaces, '\.', '\/' or '-'$/, ([, n]) => say("pr_number_chars", { n })],
  [/^the federation number (.+)$/, ([, rule]) => say("pr_number", { rule: refusalText(rule) ?? rule })],
]);

// A refused import line's reason, in the director's language; as the server said it where
// these words do not know it.
export function lineReason(reason) {
  return refusalText(reason) ?? String(reason ?? "");
}
