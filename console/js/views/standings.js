// The season table (#/c/:cid/standings): each game's counting rule with every result, counted
// or dropped with its reason, the klaverjas 4200 / 1600 marked, schafkopf's tie-breaks, bridge
// percentages or IMPs, the director's rulings and the submitted lists' chain heads. It follows
// the live stream, so it stays current on a projector all evening.

import { h } from "../../../pwa/js/dom.js";
import { rulesTitle } from "./preset_words.js";
import { formatDateTime, formatDay } from "../../../pwa/js/format.js";
import { explainLines } from "../../../pwa/js/views/explain_words.js";
import { language, t } from "../../../pwa/js/i18n.js";
import { competitionTabs, table } from "../ui.js";
import "./standings_words.js";
import { decidingColumns, eveningOf, formatValue, isRuling, seasonKeys } from "./standings_format.js";
import { keyWords, reasonText, resultCell, unitNote } from "./standings_cells.js";
import { liveBox } from "./standings_live.js";
import { currentNotes } from "./standings_current.js";
import { eveningView } from "./standings_evening.js";
import { playerView } from "./standings_player.js";
import { fieldGrids } from "./standings_fields.js";

export const routes = [
  ["/c/:cid/standings", seasonView],
  ["/c/:cid/e/:n/results", eveningView],
  ["/c/:cid/p/:pid", playerView],
];

const TIEBREAKS = [["touts", "st_touts"], ["solos_won", "st_solos_won"], ["solos_played", "st_solos_played"], ["lot", "st_lot"]];

async function seasonView(ctx) {
  const cid = ctx.params.cid;
  const competition = await ctx.api.get(`competitions/${encodeURIComponent(cid)}`);
  ctx.crumbs(
    { href: "#/", label: t("c_home") },
    { href: `#/c/${cid}`, label: competition.name },
    { label: t("c_standings") },
  );
  const live = await liveBox(ctx, cid, async () => {
    const [standings, fresh] = await Promise.all([
      ctx.api.get(`competitions/${encodeURIComponent(cid)}/standings`),
      ctx.api.get(`competitions/${encodeURIComponent(cid)}`),
    ]);
    return seasonBody(cid, standings, fresh);
  });
  return h("section", { class: "card st-season-screen", dataset: { cid } },
    competitionTabs(cid, "standings"),
    h("h2", {}, `${t("st_season")}: ${competition.name}`),
    live);
}

function columnHead(cid, key) {
  const evening = eveningOf(key);
  const bare = key.replace(/ \(#\d+\)$/, "");
  const label = /^\d{4}-\d{2}-\d{2}$/.test(bare) ? formatDay(bare, language(), { numeric: true }) : bare;
  return evening
    ? { value: h("a", { href: `#/c/${cid}/e/${evening}/results`, title: key }, label), class: "num" }
    : { value: label, class: "num" };
}

function seasonBody(cid, standings, competition) {
  const { game, unit, lines } = standings;
  const keys = seasonKeys(lines);
  const rulings = lines.some((line) => line.results.some((r) => isRuling(r.key)));
  const tiebreaks = game === "schafkopf";
  const headers = [
    { value: t("st_place"), class: "num" }, t("c_name"),
    ...keys.map((key) => columnHead(cid, key)),
    ...(rulings ? [{ value: t("st_rulings"), class: "num" }] : []),
    ...(tiebreaks ? TIEBREAKS.map(([, word]) => ({ value: t(word), class: "num" })) : []),
    { value: t("total"), class: "num" },
  ];
  const decides = decidingColumns(lines); // only the column that separated a tie is shaded
  const rows = lines.map((line, i) => {
    const byKey = Object.fromEntries(line.results.map((r) => [r.key, r]));
    return [
      { value: line.rank ? String(line.rank) : "–", class: "num" },
      h("a", { href: `#/c/${cid}/p/${encodeURIComponent(line.player_id)}` }, line.name),
      ...keys.map((key) => (byKey[key] ? resultCell(byKey[key], unit, competition) : { value: "", class: "num" })),
      ...(rulings ? [{
        value: h("span", {}, line.results.filter((r) => isRuling(r.key)).map((r) => h("span", {
          class: "st-ruling", title: reasonText(r.reason), dataset: { key: r.key, value: String(r.value) },
        }, `${r.value > 0 ? "+" : ""}${formatValue(r.value, unit, language())}`))),
        class: "num",
      }] : []),
      ...(tiebreaks ? TIEBREAKS.map(([name]) => ({
        value: line.details[name] === null || line.details[name] === undefined ? "–" : String(line.details[name]),
        class: decides[i].has(name) ? "num st-decides" : "num",
      })) : []),
      { value: h("b", { dataset: { total: String(line.total) } }, formatValue(line.total, unit, language())), class: "num" },
    ];
  });
  const grid = table(headers, rows, { class: "grid st-season" });
  grid.querySelectorAll("tbody tr").forEach((tr, i) => {
    tr.dataset.player = lines[i].player_id;
    if (lines[i].rank === 0) tr.classList.add("st-unranked");
  });
  return h("div", {},
    h("p", { class: "note st-rule" }, `${rulesTitle(competition.rules_ref || standings.rules_ref, competition.rules_title)} · ${unitNote(game, unit, competition)}`),
    standings.provisional ? h("p", { class: "warn st-provisional" }, t("st_provisional")) : null,
    currentNotes(standings.current),
    standings.problems.map((problem) => h("p", { class: "error-box" }, problem)),
    lines.length ? fieldGrids(grid, lines) : h("p", { class: "note" }, t("st_nobody")),
    legend(game, lines),
    workingSection(lines, unit),
    adjustmentsSection(competition, unit),
    chainSection(cid, standings.lists));
}

// What the marks mean: only those this table uses.
function legend(game, lines) {
  const parts = [];
  if (lines.some((line) => line.results.some((r) => !r.counts))) {
    parts.push([h("del", {}, "12"), ` ${t("st_legend_dropped")}`]);
  }
  if (game === "klaverjas") {
    parts.push([h("span", { class: "st-mark" }, t("st_legend_mark")), ` ${t("st_legend_mark_words")}`]);
  }
  if (game === "schafkopf") parts.push(t("st_legend_tiebreak"));
  if (!parts.length) return null;
  return h("p", { class: "note st-legend" }, parts.flatMap((part, i) => [i ? " · " : null].concat(part)));
}

// How each total came about: the counting rule's working and every result with its reason,
// in the screen's language (the reasons' English translated as the rules' working is).
function workingSection(lines, unit) {
  return h("section", { class: "st-working" },
    h("h3", {}, t("st_working")),
    lines.map((line) => h("details", { dataset: { key: line.player_id } },
      h("summary", {}, `${line.rank || "–"}. ${line.name}`),
      h("ul", {},
        explainLines(line.explain).map((text) => h("li", {}, text)),
        line.results.map((r) => h("li", { class: r.counts ? null : "st-dropped" },
          `${keyWords(r.key)}: ${formatValue(r.value, unit, language())} — `,
          h("span", {}, reasonText(r.reason))))))));
}

function adjustmentsSection(competition, unit) {
  const list = competition.adjustments || [];
  if (!list.length) return null;
  return h("section", { class: "st-adjustments" },
    h("h3", {}, t("st_rulings")),
    table([t("c_name"), { value: t("points"), class: "num" }, t("st_reason"), t("st_article")],
      list.map((a) => [a.name || a.player_id, { value: formatValue(a.points, unit, language()), class: "num" },
        a.reason, a.article || "–"])));
}

function chainSection(cid, lists) {
  return h("section", { class: "st-chains" },
    h("h3", {}, t("st_chains")),
    h("p", { class: "note" }, t("st_chains_note"), " ",
      h("a", { href: `/standings/${encodeURIComponent(cid)}`, target: "_blank", rel: "noopener" }, t("st_public_page")),
      " · ",
      h("a", { href: `/standings/${encodeURIComponent(cid)}?wall`, target: "_blank", rel: "noopener", id: "st-wall" }, t("st_wall_page"))),
    lists.length
      ? h("div", { class: "scroll" }, table(
        [{ value: t("st_evening"), class: "num" }, { value: t("round"), class: "num" }, { value: t("table"), class: "num" }, t("st_head"), t("st_submitted")],
        lists.map((l) => [{ value: String(l.evening), class: "num" }, { value: String(l.round), class: "num" },
          { value: String(l.table), class: "num" }, { value: l.submitted_head, class: "mono" }, formatDateTime(l.submitted_at)]),
        { class: "grid st-chain-table" }))
      : h("p", { class: "note" }, t("st_no_lists")));
}
