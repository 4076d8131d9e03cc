// The server's health (/api/health) above every screen of the director's console: when
// something fails there (storage refusing writes, results not recomputed, the catch-up
// stopped) the director reads it at once, with the server's own reasons.

import { h, replace } from "../../pwa/js/dom.js";
import { extend, t } from "../../pwa/js/i18n.js";

extend({
  nl: { health_failing: "Op de server gaat iets mis. Wat niet opgeslagen is, houden de telefoons vast tot het weer lukt:" },
  de: { health_failing: "Auf dem Server schlägt etwas fehl. Was nicht gespeichert wurde, behalten die Handys, bis es wieder gelingt:" },
  en: { health_failing: "Something is failing on the server. What was not stored stays on the phones until it works again:" },
});

export const HEALTH_EVERY_MS = 15_000;

// The reasons to show from a health answer (none when it is ok or unreadable).
export function failingReasons(body) {
  if (!body || body.status !== "failing" || !Array.isArray(body.reasons)) return [];
  return body.reasons;
}

// Ask the server and show (or hide) the banner; returns the reasons shown.
export async function showHealth(banner, fetcher = fetch) {
  let body = null;
  try {
    const response = await fetcher("/api/health", { headers: { Accept: "application/json" } });
    body = await response.json();
  } catch {
    body = null; // the server unreachable: the screens say so themselves
  }
  const reasons = failingReasons(body);
  banner.hidden = reasons.length === 0;
  if (reasons.length) replace(banner, h("p", {}, t("health_failing")), h("ul", {}, reasons.map((r) => h("li", {}, r))));
  else replace(banner);
  return reasons;
}
