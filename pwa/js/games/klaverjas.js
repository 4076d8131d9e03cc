// Klaverjas's part of the app (loaded by ../games.js once the phone knows its list's game).

export * from "./common.js";
export * as rules from "../rules/klaverjas.js";
export { klaverjasForm as form } from "../views/klaverjas_form.js";
