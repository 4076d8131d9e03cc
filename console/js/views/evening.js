// An evening: who is present (present, absent with notice, absent), the draw by lot for the
// competition's game with its seed, again until the first deal, and the tables it made.

import { h } from "../../../pwa/js/dom.js";
import { explainLines } from "../../../pwa/js/views/explain_words.js";
import { fill, t } from "../../../pwa/js/i18n.js";
import { attempt, competitionTabs, field } from "../ui.js";
import { eveningPlayMode } from "./play_toggle.js";
import { handRecords } from "./hand_records.js";
import { day } from "./setup_words.js";
import "./checklist_words.js";

const STATUSES = ["present", "absent_notice", "absent"];

export async function eveningView(ctx) {
  const { cid, n } = ctx.params;
  const [comp, evening] = await Promise.all([
    ctx.api.get(`competitions/${cid}`), ctx.api.get(`competitions/${cid}/evenings/${n}`),
  ]);
  ctx.crumbs({ href: "#/", label: t("c_home") }, { href: `#/c/${cid}`, label: comp.name },
    { label: `${t("s_evening")} ${n}` });
  const withdrawn = new Set(comp.players.filter((p) => p.withdrawn).map((p) => p.player_id));
  // Attendance may change after the draw until play starts; the server then cancels the
  // draw's lists and the director draws again (draw_stale).
  const started = evening.lists.some((l) => l.rows > 0 || l.status !== "open" || l.closed_short);
  const locked = started || evening.closed;
  const status = new Map(evening.attendance.map((a) => [a.player_id, a.status]));
  const count = h("p", { class: "count", id: "present-count" });
  const showCount = () => {
    count.textContent = fill(t("s_present_count"), { n: [...status.values()].filter((s) => s === "present").length });
  };
  showCount();
  const slot = h("div");
  const enrolled = (a) => Number(String(a.player_id).replace(/\D/g, "")) || 0;
  const rows = [...evening.attendance].sort((a, b) => enrolled(a) - enrolled(b)).map((a) => attendanceRow(ctx, cid, n, a, {
    locked, withdrawn: withdrawn.has(a.player_id), slot,
    onSet: (value) => { status.set(a.player_id, value); showCount(); },
  }));
  const everybody = h("button", {
    type: "button", id: "all-present", disabled: locked,
    onclick: async () => {
      everybody.disabled = true;
      for (const row of rows) if (!row.dataset.withdrawn && !row.querySelector("input:checked")) await row.choose("present");
      everybody.disabled = false;
    },
  }, t("s_all_present"));

  return h("section", { class: "setup evening" },
    competitionTabs(cid, "overview"),
    h("div", { class: "card" },
      h("div", { class: "row spread" },
        h("h2", {}, `${t("s_evening")} ${n} · ${day(evening.date)}`),
        h("span", { class: "row links" },
          evening.draw ? h("a", { class: "button", href: `#/c/${cid}/e/${n}/cards`, id: "to-cards" }, t("s_cards")) : null,
          h("a", { class: "button", href: `#/c/${cid}/e/${n}/room` }, t("s_room")),
          h("a", { class: "button", href: `#/c/${cid}/e/${n}/results` }, t("s_results")),
          h("a", { class: "button", href: `#/c/${cid}/e/${n}/checklist`, id: "to-checklist" }, t("ck_tab")))),
      h("h3", {}, t("s_attendance")),
      locked ? h("p", { class: "warn note-box" }, t("s_attendance_locked")) : null,
      h("div", { class: "row" }, everybody, count),
      h("div", { class: "attendance", id: "attendance" }, rows),
      slot),
    drawCard(ctx, cid, n, comp, evening),
    evening.lists.length && !evening.closed ? h("div", { class: "card" }, await eveningPlayMode(ctx, cid, n, evening.lists)) : null,
    comp.game === "bridge" && !evening.closed ? await handRecords(ctx, cid, n) : null);
}

function attendanceRow(ctx, cid, n, a, { locked, withdrawn, slot, onSet }) {
  const name = `att-${a.player_id}`;
  const radios = STATUSES.map((value) => h("input", {
    type: "radio", name, value, checked: a.status === value,
    // A withdrawn player plays no more evenings and has none to miss with notice (SB-7's 4200
    // is for a player still playing): only "absent" is offered, as the server allows.
    disabled: locked || (withdrawn && value !== "absent"),
  }));
  const row = h("fieldset", { class: "att-row", dataset: withdrawn ? { player: a.player_id, withdrawn: "1" } : { player: a.player_id } },
    h("legend", {}, a.name, withdrawn ? h("small", { class: "bad" }, ` (${t("s_withdrawn")})`) : null),
    STATUSES.map((value, i) => h("label", { class: `att att-${value}` }, radios[i], t(`s_${value}`))));
  let current = a.status;
  row.choose = async (value) => {
    const done = await attempt(slot, () => ctx.api.put(`competitions/${cid}/evenings/${n}/attendance/${a.player_id}`, { status: value }));
    if (done) {
      current = value;
      onSet(value);
    }
    for (const radio of radios) radio.checked = radio.value === current;
    return done;
  };
  for (const radio of radios) radio.addEventListener("change", () => row.choose(radio.value));
  return row;
}

function drawCard(ctx, cid, n, comp, evening) {
  const seed = h("input", { maxlength: 64, autocomplete: "off", spellcheck: "false" });
  const slot = h("div");
  const form = h("form", {
    class: "row draw-form", id: "draw-form",
    onsubmit: async (event) => {
      event.preventDefault();
      const body = seed.value.trim() ? { seed: seed.value.trim() } : {};
      if (await attempt(slot, () => ctx.api.post(`competitions/${cid}/evenings/${n}/draw`, body))) ctx.refresh();
    },
  }, field("draw-seed", t("s_seed"), seed),
  h("button", { type: "submit", class: "primary", id: "draw", disabled: evening.closed },
    evening.draw ? t("s_redraw") : t("s_draw")));
  const draw = evening.draw;
  return h("div", { class: "card draw" },
    h("h3", {}, t("s_draw_no")),
    evening.draw_stale ? h("p", { class: "warn note-box", id: "draw-stale", role: "alert" }, t("s_draw_stale")) : null,
    draw ? h("p", { class: "seed-line" }, `${t("s_draw_no")} ${draw.draw_no} · ${t("s_seed")}: `,
      h("b", { class: "mono", id: "seed" }, draw.seed)) : null,
    form,
    h("p", { class: "note" }, t("s_seed_help")),
    slot,
    draw ? h("div", { id: "tables" }, draw.rounds.map((rnd) => roundBlock(comp.game, rnd))) : null,
    draw && draw.explain.length ? h("ul", { class: "explain note" }, explainLines(draw.explain).map((line) => h("li", {}, line))) : null);
}

function roundWord(game) {
  return { klaverjas: "s_partij", schafkopf: "s_durchgang" }[game] || "s_round";
}

function roundBlock(game, rnd) {
  return h("section", { class: "round", dataset: { round: rnd.round } },
    h("h4", {}, `${t(roundWord(game))} ${rnd.round}`),
    h("div", { class: "table-boxes" }, rnd.tables.map((table) => h("div", {
      class: "table-box", dataset: { table: table.table, size: table.seats.length },
    },
    h("b", {}, `${t("s_table")} ${table.table}`),
    h("ol", { class: "seats" }, table.seats.map((s) => h("li", { dataset: { seat: s.seat } },
      h("span", { class: "seat-no" }, s.seat), " ", s.name))),
    table.boards ? h("small", { class: "boards" }, `${t("s_boards")}: ${boardRange(table.boards)}`) : null))),
    rnd.sitting_out.length
      ? h("p", { class: "note" }, `${t("s_sitting_out")}: ${rnd.sitting_out.map((p) => p.name).join(", ")}`)
      : null);
}

export function boardRange(boards) {
  if (!boards || !boards.length) return "";
  const consecutive = boards.every((b, i) => i === 0 || b === boards[i - 1] + 1);
  return consecutive && boards.length > 1 ? `${boards[0]}–${boards[boards.length - 1]}` : boards.join(", ");
}
