// What the standings screens compute from the API's answers, without the DOM (node tests it):
// numbers in the competition's unit, the marks of a result (dropped, absent, the klaverjas
// 4200 / 1600), the evening a result belongs to, and each player's running position.

import { formatNumber } from "../../../pwa/js/format.js";

// The unit of a standings total (see StandingsSchema.unit) as text in the language's digits.
export function formatValue(value, unit, lang = "en") {
  if (value === null || value === undefined) return "–";
  const decimals = unit === "pct_hundredths" || unit === "imp_hundredths";
  const number = decimals ? value / 100 : value;
  const text = formatNumber(number, lang, { decimals: decimals ? 2 : 0 });
  if (unit === "pct_hundredths") return `${text} %`;
  if (unit === "imps" || unit === "imp_hundredths") return `${text} IMP`;
  return text;
}

// A result key of the standings: "2025-09-07 (#1)" → evening 1; "ruling 2" is a ruling;
// "Durchgang 1 (2)" is a Durchgang of evening 2.
export function eveningOf(key) {
  const dated = /\(#(\d+)\)$/.exec(key);
  if (dated) return Number(dated[1]);
  const durchgang = /^Durchgang \d+(?: \((\d+)\))?$/.exec(key);
  if (durchgang) return Number(durchgang[1] || 1);
  return null;
}

export function isRuling(key) {
  return /^ruling \d+$/.test(key);
}

// The marks of one result, read from the counting rule's reason:
// {dropped, absent, notice, satOut (how many partijen), ruling}.
export function marksOf(result) {
  const reason = result.reason || "";
  const satOut = (reason.match(/\(sat out, SB-8\)/g) || []).length;
  return {
    dropped: !result.counts,
    absent: /^(no result: )?absent/.test(reason),
    notice: /absent with notice/.test(reason),
    satOut,
    ruling: isRuling(result.key),
  };
}

// The season's columns: every result key (rulings apart), in the order the lines give them.
export function seasonKeys(lines) {
  const keys = [];
  for (const line of lines) {
    for (const r of line.results) if (!isRuling(r.key) && !keys.includes(r.key)) keys.push(r.key);
  }
  return keys.sort((a, b) => (eveningOf(a) ?? 0) - (eveningOf(b) ?? 0));
}

// A rule set option's value from GET /api/competitions/{id} (rules.options: [{name, value}]).
export function option(competition, name, fallback = null) {
  const found = ((competition.rules && competition.rules.options) || []).find((o) => o.name === name);
  return found ? found.value : fallback;
}

// How many wiezen Sundays count, and of how many: the competition's counting rule is the one
// source (it copied the rule set's season_best / season_sundays when it was created).
export function wiezenSeason(competition) {
  const counting = competition.counting || {};
  return {
    best: counting.best || option(competition, "season_best", 9),
    sundays: counting.evenings || option(competition, "season_sundays", 15),
  };
}

// Rank totals highest first; equal totals share a place (1, 1, 3).
export function rankTotals(totals) {
  const sorted = Object.values(totals).sort((a, b) => b - a);
  return Object.fromEntries(Object.entries(totals).map(([id, v]) => [id, sorted.indexOf(v) + 1]));
}

// Each player's running total and position after every evening, by the season's counting rule
// applied to the evenings so far: wiezen counts the best `best` Sundays played (absences are
// discarded first, W-D4); the other games add every evening up. Tie-breaks and the director's
// rulings count only in the season table.
// evenings: [{evening, results: [{player_id, status, points}]}] in order; players: [ids].
export function runningPositions(game, evenings, players, best = Infinity) {
  const played = Object.fromEntries(players.map((p) => [p, []]));
  const out = Object.fromEntries(players.map((p) => [p, []]));
  for (const ev of evenings) {
    const byPlayer = Object.fromEntries(ev.results.map((r) => [r.player_id, r]));
    for (const p of players) {
      const r = byPlayer[p];
      if (!r) continue;
      if (game !== "wiezen" || r.status === "played") played[p].push(r.points);
    }
    const totals = Object.fromEntries(players.map((p) => {
      const values = game === "wiezen"
        ? [...played[p]].sort((a, b) => b - a).slice(0, best)
        : played[p];
      return [p, values.reduce((a, b) => a + b, 0)];
    }));
    const ranks = rankTotals(totals);
    for (const p of players) {
      const r = byPlayer[p];
      out[p].push({
        evening: ev.evening, date: ev.date, status: r ? r.status : "absent",
        points: r ? r.points : null, total: totals[p], position: ranks[p],
      });
    }
  }
  return out;
}

// A klaverjas evening's detail ("1401 + sat_out + 1725") with the rule set's 1600 written in.
export function partijen(detail, sitOut) {
  return detail.split(" + ").map((part) => (part === "sat_out" ? { value: sitOut, satOut: true } : { value: part, satOut: false }));
}

// Schafkopf Nr. 9: players level on points are ranked by Touts, then Solos won, then Solos
// played, then by lot. Per line (in rank order), the tie-break columns that decided its place
// against a neighbour on the same total: the first column where the two differ, and none for
// a line level with nobody.
export const TIEBREAK_ORDER = ["touts", "solos_won", "solos_played", "lot"];

export function decidingColumns(lines, order = TIEBREAK_ORDER) {
  const out = lines.map(() => new Set());
  for (let i = 1; i < lines.length; i += 1) {
    const [a, b] = [lines[i - 1], lines[i]];
    if (!a.rank || !b.rank || a.total !== b.total) continue;
    const value = (line, name) => ((line.details || {})[name] ?? null);
    const decided = order.find((name) => value(a, name) !== value(b, name));
    if (decided) {
      out[i - 1].add(decided);
      out[i].add(decided);
    }
  }
  return out;
}
