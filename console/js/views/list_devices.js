// The phones of a table's list (#/l/:lid): each by the name its player gave it, who holds the
// pen, which were withdrawn; withdraw a phone, and re-issue the table card (the old code then
// stops working).

import { h, replace } from "../../../pwa/js/dom.js";
import { extend, t } from "../../../pwa/js/i18n.js";
import { attempt, field } from "../ui.js";

extend({
  nl: {
    dv_title: "Telefoons van de tafel", dv_none: "Nog geen telefoon heeft zich aangemeld.",
    dv_name: "Telefoon", dv_pen: "Pen", dv_state: "Staat", dv_active: "meldt zich", dv_withdrawn: "ingetrokken",
    dv_withdraw: "Intrekken", dv_withdraw_ask: "Telefoon {name} intrekken? Hij kan daarna niets meer op deze lijst schrijven.",
    dv_withdrawn_ok: "{name} is ingetrokken.", dv_reason: "Reden",
    dv_card: "Nieuwe tafelkaart", dv_card_help: "Geeft de tafel een nieuwe code; de oude code werkt dan niet meer.",
    dv_card_do: "Nieuwe code maken", dv_card_ask: "Een nieuwe code maken? De oude tafelkaart werkt dan niet meer.",
    dv_card_new: "Nieuwe code", dv_card_print: "Tafelkaarten afdrukken",
  },
  de: {
    dv_title: "Telefone des Tisches", dv_none: "Noch hat sich kein Telefon angemeldet.",
    dv_name: "Telefon", dv_pen: "Stift", dv_state: "Stand", dv_active: "angemeldet", dv_withdrawn: "zurückgezogen",
    dv_withdraw: "Zurückziehen", dv_withdraw_ask: "Telefon {name} zurückziehen? Es kann danach nichts mehr auf diese Liste schreiben.",
    dv_withdrawn_ok: "{name} wurde zurückgezogen.", dv_reason: "Grund",
    dv_card: "Neue Tischkarte", dv_card_help: "Gibt dem Tisch einen neuen Code; der alte Code gilt dann nicht mehr.",
    dv_card_do: "Neuen Code erstellen", dv_card_ask: "Einen neuen Code erstellen? Die alte Tischkarte gilt dann nicht mehr.",
    dv_card_new: "Neuer Code", dv_card_print: "Tischkarten drucken",
  },
  en: {
    dv_title: "The table's phones", dv_none: "No phone has joined yet.",
    dv_name: "Phone", dv_pen: "Pen", dv_state: "State", dv_active: "joined", dv_withdrawn: "withdrawn",
    dv_withdraw: "Withdraw", dv_withdraw_ask: "Withdraw phone {name}? It can then write nothing more on this list.",
    dv_withdrawn_ok: "{name} was withdrawn.", dv_reason: "Reason",
    dv_card: "New table card", dv_card_help: "Gives the table a new code; the old code then stops working.",
    dv_card_do: "Make a new code", dv_card_ask: "Make a new code? The old table card then stops working.",
    dv_card_new: "New code", dv_card_print: "Print the table cards",
  },
});

const said = (key, name) => t(key).replace("{name}", name);

function deviceRows(ctx, sheet, slot, redraw) {
  const devices = sheet.devices || [];
  if (!devices.length) return h("p", { id: "devices-none" }, t("dv_none"));
  const reason = h("input", { maxlength: "500", autocomplete: "off" });
  const rows = devices.map((d) => h("tr", { dataset: { device: d.name } },
    h("td", {}, d.name),
    h("td", {}, d.holds_pen ? "✎" : ""),
    h("td", {}, d.withdrawn ? `${t("dv_withdrawn")}: ${d.withdrawn}` : t("dv_active")),
    h("td", {}, d.withdrawn ? "" : h("button", {
      type: "button", class: "danger", dataset: { withdraw: d.name },
      onclick: async () => {
        if (!window.confirm(said("dv_withdraw_ask", d.name))) return;
        const body = { device: d.name };
        if (reason.value.trim()) body.reason = reason.value.trim();
        const done = await attempt(slot, () => ctx.api.post(`lists/${sheet.list_id}/devices/withdraw`, body));
        if (done) {
          await redraw(done);
          slot.replaceChildren(h("p", { class: "ok", role: "status" }, said("dv_withdrawn_ok", d.name)));
        }
      },
    }, t("dv_withdraw")))));
  return h("div", {},
    h("table", { id: "list-devices", class: "grid" },
      h("thead", {}, h("tr", {}, h("th", {}, t("dv_name")), h("th", {}, t("dv_pen")),
        h("th", {}, t("dv_state")), h("th", {}, ""))),
      h("tbody", {}, rows)),
    field("withdraw-reason", t("dv_reason"), reason));
}

function cardForm(ctx, sheet) {
  const slot = h("div", { id: "card-result" });
  return h("div", { class: "rm-form", id: "card-form" },
    h("h3", {}, t("dv_card")), h("p", { class: "note" }, t("dv_card_help")),
    h("button", {
      type: "button", id: "reissue-card",
      onclick: async () => {
        if (!window.confirm(t("dv_card_ask"))) return;
        const card = await attempt(slot, () => ctx.api.post(`lists/${sheet.list_id}/card`, {}));
        if (card) {
          slot.replaceChildren(h("p", { class: "ok", role: "status" },
            `${t("dv_card_new")}: `, h("b", { id: "new-code", class: "mono" }, card.join_code), " · ",
            h("a", { href: `#/c/${sheet.competition_id}/e/${sheet.evening}/cards` }, t("dv_card_print"))));
        }
      },
    }, t("dv_card_do")), slot);
}

// The panel of a list's phones; `redraw` gets the scoresheet a withdrawal answers with.
export function devicesPanel(ctx, sheet, redraw) {
  const slot = h("div", { id: "devices-result" });
  const body = h("div");
  const panel = h("section", { class: "card", id: "list-phones" },
    h("h3", {}, t("dv_title")), body, slot, cardForm(ctx, sheet));
  panel.update = (fresh) => replace(body, deviceRows(ctx, fresh, slot, redraw));
  panel.update(sheet);
  return panel;
}
