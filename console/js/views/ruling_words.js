// The decisions a director can give on a deal, per game, each with the rule it rests on, and
// the request each one sends (the JS side of ScoreList.give_ruling: upheld, corrected with a
// record, voided, adjusted with points per seat; a bridge board gets an assigned result or an
// artificial adjusted score, Bridge §A4, B-D7, Law 12C). Pure: no DOM, so it is tested in node.

import { extend, t } from "../../../pwa/js/i18n.js";
import { rulingBody } from "./room_bits.js";

extend({
  nl: {
    rl_choose: "Beslissing", rl_rule: "Regel",
    rl_upheld: "Bevestigd: de uitslag blijft staan",
    rl_upheld_rule: "Het spel blijft zoals het is opgeschreven; de uitspraak en haar reden blijven bij de lijst.",
    rl_corrected: "Verbeterde uitslag",
    rl_corrected_rule: "Het spel wordt opnieuw geteld uit de verbeterde gegevens, met de regels van de lijst; het eerste verslag blijft in de geschiedenis.",
    rl_voided: "Geschrapt: het spel telt niet",
    rl_voided_rule: "Het spel telt niet meer mee in de totalen (bijvoorbeeld opnieuw gegeven na een fout bij het geven); het blijft doorgestreept op de lijst.",
    rl_adjusted: "Arbitrale score: punten per plaats",
    rl_adjusted_rule: "Punten per plaats op een eigen regel naast het spel, dat blijft zoals het gespeeld is. Laat een plaats leeg voor geen wijziging; bij een gesplitste score krijgt elke partij haar eigen getal.",
    rl_penalty: "Straf: punten af voor één plaats",
    rl_penalty_rule: "De punten gaan af bij de overtreder, op een eigen regel naast het spel; het spel zelf blijft staan.",
    rl_assigned: "Toegewezen arbitrale score (verbeterde uitslag)",
    rl_assigned_rule: "Law 12C1: de wedstrijdleider wijst de uitslag toe die waarschijnlijk was geweest; het spel wordt daarmee geteld en in matchpoints vergeleken.",
    rl_artificial: "Kunstmatige arbitrale score (AVG+ / AVG / AVG−)",
    rl_artificial_rule: "Bridge §A4, B-D7 (Law 12C2(a)): het spel heeft aan deze tafel geen uitslag. Gemiddeld-plus (60 %) voor een partij die geen schuld heeft, gemiddeld (50 %) voor een partij met gedeeltelijke schuld, gemiddeld-min (40 %) voor een partij die rechtstreeks schuld heeft. De twee partijen hoeven niet elkaars spiegel te zijn (gesplitste score); een verkeerd geschud spel geeft beide partijen AVG+.",
    rl_src_wiezen: "Wiezen §4: het Reglement kent geen andere strafpunten; al het andere beslist de wedstrijdleider (straffen worden niet vermenigvuldigd door pas rond, rond of troel, W-D24).",
    rl_src_klaverjas: "Klaverjassen SB-9: het bestuur beslist over gevallen die de regels niet regelen.",
    rl_src_schafkopf: "Schafkopf Nr. 6: de uitspraak van de Turnierleitung is onherroepelijk.",
    rl_mark_plus: "AVG+ (60 %): geen schuld", rl_mark_avg: "AVG (50 %): gedeeltelijk schuld", rl_mark_minus: "AVG− (40 %): rechtstreeks schuld",
    rl_ns: "Noord-Zuid", rl_ew: "Oost-West",
    rl_level: "Hoogte", rl_strain: "Kleur", rl_dbl: "Doublet", rl_declarer: "Leider", rl_tricks: "Slagen gehaald",
    rl_passed: "gepast", rl_undoubled: "geen", rl_facts: "Gegevens van het spel",
    rl_facts_help: "Elk gegeven zoals het is opgeschreven; verander wat de uitspraak verbetert. Een lijst of groep gegevens staat zoals in het verslag van de telefoon.",
  },
  de: {
    rl_choose: "Entscheidung", rl_rule: "Regel",
    rl_upheld: "Bestätigt: das Ergebnis bleibt",
    rl_upheld_rule: "Das Spiel bleibt wie eingetragen; die Entscheidung und ihr Grund bleiben bei der Liste.",
    rl_corrected: "Berichtigtes Ergebnis",
    rl_corrected_rule: "Das Spiel wird aus den berichtigten Angaben neu gewertet, nach den Regeln der Liste; die erste Eintragung bleibt in der Geschichte.",
    rl_voided: "Gestrichen: das Spiel zählt nicht",
    rl_voided_rule: "Das Spiel zählt nicht mehr in den Summen (etwa neu gegeben nach einem Fehler beim Geben); es bleibt durchgestrichen auf der Liste.",
    rl_adjusted: "Schiedsergebnis: Punkte je Platz",
    rl_adjusted_rule: "Punkte je Platz in einer eigenen Zeile neben dem Spiel, das wie gespielt bleibt. Ein leerer Platz ändert nichts; bei einem geteilten Ergebnis bekommt jede Partei ihre eigene Zahl.",
    rl_penalty: "Strafe: Punkte ab für einen Platz",
    rl_penalty_rule: "Die Punkte gehen dem Schuldigen ab, in einer eigenen Zeile neben dem Spiel; das Spiel selbst bleibt.",
    rl_assigned: "Zugewiesenes Schiedsergebnis (berichtigtes Ergebnis)",
    rl_assigned_rule: "Law 12C1: die Turnierleitung weist das wahrscheinliche Ergebnis zu; das Board wird damit gewertet und in Matchpoints verglichen.",
    rl_artificial: "Künstliches Schiedsergebnis (AVG+ / AVG / AVG−)",
    rl_artificial_rule: "Bridge §A4, B-D7 (Law 12C2(a)): das Board hat an diesem Tisch kein Ergebnis. Durchschnitt-plus (60 %) für eine Partei ohne jede Schuld, Durchschnitt (50 %) für eine Partei mit Teilschuld, Durchschnitt-minus (40 %) für eine Partei mit direkter Schuld. Die beiden Parteien müssen nicht spiegelbildlich sein (geteiltes Ergebnis); ein falsch gegebenes Board gibt beiden AVG+.",
    rl_src_wiezen: "Wiezen §4: das Reglement kennt keine anderen Strafpunkte; alles andere entscheidet die Turnierleitung (Strafen werden nicht durch pas rond, rond oder troel vervielfacht, W-D24).",
    rl_src_klaverjas: "Klaverjas SB-9: der Vorstand entscheidet Fälle, die die Regeln nicht regeln.",
    rl_src_schafkopf: "Schafkopf Nr. 6: die Entscheidung der Turnierleitung ist endgültig.",
    rl_mark_plus: "AVG+ (60 %): ohne Schuld", rl_mark_avg: "AVG (50 %): Teilschuld", rl_mark_minus: "AVG− (40 %): direkte Schuld",
    rl_ns: "Nord-Süd", rl_ew: "Ost-West",
    rl_level: "Stufe", rl_strain: "Farbe", rl_dbl: "Kontra", rl_declarer: "Alleinspieler", rl_tricks: "Stiche erzielt",
    rl_passed: "eingepasst", rl_undoubled: "keins", rl_facts: "Angaben des Spiels",
    rl_facts_help: "Jede Angabe wie eingetragen; ändern Sie, was die Entscheidung berichtigt. Eine Liste oder Gruppe von Angaben steht wie in der Eintragung des Telefons.",
  },
  en: {
    rl_choose: "Decision", rl_rule: "Rule",
    rl_upheld: "Upheld: the result stands",
    rl_upheld_rule: "The deal stays as recorded; the ruling and its reason are kept on the list.",
    rl_corrected: "Corrected result",
    rl_corrected_rule: "The deal is scored again from the corrected facts, by the list's own rules; the first record stays in the history.",
    rl_voided: "Voided: the deal does not count",
    rl_voided_rule: "The deal no longer counts in the totals (e.g. dealt again after a misdeal); it stays on the list, struck through.",
    rl_adjusted: "Adjusted score: points per seat",
    rl_adjusted_rule: "Points per seat on a line of their own beside the deal, which stays as played. Leave a seat empty for no change; a split score gives each side its own number.",
    rl_penalty: "Penalty: points off one seat",
    rl_penalty_rule: "The points are taken off the offender on a line of their own beside the deal; the deal itself stands.",
    rl_assigned: "Assigned adjusted score (corrected result)",
    rl_assigned_rule: "Law 12C1: the director assigns the result that would likely have been; the board is scored and matchpointed from it.",
    rl_artificial: "Artificial adjusted score (AVG+ / AVG / AVG−)",
    rl_artificial_rule: "Bridge §A4, B-D7 (Law 12C2(a)): the board has no result at this table. Average-plus (60 %) to a side in no way at fault, Average (50 %) to a side partly at fault, Average-minus (40 %) to a side directly at fault. The two sides' marks need not mirror (a split score); a board wrongly dealt gives both sides AVG+.",
    rl_src_wiezen: "Wiezen §4: the Reglement defines no other point penalties; anything else goes to the director (penalties are not multiplied by pas rond, rond or troel, W-D24).",
    rl_src_klaverjas: "Klaverjas SB-9: the board rules on cases the rules do not cover.",
    rl_src_schafkopf: "Schafkopf Nr. 6: a ruling by the Turnierleitung is final.",
    rl_mark_plus: "AVG+ (60 %): in no way at fault", rl_mark_avg: "AVG (50 %): partly at fault", rl_mark_minus: "AVG− (40 %): directly at fault",
    rl_ns: "North-South", rl_ew: "East-West",
    rl_level: "Level", rl_strain: "Strain", rl_dbl: "Doubled", rl_declarer: "Declarer", rl_tricks: "Tricks taken",
    rl_passed: "passed out", rl_undoubled: "no", rl_facts: "The deal's facts",
    rl_facts_help: "Each fact as it was recorded; change what the ruling corrects. A list or group of facts is written as in the phone's record.",
  },
});

// The decisions a game's list accepts, in the order the form offers them, each with the
// article the director would usually cite (prefilled, and free to change).
const CHOICES = {
  bridge: [
    { value: "upheld", article: "" },
    { value: "assigned", article: "Law 12C1" },
    { value: "artificial", article: "Bridge §A4, B-D7 (Law 12C2(a))" },
    { value: "voided", article: "" },
  ],
  other: [
    { value: "upheld", article: "" },
    { value: "corrected", article: "" },
    { value: "voided", article: "" },
    { value: "adjusted", article: "" },
    { value: "penalty", article: "" },
  ],
};
const SOURCE_ARTICLE = { wiezen: "Wiezen §4", klaverjas: "SB-9", schafkopf: "Nr. 6" };

// [{value, label, rule, article}] for a game, in the reader's language.
export function rulingChoices(game) {
  const choices = CHOICES[game === "bridge" ? "bridge" : "other"];
  return choices.map(({ value, article }) => {
    let rule = t(`rl_${value}_rule`);
    let cite = article;
    if ((value === "adjusted" || value === "penalty") && SOURCE_ARTICLE[game]) {
      rule = `${rule} ${t(`rl_src_${game}`)}`;
      cite = SOURCE_ARTICLE[game];
    }
    return { value, label: t(`rl_${value}`), rule, article: cite };
  });
}

export const MARKS = [["AVG+", "rl_mark_plus"], ["AVG", "rl_mark_avg"], ["AVG-", "rl_mark_minus"]];
export const STRAINS = ["C", "D", "H", "S", "NT"];
export const SEATS = ["N", "E", "S", "W"];
const AT_THE_TABLE = ["contract", "declarer", "tricks", "lead", "revokes", "inspections", "adjusted"];

// A deal's facts as form fields: text stays text, a number a number, anything else (a list,
// a group of facts, null) is written as the phone's record writes it (JSON).
export function factFields(facts) {
  return Object.entries(facts).map(([key, value]) => {
    if (typeof value === "string") return { key, kind: "text", value };
    if (typeof value === "number") return { key, kind: "number", value: String(value) };
    return { key, kind: "json", value: JSON.stringify(value) };
  });
}

// The record from the fields' values; a field that is not valid JSON is named, so the
// director sees which one ({field: "record.misplay", message}).
export function factsRecord(fields, values) {
  const record = {};
  for (const { key, kind } of fields) {
    const raw = values[key] ?? "";
    if (kind === "text") record[key] = raw;
    else if (kind === "number") record[key] = raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    else {
      try {
        record[key] = raw.trim() === "" ? null : JSON.parse(raw);
      } catch {
        throw Object.assign(new Error(t("rm_bad_json")), { field: `record.${key}` });
      }
    }
  }
  return record;
}

// A bridge board's corrected result (Law 12C1): the contract, declarer and tricks in place of
// what was played, or passed out; an artificial score it had is dropped.
export function assignedRecord(facts, { level, strain, dbl, declarer, tricks }) {
  const record = Object.fromEntries(Object.entries(facts).filter(([key]) => key !== "adjusted"));
  if (!level) {
    for (const key of ["declarer", "tricks", "lead", "revokes", "inspections"]) delete record[key];
    return { ...record, contract: null };
  }
  return {
    ...record,
    contract: { level: Number(level), strain, dbl: Number(dbl) || 0 },
    declarer,
    tricks: tricks === "" || tricks === null || tricks === undefined ? tricks : Number(tricks),
  };
}

// A bridge board's artificial adjusted score (§A4, B-D7): no result at the table, a mark per side.
export function artificialRecord(facts, ns, ew) {
  const record = Object.fromEntries(Object.entries(facts).filter(([key]) => !AT_THE_TABLE.includes(key)));
  return { ...record, adjusted: { ns, ew } };
}

// The POST body for the form's decision: a bridge board's assigned or artificial score is a
// correction of its record, the rest as rulingBody sends them.
export function rulingRequest(values) {
  const { decision, record } = values;
  if (decision === "assigned" || decision === "artificial") {
    return rulingBody({ ...values, decision: "corrected", record });
  }
  return rulingBody({ ...values, record: decision === "corrected" ? record : null });
}
