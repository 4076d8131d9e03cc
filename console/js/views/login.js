// Log in as the director.

import { h } from "../../../pwa/js/dom.js";
import { t } from "../../../pwa/js/i18n.js";
import { errorBox, field } from "../ui.js";

export function loginView({ api, onLoggedIn }) {
  const name = h("input", { autocomplete: "username", required: true });
  const password = h("input", { type: "password", autocomplete: "current-password", required: true });
  const slot = h("div");
  const form = h("form", {
    class: "card login",
    onsubmit: async (event) => {
      event.preventDefault();
      slot.replaceChildren();
      try {
        onLoggedIn(await api.post("session", { name: name.value, password: password.value }));
      } catch (err) {
        slot.replaceChildren(errorBox(err));
      }
    },
  },
  h("h2", {}, `${t("c_director")}: ${t("c_login")}`),
  field("login-name", t("c_name"), name),
  field("login-password", t("c_password"), password),
  slot,
  h("button", { type: "submit", class: "primary", id: "login" }, t("c_login")));
  return form;
}
