// A competition's players: add one (with the federation number when known), rename, edit the
// number, withdraw with a reason, undo a mistaken enrolment (while the player has no seat or
// result in a drawn evening), and import a CSV file (one name per line or a name column,
// and a number column if there is one), with per line what was taken or refused and why.

import { h, replace } from "../../../pwa/js/dom.js";
import { extend, fill, t } from "../../../pwa/js/i18n.js";
import { lineReason } from "./player_refusals.js";
import { attempt, competitionTabs, field, table } from "../ui.js";

extend({
  nl: {
    s_unenrol: "Inschrijving ongedaan maken",
    s_unenrol_ask: "De inschrijving van {name} ongedaan maken? Dat kan alleen zolang {name} in geen enkele getrokken avond een plaats of uitslag heeft. De inschrijving en het ongedaan maken blijven allebei in de geschiedenis.",
    s_unenrolled: "De inschrijving van {name} is ongedaan gemaakt.",
  },
  de: {
    s_unenrol: "Anmeldung rückgängig machen",
    s_unenrol_ask: "Die Anmeldung von {name} rückgängig machen? Das geht nur, solange {name} an keinem ausgelosten Abend einen Platz oder ein Ergebnis hat. Die Anmeldung und ihre Rücknahme bleiben beide in der Geschichte.",
    s_unenrolled: "Die Anmeldung von {name} wurde rückgängig gemacht.",
  },
  en: {
    s_unenrol: "Undo the enrolment",
    s_unenrol_ask: "Undo the enrolment of {name}? This is possible only while {name} has no seat or result in any drawn evening. The enrolment and its undoing both stay in the history.",
    s_unenrolled: "The enrolment of {name} was undone.",
  },
});

export async function playersView(ctx) {
  const { cid } = ctx.params;
  const comp = await ctx.api.get(`competitions/${cid}`);
  ctx.crumbs({ href: "#/", label: t("c_home") }, { href: `#/c/${cid}`, label: comp.name },
    { label: t("c_players") });
  const listSlot = h("div", { class: "scroll" });
  const noteSlot = h("div", { id: "players-note", role: "status" });
  // The list of players, and (after an undone enrolment) what was done.
  const showPlayers = (players, note = "") => {
    replace(listSlot, players.length
      ? table([t("s_name"), t("s_numbers"), t("s_status"), ""], players.map((p) => playerRow(ctx, cid, p, showPlayers)), { id: "players" })
      : h("p", { class: "note" }, t("s_none_yet")));
    replace(noteSlot, note ? h("p", { class: "ok" }, note) : []);
  };
  showPlayers(comp.players);

  const name = h("input", { required: true, maxlength: 200, autocomplete: "off" });
  const numbers = h("input", { maxlength: 90, autocomplete: "off", inputmode: "text", title: t("s_numbers_help") });
  const addSlot = h("div");
  const add = h("form", {
    class: "row add-player", id: "add-player",
    onsubmit: async (event) => {
      event.preventDefault();
      const body = { name: name.value, ...(numbers.value.trim() ? { numbers: numberList(numbers.value) } : {}) };
      const made = await attempt(addSlot, () => ctx.api.post(`competitions/${cid}/players`, body));
      if (!made) return;
      name.value = "";
      numbers.value = "";
      showPlayers(await ctx.api.get(`competitions/${cid}/players`));
      name.focus();
    },
  }, field("player-name", t("s_name"), name), field("player-numbers", t("s_numbers"), numbers),
  h("button", { type: "submit", class: "primary" }, t("s_add")));

  return h("section", { class: "setup" },
    competitionTabs(cid, "players"),
    h("div", { class: "card" }, h("h2", {}, `${t("c_players")}: ${comp.name}`), noteSlot, listSlot),
    h("div", { class: "card" }, h("h3", {}, t("s_add_player")), add, addSlot),
    importCard(ctx, cid, showPlayers));
}

function playerRow(ctx, cid, p, showPlayers) {
  const slot = h("div");
  const actions = h("div", { class: "row" });
  const done = async () => showPlayers(await ctx.api.get(`competitions/${cid}/players`));
  const editor = (label, initial, send, required = true) => {
    const input = h("input", { value: initial, required, maxlength: 200, "aria-label": label });
    replace(actions, h("form", {
      class: "row inline-edit",
      onsubmit: async (event) => {
        event.preventDefault();
        if (await attempt(slot, () => send(input.value))) await done();
      },
    }, input, h("button", { type: "submit", class: "primary" }, t("c_save")),
    h("button", { type: "button", onclick: () => done() }, t("c_cancel"))));
    input.focus();
  };
  if (!p.withdrawn) {
    actions.append(
      h("button", { type: "button", dataset: { action: "rename" },
        onclick: () => editor(`${t("s_rename")}: ${p.name}`, p.name,
          (value) => ctx.api.patch(`competitions/${cid}/players/${p.player_id}`, { name: value })) }, t("s_rename")),
      h("button", { type: "button", dataset: { action: "numbers" },
        onclick: () => editor(`${t("s_edit_numbers")}: ${p.name}`, (p.numbers || []).join(", "),
          (value) => ctx.api.patch(`competitions/${cid}/players/${p.player_id}`, { numbers: numberList(value) }),
          false) }, t("s_edit_numbers")),
      h("button", { type: "button", class: "danger", dataset: { action: "withdraw" },
        onclick: () => editor(`${t("s_withdraw_reason_prompt")}: ${p.name}`, "",
          (value) => ctx.api.post(`competitions/${cid}/players/${p.player_id}/withdraw`, { reason: value })) },
      t("s_withdraw")),
      h("button", { type: "button", class: "danger", dataset: { action: "unenrol" },
        onclick: async () => {
          if (!window.confirm(fill(t("s_unenrol_ask"), { name: p.name }))) return;
          const left = await attempt(slot, () => ctx.api.post(`competitions/${cid}/players/${p.player_id}/unenrol`, {}));
          if (left) showPlayers(left, fill(t("s_unenrolled"), { name: p.name }));
        } }, t("s_unenrol")));
  }
  return [
    h("span", { dataset: { player: p.player_id } }, p.name, " ", h("small", { class: "mono" }, p.player_id)),
    h("span", { class: "mono", dataset: { numbers: p.player_id } }, (p.numbers || []).join(", ")),
    p.withdrawn ? h("span", { class: "bad" }, `${t("s_withdrawn")}: ${p.withdrawn}`) : h("span", {}, t("s_active")),
    h("div", {}, actions, slot),
  ];
}

// "12345, 67890" → ["12345", "67890"]: a pair's two numbers, in the order of its name.
export function numberList(text) {
  const list = text.split(",").map((n) => n.trim());
  while (list.length && !list[list.length - 1]) list.pop();
  return list;
}

function importCard(ctx, cid, showPlayers) {
  const text = h("textarea", { rows: 8, spellcheck: "false" });
  const file = h("input", { type: "file", accept: ".csv,.txt,text/csv,text/plain" });
  const slot = h("div");
  const report = h("div", { id: "import-report", "aria-live": "polite" });
  file.addEventListener("change", async () => {
    if (file.files && file.files[0]) text.value = await file.files[0].text();
  });
  const run = async (dryRun) => {
    replace(report);
    const answer = await attempt(slot, () => ctx.api.post(`competitions/${cid}/player-import`, { csv: text.value, dry_run: dryRun }));
    if (!answer) return;
    replace(report,
      h("p", { class: answer.refused ? "warn summary" : "ok summary" },
        fill(t("s_import_summary"), answer), answer.dry_run ? ` ${t("s_dry_run")}` : ""),
      h("div", { class: "scroll" }, table([{ value: t("s_line"), class: "num" }, t("s_name"), t("s_status")],
        answer.lines.map((line) => [
          { value: String(line.line), class: "num" },
          line.name ?? h("span", { class: "mono" }, line.text),
          line.status === "taken"
            ? h("span", { class: "ok" }, t("s_taken"), line.player_id ? ` (${line.player_id})` : "")
            : h("span", { class: "bad" }, `${t("s_refused")}: ${lineReason(line.reason)}`),
        ]), { id: "import-lines" })));
    if (!answer.dry_run) showPlayers(answer.players);
  };
  return h("div", { class: "card import" },
    h("h3", {}, t("s_import")),
    h("p", { class: "note" }, t("s_import_help")),
    field("import-file", t("s_csv_file"), file),
    field("import-text", t("s_csv_text"), text),
    slot,
    h("div", { class: "row" },
      h("button", { type: "button", id: "import-check", onclick: () => run(true) }, t("s_preview")),
      h("button", { type: "button", class: "primary", id: "import-run", onclick: () => run(false) }, t("s_import_do"))),
    report);
}
