// A player's page (#/c/:cid/p/:pid): each evening's result, counted or dropped with the
// reason, the running total and position, and a chart of the season with a table of the same
// numbers next to it (the chart is a picture; the table is what a screen reader reads).

import { h } from "../../../pwa/js/dom.js";
import { explainLines } from "../../../pwa/js/views/explain_words.js";
import { language, t } from "../../../pwa/js/i18n.js";
import { competitionTabs, table } from "../ui.js";
import { eveningOf, formatValue, runningPositions, wiezenSeason } from "./standings_format.js";
import { liveBox } from "./standings_live.js";
import { reasonWords, resultCell } from "./standings_cells.js";
import { seasonChart } from "./standings_chart.js";

const STATUS = { played: "st_played", absent_notice: "st_absent_notice", absent: "st_absent" };

export async function playerView(ctx) {
  const { cid, pid } = ctx.params;
  const base = `competitions/${encodeURIComponent(cid)}`;
  const competition = await ctx.api.get(base);
  const who = (competition.players || []).find((p) => p.player_id === pid);
  ctx.crumbs(
    { href: "#/", label: t("c_home") },
    { href: `#/c/${cid}`, label: competition.name },
    { href: `#/c/${cid}/standings`, label: t("c_standings") },
    { label: who ? who.name : pid },
  );
  const live = await liveBox(ctx, cid, async () => {
    const fresh = await ctx.api.get(base);
    const [standings, ...evenings] = await Promise.all([
      ctx.api.get(`${base}/standings`),
      ...fresh.evenings.map((e) => ctx.api.get(`${base}/evenings/${e.evening}/results`)),
    ]);
    return playerBody(cid, pid, fresh, standings, evenings.filter((e) => e.results.length));
  });
  return h("section", { class: "card st-player-screen", dataset: { cid, player: pid } },
    competitionTabs(cid, "standings"),
    h("h2", {}, who ? who.name : pid),
    live);
}

function playerBody(cid, pid, competition, standings, evenings) {
  const line = standings.lines.find((l) => l.player_id === pid);
  if (!line) return h("p", { class: "note" }, t("st_no_player"));
  const unit = standings.unit;
  const players = standings.lines.map((l) => l.player_id);
  const best = competition.game === "wiezen" ? wiezenSeason(competition).best : Infinity;
  const running = runningPositions(competition.game, evenings, players, best)[pid];
  const byEvening = {};
  for (const r of line.results) {
    const n = eveningOf(r.key);
    if (n !== null) (byEvening[n] = byEvening[n] || []).push(r);
  }
  const fmt = (v) => formatValue(v, unit, language());
  const rows = running.map((step) => {
    const counted = byEvening[step.evening] || [];
    return [
      h("a", { href: `#/c/${cid}/e/${step.evening}/results` }, `${step.evening} · ${step.date}`),
      t(STATUS[step.status] || "st_absent"),
      { value: step.points === null ? "–" : fmt(step.points), class: "num" },
      counted.length
        ? h("span", {}, counted.map((r) => resultCell(r, unit, competition).value))
        : h("span", { class: "note" }, "–"),
      { value: fmt(step.total), class: "num" },
      { value: String(step.position), class: "num" },
    ];
  });
  const grid = table(
    [t("st_evening"), t("st_status"), { value: t("st_result"), class: "num" }, t("st_in_season"),
      { value: t("st_running_total"), class: "num" }, { value: t("st_running_place"), class: "num" }],
    rows, { class: "grid st-player" });
  grid.querySelectorAll("tbody tr").forEach((tr, i) => { tr.dataset.evening = String(running[i].evening); });
  const chart = seasonChart(
    running.map((step) => ({
      evening: step.evening, label: String(step.evening), position: step.position,
      title: `${t("st_evening")} ${step.evening} (${step.date}): ${t("st_running_place")} ${step.position}, ${t("st_running_total")} ${fmt(step.total)}`,
    })),
    players.length,
    { title: `${t("st_chart_title")}: ${line.name}`, xLabel: t("st_evening"), yLabel: t("st_running_place") });
  const rulings = line.results.filter((r) => eveningOf(r.key) === null);
  return h("div", {},
    h("p", { class: "st-summary" },
      h("b", {}, `${t("st_place")} ${line.rank || "–"} · ${t("total")} `),
      h("b", { dataset: { total: String(line.total) } }, fmt(line.total))),
    h("ul", { class: "note" }, explainLines(line.explain).map((text) => h("li", {}, text))),
    h("div", { class: "st-season-pair" },
      h("figure", { class: "st-figure" }, chart, h("figcaption", { class: "note" }, t("st_chart_note"))),
      h("div", { class: "scroll" }, grid)),
    rulings.length ? h("section", {}, h("h3", {}, t("st_rulings")),
      h("ul", {}, rulings.map((r) => h("li", {}, `${r.value > 0 ? "+" : ""}${fmt(r.value)}: ${reasonWords(r.reason)}`)))) : null);
}
