// Disputes by replay (#/l/:lid/replay?deal=N): step through a list's events one by one — and
// card by card where the play was recorded — with buttons and the keyboard; each step shows
// who did what from which device and when, the explanation with the rulebook article, and the
// list after it. Then give a ruling, which the list keeps as a new event.

import { h, replace } from "../../../pwa/js/dom.js";
import { formatDateTime } from "../../../pwa/js/format.js";
import { explainLines } from "../../../pwa/js/views/explain_words.js";
import { t } from "../../../pwa/js/i18n.js";
import { field, table } from "../ui.js";
import { actorText, eventWord } from "./room_bits.js";
import { disputesTable } from "./list.js";
import { stepSummary } from "./step_words.js";
import { dealLine } from "./deal_words.js";
import { rulingForm } from "./ruling_form.js";
import { disputeForm, playAt, playBoard, rulingAtCard } from "./replay_play.js";

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
        formatDateTime(step.timestamp, undefined, { seconds: true })),
      h("dt", {}, "#"), h("dd", { class: "mono" }, `v${step.version} · ${step.hash.slice(0, 16)}…`)),
    step.explain.length ? h("div", {}, h("h4", {}, t("rm_why")),
      h("ul", { id: "step-explain" }, explainLines(step.explain).map((line) => h("li", {}, line)))) : null,
    step.points ? h("div", {}, h("h4", {}, t("rm_points")), perSeat(sheet, step.points, { id: "step-points" })) : null,
    playPart(step.play),
    playBoard(steps, index),
    h("h4", {}, t("rm_after")),
    perSeat(sheet, state.totals, { id: "step-totals", class: "grid rm-totals" }),
    h("p", { id: "step-state", class: "note" },
      `${state.counted_deals} ${t("rm_counted")} · ${state.rows} ${t("rm_rows")} · ${t("rm_pen")}: `
      + `${state.pen || t("rm_none")} · ${t("rm_disputes")}: `
      + `${state.open_disputes.length ? state.open_disputes.join(", ") : t("rm_none")}`
      + (state.submitted ? ` · ${t("rm_submitted")}` : "")));
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
  const currentCard = () => (deal ? playAt(steps, index).card : null);
  const relabels = [];
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
    for (const relabel of relabels) relabel();
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
  }, [`${t("rm_deal")} ${r.deal_no}`, dealLine(r)].filter(Boolean).join(" · "))));

  const after = (ruled) => {
    const target = `#/l/${lid}/replay?deal=${ruled}&step=last`;
    if (location.hash === target) ctx.refresh();
    else ctx.go(target);
  };
  // At a card of a played deal the director opens a dispute or rules at that card.
  const open = sheet.status === "open";
  const recorded = deal !== null && sheet.rows.some((r) => r.deal_no === deal);
  const dispute = recorded ? disputeForm(ctx, lid, deal, currentCard, after) : null;
  const atCard = rulingAtCard(currentCard);
  const ruling = open && sheet.rows.length ? rulingForm(ctx, sheet, deal, after, atCard.extra) : null;
  if (ruling) ruling.insertBefore(atCard.box, ruling.querySelector("#give-ruling"));
  if (dispute) relabels.push(dispute.relabel);
  relabels.push(atCard.relabel);
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
    open && recorded ? dispute : null,
    open && sheet.rows.length ? ruling : null);
  go(index);
  return view;
}
