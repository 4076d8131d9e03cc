// The markers of a row in the players' words: "gemaakt", "nat", "●" for a solo. The rules
// speak in codes (made, after_pas_rond, solo_dot…); a code this file does not know is shown
// as it is, so a new marker is never hidden.

import { language } from "../i18n.js";

const WORDS = {
  nl: {
    made: "gemaakt", failed: "niet gehaald", down: "down", rond: "rond", troel: "troel",
    after_pas_rond: "na pas rond", pas_rond: "pas rond", misplay: "verzaakt", penalty: "straf", nat: "nat", pit: "pit",
    redeal: "opnieuw", revoke: "verzaakt", passed_out: "gepast", adjusted: "arbitraal",
    no_game: "niet gespeeld", auflegen: "Auflegen", verwerfen: "Verwerfen",
  },
  de: {
    made: "gewonnen", failed: "verloren", down: "down", rond: "rond", troel: "troel",
    after_pas_rond: "nach pas rond", pas_rond: "pas rond", misplay: "Fehler", penalty: "Strafe", nat: "nat", pit: "pit",
    redeal: "neu geben", revoke: "Revoke", passed_out: "alle gepasst", adjusted: "Schiedsspruch",
    no_game: "nicht gespielt", auflegen: "Auflegen", verwerfen: "Verwerfen",
  },
  en: {
    made: "made", failed: "failed", down: "down", rond: "rond", troel: "troel",
    after_pas_rond: "after pas rond", pas_rond: "pas rond", misplay: "misplay", penalty: "penalty", nat: "nat", pit: "pit",
    redeal: "redeal", revoke: "revoke", passed_out: "passed out", adjusted: "adjusted",
    no_game: "not played", auflegen: "Auflegen", verwerfen: "Verwerfen",
  },
};
const SIGNS = { solo_dot: "●" };

export function markerWord(marker, lang = language()) {
  return SIGNS[marker] ?? (WORDS[lang] || WORDS.en)[marker] ?? marker;
}

export function markerWords(markers = [], lang = language()) {
  return markers.map((m) => markerWord(m, lang));
}
