// The cells the standings screens share: a result with its marks (dropped and why, the
// klaverjas 4200 / 1600), the counting rule's reasons in the screen's language, the unit note.

import { h } from "../../../pwa/js/dom.js";
import { language, t } from "../../../pwa/js/i18n.js";
import { formatDay } from "../../../pwa/js/format.js";
import { explainLine } from "../../../pwa/js/views/explain_words.js";
import "./standings_words.js";
import { formatValue, marksOf, option, wiezenSeason } from "./standings_format.js";

// The unit of the totals, and the rule that makes them, in words.
export function unitNote(game, unit, competition) {
  if (game === "wiezen") {
    const { best, sundays } = wiezenSeason(competition);
    return t("st_rule_wiezen").replace("{best}", best).replace("{sundays}", sundays);
  }
  if (game === "klaverjas") {
    return t("st_rule_klaverjas")
      .replace("{notice}", option(competition, "absent_with_notice", 4200))
      .replace("{sit}", option(competition, "sit_out", 1600));
  }
  if (game === "schafkopf") return t("st_rule_schafkopf");
  return unit === "pct_hundredths" ? t("st_rule_bridge_mp") : t("st_rule_bridge_imps");
}

// A result's reason in the screen's language where the counting rule's words are known.
export function reasonWords(reason) {
  const best = /^(not )?among the best (\d+)$/.exec(reason);
  if (best) return t(best[1] ? "st_r_not_best" : "st_r_best").replace("{n}", best[2]);
  if (reason === "absent — discarded first") return t("st_r_absent_first");
  if (reason === "absent — counted as 0 (club rule)") return t("st_r_absent_zero");
  const notice = /^absent with notice: (-?\d+) \(SB-7\)$/.exec(reason);
  if (notice) return t("st_r_notice").replace("{v}", notice[1]);
  const without = /absent without notice: (-?\d+) \(K-D12\)$/.exec(reason);
  if (without) return t("st_r_no_notice").replace("{v}", without[1]);
  const ruling = /^ruling: (.*)$/s.exec(reason); // the director's own words follow
  if (ruling) return `${t("st_r_ruling")}: ${ruling[1]}`;
  return reason;
}

// A result's whole reason in the screen's language: the counting rule's working translated,
// a ruling's own words (the director's or the board's, SB-9) kept as they were written.
export function reasonText(reason) {
  return /^ruling: /.test(reason) ? reasonWords(reason) : explainLine(reasonWords(reason));
}

// A result's key as the season table heads it: "Avond 1 (05-04-2026)", "Beslissing 2"; a
// Durchgang keeps its name.
export function keyWords(key) {
  const ruling = /^ruling (\d+)$/.exec(key);
  if (ruling) return t("st_ruling_n").replace("{n}", ruling[1]);
  const dated = /^(\d{4}-\d{2}-\d{2}) \(#(\d+)\)$/.exec(key);
  if (dated) return `${t("st_evening")} ${dated[2]} (${formatDay(dated[1], language(), { numeric: true })})`;
  return key;
}

// One result in a season cell: the value; struck through with its reason when dropped;
// the klaverjas marks (4200 absent with notice, 1600 a partij sat out) named as such.
export function resultCell(result, unit, competition) {
  const marks = marksOf(result);
  const value = formatValue(result.value, unit, language());
  const parts = [marks.dropped ? h("del", {}, value) : h("span", { class: "st-value" }, value)];
  if (marks.dropped) parts.push(h("small", { class: "st-reason" }, reasonText(result.reason)));
  if (marks.notice) {
    parts.push(h("span", { class: "st-mark", title: reasonText(result.reason) },
      t("st_mark_notice").replace("{v}", option(competition, "absent_with_notice", 4200))));
  } else if (marks.absent && !marks.dropped) {
    parts.push(h("span", { class: "st-mark", title: reasonText(result.reason) }, t("st_mark_absent")));
  }
  if (marks.satOut) {
    parts.push(h("span", { class: "st-mark", title: reasonText(result.reason) },
      t("st_mark_sat_out").replace("{n}", marks.satOut).replace("{v}", option(competition, "sit_out", 1600))));
  }
  return {
    value: h("span", {
      class: marks.dropped ? "st-cell st-dropped" : "st-cell st-counted",
      dataset: { key: result.key, value: String(result.value), counts: String(result.counts) },
      title: reasonText(result.reason),
    }, parts),
    class: "num",
  };
}
