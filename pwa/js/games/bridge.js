// Bridge's part of the app (loaded by ../games.js once the phone knows its list's game): the
// form by board and the movement from round to round besides the rules.

export * from "./common.js";
export * as rules from "../rules/bridge.js";
export { bridgeForm as form } from "../views/bridge_form.js";
export { followMovement, movementView } from "../views/movement.js";
