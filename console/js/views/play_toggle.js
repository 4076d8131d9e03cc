// Play mode switches: for one table's list (a table where disputes are likely) and for an
// evening of a competition. In play mode the table app records the auction and every card.

import { h } from "../../../pwa/js/dom.js";
import { extend, t } from "../../../pwa/js/i18n.js";
import { attempt } from "../ui.js";

extend({
  nl: {
    pm_title: "Speelmodus", pm_list: "Deze tafel speelt kaart voor kaart",
    pm_evening: "Alle tafels van deze avond spelen kaart voor kaart",
    pm_help: "De telefoon schrijft het bieden en elke kaart; verzaken wordt meteen gezien en het spel kan kaart voor kaart worden nagespeeld.",
  },
  de: {
    pm_title: "Spielmodus", pm_list: "Dieser Tisch spielt Karte für Karte",
    pm_evening: "Alle Tische dieses Abends spielen Karte für Karte",
    pm_help: "Das Telefon schreibt die Ansagen und jede Karte; Verwerfen wird sofort erkannt und das Spiel lässt sich Karte für Karte nachspielen.",
  },
  en: {
    pm_title: "Play mode", pm_list: "This table plays card by card",
    pm_evening: "Every table of this evening plays card by card",
    pm_help: "The phone records the auction and every card; a revoke is caught at once and the deal can be replayed card by card.",
  },
});

function toggle(id, label, on, change) {
  const slot = h("div", { id: `${id}-result` });
  const box = h("input", { type: "checkbox", id, checked: on });
  box.addEventListener("change", async () => {
    box.disabled = true;
    const done = await attempt(slot, () => change(box.checked));
    if (!done) box.checked = !box.checked;
    box.disabled = false;
  });
  return h("div", { class: "rm-form", id: `${id}-form` },
    h("h3", {}, t("pm_title")),
    h("label", {}, box, " ", label),
    h("p", { class: "note" }, t("pm_help")), slot);
}

// The switch of one list; reads the list's play mode first.
export async function listPlayMode(ctx, lid) {
  const seen = await ctx.api.get(`lists/${lid}/play`);
  return toggle("play-mode", t("pm_list"), seen.play_mode,
    (on) => ctx.api.post(`lists/${lid}/play-mode`, { on }));
}

// The switch of an evening: its open lists now, and the lists of a later draw of it.
export async function eveningPlayMode(ctx, cid, n, lists) {
  const seen = await Promise.all(lists.map((l) => ctx.api.get(`lists/${l.list_id}/play`)));
  const on = seen.length > 0 && seen.every((s) => s.play_mode);
  return toggle("evening-play-mode", t("pm_evening"), on,
    (value) => ctx.api.post(`competitions/${cid}/play-mode`, { on: value, evening: Number(n) }));
}
