// The rules port: score a deal record in the browser, offline (port of backend/rules/games.py).
// Points shown from here are provisional until the server confirms them.

import { Fields, RecordError } from "./fields.js";
import { PRESETS } from "./presets.js";
import * as wiezen from "./wiezen.js";
import * as klaverjas from "./klaverjas.js";
import * as bridge from "./bridge.js";
import * as schafkopf from "./schafkopf.js";

export { RecordError };
export const FORMAT = 1;
export const GAMES = { wiezen, klaverjas, bridge, schafkopf };
export const ENVELOPE = ["format", "game", "rules", "deal", "table", "evening", "seats", "dealer"];

export function defaultRules(game) {
  return Object.values(PRESETS).find((rs) => rs.game === game && rs.id === GAMES[game].PRESET_ID);
}

// A rule set: a preset id ("id" or "id@version"), a club's own {id, base, options}, or a
// stored rule set {id, version, options, game}.
export function resolveRules(rules) {
  if (rules === null || rules === undefined) return null;
  if (typeof rules === "string") {
    const [id, version] = rules.split("@");
    const found = PRESETS[id];
    if (!found || (version && String(found.version) !== version)) {
      throw new RecordError("rules", `no rule set ${JSON.stringify(rules)}`);
    }
    return found;
  }
  if (rules.base) {
    const base = resolveRules(rules.base);
    for (const name of Object.keys(rules.options || {})) {
      if (!(name in base.options)) throw new RecordError(`options.${name}`, `is not an option of ${base.game}`);
    }
    return { id: rules.id, version: rules.version || 1, game: base.game, options: { ...base.options, ...(rules.options || {}) } };
  }
  return rules;
}

// Score one record: {points, counts, markers, explain, ...extra}; throws RecordError.
export function scoreRecord(record, rules = null) {
  const f = new Fields(record);
  if (f.raw("format", FORMAT) !== FORMAT) {
    throw f.error("format", `this version of Troef reads deal records of format ${FORMAT}`);
  }
  const game = f.str("game", Object.keys(GAMES));
  const module = GAMES[game];
  const named = f.str("rules", null, { required: false });
  let ruleset = resolveRules(rules);
  if (!ruleset) ruleset = named ? resolveRules(named) : defaultRules(game);
  else if (named && named !== ruleset.id && named !== `${ruleset.id}@${ruleset.version}`) {
    throw new RecordError("rules", `this record is scored with ${ruleset.id}@${ruleset.version}, but names ${JSON.stringify(named)}`);
  }
  if (ruleset.game !== game) throw new RecordError("rules", `${ruleset.id} is a rule set for ${ruleset.game}, not ${game}`);
  f.int("deal", 1, null, { required: false });
  for (const name of ["table", "evening"]) {
    const value = f.raw(name);
    if (value !== null && typeof value !== "string" && !Number.isInteger(value)) {
      throw f.error(name, "must be a text or a number");
    }
  }
  f.only([...ENVELOPE, ...module.FIELDS]);
  return module.score(f, ruleset.options);
}
