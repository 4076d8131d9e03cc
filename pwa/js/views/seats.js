// The table: its seats, players and who holds the pen.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { seatOrder } from "../state.js";

export function seatsView({ list, writer }) {
  const players = list.players || {};
  return h("section", { class: "card seats", "aria-label": t("table") },
    h("p", { class: "where" }, `${t("table")} ${list.table} · ${t("round")} ${list.round} · ${list.game}`),
    h("ul", { class: "seat-list" },
      seatOrder(list).map((seat) => h("li", {}, h("b", {}, seat), " ", players[seat] || list.seats[seat]))),
    h("p", { class: writer ? "pen pen-mine" : "pen pen-other", id: "pen" }, writer ? t("you_hold_pen") : t("read_only")),
  );
}
