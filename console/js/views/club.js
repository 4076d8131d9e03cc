// The setup screens' routes, the club page (its competitions) and a competition's overview
// (its evenings, with links to each evening's attendance, room, results and table cards).

import { h } from "../../../pwa/js/dom.js";
import { rulesTitle } from "./preset_words.js";
import { extend, t } from "../../../pwa/js/i18n.js";
import { attempt, competitionTabs, field, table } from "../ui.js";
import { day } from "./setup_words.js";
import { newCompetitionView } from "./new_competition.js";
import { playersView } from "./players.js";
import { eveningView } from "./evening.js";
import { cardsView } from "./cards.js";

export const routes = [
  ["/", clubView],
  ["/new", newCompetitionView],
  ["/c/:cid", overviewView],
  ["/c/:cid/players", playersView],
  ["/c/:cid/e/:n", eveningView],
  ["/c/:cid/e/:n/cards", cardsView],
];

async function clubView(ctx) {
  const competitions = await ctx.api.get("competitions");
  ctx.crumbs({ href: "#/", label: t("c_home") });
  const rows = competitions.map((c) => [
    h("a", { href: `#/c/${c.id}`, class: "strong" }, c.name),
    h("span", { class: "game" }, c.game),
    h("span", {}, rulesTitle(c.rules_ref, c.rules_title), h("br"), h("small", { class: "mono" }, c.rules_ref)),
    { value: String(c.players), class: "num" },
    { value: `${c.evenings}${c.counting.evenings ? ` / ${c.counting.evenings}` : ""}`, class: "num" },
  ]);
  return h("section", { class: "setup" },
    h("div", { class: "card" },
      h("div", { class: "row spread" },
        h("h2", {}, t("s_competitions")),
        h("a", { class: "button primary", href: "#/new", id: "new-competition" }, t("s_new_competition"))),
      rows.length
        ? h("div", { class: "scroll" }, table(
          [t("s_name"), t("s_game"), t("s_rule_set"), { value: t("s_players_n"), class: "num" },
            { value: t("s_evenings"), class: "num" }],
          rows, { id: "competitions" }))
        : h("p", { class: "note" }, t("s_none_yet"))));
}

extend({
  nl: {
    cm_title: "Naam verbeteren of van de lijst halen", cm_name: "Nieuwe naam", cm_rename: "Naam verbeteren",
    cm_reason: "Reden (bv. per vergissing aangemaakt)", cm_archive: "Van de clublijst halen",
    cm_help: "Niets wordt gewist: de competitie houdt haar geschiedenis en controlespoor, maar staat niet meer in de lijst van de club.",
    cm_archived: "Van de clublijst gehaald",
  },
  de: {
    cm_title: "Namen berichtigen oder von der Liste nehmen", cm_name: "Neuer Name", cm_rename: "Namen berichtigen",
    cm_reason: "Grund (z. B. versehentlich angelegt)", cm_archive: "Von der Vereinsliste nehmen",
    cm_help: "Nichts wird gelöscht: der Wettbewerb behält seine Geschichte und sein Prüfprotokoll, steht aber nicht mehr in der Liste des Vereins.",
    cm_archived: "Von der Vereinsliste genommen",
  },
  en: {
    cm_title: "Correct the name or take it off the list", cm_name: "New name", cm_rename: "Correct the name",
    cm_reason: "Reason (e.g. made by mistake)", cm_archive: "Take off the club's list",
    cm_help: "Nothing is deleted: the competition keeps its history and audit trail, but the club's list no longer shows it.",
    cm_archived: "Taken off the club's list",
  },
});

// Correct a competition's name, or take one made by mistake off the club's list (#16).
function mistakeCard(ctx, comp) {
  const cid = comp.id;
  const name = h("input", { value: comp.name, maxlength: 200, required: true });
  const reason = h("input", { maxlength: 200, required: true });
  const slot = h("div");
  const rename = h("form", {
    class: "row", id: "rename-competition",
    onsubmit: async (event) => {
      event.preventDefault();
      if (await attempt(slot, () => ctx.api.patch(`competitions/${cid}`, { name: name.value }))) ctx.go(`#/c/${cid}?renamed`);
    },
  }, field("competition-name", t("cm_name"), name), h("button", { type: "submit" }, t("cm_rename")));
  const archive = h("form", {
    class: "row", id: "archive-competition",
    onsubmit: async (event) => {
      event.preventDefault();
      if (await attempt(slot, () => ctx.api.post(`competitions/${cid}/archive`, { reason: reason.value }))) ctx.go("#/");
    },
  }, field("archive-reason", t("cm_reason"), reason), h("button", { type: "submit" }, t("cm_archive")));
  if (comp.archived) return h("div", { class: "card" }, h("p", { class: "warn", id: "archived" }, `${t("cm_archived")}: ${comp.archived}`));
  return h("details", { class: "card", id: "competition-mistake" }, h("summary", {}, t("cm_title")),
    h("p", { class: "note" }, t("cm_help")), rename, archive, slot);
}

async function overviewView(ctx) {
  const { cid } = ctx.params;
  const comp = await ctx.api.get(`competitions/${cid}`);
  ctx.crumbs({ href: "#/", label: t("c_home") }, { label: comp.name });
  const planned = comp.counting.evenings;
  const rows = comp.evenings.map((e) => [
    { value: String(e.evening), class: "num" },
    day(e.date),
    h("span", { class: e.closed ? "ok" : null },
      e.closed ? t("s_closed") : e.draw_no ? `${t("s_drawn")} (${t("s_seed")} ${e.seed})` : t("s_not_drawn")),
    h("span", { class: "row links" },
      h("a", { href: `#/c/${cid}/e/${e.evening}`, class: "button" }, t("s_attendance")),
      e.draw_no ? h("a", { href: `#/c/${cid}/e/${e.evening}/cards`, class: "button" }, t("s_cards")) : null,
      h("a", { href: `#/c/${cid}/e/${e.evening}/room`, class: "button" }, t("s_room")),
      h("a", { href: `#/c/${cid}/e/${e.evening}/results`, class: "button" }, t("s_results"))),
  ]);
  const date = h("input", { type: "date", required: true, value: nextDate(comp.evenings) });
  const slot = h("div");
  const schedule = h("form", {
    class: "row schedule", id: "schedule",
    onsubmit: async (event) => {
      event.preventDefault();
      const made = await attempt(slot, () => ctx.api.post(`competitions/${cid}/evenings`, { date: date.value }));
      if (made) ctx.go(`#/c/${cid}/e/${made.evening}`);
    },
  }, field("evening-date", t("s_date"), date),
  h("button", { type: "submit", class: "primary" }, t("s_schedule")));
  return h("section", { class: "setup" },
    competitionTabs(cid, "overview"),
    h("div", { class: "card" },
      h("h2", {}, comp.name),
      h("dl", { class: "facts" },
        h("dt", {}, t("s_game")), h("dd", { class: "game" }, comp.game),
        h("dt", {}, t("s_rule_set")), h("dd", {}, rulesTitle(comp.rules_ref, comp.rules_title), " ", h("small", { class: "mono" }, comp.rules_ref)),
        h("dt", {}, t("s_counting")), h("dd", {}, countingText(comp.counting)),
        h("dt", {}, t("s_players_n")), h("dd", {}, h("a", { href: `#/c/${cid}/players` },
          String(comp.players.filter((p) => !p.withdrawn).length))))),
    h("div", { class: "card" },
      h("h3", {}, `${t("s_evenings")} (${comp.evenings.length}${planned ? ` / ${planned}` : ""})`),
      rows.length
        ? h("div", { class: "scroll" }, table(
          [{ value: "#", class: "num" }, t("s_date"), t("s_status"), ""], rows, { id: "evenings" }))
        : h("p", { class: "note" }, t("s_none_yet")),
      schedule, slot),
    mistakeCard(ctx, comp));
}

// The counting rule's settings in words, e.g. "Number of evenings: 15 · Best evenings: 9".
export function countingText(counting) {
  return Object.entries(counting).map(([key, value]) => `${t(`s_count_${key}`)}: ${value}`).join(" · ");
}

// A week after the last evening, or today.
function nextDate(evenings) {
  const last = evenings.length ? evenings[evenings.length - 1].date : null;
  const date = last ? new Date(`${last}T12:00:00Z`) : new Date();
  if (last) date.setUTCDate(date.getUTCDate() + 7);
  return date.toISOString().slice(0, 10);
}
