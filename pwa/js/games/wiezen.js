// Wiezen's part of the app (loaded by ../games.js once the phone knows its list's game).

export * from "./common.js";
export * as rules from "../rules/wiezen.js";
export { wiezenForm as form } from "../views/wiezen_form.js";
