// Join a table's list with the code on its table card, under the name the player gives this
// phone (what the other phones and the director see; the server chooses its id).

import { h } from "../dom.js";
import { extend, t } from "../i18n.js";

// `onType({code, name})` on every keystroke: the app keeps what is typed for a redraw.
export function joinView({ code = "", name = "", error = null, busy = false, onJoin, onType = () => {} }) {
  const typed = () => onType({ code: input.value, name: named.value });
  const named = h("input", {
    id: "device-name", name: "device-name", value: name, autocomplete: "nickname", maxlength: 60,
    placeholder: t("join_name_hint"), oninput: typed,
  });
  const input = h("input", {
    id: "code", name: "code", value: code, autocomplete: "off", autocapitalize: "characters",
    inputmode: "text", required: true, "aria-describedby": error ? "join-error" : null, oninput: typed,
  });
  const form = h("form", { class: "card join", onsubmit: (e) => { e.preventDefault(); onJoin(input.value.trim(), named.value.trim()); } },
    h("h2", {}, t("join_title")),
    h("label", { for: "code" }, t("code")),
    input,
    h("label", { for: "device-name" }, t("join_name")),
    named,
    error ? h("p", { id: "join-error", class: "error", role: "alert" }, error) : null,
    h("button", { type: "submit", class: "primary", disabled: busy }, busy ? t("joining") : t("join")),
  );
  return form;
}

extend({
  nl: { join_name: "Naam van deze telefoon", join_name_hint: "bijv. telefoon van Anna",
    persist_refused: "Deze browser bewaart de opgeschreven spellen niet voor vast: bij weinig ruimte kan hij ze wissen voordat ze verzonden zijn. Installeer de app op het beginscherm of synchroniseer vaak." },
  de: { join_name: "Name dieses Telefons", join_name_hint: "z. B. Annas Telefon",
    persist_refused: "Dieser Browser speichert die eingetragenen Spiele nicht dauerhaft: bei wenig Speicher kann er sie löschen, bevor sie gesendet sind. Installieren Sie die App auf dem Startbildschirm oder gleichen Sie oft ab." },
  en: { join_name: "Name of this phone", join_name_hint: "e.g. Anna's phone",
    persist_refused: "This browser does not keep the recorded deals for good: when space runs low it may clear them before they are sent. Install the app on the home screen or sync often." },
});
