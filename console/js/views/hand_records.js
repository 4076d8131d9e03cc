// Bridge hand records: the director uploads the evening's deals as a PBN file (from a dealing
// machine or a generator). The server reads it (a malformed file is refused naming the board
// and the tag); then each board's play starts from its dealt hands and every card is checked
// against them.

import { h } from "../../../pwa/js/dom.js";
import { extend, fill, t } from "../../../pwa/js/i18n.js";
import { attempt } from "../ui.js";

extend({
  nl: {
    hr_title: "Spelverdelingen (PBN)", hr_file: "PBN-bestand van de schudmachine",
    hr_load: "Verdelingen laden", hr_loaded: "{n} spellen geladen: {boards}",
    hr_none: "Nog geen verdelingen geladen.", hr_changed: "{n} spellen nieuw of gewijzigd.",
    hr_same: "Deze verdelingen waren al geladen.",
    hr_help: "Met de verdelingen kent de telefoon elke hand: een kaart die niet in de hand zat wordt geweigerd.",
  },
  de: {
    hr_title: "Kartenverteilungen (PBN)", hr_file: "PBN-Datei der Duplimate",
    hr_load: "Verteilungen laden", hr_loaded: "{n} Boards geladen: {boards}",
    hr_none: "Noch keine Verteilungen geladen.", hr_changed: "{n} Boards neu oder geändert.",
    hr_same: "Diese Verteilungen waren schon geladen.",
    hr_help: "Mit den Verteilungen kennt das Telefon jede Hand: eine Karte, die nicht in der Hand war, wird abgewiesen.",
  },
  en: {
    hr_title: "Hand records (PBN)", hr_file: "PBN file from the dealing machine",
    hr_load: "Load the deals", hr_loaded: "{n} boards loaded: {boards}",
    hr_none: "No deals loaded yet.", hr_changed: "{n} boards new or changed.",
    hr_same: "These deals were loaded already.",
    hr_help: "With the hand records the phone knows every hand: a card that was not in the hand is refused.",
  },
});

// "1-3, 5" from [1, 2, 3, 5]: the loaded boards in a line.
export function boardRanges(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i += 1) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return parts.join(", ");
}

function loadedLine(answer) {
  const numbers = answer.boards.map((b) => b.board);
  return numbers.length ? fill(t("hr_loaded"), { n: numbers.length, boards: boardRanges(numbers) }) : t("hr_none");
}

// The upload card of a bridge evening: what is loaded, and a file picker that loads a file.
export async function handRecords(ctx, cid, n) {
  const path = `competitions/${cid}/evenings/${n}/hand-records`;
  const status = h("p", { id: "hand-records-loaded", role: "status" }, loadedLine(await ctx.api.get(path)));
  const slot = h("div", { id: "hand-records-result" });
  const file = h("input", { type: "file", id: "hand-records-file", accept: ".pbn,text/plain" });
  const form = h("form", {
    id: "hand-records-form", class: "row",
    onsubmit: async (event) => {
      event.preventDefault();
      const picked = file.files && file.files[0];
      if (!picked) return;
      const pbn = await picked.text();
      const answer = await attempt(slot, () => ctx.api.post(path, { pbn }));
      if (!answer) return;
      status.textContent = loadedLine(answer);
      slot.replaceChildren(h("p", { class: "ok" }, answer.changed.length
        ? fill(t("hr_changed"), { n: answer.changed.length }) : t("hr_same")));
    },
  },
  h("label", { for: "hand-records-file" }, t("hr_file")), file,
  h("button", { type: "submit", class: "primary", id: "hand-records-load" }, t("hr_load")));
  return h("div", { class: "card", id: "hand-records" },
    h("h3", {}, t("hr_title")), status, form, h("p", { class: "note" }, t("hr_help")), slot);
}
