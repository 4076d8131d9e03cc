// Up to which event the standings are current, and a warning when recomputing them fails:
// "standings behind since 21:14" (the health check names the reason for the operator).

import { h } from "../../../pwa/js/dom.js";
import { formatWhen } from "../../../pwa/js/format.js";
import { extend, fill, language, t } from "../../../pwa/js/i18n.js";

extend({
  nl: {
    st_current: "Bijgewerkt tot gebeurtenis {n} ({at}).",
    st_behind: "Stand loopt achter sinds {at}: het herberekenen lukt niet.",
  },
  de: {
    st_current: "Aktualisiert bis Ereignis {n} ({at}).",
    st_behind: "Stand ist seit {at} nicht aktuell: die Neuberechnung schlägt fehl.",
  },
  en: {
    st_current: "Up to date to event {n} ({at}).",
    st_behind: "Standings behind since {at}: recomputing them fails.",
  },
});

// A stored UTC time as the room's clock shows it: "21:14" today, else the date too.
export function clock(stamp, now = new Date()) {
  if (!stamp) return "–";
  return formatWhen(stamp, language(), now);
}

// The warning (when behind) and the note of how current the standings are.
export function currentNotes(current) {
  if (!current) return null;
  return [
    current.behind_since
      ? h("p", { class: "warn st-behind", title: current.reason || "" }, fill(t("st_behind"), { at: clock(current.behind_since) }))
      : null,
    h("p", { class: "note st-current" }, fill(t("st_current"), { n: current.event, at: clock(current.at) })),
  ];
}
