// The rules port: score a deal record in the browser, offline (port of backend/rules/games.py).
// Points shown from here are provisional until the server confirms them. The games' own
// rules are added with addGame (each game's part of the app adds its own).

import { Fields, RecordError, isTextOrNumber } from "./fields.js";
import { PRESETS } from "./presets.js";

export { RecordError };
export const FORMAT = 1;
// The games whose rules this phone has: the app shell scores with the rules of the list's game,
// loaded with the game's part (../games.js); index.js has them all (the tests, the vectors).
export const GAMES = {};

export function addGame(name, module) {
  GAMES[name] = module;
}

export const ENVELOPE = ["format", "game", "rules", "deal", "table", "evening", "seats", "dealer"];

export function defaultRules(game) {
  return Object.values(PRESETS).find((rs) => rs.game === game && rs.id === GAMES[game].PRESET_ID);
}

// A rule set: a preset id ("id" or "id@version"), a club's own {id, base, options}, or a
// stored rule set {id, version, options, game}.
export function resolveRules(rules) {
  if (rules === null || rules === undefined) return null;
  if (typeof rules === "string") {
    const at = rules.indexOf("@"); // "id@version": everything after the first "@" is the version
    const [id, version] = at < 0 ? [rules, ""] : [rules.slice(0, at), rules.slice(at + 1)];
    const found = Object.hasOwn(PRESETS, id) ? PRESETS[id] : null;
    if (!found || (version && String(found.version) !== version)) {
      const known = Object.values(PRESETS).map((rs) => `${rs.id}@${rs.version}`).sort().join(", ");
      throw new RecordError("rules", `no rule set ${JSON.stringify(rules)}; known: ${known}`);
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
  if (f.raw("format", FORMAT) !== FORMAT) { // 1.0 reads as 1 here; Python refuses it
    throw f.error("format", `this version of Troef reads deal records of format ${FORMAT}`);
  }
  const game = f.str("game", Object.keys(GAMES));
  const module = GAMES[game];
  const named = f.str("rules", null, { required: false });
  let ruleset = resolveRules(rules);
  if (!ruleset) ruleset = named ? resolveRules(named) : defaultRules(game);
  else if (named !== null && named !== ruleset.id && named !== `${ruleset.id}@${ruleset.version}`) {
    throw new RecordError("rules", `this record is scored with ${ruleset.id}@${ruleset.version}, but names ${JSON.stringify(named)}`);
  }
  if (ruleset.game !== game) throw new RecordError("rules", `${ruleset.id} is a rule set for ${ruleset.game}, not ${game}`);
  f.int("deal", 1, null, { required: false });
  for (const name of ["table", "evening"]) {
    const value = f.raw(name);
    if (value !== null && !isTextOrNumber(value)) {
      throw f.error(name, "must be a text or a number");
    }
  }
  f.only([...ENVELOPE, ...module.FIELDS]);
  return module.score(f, ruleset.options);
}
