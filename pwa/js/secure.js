// Whether this page can work offline: a service worker runs only in a secure context
// (HTTPS, or the machine's own localhost). Both apps say so plainly when it cannot.

import { h, replace } from "./dom.js";
import { extend, t } from "./i18n.js";

extend({
  nl: {
    insecure_app: "Geen beveiligde verbinding (https): deze app werkt hier niet offline. Valt het netwerk weg, dan opent de pagina niet meer. Vraag de wedstrijdleider om het adres dat met https:// begint.",
    insecure_console: "Deze console is niet via https geopend: de telefoons aan de tafels krijgen zo geen offline app. Start Troef achter https voordat de avond begint (docs/ops/club-laptop.md).",
  },
  de: {
    insecure_app: "Keine sichere Verbindung (https): Diese App funktioniert hier nicht offline. Fällt das Netz aus, öffnet sich die Seite nicht mehr. Fragen Sie die Turnierleitung nach der Adresse, die mit https:// beginnt.",
    insecure_console: "Diese Konsole ist nicht über https geöffnet: Die Handys an den Tischen bekommen so keine Offline-App. Starten Sie Troef hinter https, bevor der Abend beginnt (docs/ops/club-laptop.md).",
  },
  en: {
    insecure_app: "No secure connection (https): this app cannot work offline here. If the network drops, the page will not open again. Ask the director for the address that starts with https://.",
    insecure_console: "This console is not open over https: the phones at the tables will get no offline app. Put Troef behind https before the evening starts (docs/ops/club-laptop.md).",
  },
});

// True when a page here gets a service worker and so can reopen offline.
export function canWorkOffline(win) {
  return Boolean(win.isSecureContext) && "serviceWorker" in win.navigator;
}

// True when phones that open this address get the offline app: https, not the laptop's own
// localhost (which a phone cannot reach).
export function phonesWorkOffline(loc) {
  return loc.protocol === "https:";
}

// Show (or hide) the warning `key` in `banner`; returns whether it is shown.
export function showWarning(banner, shown, key) {
  banner.hidden = !shown;
  if (shown) replace(banner, h("p", {}, t(key)));
  else replace(banner);
  return shown;
}
