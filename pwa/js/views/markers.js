// The markers of a row in the players' words: "gemaakt", "nat", "●" for a solo. The rules
// speak in codes (made, after_pas_rond, solo_dot…); a code this file does not know is shown
// as it is, so a new marker is never hidden.

import { extend, language, STRINGS } from "../i18n.js";

extend({
  nl: {
    mk_made: "gemaakt", mk_failed: "niet gehaald", mk_down: "down", mk_rond: "rond", mk_troel: "troel",
    mk_after_pas_rond: "na pas rond", mk_pas_rond: "pas rond", mk_misplay: "verzaakt", mk_penalty: "straf", mk_nat: "nat", mk_pit: "pit",
    mk_redeal: "opnieuw", mk_revoke: "verzaakt", mk_passed_out: "gepast", mk_adjusted: "arbitraal",
    mk_no_game: "niet gespeeld", mk_auflegen: "Auflegen", mk_verwerfen: "Verwerfen",
  },
  de: {
    mk_made: "gewonnen", mk_failed: "verloren", mk_down: "down", mk_rond: "rond", mk_troel: "troel",
    mk_after_pas_rond: "nach pas rond", mk_pas_rond: "pas rond", mk_misplay: "Fehler", mk_penalty: "Strafe", mk_nat: "nat", mk_pit: "pit",
    mk_redeal: "neu geben", mk_revoke: "Revoke", mk_passed_out: "alle gepasst", mk_adjusted: "Schiedsspruch",
    mk_no_game: "nicht gespielt", mk_auflegen: "Auflegen", mk_verwerfen: "Verwerfen",
  },
  en: {
    mk_made: "made", mk_failed: "failed", mk_down: "down", mk_rond: "rond", mk_troel: "troel",
    mk_after_pas_rond: "after pas rond", mk_pas_rond: "pas rond", mk_misplay: "misplay", mk_penalty: "penalty", mk_nat: "nat", mk_pit: "pit",
    mk_redeal: "redeal", mk_revoke: "revoke", mk_passed_out: "passed out", mk_adjusted: "adjusted",
    mk_no_game: "not played", mk_auflegen: "Auflegen", mk_verwerfen: "Verwerfen",
  },
});
const SIGNS = { solo_dot: "●" };

export function markerWord(marker, lang = language()) {
  const words = STRINGS[lang] || STRINGS.en;
  return SIGNS[marker] ?? words[`mk_${marker}`] ?? marker;
}

export function markerWords(markers = [], lang = language()) {
  return markers.map((m) => markerWord(m, lang));
}
