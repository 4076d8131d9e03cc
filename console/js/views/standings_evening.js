// An evening's results (#/c/:cid/e/:n/results): every player's result with how it came
// about (the klaverjas partijen, 1600 for one sat out, 4200 absent with notice), and for
// bridge the travellers: each board's results at every table with matchpoints and percentages
// (or IMPs). Follows the live stream like the season table.

import { h } from "../../../pwa/js/dom.js";
import { explainLine } from "../../../pwa/js/views/explain_words.js";
import { language, t } from "../../../pwa/js/i18n.js";
import { competitionTabs, table } from "../ui.js";
import { formatValue, option, partijen } from "./standings_format.js";
import { liveBox } from "./standings_live.js";
import { eveningFields } from "./standings_fields.js";

const STATUS = { played: "st_played", absent_notice: "st_absent_notice", absent: "st_absent" };

export async function eveningView(ctx) {
  const { cid, n } = ctx.params;
  const base = `competitions/${encodeURIComponent(cid)}`;
  const competition = await ctx.api.get(base);
  const evening = (competition.evenings || []).find((e) => String(e.evening) === String(n));
  ctx.crumbs(
    { href: "#/", label: t("c_home") },
    { href: `#/c/${cid}`, label: competition.name },
    { href: `#/c/${cid}/standings`, label: t("c_standings") },
    { label: `${t("st_evening")} ${n}${evening ? ` (${evening.date})` : ""}` },
  );
  const live = await liveBox(ctx, cid, async () => {
    const [results, standings, travellers] = await Promise.all([
      ctx.api.get(`${base}/evenings/${encodeURIComponent(n)}/results`),
      ctx.api.get(`${base}/standings`),
      competition.game === "bridge" ? ctx.api.get(`${base}/evenings/${encodeURIComponent(n)}/travellers`) : null,
    ]);
    return h("div", {},
      resultsTable(cid, results, standings.unit, competition),
      travellers ? travellersSection(travellers, standings.unit) : null);
  });
  return h("section", { class: "card st-evening-screen", dataset: { cid, evening: String(n) } },
    competitionTabs(cid, "standings"),
    h("h2", {}, `${competition.name}: ${t("st_evening")} ${n}${evening ? ` · ${evening.date}` : ""}`),
    live);
}

function detailCell(r, competition) {
  if (competition.game === "klaverjas" && r.status === "played") {
    const sitOut = option(competition, "sit_out", 1600);
    const parts = partijen(r.detail, sitOut);
    return h("span", { class: "st-partijen" }, parts.flatMap((p, i) => [
      i ? " + " : null,
      p.satOut ? h("span", { class: "st-mark", title: t("st_sat_out_rule").replace("{v}", sitOut) }, `${p.value} (${t("st_sat_out")})`) : String(p.value),
    ]));
  }
  if (competition.game === "klaverjas" && r.status === "absent_notice") {
    return h("span", { class: "st-mark", title: t("st_r_notice").replace("{v}", r.points) },
      t("st_mark_notice").replace("{v}", option(competition, "absent_with_notice", 4200)));
  }
  // "table 2: +154": the read model's English, in the director's language
  return r.status === "played" ? explainLine(r.detail) : ""; // an absence: the status column says it
}

function resultsTable(cid, data, unit, competition) {
  const grids = eveningFields(data.results).map(({ key, results }) => {
    const grid = table(
      [{ value: t("st_place"), class: "num" }, t("c_name"), t("st_status"), { value: t("st_result"), class: "num" }, t("st_how")],
      results.map((r) => [
        { value: r.place ? String(r.place) : "–", class: "num" },
        h("a", { href: `#/c/${cid}/p/${encodeURIComponent(r.player_id)}` }, r.name),
        h("span", {}, t(STATUS[r.status] || "st_played"), r.provisional ? h("span", { class: "st-mark warn" }, t("provisional")) : null),
        { value: h("span", { dataset: { points: String(r.points) } }, formatValue(r.points, unit, language())), class: "num" },
        detailCell(r, competition),
      ]),
      { class: "grid st-evening" });
    grid.querySelectorAll("tbody tr").forEach((tr, i) => { tr.dataset.player = results[i].player_id; });
    if (!key) return h("div", { class: "scroll" }, grid);
    grid.dataset.field = key; // a Mitchell: a winner North-South and one East-West
    return h("div", { class: "st-field" }, h("h3", { id: `evening-field-${key}` }, t(`st_field_${key}`)), h("div", { class: "scroll" }, grid));
  });
  return h("section", {},
    data.provisional ? h("p", { class: "warn st-provisional" }, t("st_provisional")) : null,
    data.results.length ? grids : h("p", { class: "note" }, t("st_nothing_yet")));
}

function centi(value) {
  return value === null || value === undefined ? "–" : formatValue(value, "pct_hundredths", language()).replace(" %", "");
}

// The opening lead with its suit sign (HK → ♥K), or – when nobody wrote it down.
export function leadText(card) {
  if (!card) return "–";
  const signs = { S: "♠", H: "♥", D: "♦", C: "♣" };
  return `${signs[card[0]] || card[0]}${card.slice(1)}`;
}

function travellersSection(data, unit) {
  const mp = unit === "pct_hundredths";
  const score = (value) => (unit === "imp_hundredths" ? centi(value) : value === null || value === undefined ? "–" : String(value));
  return h("section", { class: "st-travellers" },
    h("h3", {}, t("st_travellers")),
    h("p", { class: "note" }, mp ? t("st_travellers_mp") : t("st_travellers_imps")),
    data.boards.map((board) => {
      const grid = table(
        [{ value: t("table"), class: "num" }, "NS", "EW", t("st_contract"), t("st_by"), { value: t("tricks"), class: "num" },
          { value: t("st_score_ns"), class: "num" },
          ...(mp ? [{ value: "MP NS", class: "num" }, { value: "MP EW", class: "num" }, { value: "% NS", class: "num" }]
            : [{ value: "IMP NS", class: "num" }, { value: "IMP EW", class: "num" }]), t("st_lead")],
        board.results.map((r) => [
          { value: String(r.table), class: "num" }, r.ns.name, r.ew.name,
          r.adjusted ? h("span", { class: "st-mark" }, `${t("st_adjusted")} ${r.adjusted.ns || ""}/${r.adjusted.ew || ""}`) : r.contract,
          r.declarer || "–", { value: r.tricks === null ? "–" : String(r.tricks), class: "num" },
          { value: r.score === null ? "–" : String(r.score), class: "num" },
          ...(mp ? [{ value: centi(r.ns_mp), class: "num" }, { value: centi(r.ew_mp), class: "num" },
            { value: r.ns_pct === null ? "–" : formatValue(r.ns_pct, "pct_hundredths", language()), class: "num" }]
            : [{ value: score(r.ns_mp), class: "num" }, { value: score(r.ew_mp), class: "num" }]),
          { value: leadText(r.lead), class: "st-lead" },
        ]),
        { class: "grid st-traveller" });
      return h("section", { class: "st-board", dataset: { board: String(board.board) } },
        h("h4", {}, `${t("st_board")} ${board.board}`, mp && board.top !== null ? h("small", {}, ` · top ${centi(board.top)} MP`) : null),
        h("div", { class: "scroll" }, grid));
    }));
}
