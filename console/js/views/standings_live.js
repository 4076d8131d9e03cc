// Keep a standings screen current: follow the competition's live stream (GET /api/live, server-
// sent events; EventSource reconnects and resumes by itself) and redraw on every change.

import { h, replace } from "../../../pwa/js/dom.js";
import { t } from "../../../pwa/js/i18n.js";
import { errorBox } from "../ui.js";

// Render `draw()` (async, returns a Node) into a box now and again whenever the standings
// change; the box's status line says when it was last brought up to date.
export async function liveBox(ctx, cid, draw) {
  const status = h("p", { class: "note st-live", role: "status", "aria-live": "polite" });
  const body = h("div", { class: "st-body" });
  const box = h("div", { class: "st-live-box" }, status, body);
  let busy = false;
  let again = false;
  let last = "";
  const stamp = () => {
    last = `${t("st_updated")} ${new Date().toLocaleTimeString()}`;
    status.textContent = last;
    status.dataset.updated = String(Date.now());
  };
  const redraw = async () => {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const open = [...body.querySelectorAll("details[open]")].map((d) => d.dataset.key);
      const node = await draw();
      for (const d of node.querySelectorAll("details")) if (open.includes(d.dataset.key)) d.open = true;
      replace(body, node);
      stamp();
    } catch (err) {
      replace(body, errorBox(err));
    } finally {
      busy = false;
      if (again) { again = false; redraw(); }
    }
  };
  replace(body, await draw());
  stamp();
  if (typeof EventSource !== "undefined") {
    // Every standings event redraws, the first one too: it is the state on connecting, which
    // may already be newer than what draw() read a moment ago.
    const source = new EventSource(`/api/live?competition=${encodeURIComponent(cid)}`);
    source.addEventListener("standings", () => redraw());
    source.addEventListener("error", () => { status.textContent = t("st_reconnecting"); });
    source.addEventListener("open", () => { status.textContent = last; });
    ctx.onLeave(() => source.close());
  }
  return box;
}
