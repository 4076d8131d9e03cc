// What every game's part of the app brings besides its own form and rules: the deal entry, the
// penalty form, play mode and a row's explanation. Not in the shell: a phone loads it with its
// list's game (../games.js).

export { entryView } from "../views/entry.js";
export { penaltyForm } from "../views/penalty_form.js";
export { playView } from "../views/play.js";
export { explainView } from "../views/explain.js";
export { PLAY_COMMANDS, inPlayMode, nextPlayLog, refreshPlay } from "../views/play_state.js";
