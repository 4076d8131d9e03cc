// The exports screen (#/c/:cid/exports): every download of the competition, for the season
// and per evening — CSV tables and the JSON document (with a zip of all of them), PDFs and
// printable pages of the standings and the lists, and PBN / USEBIO for a bridge session.
// Each link carries a download name with the competition and the date, as the server's.

import { h } from "../../../pwa/js/dom.js";
import { extend, language, say, t } from "../../../pwa/js/i18n.js";
import { competitionTabs } from "../ui.js";

export const routes = [["/c/:cid/exports", exportsView]];

export const TABLES = [
  "players", "evenings", "lists", "deals", "standings", "results", "evening_results",
  "adjustments", "travellers", "audit", "chains",
];

extend({
  nl: {
    ex_title: "Exporteren", ex_season: "Hele seizoen", ex_evening: "Avond {n} · {date}",
    ex_everything: "Alles", ex_json: "JSON-document (alles, om opnieuw op te bouwen)",
    ex_zip: "Alle CSV-tabellen en de JSON (zip)", ex_tables: "CSV-tabellen (voor Excel)",
    ex_print: "Afdrukken en PDF", ex_standings_pdf: "Stand (PDF)", ex_standings_print: "Stand (afdrukpagina)",
    ex_lists_pdf: "Scorelijsten (PDF)", ex_lists_print: "Scorelijsten (afdrukpagina)",
    ex_bridge: "Bridge", ex_pbn: "PBN (uitslagen per spel)", ex_usebio: "USEBIO (XML voor de bond)",
    ex_csv_note: "CSV: UTF-8, puntkomma als scheidingsteken, decimale komma — opent zo in Excel en LibreOffice.",
    ex_no_evenings: "Nog geen avonden.",
    ex_t_players: "spelers", ex_t_evenings: "avonden en aanwezigheid", ex_t_lists: "lijsten",
    ex_t_deals: "alle spellen met punten", ex_t_standings: "stand", ex_t_results: "uitslagen: telt of valt weg",
    ex_t_evening_results: "uitslagen per avond", ex_t_adjustments: "correcties", ex_t_travellers: "bridge-travellers",
    ex_t_audit: "controlespoor", ex_t_chains: "ketens",
  },
  de: {
    ex_title: "Export", ex_season: "Ganze Saison", ex_evening: "Abend {n} · {date}",
    ex_everything: "Alles", ex_json: "JSON-Dokument (alles, zum Wiederaufbau)",
    ex_zip: "Alle CSV-Tabellen und das JSON (Zip)", ex_tables: "CSV-Tabellen (für Excel)",
    ex_print: "Drucken und PDF", ex_standings_pdf: "Tabelle (PDF)", ex_standings_print: "Tabelle (Druckseite)",
    ex_lists_pdf: "Spiellisten (PDF)", ex_lists_print: "Spiellisten (Druckseite)",
    ex_bridge: "Bridge", ex_pbn: "PBN (Ergebnisse je Board)", ex_usebio: "USEBIO (XML für den Verband)",
    ex_csv_note: "CSV: UTF-8, Semikolon als Trennzeichen, Dezimalkomma — so öffnet es Excel und LibreOffice.",
    ex_no_evenings: "Noch keine Abende.",
    ex_t_players: "Spieler", ex_t_evenings: "Abende und Anwesenheit", ex_t_lists: "Listen",
    ex_t_deals: "alle Spiele mit Punkten", ex_t_standings: "Tabelle", ex_t_results: "Ergebnisse: zählt oder Streicher",
    ex_t_evening_results: "Ergebnisse je Abend", ex_t_adjustments: "Korrekturen", ex_t_travellers: "Bridge-Traveller",
    ex_t_audit: "Protokoll", ex_t_chains: "Ketten",
  },
  en: {
    ex_title: "Exports", ex_season: "Whole season", ex_evening: "Evening {n} · {date}",
    ex_everything: "Everything", ex_json: "JSON document (everything, to rebuild from)",
    ex_zip: "All CSV tables and the JSON (zip)", ex_tables: "CSV tables (for Excel)",
    ex_print: "Print and PDF", ex_standings_pdf: "Standings (PDF)", ex_standings_print: "Standings (print page)",
    ex_lists_pdf: "Score lists (PDF)", ex_lists_print: "Score lists (print page)",
    ex_bridge: "Bridge", ex_pbn: "PBN (results per board)", ex_usebio: "USEBIO (XML for the federation)",
    ex_csv_note: "CSV: UTF-8, semicolon-separated, decimal comma — opens as is in Excel and LibreOffice.",
    ex_no_evenings: "No evenings yet.",
    ex_t_players: "players", ex_t_evenings: "evenings and attendance", ex_t_lists: "lists",
    ex_t_deals: "every deal with its points", ex_t_standings: "standings", ex_t_results: "results: counted or dropped",
    ex_t_evening_results: "results per evening", ex_t_adjustments: "adjustments", ex_t_travellers: "bridge travellers",
    ex_t_audit: "audit trail", ex_t_chains: "chains",
  },
});

// As the server's file names (backend/api/exports.py): ASCII letters and digits joined by dashes.
export function slug(text) {
  const plain = String(text).normalize("NFKD").replace(/[^\x00-\x7f]/g, "");
  let words = plain.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (words.length > 60) words = words.slice(0, 60).replace(/-[^-]*$/, "");
  return words || "competitie";
}

export function stem(name, evening = null, today = new Date().toISOString().slice(0, 10)) {
  const base = `troef-${slug(name)}`;
  if (!evening) return `${base}-${today}`;
  return `${base}-avond-${evening.evening}-${evening.date || "zonder-datum"}`;
}

function link(href, label, filename = null) {
  return h("li", {}, h("a", {
    href, class: "button ex-link", download: filename || null,
    target: filename ? null : "_blank", rel: filename ? null : "noopener",
  }, label));
}

// path?a&b with the empty parts left out.
function at(path, ...parts) {
  const query = parts.filter(Boolean).join("&");
  return query ? `${path}?${query}` : path;
}

// A season of fifteen evenings has fifteen blocks: each evening's links fold away, the
// latest evening's open.
function block(title, cid, name, game, evening = null, open = true) {
  const base = `/api/competitions/${encodeURIComponent(cid)}`;
  const lang = language();
  const only = evening ? `evening=${evening.evening}` : "";
  const language_ = `lang=${lang}`;
  const file = stem(name, evening);
  const printLists = at(`/print/competitions/${encodeURIComponent(cid)}/lists`, only, language_);
  const testid = evening ? `evening-${evening.evening}` : "season";
  const links = [
    h("h4", {}, t("ex_everything")),
    h("ul", { class: "ex-links" },
      link(at(`${base}/export.json`, only), t("ex_json"), `${file}.json`),
      link(at(`${base}/export.zip`, only), t("ex_zip"), `${file}.zip`)),
    h("h4", {}, t("ex_tables")),
    h("ul", { class: "ex-links" },
      TABLES.filter((name) => name !== "travellers" || game === "bridge")
        .map((table) => link(at(`${base}/export/${table}.csv`, only), [h("code", {}, `${table}.csv`), ` — ${t(`ex_t_${table}`)}`], `${file}-${table}.csv`))),
    h("h4", {}, t("ex_print")),
    h("ul", { class: "ex-links" },
      evening ? null : link(at(`${base}/standings.pdf`, language_), t("ex_standings_pdf"), `${file}-stand.pdf`),
      evening ? null : link(at(`/print/competitions/${encodeURIComponent(cid)}/standings`, language_), t("ex_standings_print")),
      link(at(`${base}/lists.pdf`, only, language_), t("ex_lists_pdf"), `${file}-lijsten.pdf`),
      link(printLists, t("ex_lists_print"))),
    // each bridge evening's files: spread in, since h() flattens its children one level only
    ...(game === "bridge" && evening ? [
      h("h4", {}, t("ex_bridge")),
      h("ul", { class: "ex-links" },
        link(`${base}/evenings/${evening.evening}/session.pbn`, t("ex_pbn"), `${file}.pbn`),
        link(`${base}/evenings/${evening.evening}/session.usebio.xml`, t("ex_usebio"), `${file}-usebio.xml`)),
    ] : []),
  ];
  if (!evening) return h("section", { class: "card ex-block", dataset: { testid } }, h("h3", {}, title), links);
  return h("details", { class: "card ex-block", dataset: { testid }, open },
    h("summary", {}, h("h3", {}, title)), links);
}

async function exportsView(ctx) {
  const cid = ctx.params.cid;
  const competition = await ctx.api.get(`competitions/${encodeURIComponent(cid)}`);
  ctx.crumbs(
    { href: "#/", label: t("c_home") },
    { href: `#/c/${cid}`, label: competition.name },
    { label: t("ex_title") },
  );
  const { name, game, evenings } = competition;
  return h("section", { class: "card ex-screen" },
    competitionTabs(cid, "exports"),
    h("h2", {}, `${t("ex_title")}: ${name}`),
    h("p", { class: "note" }, t("ex_csv_note")),
    h("div", { class: "ex-grid" },
      block(t("ex_season"), cid, name, game),
      evenings.length
        ? evenings.map((e, i) => block(say("ex_evening", { n: e.evening, date: e.date }), cid, name, game, e,
          i === evenings.length - 1))
        : h("p", {}, t("ex_no_evenings"))));
}
