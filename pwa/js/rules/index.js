// The rules port with every game's rules (port of backend/rules/games.py): what the tests and
// the shared vectors score with. The app shell uses scoring.js with the list's game only.

import { GAMES, addGame } from "./scoring.js";
import * as wiezen from "./wiezen.js";
import * as klaverjas from "./klaverjas.js";
import * as bridge from "./bridge.js";
import * as schafkopf from "./schafkopf.js";

export * from "./scoring.js";

for (const [name, module] of Object.entries({ wiezen, klaverjas, bridge, schafkopf })) {
  if (!GAMES[name]) addGame(name, module);
}
