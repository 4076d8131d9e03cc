// What a replay step did, in one line in the director's language, made from the step's
// details (the event's own fields). An event this file does not know keeps the server's
// English summary, so nothing is hidden.

import { extend, say, t } from "../../../pwa/js/i18n.js";
import { formatDateTime } from "../../../pwa/js/format.js";
import { decisionWord } from "./room_bits.js";

extend({
  nl: {
    rs_TableCodeReissued: "nieuwe tafelkaart (kaart {card_no}){until}", rs_until: ", geldig tot {when}",
    rs_PlayModeSet: "speelmodus {on}", rs_on: "aan", rs_off: "uit",
    rs_ClaimMade: "plaats {seat} claimt {tricks} van de {remaining} slagen die nog te spelen zijn",
    rs_claim_accepted: "claim {claim_no} aanvaard: het spelen van spel {deal} is voorbij",
    rs_claim_disputed: "claim {claim_no} betwist (geschil {dispute_no}); er wordt verder gespeeld",
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
    rs_CardTakenBack: "plaats {seat} neemt {card} terug ({reason}); slag {trick_no} ligt weer open",
    rs_back_revoke: "verzaken hersteld", rs_back_entry: "verkeerd getikt",
    rs_revoke: " (verzaakt!)", rs_trick_to: "; slag {trick_no} naar plaats {winner}",
    rs_DeviceJoined: "toestel {device} deed mee met de tafelkaart",
    rs_DeviceWithdrawn: "toestel {device} afgemeld door de wedstrijdleider: {reason}",
  },
  de: {
    rs_TableCodeReissued: "neue Tischkarte (Karte {card_no}){until}", rs_until: ", gültig bis {when}",
    rs_PlayModeSet: "Spielmodus {on}", rs_on: "an", rs_off: "aus",
    rs_ClaimMade: "Platz {seat} beansprucht {tricks} der {remaining} noch zu spielenden Stiche",
    rs_claim_accepted: "Ansage {claim_no} angenommen: das Spiel {deal} ist zu Ende",
    rs_claim_disputed: "Ansage {claim_no} bestritten (Streitfall {dispute_no}); es wird weitergespielt",
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
    rs_CardTakenBack: "Platz {seat} nimmt {card} zurück ({reason}); Stich {trick_no} liegt wieder offen",
    rs_back_revoke: "Verwerfen berichtigt", rs_back_entry: "falsch getippt",
    rs_revoke: " (Revoke!)", rs_trick_to: "; Stich {trick_no} an Platz {winner}",
    rs_DeviceJoined: "Gerät {device} ist mit der Tischkarte beigetreten",
    rs_DeviceWithdrawn: "Gerät {device} von der Turnierleitung abgemeldet: {reason}",
  },
  en: {
    rs_TableCodeReissued: "table card re-issued (card {card_no}){until}", rs_until: ", good until {when}",
    rs_PlayModeSet: "play mode switched {on}", rs_on: "on", rs_off: "off",
    rs_ClaimMade: "seat {seat} claimed {tricks} of the {remaining} tricks still to play",
    rs_claim_accepted: "claim {claim_no} accepted: the play of deal {deal} ends",
    rs_claim_disputed: "claim {claim_no} disputed (dispute {dispute_no}); the play goes on",
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
    rs_CardTakenBack: "seat {seat} took back {card} ({reason}); trick {trick_no} is open",
    rs_back_revoke: "revoke corrected", rs_back_entry: "entry corrected",
    rs_revoke: " (revoke!)", rs_trick_to: "; trick {trick_no} to seat {winner}",
    rs_DeviceJoined: "device {device} joined with the table card",
    rs_DeviceWithdrawn: "device {device} withdrawn by the director: {reason}",
  },
});

// Seats in the order of the table (N, E, S, W; 1 … 5; NS, EW): the API's JSON sorts keys.
const COMPASS = ["N", "E", "S", "W", "NS", "EW"];
const seatRank = (seat) => (COMPASS.includes(seat) ? COMPASS.indexOf(seat) : Number(seat));
const seatLine = (points) => Object.entries(points || {})
  .sort(([a], [b]) => seatRank(a) - seatRank(b))
  .map(([seat, v]) => `${seat}: ${v >= 0 ? "+" : ""}${v}`).join(", ");

// The field an event's line needs: an entry written before its details held it keeps the
// server's words.
const NEEDS = { TableCodeReissued: "generation", PlayModeSet: "on", ClaimMade: "tricks", ClaimAnswered: "accepted" };

// The step's line: "uitspraak over spel 2: bevestigd (ART 7): opnieuw geteld".
export function stepSummary(step) {
  const d = step.details;
  const key = step.event === "ClaimAnswered" && d ? `rs_claim_${d.accepted ? "accepted" : "disputed"}` : `rs_${step.event}`;
  if (!d || t(key) === key || (NEEDS[step.event] && !(NEEDS[step.event] in d))) return step.summary;
  const values = {
    ...d,
    deal: step.deal_no,
    decision: d.decision ? decisionWord(d.decision) : "",
    article: d.article ? ` (${d.article})` : "",
    points: seatLine(d.points),
    on: t(d.on ? "rs_on" : "rs_off"),
    card_no: Number(d.generation) + 1, // the first card is generation 0
    until: d.expires ? say("rs_until", { when: formatDateTime(d.expires) }) : "",
  };
  if (step.event === "CardTakenBack") values.reason = t(`rs_back_${d.reason}`);
  let line = say(key, values);
  if (step.event === "CardPlayed") {
    if (d.revoke) line += t("rs_revoke");
    if (d.winner) line += say("rs_trick_to", values);
  }
  return line;
}
