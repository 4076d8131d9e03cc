// The rules' working in the reader's language. The rules (Python and their JS port) write each
// explanation line in English with the article it applies — that text is the one source, stored
// with the deal and checked against the shared vectors. Here a line is put into Dutch or German
// phrase by phrase: first a few sentence shapes whose word order differs, then the glossary,
// longest phrase first, in one pass (so a translated word is never translated again). Numbers,
// seats, pairs, articles (§B5, ART 3, Nr. 10, K-D7) and the game words (troel, roem, pit, nat,
// Rufspiel, Solo, Wenz, Tout, Augen, schneider, schwarz) stay as they are.
// pwa/tests/explain_words.test.mjs runs every vector's working through it and finds no English.

import { language } from "../i18n.js";

// Sentence shapes whose word order differs from the English: [pattern, nl, de] ($1… = captures).
const SHAPES = [
  [/^(.*)the (declaring side|defenders) could still reach (\d+) Augen \(schneider at (\d+) or fewer\), so schneider is (not )?certain; schwarz is never granted, as the rest was not played\.$/,
    (m) => `${m[1]}\u0002\u0001${side(m[2], "nl")} konden nog ${m[3]} Augen halen (schneider bij ${m[4]} of minder), dus schneider is ${m[5] ? "niet " : ""}zeker; schwarz telt nooit, want de rest is niet gespeeld.`,
    (m) => `${m[1]}\u0002\u0001${side(m[2], "de")} konnten noch ${m[3]} Augen erreichen (schneider bei ${m[4]} oder weniger), also ist schneider ${m[5] ? "nicht " : ""}sicher; schwarz zählt nie, denn der Rest wurde nicht gespielt.`],
  [/^Seat (\d)'s side \(the (declaring side|defenders)\) was (already|not) home/,
    (m) => `De kant van plaats ${m[1]} (${side(m[2], "nl")}) was ${m[3] === "already" ? "al" : "niet"} thuis`,
    (m) => `Die Partei von Platz ${m[1]} (${side(m[2], "de")}) war ${m[3] === "already" ? "schon" : "nicht"} daheim`],
  [/seat (\d) takes seat (\d)'s (-?\d+)/g, (m) => `plaats ${m[1]} neemt de ${m[3]} van plaats ${m[2]}`, (m) => `Platz ${m[1]} übernimmt die ${m[3]} von Platz ${m[2]}`],
  [/and seat (\d)'s (-?\d+)/g, (m) => `en de ${m[2]} van plaats ${m[1]}`, (m) => `und die ${m[2]} von Platz ${m[1]}`],
  [/(first|second|third|\d+(?:st|nd|rd|th)) fault of seat (\d) today/g, (m) => `${ordinal(m[1], "nl")} fout van plaats ${m[2]} vandaag`, (m) => `${ordinal(m[1], "de")} Fehler von Platz ${m[2]} heute`],
  [/he pays (\d+) to each of seats ([\d, ]+)/g, (m) => `hij betaalt ${m[1]} aan elk van de plaatsen ${m[2]}`, (m) => `er zahlt ${m[1]} an jeden der Plätze ${m[2]}`],
  [/pays his partner seat (\d) the (\d+) he lost/g, (m) => `betaalt zijn partner plaats ${m[1]} de ${m[2]} die hij verloor`, (m) => `zahlt seinem Partner Platz ${m[1]} die ${m[2]}, die er verlor`],
  [/(\d+) Laufende recorded; they change nothing/g, (m) => `${m[1]} Laufende opgeschreven; ze veranderen niets`, (m) => `${m[1]} Laufende eingetragen; sie ändern nichts`],
  [/board (\d+) has (\d+) of the session's (\d+) results; a board played fewer times than the others is scaled to (\d+)/g,
    (m) => `spel ${m[1]} heeft ${m[2]} van de ${m[3]} uitslagen van de zitting; een spel dat minder vaak gespeeld is dan de andere wordt geschaald naar ${m[4]}`,
    (m) => `Board ${m[1]} hat ${m[2]} der ${m[3]} Ergebnisse der Sitzung; ein Board, das seltener gespielt wurde als die anderen, wird auf ${m[4]} hochgerechnet`],
  [/(\d+) miseries settled separately and added/g, (m) => `${m[1]} miseries apart afgerekend en opgeteld`, (m) => `${m[1]} Miserien getrennt abgerechnet und addiert`],
];

function ordinal(english, lang) {
  const words = { first: ["eerste", "erster"], second: ["tweede", "zweiter"], third: ["derde", "dritter"] };
  if (words[english]) return words[english][lang === "nl" ? 0 : 1];
  return `${parseInt(english, 10)}${lang === "nl" ? "e" : "."}`;
}

function side(english, lang) {
  const words = { nl: { "declaring side": "de spelende kant", defenders: "de tegenspelers" },
    de: { "declaring side": "die Spielerpartei", defenders: "die Gegenspieler" } };
  return words[lang][english];
}

// English phrase → [Dutch, German]. Longer phrases win over the words they contain.
const GLOSSARY = {
  // bridge
  "it does not change the score": ["het verandert de score niet", "es ändert das Ergebnis nicht"],
  "left of declarer": ["links van de leider", "links vom Alleinspieler"],
  "lead": ["uitkomst", "Ausspiel"],
  "revoke": ["verzaking", "Revoke"],
  "dummy's cards": ["kaarten van de blinde", "Karten des Dummys"],
  "declarer's revoke": ["verzaking van de leider", "Revoke des Alleinspielers"],
  "dummy's revoke is not penalised": ["een verzaking van de blinde wordt niet bestraft", "ein Revoke des Dummys wird nicht bestraft"],
  "option": ["optie", "Option"],
  "cannot be evaluated": ["niet te bepalen", "nicht bestimmbar"],
  "chose": ["kozen", "wählten"],
  "get by default": ["krijgen zonder keuze", "erhalten ohne Wahl"],
  "withheld again, penalised once": ["opnieuw achtergehouden, eenmaal bestraft", "erneut zurückgehalten, einmal bestraft"],
  "a later revoke gets points only": ["een latere verzaking geeft alleen punten", "ein späterer Revoke gibt nur Punkte"],
  "T was claimed for a later revoke, which gives points only": ["T werd geëist voor een latere verzaking, die alleen punten geeft", "T wurde für einen späteren Revoke gefordert, der nur Punkte gibt"],
  "tricks after the revoke transfer": ["slagen die na de verzaking overgaan", "Stiche, die nach dem Revoke übergehen"],
  "no penalty": ["geen straf", "keine Strafe"],
  "the claimant's partner": ["de partner van de eiser", "der Partner des Fordernden"],
  "claimed the penalty": ["eiste de straf", "forderte die Strafe"],
  "suggested the penalty": ["stelde de straf voor", "schlug die Strafe vor"],
  "a penalty other than the correct one was claimed, so it lapses": ["er werd een andere dan de juiste straf geëist, dus vervalt die", "eine andere als die richtige Strafe wurde gefordert, also entfällt sie"],
  "claimed after the next board was started": ["geëist nadat het volgende spel begonnen was", "gefordert, nachdem das nächste Board begonnen hatte"],
  "dummy drew attention to the opponents' infraction, so L may not claim": ["de blinde wees op de overtreding van de tegenpartij, dus L mag niet eisen", "der Dummy wies auf den Verstoß der Gegner hin, also darf L nicht fordern"],
  "looked at a quitted trick": ["bekeek een gesloten slag", "sah einen abgelegten Stich an"],
  "claims": ["eist", "fordert"],
  "not claimed, nothing scored": ["niet geëist, niets geschreven", "nicht gefordert, nichts gewertet"],
  "artificial adjusted score": ["kunstmatige arbitrale score", "künstliches berichtigtes Ergebnis"],
  "no board score": ["geen score voor het spel", "kein Boardergebnis"],
  "penalty points": ["strafpunten", "Strafpunkte"],
  "not vulnerable": ["niet kwetsbaar", "nicht in Gefahr"],
  "vulnerable Both": ["kwetsbaar: allen", "Gefahr: alle"],
  "vulnerable None": ["kwetsbaar: niemand", "Gefahr: keiner"],
  "vulnerable": ["kwetsbaar", "in Gefahr"],
  "trick score": ["slagwaarde", "Stichwert"],
  "part-score": ["deelscore", "Teilspiel"],
  "game": ["manche", "Vollspiel"],
  "small slam": ["klein slem", "Kleinschlemm"],
  "grand slam": ["groot slem", "Großschlemm"],
  "insult": ["doubletpremie", "Kontraprämie"],
  "overtricks": ["overslagen", "Überstiche"],
  "overtrick": ["overslag", "Überstich"],
  "down undoubled": ["down, niet gedoubleerd", "Faller ohne Kontra"],
  "down doubled": ["down, gedoubleerd", "Faller mit Kontra"],
  "down redoubled": ["down, geredoubleerd", "Faller mit Rekontra"],
  "board": ["spel", "Board"],
  "boards": ["spellen", "Boards"],
  "passed out": ["rondgepast", "eingepasst"],
  "to NS": ["voor NS", "für NS"],
  "to EW": ["voor EW", "für EW"],
  // klaverjas
  "revoked": ["verzaakte", "bediente nicht"],
  "get": ["krijgen", "erhalten"],
  "all roem": ["alle roem", "allen Roem"],
  "its own roem": ["de eigen roem", "den eigenen Roem"],
  "own roem": ["eigen roem", "eigener Roem"],
  "no roem": ["geen roem", "kein Roem"],
  "roem": ["roem", "Roem"],
  "(playing)": ["(speelt)", "(spielt)"],
  "against": ["tegen", "gegen"],
  "made": ["gehaald", "erfüllt"],
  "a tie is made by this club's rule": ["gelijkspel is gehaald volgens de clubregel", "Gleichstand gilt nach Vereinsregel als erfüllt"],
  "no majority": ["geen meerderheid", "keine Mehrheit"],
  "a tie is nat": ["gelijkspel is nat", "Gleichstand ist nat"],
  "every player writes his own pair's points": ["iedere speler schrijft de punten van zijn eigen paar", "jeder Spieler schreibt die Punkte seines Paares"],
  "took all": ["haalde alle", "machte alle"],
  "by this club's rule": ["volgens de clubregel", "nach Vereinsregel"],
  "card points": ["kaartpunten", "Kartenpunkte"],
  "deals again": ["geeft opnieuw", "gibt neu"],
  "not one of the": ["niet een van de", "keines der"],
  "nothing is scored": ["er wordt niets geschreven", "es wird nichts gewertet"],
  "forced to play": ["moet spelen", "muss spielen"],
  "left of dealer": ["links van gever", "links vom Geber"],
  "has no picture card": ["heeft geen plaatje", "hat keine Bildkarte"],
  "and had the cards dealt again": ["en liet opnieuw geven", "und ließ neu geben"],
  // schafkopf
  "Points": ["Punten", "Punkte"],
  "the line sums to": ["de regel telt op tot", "die Zeile ergibt"],
  "the declaring side": ["de spelende kant", "die Spielerpartei"],
  "the defenders": ["de tegenspelers", "die Gegenspieler"],
  "declaring side": ["spelende kant", "Spielerpartei"],
  "defenders": ["tegenspelers", "Gegenspieler"],
  "so it wins": ["dus wint die", "also gewinnt sie"],
  "so it loses at the standing": ["dus verliest die naar de stand", "also verliert sie nach dem Stand"],
  "Augen, # needed": ["Augen, # nodig", "Augen, # nötig"],
  "needed": ["nodig", "nötig"],
  "in a Tout the defenders are home with one trick, the soloist only with all": ["in een Tout zijn de tegenspelers thuis met één slag, de solist pas met alle", "im Tout sind die Gegenspieler mit einem Stich daheim, der Solist erst mit allen"],
  "a Tout is": ["een Tout is", "ein Tout ist"],
  "either way": ["hoe dan ook", "so oder so"],
  "Valued at the standing": ["Gewaardeerd naar de stand", "Bewertet nach dem Stand"],
  "or fewer": ["of minder", "oder weniger"],
  "or more": ["of meer", "oder mehr"],
  "more than": ["meer dan", "mehr als"],
  "no schneider": ["geen schneider", "kein schneider"],
  "no trick": ["geen slag", "kein Stich"],
  "lost": ["verloren", "verloren"],
  "won": ["gewonnen", "gewonnen"],
  "scored as Solo": ["geteld als Solo", "gewertet als Solo"],
  "per player": ["per speler", "je Spieler"],
  "the Alleinspieler": ["de Alleinspieler", "der Alleinspieler"],
  "of seat": ["van plaats", "von Platz"],
  "who holds the": ["die de", "der das"],
  "called ace": ["geroepen aas heeft", "gerufene Ass hat"],
  "who holds the called ace": ["die het geroepen aas heeft", "der das gerufene Ass hat"],
  "Eichel-Ass": ["Eichel-Ass heeft", "Eichel-Ass hat"],
  "Gras-Ass": ["Gras-Ass heeft", "Gras-Ass hat"],
  "Schellen-Ass": ["Schellen-Ass heeft", "Schellen-Ass hat"],
  "defend": ["spelen tegen", "spielen dagegen"],
  "no extras": ["geen toeslagen", "keine Zuschläge"],
  "Tout with": ["Tout met", "Tout mit"],
  "a trick went to the defenders": ["een slag ging naar de tegenspelers", "ein Stich ging an die Gegenspieler"],
  "a Tout is won only with all # tricks": ["een Tout is alleen gewonnen met alle # slagen", "ein Tout ist nur mit allen # Stichen gewonnen"],
  "a solo line, marked with the dot": ["een sololijn, gemerkt met de stip", "eine Sololinie, mit dem Punkt markiert"],
  "nobody plays, so the same dealer deals again": ["niemand speelt, dus dezelfde gever geeft opnieuw", "keiner spielt, also gibt derselbe Geber neu"],
  "for every seat, and the deal is not one of the": ["voor iedere plaats, en het spel is niet een van de", "für jeden Platz, und das Spiel ist keines der"],
  "games": ["spellen", "Spiele"],
  "laid his cards down wrongly": ["legde zijn kaarten ten onrechte open", "legte seine Karten zu Unrecht auf"],
  "the game counts at the standing then": ["het spel telt naar de stand van dat moment", "das Spiel zählt nach dem Stand von da"],
  "played a wrong card in trick": ["speelde een verkeerde kaart in slag", "spielte eine falsche Karte in Stich"],
  "found afterwards": ["achteraf gevonden", "nachträglich bemerkt"],
  "the standing before that trick counts": ["de stand voor die slag telt", "der Stand vor diesem Stich zählt"],
  "valued as in": ["gewaardeerd als in", "bewertet wie in"],
  "took back his wrong card in trick": ["nam zijn verkeerde kaart terug in slag", "nahm seine falsche Karte in Stich zurück"],
  "while the trick lay open, so it changes nothing": ["terwijl de slag open lag, dus het verandert niets", "solange der Stich offen lag, also ändert es nichts"],
  "has": ["heeft", "hat"],
  "the offender takes all minus points of his side": ["de overtreder neemt alle minpunten van zijn kant", "der Schuldige übernimmt alle Minuspunkte seiner Partei"],
  "there are none to move to seat #": ["er zijn er geen om over te zetten naar plaats #", "es gibt keine, die an Platz # gehen"],
  // wiezen
  "today": ["vandaag", "heute"],
  "no extra": ["geen toeslag", "kein Zuschlag"],
  "by seat": ["door plaats", "von Platz"],
  "by seats": ["door plaatsen", "von den Plätzen"],
  "failed by": ["verloren volgens", "verloren nach"],
  "made by": ["gehaald volgens", "erfüllt nach"],
  "misplayed": ["verspeelde zich", "verspielte sich"],
  "failed with": ["verloren met", "verloren mit"],
  "failed with # tricks": ["verloren met # slagen", "verloren mit # Stichen"],
  "made with # tricks": ["gehaald met # slagen", "erfüllt mit # Stichen"],
  "made with": ["gehaald met", "erfüllt mit"],
  "the others": ["de anderen", "die anderen"],
  "the opponents": ["de tegenstanders", "die Gegner"],
  "each": ["elk", "je"],
  "in troef": ["in troef", "in Troef"],
  "after a pas rond": ["na een pas rond", "nach einem pas rond"],
  "club rule": ["clubregel", "Vereinsregel"],
  "rond": ["rond", "rond"],
  "troel won": ["troel gewonnen", "troel gewonnen"],
  "a lost troel not doubled again": ["een verloren troel niet nog eens verdubbeld", "ein verlorener troel nicht noch einmal verdoppelt"],
  "never doubled; the pas-rond": ["nooit verdubbeld; de pas-rond", "nie verdoppelt; das pas-rond"],
  "is used up": ["is opgebruikt", "ist verbraucht"],
  "passed round": ["rondgepast", "reihum gepasst"],
  "for everyone; the same dealer deals again": ["voor iedereen; dezelfde gever geeft opnieuw", "für alle; derselbe Geber gibt neu"],
  "the next deal with a contract is doubled, and this deal does not count": ["het volgende spel met een contract telt dubbel, en dit spel telt niet", "das nächste Spiel mit einem Kontrakt zählt doppelt, und dieses Spiel zählt nicht"],
  "misdealt a second time": ["gaf een tweede keer verkeerd", "vergab sich ein zweites Mal"],
  "seats": ["plaatsen", "Plätze"],
  "seat": ["plaats", "Platz"],
  "Seat": ["Plaats", "Platz"],
  "misplayed in trick": ["verspeelde zich in slag", "verspielte sich in Stich"],
  "go to": ["gaan naar", "gehen an"],
  "go to the opponents": ["gaan naar de tegenstanders", "gehen an die Gegner"],
  "had": ["had", "hatte"],
  "before and ends with": ["ervoor en eindigt met", "vorher und endet mit"],
  "shuffled the cards after the first deal": ["schudde de kaarten na het eerste spel", "mischte die Karten nach dem ersten Spiel"],
  "the row sums to": ["de regel telt op tot", "die Zeile ergibt"],
  "solo slim": ["solo slim", "solo slim"],
  "solo in troef": ["solo in troef", "solo in Troef"],
  "open miserie": ["open miserie", "offene miserie"],
  "Decision": ["Besluit", "Entscheidung"],
  // the draws (seating) and the season's totals
  "players": ["spelers", "Spieler"],
  "player": ["speler", "Spieler"],
  "tables": ["tafels", "Tische"],
  "table": ["tafel", "Tisch"],
  "table of": ["tafel van", "Tisch zu"],
  "tables of": ["tafels van", "Tische zu"],
  "per partij": ["per partij", "pro partij"],
  "partners sit opposite": ["partners zitten tegenover elkaar", "Partner sitzen sich gegenüber"],
  "change every partij": ["wisselen elke partij", "wechseln jede partij"],
  "tables, partners and seats drawn by lot": ["tafels, partners en plaatsen door loting", "Tische, Partner und Plätze ausgelost"],
  "tables and seats drawn by lot": ["tafels en plaatsen door loting", "Tische und Plätze ausgelost"],
  "drawn by lot": ["door loting", "ausgelost"],
  "seed": ["startwaarde", "Startwert"],
  "seat 1 deals first": ["plaats 1 geeft eerst", "Platz 1 gibt zuerst"],
  "at a table of 5 the dealer sits out each deal": ["aan een tafel van 5 zit de gever elk spel uit", "an einem Tisch zu 5 setzt der Geber jedes Spiel aus"],
  "sits out": ["zit uit", "setzt aus"],
  "sit out": ["zitten uit", "setzen aus"],
  "points for that partij": ["punten voor die partij", "Punkte für diese partij"],
  "sit out more than one partij": ["zitten meer dan één partij uit", "setzen mehr als eine partij aus"],
  "points for each": ["punten voor elke", "Punkte für jede"],
  "repeated partnerships": ["herhaalde partnerschappen", "wiederholte Partnerschaften"],
  "repeated partnership": ["herhaald partnerschap", "wiederholte Partnerschaft"],
  "repeated opponent meetings": ["herhaalde ontmoetingen als tegenstander", "wiederholte Begegnungen als Gegner"],
  "repeated opponent meeting": ["herhaalde ontmoeting als tegenstander", "wiederholte Begegnung als Gegner"],
  "repeated table-mate meetings": ["herhaalde ontmoetingen aan tafel", "wiederholte Begegnungen am Tisch"],
  "repeated table-mate meeting": ["herhaalde ontmoeting aan tafel", "wiederholte Begegnung am Tisch"],
  "over the evening": ["over de avond", "über den Abend"],
  "over the tournament": ["over het toernooi", "über das Turnier"],
  "in each of": ["in elk van de", "in jedem der"],
  "a new draw each time": ["telkens een nieuwe loting", "jedes Mal neu ausgelost"],
  "the cumulative total of the evening scores": ["het opgetelde totaal van de avondscores", "die aufsummierte Summe der Abendergebnisse"],
  "Sundays": ["zondagen", "Sonntage"],
  "Sunday": ["zondag", "Sonntag"],
  "played": ["gespeeld", "gespielt"],
  "absent": ["afwezig", "abwesend"],
  "still to come": ["nog te spelen", "noch zu spielen"],
  "the best": ["de beste", "die besten"],
  "count": ["tellen", "zählen"],
  "the Durchgänge are added": ["de Durchgänge worden opgeteld", "die Durchgänge werden addiert"],
  "Tie-break": ["Bij gelijke stand", "Bei Gleichstand"],
  "Touts played": ["Touts gespeeld", "Touts gespielt"],
  "solos won": ["solo's gewonnen", "Solos gewonnen"],
  "solos played": ["solo's gespeeld", "Solos gespielt"],
  "Still level with": ["Nog gelijk met", "Noch gleichauf mit"],
  "the lot": ["het lot", "das Los"],
  "placed": ["plaatste", "setzte"],
  "Removed from the prize ranking": ["Uit de prijsrangschikking genomen", "Aus der Preiswertung genommen"],
  "excluded": ["uitgesloten", "ausgeschlossen"],
  "void": ["vervallen", "ungültig"],
  "discarded first": ["eerst weggelaten", "zuerst gestrichen"],
  "season total = sum of the session totals": ["seizoenstotaal = som van de zittingstotalen", "Saisonsumme = Summe der Sitzungsergebnisse"],
  "counts (every session counts)": ["telt (elke zitting telt)", "zählt (jede Sitzung zählt)"],
  "rank": ["plaats", "Rang"],
  "session %": ["zitting %", "Sitzung %"],
  "sat out": ["uitgezeten", "ausgesetzt"],
  "over": ["over", "über"],
  "results": ["uitslagen", "Ergebnisse"],
  // shared words
  "with # tricks": ["met # slagen", "mit # Stichen"],
  "in # tricks": ["in # slagen", "in # Stichen"],
  "ends with # tricks": ["eindigt met # slagen", "endet mit # Stichen"],
  "of # tricks": ["van # slagen", "von # Stichen"],
  "tricks": ["slagen", "Stiche"],
  "trick": ["slag", "Stich"],
  "in trick": ["in slag", "in Stich"],
  "dealer": ["gever", "Geber"],
  "deal": ["spel", "Spiel"],
  "deals": ["spellen", "Spiele"],
  "by": ["door", "von"],
  "for": ["voor", "für"],
  "and": ["en", "und"],
  "with": ["met", "mit"],
  "of": ["van", "von"],
  "in": ["in", "in"],
  "so": ["dus", "also"],
  "the": ["de", "die"],
  "a": ["een", "ein"],
  "no": ["geen", "kein"],
  "not": ["niet", "nicht"],
  "is": ["is", "ist"],
  "was": ["was", "war"],
  "as": ["als", "als"],
};

const LANGS = { nl: 0, de: 1 };
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// The "#" of a glossary phrase stands for a number.
const PHRASES = Object.keys(GLOSSARY).sort((a, b) => b.length - a.length);
const PATTERN = new RegExp(`(?<![\\w'-])(?:${PHRASES.map((p) => escape(p).replace("#", "\\d+")).join("|")})(?![\\w'-])`, "g");
const LOOKUP = PHRASES.map((p) => [new RegExp(`^${escape(p).replace("#", "(\\d+)")}$`), GLOSSARY[p]]);

function phrase(found, index) {
  for (const [pattern, words] of LOOKUP) {
    const hit = pattern.exec(found);
    if (hit) return words[index].replace("#", hit[1] ?? "");
  }
  return found;
}

// A decimal the rules write with a point (hundredths: "66.67%", "12.00 / 18.00"), written
// with the decimal comma of Dutch and German; an article's number (§A3.5) is not one.
const HUNDREDTHS = /(?<![\w§.])(\d+)\.(\d{2})(?![\d.])/g;

// One line of working in `lang` (English as it is).
export function explainLine(line, lang = language()) {
  const index = LANGS[lang];
  if (index === undefined) return String(line);
  let text = String(line);
  for (const [pattern, nl, de] of SHAPES) {
    text = text.replace(pattern, (...m) => `\u0001${(index === 0 ? nl : de)(m)}\u0002`);
  }
  // What a shape wrote is final: only the text around it goes through the glossary.
  return text.split(/(\u0001[^\u0002]*\u0002)/)
    .map((part) => (part.startsWith("\u0001") ? part.slice(1, -1)
      : part.replace(PATTERN, (found) => phrase(found, index)).replace(HUNDREDTHS, "$1,$2")))
    .join("");
}

// Every line of a working, in `lang`.
export function explainLines(lines, lang = language()) {
  return (lines || []).map((line) => explainLine(line, lang));
}
