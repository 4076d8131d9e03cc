import { test } from "node:test";
import assert from "node:assert/strict";
import { canWorkOffline, phonesWorkOffline } from "../js/secure.js";
import { setLanguage, t } from "../js/i18n.js";

const page = (secure, worker) => ({ isSecureContext: secure, navigator: worker ? { serviceWorker: {} } : {} });

test("a page works offline only in a secure context with service workers", () => {
  assert.equal(canWorkOffline(page(true, true)), true);
  assert.equal(canWorkOffline(page(false, false)), false);
  assert.equal(canWorkOffline(page(true, false)), false);
});

test("the phones get the offline app only from an https address", () => {
  assert.equal(phonesWorkOffline({ protocol: "https:", hostname: "troef.club.lan" }), true);
  assert.equal(phonesWorkOffline({ protocol: "http:", hostname: "192.168.1.20" }), false);
  assert.equal(phonesWorkOffline({ protocol: "http:", hostname: "localhost" }), false);
});

test("both warnings are said in Dutch, German and English, and name https", () => {
  for (const key of ["insecure_app", "insecure_console"]) {
    const said = ["nl", "de", "en"].map((lang) => { setLanguage(lang); return t(key); });
    assert.equal(new Set(said).size, 3, key);
    for (const text of said) assert.match(text, /https/);
  }
});
