// What a replay step did, in one line in the director's language, made from the step's
// details (the event's own fields). An event this file does not know keeps the server's
// English summary, so nothing is hidden.

import { extend, say, t } from "../../../pwa/js/i18n.js";
import { decisionWord } from "./room_bits.js";

extend({
  nl: {
    rs_Opened: "lijst geopend voor tafel {table} ({rules_ref})",
    rs_DealRecorded: "spel {deal} opgeschreven: {points}", rs_PenaltyRecorded: "straf bij spel {deal} opgeschreven: {points}",
    rs_PenTaken: "de pen naar toestel {device}", rs_PenMoved: "de pen verplaatst naar toestel {device}",
    rs_DealVoided: "spel {deal} geschrapt: {reason}",
    rs_DisputeRaised: "geschil {dispute_no} over spel {deal}: {reason}",
    rs_RulingGiven: "uitspraak over spel {deal}: {decision}{article}: {reason}",
    rs_ListClosedShort: "vroeg gesloten door de wedstrijdleider: {reason}",
    rs_ListCancelled: "vervallen: {reason}",
    rs_ListSubmitted: "ingeleverd door plaats {scorer}, bevestigd door plaats {confirmed_by}",
    rs_PlayStarted: "spel {deal} begint: plaats {leader} komt uit",
    rs_BidMade: "plaats {seat} biedt {bid}", rs_CardPlayed: "plaats {seat} speelt {card}",
    rs_revoke: " (verzaakt!)", rs_trick_to: "; slag {trick_no} naar plaats {winner}",
  },
  de: {
    rs_Opened: "Liste eröffnet für Tisch {table} ({rules_ref})",
    rs_DealRecorded: "Spiel {deal} eingetragen: {points}", rs_PenaltyRecorded: "Strafe zu Spiel {deal} eingetragen: {points}",
    rs_PenTaken: "der Stift an Gerät {device}", rs_PenMoved: "der Stift übergeben an Gerät {device}",
    rs_DealVoided: "Spiel {deal} gestrichen: {reason}",
    rs_DisputeRaised: "Streitfall {dispute_no} zu Spiel {deal}: {reason}",
    rs_RulingGiven: "Entscheidung zu Spiel {deal}: {decision}{article}: {reason}",
    rs_ListClosedShort: "vorzeitig geschlossen von der Turnierleitung: {reason}",
    rs_ListCancelled: "entfallen: {reason}",
    rs_ListSubmitted: "abgegeben von Platz {scorer}, bestätigt von Platz {confirmed_by}",
    rs_PlayStarted: "Spiel {deal} beginnt: Platz {leader} spielt aus",
    rs_BidMade: "Platz {seat} reizt {bid}", rs_CardPlayed: "Platz {seat} spielt {card}",
    rs_revoke: " (Revoke!)", rs_trick_to: "; Stich {trick_no} an Platz {winner}",
  },
  en: {
    rs_Opened: "list opened for table {table} ({rules_ref})",
    rs_DealRecorded: "deal {deal} recorded: {points}", rs_PenaltyRecorded: "penalty {deal} recorded: {points}",
    rs_PenTaken: "the pen to device {device}", rs_PenMoved: "the pen was moved to device {device}",
    rs_DealVoided: "deal {deal} voided: {reason}",
    rs_DisputeRaised: "dispute {dispute_no} about deal {deal}: {reason}",
    rs_RulingGiven: "ruling on deal {deal}: {decision}{article}: {reason}",
    rs_ListClosedShort: "closed early by the director: {reason}",
    rs_ListCancelled: "cancelled: {reason}",
    rs_ListSubmitted: "submitted by seat {scorer}, confirmed by seat {confirmed_by}",
    rs_PlayStarted: "play of deal {deal} started: seat {leader} leads",
    rs_BidMade: "seat {seat} bid {bid}", rs_CardPlayed: "seat {seat} played {card}",
    rs_revoke: " (revoke!)", rs_trick_to: "; trick {trick_no} to seat {winner}",
  },
});

// Seats in the order of the table (N, E, S, W; 1 … 5; NS, EW): the API's JSON sorts keys.
const COMPASS = ["N", "E", "S", "W", "NS", "EW"];
const seatRank = (seat) => (COMPASS.includes(seat) ? COMPASS.indexOf(seat) : Number(seat));
const seatLine = (points) => Object.entries(points || {})
  .sort(([a], [b]) => seatRank(a) - seatRank(b))
  .map(([seat, v]) => `${seat}: ${v >= 0 ? "+" : ""}${v}`).join(", ");

// The step's line: "uitspraak over spel 2: bevestigd (ART 7): opnieuw geteld".
export function stepSummary(step) {
  const key = `rs_${step.event}`;
  if (!step.details || t(key) === key) return step.summary;
  const d = step.details;
  const values = {
    ...d,
    deal: step.deal_no,
    decision: d.decision ? decisionWord(d.decision) : "",
    article: d.article ? ` (${d.article})` : "",
    points: seatLine(d.points),
  };
  let line = say(key, values);
  if (step.event === "CardPlayed") {
    if (d.revoke) line += t("rs_revoke");
    if (d.winner) line += say("rs_trick_to", values);
  }
  return line;
}
