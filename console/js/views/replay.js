// Disputes by replay (#/l/:lid/replay?deal=N): step through a list's events one by one — and
// card by card where the play was recorded — with buttons and the keyboard; each step shows
// who did what from which device and when, the explanation with the rulebook article, and the
// list after it. Then give a ruling, which the list keeps as a new event.

import { h, replace } from "../../../pwa/js/dom.js";
import { t } from "../../../pwa/js/i18n.js";
import { errorBox, field, table } from "../ui.js";
import { ApiError } from "../api.js";
import { actorText, clock, eventWord, facts, rulingBody } from "./room_bits.js";
import { disputesTable } from "./list.js";
import { stepSummary } from "./step_words.js";

const DECISIONS = [
  ["upheld", "rm_upheld"], ["corrected", "rm_dec_corrected"], ["voided", "rm_dec_voided"],
  ["adjusted", "rm_adjusted"], ["penalty", "rm_penalty"],
];

function perSeat(sheet, points, attrs) {
  const seats = sheet.seats.filter((s) => points[s.seat] !== undefined);
  return table(seats.map((s) => ({ value: `${s.seat} ${s.name}`, class: "num" })),
    [seats.map((s) => ({ value: String(points[s.seat]), class: "num" }))], attrs);
}

function playPart(play) {
  if (!play) return null;
  const trick = play.trick;
  return h("div", { id: "step-play", class: "rm-play" },
    trick ? h("div", {},
      h("h4", {}, `${t("rm_trick")} ${trick.no}`),
      h("ol", { class: "rm-trick", id: "step-trick" }, trick.cards.map((c) => h("li", {
        class: c.revoke ? "rm-card rm-revoke" : "rm-card", dataset: { card: c.card, seat: c.seat },
      }, h("b", {}, c.seat), " ", c.card, c.revoke ? ` (${t("rm_revoke")})` : ""))),
      trick.winner ? h("p", { id: "step-winner" }, `→ ${trick.winner}`) : null) : null,
    play.bids.length ? h("p", {}, `${t("rm_bids")}: `,
      play.bids.map((b) => `${b.seat} ${typeof b.bid === "string" ? b.bid : JSON.stringify(b.bid)}`).join(", ")) : null,
    h("p", { id: "step-tricks-won" }, `${t("rm_won")}: `,
      Object.entries(play.tricks_won).map(([seat, n]) => `${seat} ${n}`).join(", "),
      Object.keys(play.sides_won).length
        ? ` (${Object.entries(play.sides_won).map(([side, n]) => `${side} ${n}`).join(", ")})` : ""),
    play.turn ? h("p", {}, `${t("rm_turn")}: ${play.turn}`) : null,
    play.revokes.length ? h("ul", { class: "bad" }, play.revokes.map((r) => h("li", {},
      `${t("rm_trick")} ${r.trick}: ${r.seat} ${r.card} — ${r.rule || t("rm_revoke")}`))) : null);
}

// A step in the list on the right: the event, and for a card the trick, the seat and the card.
function stepLabel(step) {
  const trick = step.play && step.play.trick;
  if (step.event !== "CardPlayed" || !trick) return eventWord(step.event);
  const card = trick.cards[trick.cards.length - 1];
  return `${t("rm_trick")} ${trick.no}: ${card.seat} ${card.card}${card.revoke ? ` (${t("rm_revoke")})` : ""}`;
}

function stepCard(sheet, steps, index) {
  const step = steps[index];
  const state = step.state;
  return h("article", { id: "step", class: "rm-step", dataset: { index: String(index), event: step.event } },
    h("p", { id: "step-pos", class: "note" }, `${t("rm_step")} ${index + 1} ${t("rm_of")} ${steps.length}`),
    h("h3", { id: "step-event" }, eventWord(step.event), " ", h("small", { class: "mono" }, step.event)),
    h("dl", { class: "rm-facts" },
      h("dt", {}, t("rm_what")), h("dd", { id: "step-summary" }, stepSummary(step)),
      h("dt", {}, t("rm_who")), h("dd", { id: "step-who" }, actorText(step.actor)),
      h("dt", {}, t("rm_when")), h("dd", { id: "step-when" },
        `${step.timestamp.slice(0, 10)} ${clock(step.timestamp)}`),
      h("dt", {}, "#"), h("dd", { class: "mono" }, `v${step.version} · ${step.hash.slice(0, 16)}…`)),
    step.explain.length ? h("div", {}, h("h4", {}, t("rm_why")),
      h("ul", { id: "step-explain" }, step.explain.map((line) => h("li", {}, line)))) : null,
    step.points ? h("div", {}, h("h4", {}, t("rm_points")), perSeat(sheet, step.points, { id: "step-points" })) : null,
    playPart(step.play),
    h("h4", {}, t("rm_after")),
    perSeat(sheet, state.totals, { id: "step-totals", class: "grid rm-totals" }),
    h("p", { id: "step-state", class: "note" },
      `${state.counted_deals} ${t("rm_counted")} · ${state.rows} ${t("rm_rows")} · ${t("rm_pen")}: `
      + `${state.pen || t("rm_none")} · ${t("rm_disputes")}: `
      + `${state.open_disputes.length ? state.open_disputes.join(", ") : t("rm_none")}`
      + (state.submitted ? ` · ${t("rm_submitted")}` : "")));
}

// A deal's facts as JSON with one field a line, the way a director reads and edits them.
function onePerLine(record) {
  const lines = Object.entries(record).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{\n${lines.join(",\n")}\n}`;
}

function rulingForm(ctx, sheet, deal, after) {
  const slot = h("div", { id: "ruling-result" });
  const dealSelect = h("select", {}, sheet.rows.map((r) => h("option", {
    value: String(r.deal_no), selected: r.deal_no === deal,
  }, `${t("rm_deal")} ${r.deal_no}`)));
  const decision = h("select", {}, DECISIONS.map(([value, word]) => h("option", { value }, t(word))));
  const reason = h("textarea", { rows: "2", maxlength: "500", required: true });
  const article = h("input", { maxlength: "500" });
  const record = h("textarea", { rows: "8", spellcheck: "false" });
  const adjust = Object.fromEntries(sheet.seats.map((s) => [s.seat, h("input", { type: "number", step: "1" })]));
  const penaltySeat = h("select", {}, sheet.seats.map((s) => h("option", { value: s.seat }, `${s.seat} ${s.name}`)));
  const penaltyPoints = h("input", { type: "number", min: "1", step: "1" });
  const parts = {
    corrected: h("div", {}, field("ruling-record", t("rm_record"), record)),
    adjusted: h("div", { class: "row" }, sheet.seats.map((s) => field(`ruling-adj-${s.seat}`,
      `${t("rm_adjust_for")} ${s.seat} ${s.name}`, adjust[s.seat]))),
    penalty: h("div", { class: "row" }, field("ruling-penalty-seat", t("rm_penalty_seat"), penaltySeat),
      field("ruling-penalty-points", t("rm_penalty_points"), penaltyPoints)),
  };
  const fill = () => {
    const row = sheet.rows.find((r) => r.deal_no === Number(dealSelect.value));
    record.value = row ? onePerLine(facts(row.record)) : "";
  };
  const show = () => {
    for (const [name, part] of Object.entries(parts)) part.hidden = decision.value !== name;
  };
  dealSelect.addEventListener("change", fill);
  decision.addEventListener("change", show);
  fill();
  show();
  return h("form", {
    id: "ruling", class: "card rm-form",
    onsubmit: async (event) => {
      event.preventDefault();
      slot.replaceChildren();
      let parsed = null;
      if (decision.value === "corrected") {
        try { parsed = JSON.parse(record.value); } catch {
          slot.replaceChildren(errorBox(new ApiError(422, {
            message: `record: ${t("rm_bad_json")}`, fields: { record: t("rm_bad_json") },
          })));
          return;
        }
      }
      const body = rulingBody({
        deal_no: dealSelect.value, decision: decision.value, reason: reason.value,
        article: article.value, record: parsed,
        adjust: Object.fromEntries(Object.entries(adjust).map(([seat, input]) => [seat, input.value])),
        penaltySeat: penaltySeat.value, penaltyPoints: penaltyPoints.value,
      });
      try {
        await ctx.api.post(`lists/${sheet.list_id}/rulings`, body);
      } catch (err) {
        slot.replaceChildren(errorBox(err));
        return;
      }
      after(Number(dealSelect.value));
    },
  },
  h("h3", {}, t("rm_give_ruling")),
  h("p", { class: "note" }, t("rm_ruling_note")),
  field("ruling-deal", t("rm_deal"), dealSelect),
  field("ruling-decision", t("rm_decision"), decision),
  parts.corrected, parts.adjusted, parts.penalty,
  field("ruling-reason", t("rm_reason"), reason),
  field("ruling-article", t("rm_article"), article),
  h("button", { type: "submit", id: "give-ruling", class: "primary" }, t("rm_give_ruling")), slot);
}

export async function replayView(ctx) {
  const lid = ctx.params.lid;
  const deal = ctx.query.deal ? Number(ctx.query.deal) : null;
  const here = location.hash;
  const [sheet, replay] = await Promise.all([
    ctx.api.get(`lists/${lid}`),
    ctx.api.get(`lists/${lid}/replay${deal ? `?deal=${deal}` : ""}`),
  ]);
  const steps = replay.steps;
  ctx.crumbs(
    { href: "#/", label: t("c_home") },
    { href: `#/c/${sheet.competition_id}`, label: sheet.competition },
    { href: `#/c/${sheet.competition_id}/e/${sheet.evening}/room`, label: `${t("rm_evening")} ${sheet.evening} · ${t("rm_room")}` },
    { href: `#/l/${lid}`, label: `${t("rm_table")} ${sheet.table}` },
    { label: deal ? `${t("rm_replay")} · ${t("rm_deal")} ${deal}` : t("rm_replay") },
  );
  let index = ctx.query.step === "last" ? steps.length - 1 : 0;
  const stage = h("div", { id: "stage" });
  const timeline = h("ol", { id: "steps", class: "rm-timeline" });
  const buttons = {
    first: h("button", { type: "button", id: "step-first", onclick: () => go(0) }, `« ${t("rm_first")}`),
    prev: h("button", { type: "button", id: "step-prev", onclick: () => go(index - 1) }, `‹ ${t("rm_prev")}`),
    next: h("button", { type: "button", id: "step-next", onclick: () => go(index + 1) }, `${t("rm_next")} ›`),
    last: h("button", { type: "button", id: "step-last", onclick: () => go(steps.length - 1) }, `${t("rm_last")} »`),
  };

  function go(to) {
    if (!steps.length) return;
    index = Math.max(0, Math.min(steps.length - 1, to));
    replace(stage, stepCard(sheet, steps, index));
    buttons.first.disabled = buttons.prev.disabled = index === 0;
    buttons.next.disabled = buttons.last.disabled = index === steps.length - 1;
    for (const item of timeline.children) {
      const on = Number(item.dataset.index) === index;
      item.firstChild.setAttribute("aria-current", on ? "step" : "false");
      item.classList.toggle("on", on);
    }
  }
  replace(timeline, steps.map((s, i) => h("li", { dataset: { index: String(i) } },
    h("button", { type: "button", class: "link", onclick: () => go(i) },
      stepLabel(s)))));

  const keys = (event) => {
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: steps.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  };
  if (location.hash !== here) return h("div"); // left while loading: listen to nothing
  document.addEventListener("keydown", keys);
  ctx.onLeave(() => document.removeEventListener("keydown", keys));

  const pick = h("select", {
    onchange: (event) => ctx.go(`#/l/${lid}/replay${event.target.value ? `?deal=${event.target.value}` : ""}`),
  }, h("option", { value: "" }, t("rm_all_events")), sheet.rows.map((r) => h("option", {
    value: String(r.deal_no), selected: r.deal_no === deal,
  }, `${t("rm_deal")} ${r.deal_no} · ${r.summary}`)));

  const after = (ruled) => {
    const target = `#/l/${lid}/replay?deal=${ruled}&step=last`;
    if (location.hash === target) ctx.refresh();
    else ctx.go(target);
  };
  const view = h("div", { class: "rm" },
    h("section", { class: "card" },
      h("h2", {}, `${t("rm_replay")} · ${t("rm_table")} ${sheet.table}${deal ? ` · ${t("rm_deal")} ${deal}` : ""}`),
      field("replay-deal", t("rm_show_deal"), pick),
      steps.length ? h("div", {},
        h("div", { class: "row rm-stepper", role: "group", "aria-label": t("rm_step") },
          buttons.first, buttons.prev, buttons.next, buttons.last),
        h("p", { class: "note" }, t("rm_keys")),
        h("div", { class: "rm-replay" }, stage, h("nav", { "aria-label": t("rm_step") }, timeline)))
        : h("p", { class: "note" }, t("rm_no_steps"))),
    h("section", { class: "card" }, h("h3", {}, t("rm_disputes")), disputesTable(sheet, { linkToReplay: false })),
    sheet.status === "open" && sheet.rows.length ? rulingForm(ctx, sheet, deal, after) : null);
  go(index);
  return view;
}
