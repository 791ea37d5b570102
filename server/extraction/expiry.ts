import * as chrono from "chrono-node";
import type { Confidence, EvidenceKind, FieldEvidence } from "../../src/domain/evidence";
import { matchesOf } from "../../src/domain/patternMatches";
import type { Language } from "./language";
import { addDays, formatDate, localDateString, namedZoneOffset } from "./timezone";

/** How the offer end is read: the text to search and the clock to resolve relative words against. */
export interface ExpiryInput {
  /** Visible body text, line by line. */
  body: string;
  /** Subject and preheader: read too, but a date from the body wins a tie. */
  headline: string;
  /** The send instant (Date header, or the received time). */
  sentAt: Date;
  /** The sender's UTC offset in minutes at the send instant (the zone named in the offer, else the Date header's). */
  senderOffsetMinutes: number;
  /** Day-first numeric dates (UK and most of the world) instead of month-first. */
  dayFirst: boolean;
  /** The message's language: its own date parser reads every sentence, whatever words it uses. */
  language?: Language;
}

/** A date read from the subject or preheader loses a tie with one from the body. */
const HEADLINE_BIAS = -0.5;

interface Candidate {
  date: string;
  score: number;
  index: number;
  /** What stated it: a date after a cue word (`label`), relative words (`relative`); the subject's are `subject`. */
  kind: EvidenceKind;
}

/** A cue this strong ("ends", "valid until", "order by", "sale dates") states the end; "before" or none only points at it. */
const STATING_CUE = 2;

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_PATTERN = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const WEEKDAY_PATTERN = "(sunday|monday|tuesday|wednesday|thursday|friday|saturday)";

/**
 * Verbs of acting on an offer, whose deadline follows "by" or "before" ("register by", "order before"), in each
 * language the extractor reads ("usa el código antes del", "commandez avant le", "einlösen vor dem").
 */
const ACTION_VERBS =
  "book|apply|use|redeem|open|claim|register|enroll|sign up|reserve|subscribe|upgrade|join|activate|shop|order|purchase|buy|respond|reply|accept|schedule|" +
  "usa|utili[sz]|compra|pide|canjea|aplica|command|achet|profit|acquist|ordina|approfitt|resgat|aproveit|gebruik|bestel|koop|nutze|verwende|kaufe|einlösen|löse";
/** "Before" in each language, as it stands right before a day: "antes del 6 de diciembre", "avant le 6 décembre". */
const BEFORE_WORDS = String.raw`before|antes\s+d[eo]l?|avant\s+le|prima\s+del?|vóór|vor\s+dem`;

/** The last day, in each language we read ("der letzte Tag", "último día"). */
const LAST_DAY =
  /(?:\b(?:final\s+day|last\s+day|letzte[rn]?\s+tag|dernier\s+jour|ultimo\s+(?:d[íi]a|giorno)|laatste\s+dag)|ú(?<![a-zà-ÿ]ú)ltimo\s+d[íi]a)(?![a-zà-ÿ])/gi;

/** Words before a date that say it ends the offer, with how sure they make us. */
const END_CUES: ReadonlyArray<[RegExp, number]> = [
  // The end is a negative lookahead, not \b: a word ending in an accented letter ("até") has no \b after it.
  // "Good" only as "good through", "good for 7 days": "Good news: it is now $149" states no end.
  [/\b(?:ends?|ending|ended|expires?|expired|expiring|expiration|expiry|exp\.|valid|good(?=\s+(?:through|thru|until|till|'?til|for|only|on|at)\b)|last day|fin de l'offre|fin de la promo(?:tion)?|fin des soldes|fin de la oferta|fine (?:dell')?offerta|fim da (?:oferta|promo[çc][ãa]o)|einde (?:van de )?actie|ende der aktion|aktionsende|angebotsende|deadline|wraps up|wrapping up|hasta|vence\w*|termina\w*|termine|prend fin|finaliza\w*|acaba(?:n|rá|rán)?|vigente|válid[oa]s?|offer runs|sale runs|closes?|closing|valable|expire|jusqu|gültig|endet|läuft|até|geldig|eindigt|verloopt|fino|entro|scade|valida|t\/m|tot en met|uiterlijk)(?![\wà-ÿ])/i, 3],
  // The last day, as the same-day rule reads it ("Final day: Dec 6", "Letzter Tag: 6.12.").
  [new RegExp(LAST_DAY.source, "i"), 3],
  [/\b(?:through|thru|until|till|'?til|between|bis|tot)\b/i, 3],
  // "Save $50 by Friday" too; before "before" (ACTION_BEFORE below) "save" would be its own gain.
  [new RegExp(`\\b(?:${ACTION_VERBS}|save)\\w*\\b[^.]{0,30}\\bby\\b`, "i"), 3],
  [/\bby\b/i, 2],
  [new RegExp(`\\b(?:${BEFORE_WORDS})\\b`, "i"), 1],
];

/** Words that make a date something other than the offer's end. */
const NOT_AN_OFFER_END =
  /\b(?:ship|ships|shipping|shipped|deliver\w*|arriv\w*|travel\w*|stays?|black-? ?out|placed|as of|lieferung|liefern|geliefert|versand\w*|zustellung|bestellung bis|livraison|livr[ée]\w*|exp[ée]di\w*|entrega|envío|envio|consegna|spedizion\w*|levering|bezorg\w*|verzend\w*|fsa|hsa|rx|prescription|last service|estimated|lands?|launch\w*|renew\w*|billed|since|issue|posted|flights?|depart\w*|check-?in|event on|doors open|premieres?|in time for|get it by|points|miles expire|rewards? (?:balance|dollars|cash)|gift cards?|certificates?|warranty|guarantee|returns?|trial|prize|draw|drawing|sweepstakes|raffle|giveaway|contest|picked up|pick-?up|dropped off|drop-?off|rentals?|rented)\b/i;
/** A date followed by what it qualifies for, when that is a prize draw: "buy on or before July 31 and be entered to win". */
const PRIZE_AFTER = /^[^.;\n]{0,50}?\b(?:entered (?:to win|in(?:to)? (?:a|the|our) (?:draw|drawing|sweepstakes|raffle))|chance to win|prize draw|sweepstakes|raffle)\b/i;
/** Words that name a stretch of dates as the offer's own, so a bare range after them is the offer window. */
const OFFER_PERIOD = /\b(?:offer|sale|promotion|promo|event|deal|period|window|dates?|savings|weekend|week|\w*zeitraum|aktion|période|periodo|período|periode)\b/i;
/** A dotted day and a dash right before a date: the start of a range the date parser did not read ("26.11. – 6.12."). */
const DOTTED_RANGE_START = /\b\d{1,2}\.\d{1,2}\.\s*(?:–|—|-|bis)\s*$/;
/** Words that make a single date the start of something; a start-end range still ends the offer. */
const STARTS = /\b(?:starts?|starting|begins?|beginning|opens?|from|launch\w*)\b/i;
const SHIPPING_AFTER = new RegExp(
  [
    /^[^.;·|\n]{0,30}?\b(?:(?:for|to get|to receive|and get)\b[^.;·|\n]{0,20}?\b(?:deliver\w*|arriv\w*|ship\w*)|to (?:get|have) it (?:by|in time)|in time for)\b/.source,
    // The same in the other languages: "damit Ihr Paket vor Weihnachten ankommt", "pour être livré", "para recibirlo
    // antes de Navidad", "per riceverlo entro Natale", "voor levering", "para receber antes do Natal".
    /^[^.;·|\n]{0,30}?(?:\b(?:damit|für|zur|um|pour|afin|para|per|voor|om)\b[^.;·|\n]{0,40}?(?:liefer|ankomm|zugestellt|zustell|livr|arriv|lleg|entreg|consegn|lever|bezorg|aankom|cheg)|(?:recib|recev|ricev|receb|ontvang|erhalt|bekomm)\w*(?:\s+\S+){0,2}?\s+(?:antes|avant|prima|entro|vóór|voor|vor|bis|até)\b|rechtzeitig|à temps pour|a tiempo para|in tempo per|op tijd voor|a tempo para)/.source,
  ].join("|"),
  "i",
);
const RANGE_JOIN = /^\s*(?:-|–|—|to|and|through|thru|until|al|a|au|bis|até|tot)\s*$/i;
/** A time and a date written as one expression ("23:59 GMT on 8 November"): the second carries the first's cue. */
const SAME_MOMENT_JOIN = /^\s*(?:on|am|le|el|del|de|do|op|il|,)?\s*$/i;
/** A holiday ends an offer only when named right after an end word ("through Cyber Monday"), not as an event name. */
const HOLIDAY_CUE =
  /(?:\b(?:through|thru|until|till|ends?|ending|by|before|expires?|valid (?:through|until))\s+(?:on\s+)?|\b(?:bis(?: zu)?|jusqu'(?:à|au)|hasta|fino a|tot|t\/m|até)\s+(?:(?:o|el|la|le|il|zum)\s+)?)$/i;
/** "Only" right after a holiday, in each language we read: the offer is that day's ("Cyber Monday only"). */
const HOLIDAY_ONLY = /^\s+(?:deals?\s+|sale\s+|offers?\s+)?(?:only|nur|seulement|uniquement|s[óo]lo|solo|alleen|apenas)\b/i;
const HOLIDAY_ONLY_CHARS = 20;
// Not the point of "Exp.", which labels the date after it ("Exp. 12/06/2026").
const CLAUSE_BREAK = /(?<!\b[Ee]xp)[.;·|•(!?]\s|\n/g;
/** An action right before "before" ("register before", "purchase this game before"). */
const ACTION_BEFORE = new RegExp(`\\b(?:${ACTION_VERBS})\\w*\\b[^.]{0,30}\\b(?:${BEFORE_WORDS})\\s*$`, "i");
/** What acting in time earns, said in the same sentence: "... and save $300", "... for 15% off" (not "the best sizes"). */
const OFFER_GAIN =
  /\b(?:save|saving|savings|off|free|discount|special offer|bonus|ahorra\w*|descuento|réduction|remise|sconto|risparmi\w*|desconto|economiz\w*|korting|rabatt|spare|sparen|sparst|gratis|gratuit\w*|grátis)\b|%/i;

function lastDayOfMonth(year: number, monthIndex: number): string {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).toISOString().slice(0, 10);
}

/** The Sunday that ends the week of a day (the day itself on a Sunday): a weekend's or a week's end. */
function sundayOf(date: string): string {
  return addDays(date, (7 - new Date(`${date}T00:00:00Z`).getUTCDay()) % 7);
}

function monthIndexOf(word: string): number {
  const key = word.toLowerCase().slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(key));
}

/** The year that puts a month on or after the send month. */
function yearForMonth(monthIndex: number, sendDate: string): number {
  const year = Number(sendDate.slice(0, 4));
  return monthIndex < Number(sendDate.slice(5, 7)) - 1 ? year + 1 : year;
}

/** How long before the send day a day written without a year is taken as passed, rather than as next year's. */
const RECENT_PAST_DAYS = 62;

/** The first such day on or after `from`. */
function onOrAfter(month: number, day: number, from: string): string {
  const year = Number(from.slice(0, 4));
  const thisYear = formatDate(year, month, day);
  return thisYear >= from ? thisYear : formatDate(year + 1, month, day);
}

/**
 * A day written without a year, in the year that puts it nearest the send day: on or after it ("Jan 15" in November is
 * next January's), or up to RECENT_PAST_DAYS before it, when it has passed ("ended Nov 20" sent on 26 November; a sale
 * that began on Nov 20), never next year's.
 */
function yearlessDay(month: number, day: number, sendDate: string): string {
  return onOrAfter(month, day, addDays(sendDate, -RECENT_PAST_DAYS));
}

/** Thanksgiving-anchored holidays, as the next occurrence on or after the send date; fixed ones as yearlessDay places them. */
function holidayDate(name: string, sendDate: string): string | null {
  const year = Number(sendDate.slice(0, 4));
  const key = name.toLowerCase().replace(/[^a-z]/g, "");
  const thanksgiving = (y: number) => {
    const first = new Date(Date.UTC(y, 10, 1)).getUTCDay();
    return formatDate(y, 11, 1 + ((4 - first + 7) % 7) + 21);
  };
  const fixed: Record<string, [number, number]> = {
    christmaseve: [12, 24], christmas: [12, 25], christmasday: [12, 25], newyearseve: [12, 31], halloween: [10, 31],
    valentinesday: [2, 14], boxingday: [12, 26],
    // The same days in the other languages we read, their accents dropped with the rest ("noël" is "nol").
    weihnachten: [12, 25], heiligabend: [12, 24], silvester: [12, 31], nol: [12, 25], navidad: [12, 25], nochebuena: [12, 24],
    nochevieja: [12, 31], natale: [12, 25], kerstmis: [12, 25], kerst: [12, 25], oudejaarsavond: [12, 31], natal: [12, 25],
  };
  if (fixed[key]) return yearlessDay(fixed[key]![0], fixed[key]![1], sendDate);
  const offsets: Record<string, number> = { thanksgiving: 0, blackfriday: 1, smallbusinesssaturday: 2, cybermonday: 4 };
  if (offsets[key] === undefined) return null;
  for (const y of [year, year + 1]) {
    const date = addDays(thanksgiving(y), offsets[key]!);
    if (date >= sendDate) return date;
  }
  return null;
}

/** The strongest end cue in the window; a cue right before the date counts a little more than a distant one. */
function cueScore(window: string): number {
  for (const [pattern, score] of END_CUES) {
    if (pattern.test(window)) return pattern.test(window.slice(-25)) ? score + 0.5 : score;
  }
  return 0;
}

/** The stretch of text between the previous date (or clause start) and this one: where its cue must be. */
function windowBefore(text: string, index: number, previousEnd: number): string {
  const start = Math.max(previousEnd, index - 90);
  const stretch = text.slice(start, index);
  let clauseStart = 0;
  for (const match of matchesOf(CLAUSE_BREAK, stretch)) clauseStart = match.index + match[0].length;
  return stretch.slice(clauseStart);
}

/** Other languages chrono reads, each recognised by a few words offers in it use. */
const LANGUAGE_PARSERS: ReadonlyArray<[RegExp, chrono.Chrono]> = [
  [/(?:código|válid[oa]|\bhasta\b|descuento|vigencia)/i, chrono.es.casual],
  [/(?:\bjusqu|\bvalable\b|réduction|\bcode promo\b|\boffre\b)/i, chrono.fr.casual],
  [/(?:gültig|\bgutschein|\brabatt|\bsparen\b|\bangebot\b)/i, chrono.de.casual],
  [/(?:(?<![a-z])até(?![a-z])|\bcupom\b|\bcup[aã]o(?![\wà-ÿ])|\bdesconto\b|oferta válida)/i, chrono.pt.casual],
  [/(?:\bgeldig\b|\bkorting|\bt\/m\b|tot en met)/i, chrono.nl.casual],
  [/(?:\bsconto\b|\bfino a\b|\bvalid[ao] fino|\bcodice\b|\bofferta\b)/i, chrono.it.casual],
];

/** Parsers and refiners for past or arithmetic phrases ("3 days ago", "2 days after"): never an offer end, and slow. */
const UNUSED_PARTS = new Set([
  "ENTimeUnitAgoFormatParser",
  "ENTimeUnitLaterFormatParser",
  "ENTimeUnitCasualRelativeFormatParser",
  "ENRelativeDateFormatParser",
  "ENMergeRelativeAfterDateRefiner",
  "ENMergeRelativeFollowByDateRefiner",
]);

function withoutUnusedParts(base: chrono.Chrono): chrono.Chrono {
  return new chrono.Chrono({
    parsers: base.parsers.filter((parser) => !UNUSED_PARTS.has(parser.constructor.name)),
    refiners: base.refiners.filter((refiner) => !UNUSED_PARTS.has(refiner.constructor.name)),
  });
}

const MONTH_FIRST = withoutUnusedParts(chrono.casual);
const DAY_FIRST = withoutUnusedParts(chrono.en.GB);

/** Each language's own parser, for a message known to be written in it. */
const PARSER_OF_LANGUAGE: Readonly<Record<Exclude<Language, "en">, chrono.Chrono>> = {
  de: chrono.de.casual,
  fr: chrono.fr.casual,
  es: chrono.es.casual,
  it: chrono.it.casual,
  nl: chrono.nl.casual,
  pt: chrono.pt.casual,
};

function parserFor(dayFirst: boolean, text: string, language: Language | undefined): chrono.Chrono[] {
  const parsers: chrono.Chrono[] = [dayFirst ? DAY_FIRST : MONTH_FIRST];
  if (language && language !== "en") parsers.push(PARSER_OF_LANGUAGE[language]);
  for (const [markers, parser] of LANGUAGE_PARSERS) if (!parsers.includes(parser) && markers.test(text)) parsers.push(parser);
  return parsers;
}

/** Any word that can introduce an offer end; a line without one cannot hold a scored date, so chrono skips it. */
const ANY_END_WORD = new RegExp(END_CUES.map(([pattern]) => pattern.source).join("|"), "i");
/** The same for lowered text: these patterns are all lower case, and a case-sensitive scan is much faster. */
const ANY_END_WORD_LOWER = new RegExp(ANY_END_WORD.source);

/** Midnight in each language we read: tonight's, unless a day is named. */
const MIDNIGHT_WORDS = "midnight|mitternacht|minuit|medianoche|mezzanotte|middernacht|meia-noite";

/** Something chrono could read as a day, in lowered text: a digit, a weekday, a month or a relative day word. */
const DATE_HINT_LOWER = new RegExp(
  String.raw`\d|\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b(?:tonight|today|tomorrow|${MIDNIGHT_WORDS}|noon|weekend|week|month|lunes|martes|miércoles|jueves|viernes|sábado|domingo|hoy|mañana|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|heute|morgen|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|segunda|terça|quarta|quinta|sexta|sábado|hoje|amanhã|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|oggi|domani|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|vandaag|morgen)`,
);

/**
 * Sentence ends: a stop and a capital, but not after "a.m."/"p.m." or an abbreviated month or weekday, so
 * "12:00 a.m. ET on Monday" and "Sat. Nov. 7" stay whole, nor between a day's number and its month ("6. Dezember").
 */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z¡¿])(?<!\b(?:[ap]\.m\.|[A-Z][a-z]{1,4}\.)\s+)(?!(?<=\b\d{1,2}\.\s+)(?:Jan|Feb|M[aä]r|Apr|Ma[iy]|Jun|Jul|Aug|Sep|O[ck]t|Nov|De[cz])[a-zä]*\b)/;

/**
 * Two day numbers joined like a range, a sale period even without an end word: "3/13 – 3/17", "Nov 2–20"; in words, day
 * first ("from 26 to 30 Nov", "del 26 de noviembre al 6 de diciembre", "du 26 novembre au 6 décembre", "dal 26 novembre
 * al 6 dicembre", "de 26 de novembro a 6 de dezembro"); or dotted days ("26.11. – 6.12.").
 */
const DATE_RANGE_HINT = new RegExp(
  [
    /\b\d{1,2}(?:\/\d{1,2}(?:\/\d{2,4})?)?\s*(?:–|—|-|to|through|thru)\s*(?:\d{1,2}\/\d{1,2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}|\d{1,2}\b(?!\s*(?:%|hours?|days?|weeks?|months?|years?|business)))/.source,
    /\b(?:from|del|du|dal|de|van|vom|von)\s+(?:the\s+|le\s+|el\s+)?\d{1,2}(?:st|nd|rd|th|\.)?(?:\s+(?:de\s+)?[a-zà-ÿ]+\.?)?\s+(?:to|al|au|a|bis|zum|t\/m|tot|até)\s+(?:the\s+|le\s+|el\s+)?\d{1,2}\b/.source,
    /\b\d{1,2}\.(?:0?[1-9]|1[0-2])\.(?:\d{2,4})?\s*(?:–|—|-|bis)\s*\d{1,2}\.(?:0?[1-9]|1[0-2])\./.source,
  ].join("|"),
  "i",
);
/** The same for lowered text. */
const DATE_RANGE_HINT_LOWER = new RegExp(DATE_RANGE_HINT.source);

/** No real sentence is longer; the cap keeps pathological text from slowing the date parser. */
const MAX_SENTENCE = 400;
const MAX_DATE_TEXT = 6000;

/** Enough lead-in before a cue for the negative words that qualify it ("for stays on weekends through ..."). */
const LEAD_IN = 60;

/** A long sentence from shortly before its first end word: dates before that cannot be scored. */
function fromFirstEndWord(sentence: string): string {
  const cue = sentence.search(ANY_END_WORD);
  let start = 0;
  if (cue > LEAD_IN && !DATE_RANGE_HINT.test(sentence.slice(0, cue))) {
    const space = sentence.indexOf(" ", cue - LEAD_IN);
    start = space === -1 || space >= cue ? cue : space + 1;
  }
  return sentence.slice(start, start + MAX_SENTENCE);
}

/** "24 Uhr", "24:00": the end of that day, which the date parser refuses as an hour; 23:59 is the same last minute. */
const HOUR_24 = /\b24(?:[:.h]00)?(?=\s*uhr\b)|\b24[:.h]00\b/gi;
/** German and Dutch weekday and day-part written as one word ("Freitagabend", "zondagavond"): the parser reads them apart. */
const WEEKDAY_PART =
  /\b(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)(abend|nacht|mittag|morgen|avond|middag|ochtend)\b/gi;

/**
 * A line that only labels what follows, ending on its end word ("Offer ends", "Valid until:", "ENDS", "Expiry date") or
 * on a colon after one ("Last day to save:"), and how long the next line may be to be its value.
 */
const END_LABEL = new RegExp(`(?:${ANY_END_WORD_LOWER.source})(?:\\s+(?:date|on|at|am|le|el|il|op))?\\s*[:：]?\\s*$`);
const END_LABEL_CHARS = 30;
const LABELLED_LINE_CHARS = 60;

function isEndLabel(line: string): boolean {
  if (line.length > END_LABEL_CHARS) return false;
  const lowered = line.toLowerCase();
  return (END_LABEL.test(lowered) || (/[:：]\s*$/.test(lowered) && ANY_END_WORD_LOWER.test(lowered))) && !DATE_HINT_LOWER.test(lowered);
}

/** The cue of an end label on the line above, for a date that starts its own line; else 0. */
function labelCueAbove(text: string, index: number): number {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  if (lineStart === 0 || text.slice(lineStart, index).trim() !== "") return 0;
  const above = text.slice(text.lastIndexOf("\n", lineStart - 2) + 1, lineStart - 1);
  return isEndLabel(above) ? cueScore(above) : 0;
}

/** Only sentences with both an end word and something date-like can yield a scored date; chrono reads just those. */
function sentencesWithEnds(text: string): string {
  const kept: string[] = [];
  const worthReading = (part: string) => {
    const lowered = part.toLowerCase();
    return DATE_HINT_LOWER.test(lowered) && (ANY_END_WORD_LOWER.test(lowered) || DATE_RANGE_HINT_LOWER.test(lowered));
  };
  let label = "";
  for (const written of text.split("\n")) {
    // Designed mail sets "Offer ends" on a line of its own and the day below it: the two read as one sentence.
    const line = label && written.length <= LABELLED_LINE_CHARS ? `${label} ${written}` : written;
    label = isEndLabel(written) ? written : "";
    if (!worthReading(line)) continue;
    for (const sentence of line.split(SENTENCE_BREAK)) if (worthReading(sentence)) kept.push(fromFirstEndWord(sentence));
  }
  return kept.join("\n").slice(0, MAX_DATE_TEXT).replace(HOUR_24, "23:59").replace(WEEKDAY_PART, "$1 $2");
}

/** Two numbers joined by a dash and nothing else ("6-12"): a day and month that DASHED_DAY reads, not chrono's hours. */
const BARE_DASHED_PAIR = /^\d{1,2}-\d{1,2}$/;
/** A time span the date parser reads as "from now" ("6 hours"), without "in" or "within" of its own. */
const BARE_SPAN = /^\d+\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?)$/i;
/** How close an end word must stand before a bare span to make it the offer's remaining time. */
const BARE_SPAN_CUE_CHARS = 16;

/**
 * The day a date (or a range's end) falls on. A day and month without a year are placed by yearlessDay, which the date
 * parser would put on their next occurrence, and a range's end follows its start: sent on 26 November, "Nov 20 – Dec 6"
 * is this year's sale, under way, not next year's.
 */
function dayOf(result: chrono.ParsedResult, sendDate: string): string {
  const component = result.end ?? result.start;
  const written = (part: chrono.ParsedComponents) => part.isCertain("day") && part.isCertain("month") && !part.isCertain("year");
  if (!written(component)) return formatDate(component.get("year")!, component.get("month")!, component.get("day")!);
  if (!result.end || !written(result.start)) return yearlessDay(component.get("month")!, component.get("day")!, sendDate);
  const start = yearlessDay(result.start.get("month")!, result.start.get("day")!, sendDate);
  return onOrAfter(component.get("month")!, component.get("day")!, start);
}

const MIDNIGHT = new RegExp(MIDNIGHT_WORDS, "i");
const MIDNIGHT_ALONE = new RegExp(`^\\s*(?:(?:at|um|à|a|om|alle|la)\\s+)?(?:${MIDNIGHT.source})\\s*$`, "i");

/** A day and month written in figures ("06/12/2026", "6.12."): they read either way round. */
const FIGURES_DATE = /\b\d{1,2}[./-]\d{1,2}\b/;
/** How far ahead the other way round may fall: an end weeks away, not one next year. */
const OTHER_WAY_AHEAD_DAYS = 120;

/**
 * A day and month in figures that, read the sender's way round, fall before the mail was sent: an offer's end is never
 * in the past, so the other way round is the reading when it falls soon after ("Offer ends 06/12/2026" from a shop that
 * writes the day first on a .com address). Null when it does not, or when both ways read the same. A day without a year
 * that falls months ahead is left as written ("through 12/3" sent in March is December's): a long offer is possible.
 */
function readOtherWayRound(result: chrono.ParsedResult, component: chrono.ParsedComponents, sendDate: string): string | null {
  if (!FIGURES_DATE.test(result.text) || !component.isCertain("day") || !component.isCertain("month")) return null;
  const [month, day] = [component.get("day")!, component.get("month")!];
  if (month > 12 || month === day) return null;
  const swapped = component.isCertain("year") ? formatDate(component.get("year")!, month, day) : onOrAfter(month, day, sendDate);
  return swapped >= sendDate && swapped <= addDays(sendDate, OTHER_WAY_AHEAD_DAYS) ? swapped : null;
}

/** A day of a month, or a month: not only a time or a weekday. */
function namesCalendarDay(component: chrono.ParsedComponents): boolean {
  return component.isCertain("day") || component.isCertain("month");
}

function candidatesFromChrono(text: string, input: ExpiryInput, sendDate: string, headlineStart: number): Candidate[] {
  if (!text) return [];
  const reference = { instant: input.sentAt, timezone: input.senderOffsetMinutes };
  const found: Candidate[] = [];
  for (const parser of parserFor(input.dayFirst, text, input.language)) {
    const results = parser.parse(text, reference, { forwardDate: true });
    let previousEnd = 0;
    let previous: Candidate | null = null;
    let previousScore = 0;
    let previousText = "";
    let previousWindow = "";
    let previousStart: chrono.ParsedComponents | null = null;
    for (const result of results) {
      if (BARE_DASHED_PAIR.test(result.text)) continue;
      const window = windowBefore(text, result.index, previousEnd);
      const after = text.slice(result.index + result.text.length, result.index + result.text.length + 60);
      const joinsRange: boolean =
        previous !== null && (RANGE_JOIN.test(text.slice(previousEnd, result.index)) || SAME_MOMENT_JOIN.test(text.slice(previousEnd, result.index)));

      const joinText = text.slice(previousEnd, result.index);
      let score: number = joinsRange ? Math.max(previousScore, cueScore(previousText + joinText)) : cueScore(window);
      // A range with no end word is a sale period, and its end the offer's, weakly: one chrono read whole ("Nov 26 -
      // Dec 6"), or in two ("del 26 de noviembre al 6 de diciembre"), or whose start it did not read ("26.11. – 6.12.").
      // It names days: a range of hours ("9 - 5", "sizes 6 - 12") or of weekdays alone ("Mon–Fri") is a schedule,
      // unless words name it the offer's ("sale Friday – Monday").
      if (score === 0) {
        const afterDottedStart = DOTTED_RANGE_START.test(text.slice(Math.max(0, result.index - 20), result.index));
        const rangeStart = joinsRange ? previousStart : result.end || afterDottedStart ? result.start : null;
        const rangeWindow = joinsRange ? previousWindow : window;
        const offerPeriod = OFFER_PERIOD.test(rangeWindow);
        if (rangeStart && (namesCalendarDay(rangeStart) || (offerPeriod && rangeStart.isCertain("weekday"))) && !NOT_AN_OFFER_END.test(rangeWindow)) {
          score = offerPeriod ? 2 : 1;
        }
      }
      // "Register before July 31 and save $300": an action before a day that earns the offer is a deadline, as strong
      // as "by"; "shop before March 20 for the best sizes" is only advice, and "before" stays weak there.
      if (score < STATING_CUE && ACTION_BEFORE.test(window) && OFFER_GAIN.test(`${window} ${after}`)) score = 3;
      // "Open an account by December 15": a date after "by" is a deadline even when the verb reads like a start.
      const startsHere = !result.end && STARTS.test(window) && !/\bby\s*$/i.test(window);
      if (!joinsRange && (NOT_AN_OFFER_END.test(window) || startsHere)) score = 0;
      if (SHIPPING_AFTER.test(after) || PRIZE_AFTER.test(after)) score = 0;
      // A bare span ("6 hours") is the time left only right after an end word ("valid 48 hours"); elsewhere it
      // measures something ("the battery lasts 6 hours").
      if (BARE_SPAN.test(result.text) && cueScore(text.slice(Math.max(0, result.index - BARE_SPAN_CUE_CHARS), result.index)) === 0) score = 0;
      if (joinsRange && previous) previous.score = 0;
      const component = result.end ?? result.start;
      let date = dayOf(result, sendDate);
      // The parser dates "the weekend" on its Saturday; an offer through the weekend runs to its Sunday.
      if (WEEKEND.test(result.text)) date = sundayOf(date);
      const otherWay = date < sendDate && score > 0 ? readOtherWayRound(result, component, sendDate) : null;
      // Read the other way round, the date is a guess, and says so: never stated.
      if (otherWay) [date, score] = [otherWay, Math.min(score, STATING_CUE - 0.5)];
      const monthOnly = component.isCertain("month") && !component.isCertain("day") && !component.isCertain("weekday");
      // "through November" runs to the month's last day.
      if (monthOnly) date = lastDayOfMonth(component.get("year")!, component.get("month")! - 1);
      if (MIDNIGHT.test(result.text)) {
        // Midnight alone is tonight's, though some languages' parsers date it tomorrow ("medianoche", "middernacht").
        if ((!component.isCertain("day") && !component.isCertain("weekday")) || MIDNIGHT_ALONE.test(result.text)) date = sendDate;
      } else if (component.isCertain("hour") && component.get("hour") === 0 && (component.get("minute") ?? 0) === 0) {
        date = addDays(date, -1);
      }
      const bias = result.index >= headlineStart ? HEADLINE_BIAS : 0;
      // A day number or a month names the date; "Sunday", "tomorrow", "midnight" are counted from the send day.
      const kind: EvidenceKind = bias !== 0 ? "subject" : /\d/.test(result.text) || monthOnly ? "label" : "relative";
      const candidate: Candidate = { date, score: score > 0 ? score + bias : 0, index: result.index, kind };
      found.push(candidate);
      previous = candidate;
      previousScore = score;
      previousText = result.text;
      previousWindow = window;
      previousStart = result.start;
      previousEnd = result.index + result.text.length;
    }
  }
  return found;
}

/** "end of the month", "end of March"; the month's end in the other languages we read ("Monatsende", "fin de mes"). */
const END_OF_MONTH = new RegExp(
  `\\b(?:end of (?:the month|${MONTH_PATTERN})|monatsende|ende des monats|fin (?:du|de) mois|fin de mes|fine (?:del )?mese|einde? van de maand|f(?:im|inal) do m[êe]s)\\b`,
  "gi",
);
/** "the end of the year", "year-end", "end of 2026", in the languages we read: the year's last day, after an end word. */
const END_OF_YEAR =
  /\b(?:(?:the\s+)?end of (?:the\s+)?year|year[- ]end|end of (\d{4})|jahresende|ende des jahres|fin (?:de l'|d')ann[ée]e|fin (?:de|del) año|fine (?:dell'|del )?anno|eind(?:e)? van het jaar|f(?:im|inal) do ano)(?![\wà-ÿ])/gi;
/** "every Friday in March", "Fridays this month": the last such weekday of the month. */
const LAST_WEEKDAY_OF_MONTH = new RegExp(
  `\\b(?:every\\s+${WEEKDAY_PATTERN}|${WEEKDAY_PATTERN}s)\\s+(?:in|of|during|through(?:out)?|this)\\s+(?:(?:the\\s+)?month\\s+of\\s+)?(?:${MONTH_PATTERN}(?:\\s+(\\d{4}))?|(month))\\b`,
  "gi",
);
/** The end of this week, in each language we read: its Sunday. Not "fin de semana", "fim de semana": the weekend. */
const END_OF_WEEK =
  /\b(?:end of (?:the|this) week|ende (?:der|dieser) woche|fin de (?:la|cette) semaine|(?:fin|final) de (?:la|esta) semana|fine (?:della|di questa) settimana|einde? van (?:de|deze) week|(?:fim|final) da semana)\b/gi;
/** A day of the month alone, after an end word: "valid until the 6th", "ends on the 21st". */
const ORDINAL_DAY = new RegExp(`\\bthe\\s+(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s+(?:of\\s+)?${MONTH_PATTERN})`, "gi");
const WHOLE_MONTH = new RegExp(
  `\\b(?:all|throughout|during|(?:the\\s+)?(?:whole|entire))\\s+(?:(?:the\\s+)?month\\s+of\\s+)?(?:${MONTH_PATTERN}|(month))(?:\\s+long)?\\b`,
  "gi",
);
const HOLIDAY =
  /\b(cyber monday|black friday|thanksgiving|christmas eve|christmas(?: day)?|new year'?s eve|halloween|boxing day|weihnachten|heiligabend|silvester|noël|navidad|nochebuena|nochevieja|natale|kerstmis|kerst|oudejaarsavond|natal)\b/gi;
/** A day and month written with dots and no year ("11.30.", "30.11."). */
const DOTTED_DAY = /(?<![\d.,$£€:])\b(\d{1,2})\.(\d{1,2})\.(?!\d)/g;
/**
 * The same with a dash ("t/m 6-12", "Ends 12-6"), not a count of something ("3-5 days", "ages 6-12", "9-5 Uhr"), a
 * time or a part of a longer number.
 */
const DASHED_DAY =
  /(?<![\d.,$£€:/-])\b(\d{1,2})-(\d{1,2})(?![\d-]|[.:]\d|\s*(?:%|h\b|uhr\b|[ap]\.?m\b|(?:business\s+)?(?:days?|hours?|hrs?|weeks?|months?|years?|yrs?|jahre|tage|stunden|jours|heures|ans|d[ií]as|horas|a[ñn]os|giorni|ore|anni|dagen|uur|jaar|dias|anos)\b))/gi;
/** A word before a day that starts something rather than ends it ("between 9-5", "from 26.11."). */
const STARTS_FROM = /\b(?:between|from|zwischen|vom|von|entre|du|del|dal|tra|tussen|van)\s*$/i;
const DAY_RANGE = new RegExp(`\\b${MONTH_PATTERN}\\.?\\s+(\\d{1,2})\\s*(?:-|–|—|to|through)\\s*(\\d{1,2})(?:,?\\s+(\\d{4}))?\\b`, "gi");

/** Phrases chrono does not read the way offers mean them. */
function candidatesFromRules(text: string, sendDate: string, bias: number, dayFirst: boolean): Candidate[] {
  const found: Candidate[] = [];
  const push = (index: number, date: string | null, score: number, kind: EvidenceKind = "label") => {
    if (date) found.push({ date, score: score + bias, index, kind: bias !== 0 ? "subject" : kind });
  };
  const cueBefore = (index: number) => cueScore(windowBefore(text, index, 0)) || labelCueAbove(text, index);

  for (const match of matchesOf(END_OF_MONTH, text)) {
    const monthIndex = match[1] ? monthIndexOf(match[1]) : Number(sendDate.slice(5, 7)) - 1;
    const year = match[1] ? yearForMonth(monthIndex, sendDate) : Number(sendDate.slice(0, 4));
    push(match.index, lastDayOfMonth(year, monthIndex), 4, "relative");
  }

  for (const match of matchesOf(END_OF_WEEK, text)) push(match.index, sundayOf(sendDate), 4, "relative");

  // The next such day from the send day: this month's, or next month's once this month's has passed.
  for (const match of matchesOf(ORDINAL_DAY, text)) {
    const score = cueBefore(match.index);
    const day = Number(match[1]);
    if (score === 0 || day < 1 || day > 31 || NOT_AN_OFFER_END.test(windowBefore(text, match.index, 0))) continue;
    const [year, month, sendDay] = sendDate.split("-").map(Number) as [number, number, number];
    const [nextYear, nextMonth] = day >= sendDay ? [year, month] : month === 12 ? [year + 1, 1] : [year, month + 1];
    if (day <= Number(lastDayOfMonth(nextYear, nextMonth - 1).slice(8))) push(match.index, formatDate(nextYear, nextMonth, day), score);
  }

  for (const match of matchesOf(END_OF_YEAR, text)) {
    const score = cueBefore(match.index);
    if (score > 0 && !NOT_AN_OFFER_END.test(windowBefore(text, match.index, 0))) push(match.index, `${match[1] ?? sendDate.slice(0, 4)}-12-31`, score, "relative");
  }

  for (const match of matchesOf(LAST_WEEKDAY_OF_MONTH, text)) {
    const weekday = WEEKDAYS.indexOf((match[1] ?? match[2])!.toLowerCase());
    const monthIndex = match[3] ? monthIndexOf(match[3]) : Number(sendDate.slice(5, 7)) - 1;
    const year = match[4] ? Number(match[4]) : match[3] ? yearForMonth(monthIndex, sendDate) : Number(sendDate.slice(0, 4));
    const last = new Date(Date.UTC(year, monthIndex + 1, 0));
    push(match.index, addDays(last.toISOString().slice(0, 10), -((last.getUTCDay() - weekday + 7) % 7)), 4, "relative");
  }

  for (const match of matchesOf(WHOLE_MONTH, text)) {
    if (match[1] && /^may$/i.test(match[1]) && !/\bmay\s+long\b/i.test(match[0])) continue;
    // "for stays during March", "travelling during September": when the trip happens, not when the offer ends.
    if (NOT_AN_OFFER_END.test(windowBefore(text, match.index, 0))) continue;
    const monthIndex = match[1] ? monthIndexOf(match[1]) : Number(sendDate.slice(5, 7)) - 1;
    const year = match[1] ? yearForMonth(monthIndex, sendDate) : Number(sendDate.slice(0, 4));
    push(match.index, lastDayOfMonth(year, monthIndex), 3);
  }

  for (const match of matchesOf(HOLIDAY, text)) {
    const window = windowBefore(text, match.index, 0);
    // "Through Cyber Monday", or the day alone: "Cyber Monday only".
    const only = HOLIDAY_ONLY.test(text.slice(match.index + match[0].length, match.index + match[0].length + HOLIDAY_ONLY_CHARS));
    if ((HOLIDAY_CUE.test(window) || only) && !NOT_AN_OFFER_END.test(window)) push(match.index, holidayDate(match[1]!, sendDate), 3.5, "relative");
  }

  for (const match of matchesOf(DAY_RANGE, text)) {
    const window = windowBefore(text, match.index, 0);
    const score = cueScore(window) || (OFFER_PERIOD.test(window) ? 2 : 0);
    if (score === 0 || NOT_AN_OFFER_END.test(window.replace(/\bbook\w*\b/gi, ""))) continue;
    const monthIndex = monthIndexOf(match[1]!);
    const day = Number(match[3]);
    const date = match[4] ? formatDate(Number(match[4]), monthIndex + 1, day) : yearlessDay(monthIndex + 1, day, sendDate);
    push(match.index, date, score);
  }

  // "Offer ends 11.30.", "gültig bis 30.11.", "t/m 6-12": chrono reads such a pair without a year as a time, or not at all.
  for (const match of [...matchesOf(DOTTED_DAY, text), ...matchesOf(DASHED_DAY, text)]) {
    const window = windowBefore(text, match.index, 0);
    const score = cueBefore(match.index);
    if (score === 0 || /(?<![\wà-ÿ'’])(?:at|um|à|a las)\s*$/i.test(window) || STARTS_FROM.test(window) || NOT_AN_OFFER_END.test(window)) continue;
    let [month, day] = dayFirst ? [Number(match[2]), Number(match[1])] : [Number(match[1]), Number(match[2])];
    if (month > 12) [month, day] = [day, month];
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) push(match.index, yearlessDay(month, day, sendDate), score);
  }

  return found;
}

/** "48 hours only", "nur 7 Tage gültig", "plus que 3 jours", "solo 48 horas": a span counted from the send date. */
const DURATION = /(\d{1,3})(?:\s*|-)(hours?|hrs?|days?|stunden|tagen?|heures|jours|horas|días|dias|ore|giorni|uurs?|dagen|daagse)\b/gi;
/** Words before a span that make it the offer's remaining time ("only 48 hours", "noch 3 Tage", "final 24 hours"; not "in the last 24 hours"). */
const SPAN_LEAD =
  /(?:\b(?:only|just|next|within|in|for|nur|noch|seulement|plus que|pendant|solo|sólo|só|apenas|durante|quedan|faltan|faltam|restam|ancora|restano|per|nog|slechts)|(?<!\b(?:in|over|during|within|for|in den|in the|over the|during the|within the|for the) )(?<![\wà-ÿ])(?:final|last|letzten|derni[èe]res|[úu]ltimas|ultime|laatste))\s*$/i;
/** Words after a span that do the same ("48 hours only", "7 Tage gültig", "24 horas solamente"). */
const SPAN_TAIL = /^\s+(?:only|left|to go|lang|nur|gültig|seulement|solamente|solo|só|apenas|soltanto|alleen|geldig)\b/i;

/**
 * A sale named by its length ("our 48-hour flash sale", "3-day event", "48-Stunden-Aktion", "vente flash de 48 heures"):
 * it most likely runs from the mail, but the mail does not say so, so the end it gives is inferred, not stated.
 */
const SALE_AFTER_SPAN = /^[\s-]*(?:flash\s+|mega\s+|super\s+)?(?:sale|event|deal|offer|promo(?:tion)?|aktion|angebot|actie|aanbieding)s?\b/i;
const SALE_BEFORE_SPAN =
  /\b(?:sale|vente(?:\s+flash)?|offre|soldes|oferta|venta|promoci[óo]n|promoção|saldi|offerta|promozione|aanbieding|actie|aktion|angebot)\s+(?:flash\s+)?(?:de|di|da|van|von)\s*$/i;
/** A sale that has not begun: its length says nothing of when it ends. */
const STARTS_LATER =
  /^[^.!?\n]{0,40}?\b(?:starts?|starting|begins?|kicks?\s+off|launch\w*|coming|tomorrow|beginnt|startet|commence|empieza|comienza|inizia|begint|começa)\b/i;
/** How sure a sale's length makes its end: below a stated end (STATING_CUE). */
const SALE_SPAN_CUE = STATING_CUE - 0.5;

/** A noun after a span that the span measures ("3 day weekend", "7 night cruise"): the product's length, not the time left. */
const MEASURED_NOUN = /^[\s-]*(?:weekends?|breaks?|trips?|cruises?|stays?|rentals?|hires?|pass(?:es)?|getaways?|tours?|courses?|vacations?|holidays?|tickets?)\b/i;

function candidatesFromDurations(text: string, sentAt: Date, offsetMinutes: number, bias: number): Candidate[] {
  const found: Candidate[] = [];
  for (const match of matchesOf(DURATION, text)) {
    const amount = Number(match[1]);
    const unit = match[2]!.toLowerCase();
    const before = text.slice(Math.max(0, match.index - 20), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 12);
    if (MEASURED_NOUN.test(after)) continue;
    const stated = SPAN_LEAD.test(before) || SPAN_TAIL.test(after);
    const saleLength = !stated && (SALE_AFTER_SPAN.test(after) || SALE_BEFORE_SPAN.test(before));
    if ((!stated && !saleLength) || (saleLength && STARTS_LATER.test(text.slice(match.index + match[0].length, match.index + match[0].length + 60)))) continue;
    const inHours = /^(?:h|stunden|heures|horas|ore|uur)/.test(unit);
    const hours = inHours ? amount : amount * 24;
    if (amount === 0 || hours > 24 * 62 || NOT_AN_OFFER_END.test(windowBefore(text, match.index, 0))) continue;
    // Hours run from the send instant ("48 hours" from Friday 21:00 ends Sunday 21:00); days are counted as people
    // count a sale's days, the send date first ("3 days only" from Friday is Friday to Sunday).
    const sendDate = localDateString(sentAt, offsetMinutes);
    const date = inHours ? localDateString(new Date(sentAt.getTime() + hours * 3_600_000), offsetMinutes) : addDays(sendDate, amount - 1);
    found.push({ date, score: (saleLength ? SALE_SPAN_CUE : 2.5) + bias, index: match.index, kind: bias !== 0 ? "subject" : "relative" });
  }
  return found;
}

/** Today only, in each language we read. */
const SAME_DAY =
  /(?:\b(?:(?:today|tonight)\s+only|one[- ]day\s+(?:only|sale|event)|final\s+hours|last\s+hours|nur\s+heute|heute\s+nur|(?:seulement|uniquement)\s+aujourd'hui|aujourd'hui\s+(?:seulement|uniquement)|s[óo]lo\s+(?:por\s+)?hoy|hoy\s+s[óo]lo|solo\s+(?:per\s+)?oggi|oggi\s+solo|alleen\s+vandaag|vandaag\s+alleen|(?:s[óo]|apenas)\s+hoje|nur\s+noch\s+heute|(?:die\s+)?letzten\s+stunden|derni[èe]res\s+heures|ultime\s+ore|laatste\s+uren)|[úu](?<![\wà-ÿ][úu])ltimas\s+horas)\b/gi;
/** Words before "the last hours" that make them a stretch already past, in each language we read. */
const SPAN_IN_THE_PAST = /(?:\b(?:in|during|over|within)(?:\s+the)?|\b(?:in den|in der|dans les|durant les|pendant les|en las|durante las|nas|nelle|negli|in de))\s*$/i;
/** "Last day to ...", "letzter Tag für ...": what follows is for something, which says whose last day it is. */
const PURPOSE_AFTER = /^[\s,]*(?:to|um|für|pour|para|per|om|voor)\b/i;
/** An offer named in the purpose of a last day: "to save", "to shop the sale", "pour profiter de -25 %". */
const OFFER_IN_PURPOSE =
  /\b(?:sale|deals?|offers?|promo\w*|codes?|soldes|rebajas|saldi|aktion\w*|angebot\w*|ofertas?|offert[ae]|aanbieding\w*|bespa\w*|profit\w*|approfitt\w*|aproveit\w*)\b/i;
/** A label's mark or verb right after "last day": "Final day: Dec 6", "Last day is Sunday", "Letzter Tag ist der 6.12.". */
const LABELLED_DAY_AFTER = /^\s*(?:[:：–—-]|(?:is|will be|ist|est|es|è|é|is op)\b)/i;
/** How far after that label the day it names stands. */
const LABELLED_DAY_CHARS = 25;
/** How much of the sentence after "last day" says what it is for. */
const PURPOSE_CHARS = 100;
/** A weekend as the date parser reads it, in each language we read. */
const WEEKEND = /weekend|wochenende|week-end|fin de semana|fine settimana|fim de semana/i;
/** This weekend ("through the weekend"), in each language we read. */
const THIS_WEEKEND =
  /\b(?:this|all|(?:through|thru|until|till|over)\s+the)\s+weekend\b(?:\s+only)?|\bdieses\s+wochenende\b|\bce\s+week-?end\b|\beste\s+fin\s+de\s+semana\b|\bquesto\s+(?:weekend|fine\s+settimana)\b|\bdit\s+weekend\b|\b(?:neste|este)\s+fim\s+de\s+semana\b/gi;

function candidatesFromSameDay(text: string, sendDate: string, bias: number): Candidate[] {
  const found: Candidate[] = [];
  const push = (index: number, date: string, score: number) => found.push({ date, score: score + bias, index, kind: bias !== 0 ? "subject" : "relative" });
  for (const match of matchesOf(SAME_DAY, text)) {
    // "In the last hours, 500 people ordered", "nas últimas horas": a stretch already past, not the offer's last.
    if (!SPAN_IN_THE_PAST.test(text.slice(Math.max(0, match.index - 16), match.index))) push(match.index, sendDate, 2);
  }
  // The last day to save is the offer's; the last day to order for delivery in time, or to enter a draw, is not.
  for (const match of matchesOf(LAST_DAY, text)) {
    const end = match.index + match[0].length;
    const purpose = text.slice(end, end + PURPOSE_CHARS).split(/[.!?\n]/)[0]!;
    const forTheOffer = (OFFER_GAIN.test(purpose) || OFFER_IN_PURPOSE.test(purpose)) && !SHIPPING_AFTER.test(purpose);
    // "Final day: Dec 6" labels the day after it, which the date rules read: today is not it ("Last day - 20% off" is).
    const label = LABELLED_DAY_AFTER.exec(purpose);
    const labelled = label ? purpose.slice(label[0].length).trimStart().slice(0, LABELLED_DAY_CHARS).toLowerCase() : "";
    if (DATE_HINT_LOWER.test(labelled) && !/^(?:\d{1,3}\s?%|[$£€])/.test(labelled)) continue;
    if (!PURPOSE_AFTER.test(purpose) || forTheOffer) push(match.index, sendDate, 2);
  }

  for (const match of matchesOf(THIS_WEEKEND, text)) push(match.index, sundayOf(sendDate), 2);
  return found;
}

/** As many equally strong end dates as this mean separate offers rather than one offer's end. */
const SEPARATE_DEADLINES = 3;

/** The last day the main offer can be used, as YYYY-MM-DD in the sender's zone, or null when none is stated. */
export function findExpiry(input: ExpiryInput): string | null {
  return findExpiryWithEvidence(input).date;
}

/** An end date and what stated it; with no date, `implied` evidence when the mail only says the offer ends. */
export interface FoundExpiry {
  date: string | null;
  evidence: FieldEvidence | null;
}

/** findExpiry, with the evidence of the date it picked. */
export function findExpiryWithEvidence(input: ExpiryInput): FoundExpiry {
  const sendDate = localDateString(input.sentAt, input.senderOffsetMinutes);
  const latestPlausible = addDays(sendDate, 400);
  const body = sentencesWithEnds(input.body);
  const headline = sentencesWithEnds(input.headline);
  const joined = body && headline ? `${body}\n${headline}` : body || headline;
  const candidates: Candidate[] = [
    ...candidatesFromChrono(joined, input, sendDate, body && headline ? body.length + 1 : headline ? 0 : Infinity),
    ...candidatesFromRules(input.body, sendDate, 0, input.dayFirst),
    ...candidatesFromRules(input.headline, sendDate, HEADLINE_BIAS, input.dayFirst),
    ...candidatesFromSameDay(input.body, sendDate, 0),
    ...candidatesFromSameDay(input.headline, sendDate, HEADLINE_BIAS),
    ...candidatesFromDurations(input.body, input.sentAt, input.senderOffsetMinutes, 0),
    ...candidatesFromDurations(input.headline, input.sentAt, input.senderOffsetMinutes, HEADLINE_BIAS),
  ];
  let best: Candidate | null = null;
  const plausible = candidates.filter((candidate) => candidate.score > 0 && candidate.date >= sendDate && candidate.date <= latestPlausible);
  for (const candidate of plausible) {
    if (!best || candidate.score > best.score || (candidate.score === best.score && candidate.date > best.date)) best = candidate;
  }
  // A table of separate offers, each with its own deadline, has no one end: several dates tie for the strongest cue.
  const tied = new Set(plausible.filter((candidate) => candidate.score === best?.score).map((candidate) => candidate.date));
  if (tied.size >= SEPARATE_DEADLINES || !best) return { date: null, evidence: impliedEnd(`${input.headline}\n${input.body}`) };
  // The headline's bias is taken back off, so a subject's "ends Sunday" is as stated as the body's.
  const cue = best.kind === "subject" ? best.score - HEADLINE_BIAS : best.score;
  const confidence: Confidence = cue >= STATING_CUE ? "stated" : "inferred";
  return { date: best.date, evidence: { kind: best.kind, confidence } };
}

/**
 * Words that say an offer ends soon without saying when, in each language the extractor reads. Only evidence: they
 * never make a date.
 */
const IMPLIED_END =
  /(?<![\p{L}])(?:last chance|final chance|ends? soon|ending soon|almost over|almost gone|final days|last days|limited time|won'?t last|while (?:it|they) lasts?|don'?t miss (?:out|it)|hurry|letzte chance|endet bald|nur für kurze zeit|nur noch kurz|dernière chance|derniers jours|se termine bientôt|bientôt fini|temps limité|última oportunidad|últimos días|termina pronto|por tiempo limitado|ultima occasione|ultimi giorni|termina presto|per poco tempo|laatste kans|laatste dagen|eindigt binnenkort|voor korte tijd|última chance|últimos dias|termina em breve|por tempo limitado|this week only|only this week|nur diese woche|diese woche nur|cette semaine seulement|seulement cette semaine|solo esta semana|esta semana solo|solo questa settimana|alleen deze week|deze week alleen|só esta semana|apenas esta semana|ends? next week|endet nächste woche|se termine la semaine prochaine|termina la próxima semana|termina la prossima settimana|eindigt volgende week|termina na próxima semana)(?![\p{L}])/iu;

/** `implied` evidence when the text says the offer ends soon with no day, else null. */
export function impliedEnd(text: string): FieldEvidence | null {
  return IMPLIED_END.test(text) ? { kind: "implied", confidence: "guessed" } : null;
}

/** Country-code domains whose senders write numeric dates day first. */
const DAY_FIRST_TLDS = /\.(?:uk|ie|au|nz|za|in|sg|hk|my|fr|de|es|it|nl|be|pt|at|ch|se|no|dk|fi|pl|mx|br|ar|cl|co\.\w+|eu)$/i;
/** Prices in pounds or euros and none in dollars: a UK, Irish or European sender, who writes the day first. */
const EUROPEAN_PRICES = /[£€]\s?\d|\d\s?(?:€|EUR\b)/;
const DOLLAR_PRICES = /\$\s?\d/;

/**
 * Whether the sender writes numeric dates day first: by its language (every one the extractor reads but English does),
 * its domains' country, or its prices' currency.
 */
export function writesDayFirst(fromHost: string, brandDomain: string | null, body: string, language: Language = "en"): boolean {
  if (language !== "en") return true;
  if (DAY_FIRST_TLDS.test(fromHost) || (brandDomain !== null && DAY_FIRST_TLDS.test(brandDomain))) return true;
  return EUROPEAN_PRICES.test(body) && !DOLLAR_PRICES.test(body);
}

/** A markup timestamp as the last valid calendar day in the sender's zone (evidence kind `markup`, stated). */
export function markupEndDate(value: string, fallbackOffset: number, namedZone: string | null): string | null {
  const dateOnly = /^(\d{4}-\d{2}-\d{2})$/.exec(value.trim());
  if (dateOnly) return dateOnly[1]!;
  // A written offset, or none at all, is the sender's own clock: keep the written date. Only "Z" needs converting.
  const withOffset = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?([+-]\d{2}:?\d{2})?$/.exec(value.trim());
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  let date: string;
  let localTime: string;
  if (withOffset) {
    date = withOffset[1]!;
    localTime = `${withOffset[2]}:${withOffset[3]}`;
  } else {
    const offset = (namedZone ? namedZoneOffset(namedZone, instant) : null) ?? fallbackOffset;
    const shifted = new Date(instant.getTime() + offset * 60_000).toISOString();
    date = shifted.slice(0, 10);
    localTime = shifted.slice(11, 16);
  }
  return localTime === "00:00" ? addDays(date, -1) : date;
}
