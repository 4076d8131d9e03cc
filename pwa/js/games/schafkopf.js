// Schafkopf's part of the app (loaded by ../games.js once the phone knows its list's game).

export * from "./common.js";
export * as rules from "../rules/schafkopf.js";
export { schafkopfForm as form } from "../views/schafkopf_form.js";
