// The table: its seats, players and who holds the pen. A device without the pen reads along
// and can ask for it (the `join` mutation); a submitted list has no pen any more.

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";
import { seatOrder } from "../state.js";

export function seatsView({ list, writer, submitted = false, submitting = false, penAsked = false, penRefused = false, onTakePen }) {
  const players = list.players || {};
  let pen;
  if (submitted) pen = h("p", { class: "pen pen-closed", id: "pen" }, t("st_closed"));
  else if (submitting) pen = h("p", { class: "pen pen-closed", id: "pen" }, t("st_submitting"));
  else if (writer) pen = h("p", { class: "pen pen-mine", id: "pen" }, t("you_hold_pen"));
  else {
    pen = h("div", { class: "pen-box" },
      h("p", { class: "pen pen-other", id: "pen" }, t("read_only")),
      penRefused ? h("p", { class: "note", id: "pen-refused", role: "status" }, t("st_pen_refused")) : null,
      h("button", { type: "button", id: "take-pen", disabled: penAsked && !penRefused, onclick: onTakePen },
        penAsked && !penRefused ? t("st_pen_asking") : t("take_pen")));
  }
  return h("section", { class: "card seats", "aria-label": t("table") },
    h("p", { class: "where" }, `${t("table")} ${list.table} · ${t("round")} ${list.round} · ${list.game}`),
    h("ul", { class: "seat-list" },
      seatOrder(list).map((seat) => h("li", {}, h("b", {}, seat), " ", players[seat] || list.seats[seat]))),
    pen,
  );
}

extend({
  nl: { st_closed: "Ingeleverd: niemand kan deze lijst nog veranderen.", st_pen_asking: "Pen gevraagd…", st_submitting: "Ingeleverd op dit toestel; wacht op verbinding.",
    st_pen_refused: "Het andere toestel houdt de pen. De wedstrijdleider kan hem naar dit toestel verplaatsen." },
  de: { st_closed: "Abgegeben: niemand kann diese Liste mehr ändern.", st_pen_asking: "Stift angefragt…", st_submitting: "Auf diesem Gerät abgegeben; wartet auf Verbindung.",
    st_pen_refused: "Das andere Gerät behält den Stift. Die Turnierleitung kann ihn auf dieses Gerät verlegen." },
  en: { st_closed: "Submitted: nobody can change this list any more.", st_pen_asking: "Asking for the pen…", st_submitting: "Submitted on this device; waiting for the network.",
    st_pen_refused: "The other device keeps the pen. The director can move it to this device." },
});
