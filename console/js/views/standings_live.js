// Keep a standings screen current: follow the competition's live standings (server-sent events,
// or long polling where the stream does not get through; see room_live.js) and redraw on every
// change.

import { h, replace } from "../../../pwa/js/dom.js";
import { formatTime } from "../../../pwa/js/format.js";
import { t } from "../../../pwa/js/i18n.js";
import { errorBox } from "../ui.js";
import { follow } from "./room_live.js";

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
    last = `${t("st_updated")} ${formatTime(new Date(), undefined, { seconds: true })}`;
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
  // Every standings event redraws, the first one too: it is the state on connecting, which
  // may already be newer than what draw() read a moment ago.
  const stop = follow({ competition: cid }, () => redraw(), (state) => {
    status.textContent = state === "reconnecting" ? t("st_reconnecting") : last;
  }, { mode: ctx.query && ctx.query.live === "poll" ? "poll" : "sse", channels: ["standings"] });
  ctx.onLeave(stop);
  return box;
}
