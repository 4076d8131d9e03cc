// The federations' rule sets by name in the director's language. A preset's title is stored in
// English with the competition (it is part of the rule set the history pins); a club's own copy
// keeps the title the club gave it.

import { language } from "../../../pwa/js/i18n.js";

const TITLES = {
  "bridge-nbb-1930": {
    nl: "Bridge: clubregels van 1930 voor spel en onregelmatigheden, gewone wedstrijdtelling",
    de: "Bridge: Clubregeln von 1930 zu Spiel und Regelwidrigkeiten, übliche Turnierwertung",
  },
  "klaverjas-amsterdams": {
    nl: "Klaverjassen Amsterdams: spelregels 1-15 en slotbepaling van de club",
    de: "Klaverjassen Amsterdams: Spielregeln 1-15 und Schlussbestimmung des Vereins",
  },
  "schafkopf-tsv-lengfeld": {
    nl: "Schafkopftoernooi van TSV Lengfeld 1876 e.V. (Spielregeln Nr. 1-10)",
    de: "Schafkopfturnier des TSV Lengfeld 1876 e.V. (Spielregeln Nr. 1-10)",
  },
  "wiezen-reglement-2019": {
    nl: "Kleurenwiezen, clubtoernooi: Reglement ed 8/9/19",
    de: "Kleurenwiezen, Vereinsturnier: Reglement ed 8/9/19",
  },
};

// The title of the rule set `ref` ("klaverjas-amsterdams@1") as the reader reads it: a
// federation's preset in the reader's language, anything else as it was given.
export function rulesTitle(ref, title, lang = language()) {
  const words = TITLES[String(ref || "").split("@")[0]];
  return (words && words[lang]) || title || ref || "";
}
