import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { buildEmail } from "./email";

/**
 * One offer's end written every way a shop might: each end word with each way of writing the day, in three layouts,
 * and in each language the extractor reads. The rules are judged by the whole grid, not by the phrasings they were
 * written for. Every mail is sent on Thursday 26 November 2026 at 09:00 in its sender's zone; the offer ends on Sunday 6
 * December, and a bare weekday ("Sunday") is the coming one, 29 November.
 */
const SENT = "Thu, 26 Nov 2026 09:00:00 -0500";
const ENDS = "2026-12-06";
const COMING_SUNDAY = "2026-11-29";

const ENGLISH_END_WORDS = [
  "Ends", "Offer ends", "Sale ends", "Hurry, ends", "Ends on", "Expires", "Expires on", "Offer expires", "Code expires",
  "Valid through", "Valid until", "Valid till", "Offer valid until", "Good thru", "Use by", "Redeem by",
  "Available until", "Shop now through", "Last day to save:", "Use before", "Order before",
];
const ENGLISH_DAYS: ReadonlyArray<[written: string, date: string]> = [
  ["December 6", ENDS], ["Dec 6", ENDS], ["Dec. 6", ENDS], ["Dec 6th", ENDS], ["December 6th, 2026", ENDS], ["Dec 6 2026", ENDS],
  ["6 December", ENDS], ["6 Dec 2026", ENDS], ["the 6th of December", ENDS], ["12/6", ENDS], ["12/06/2026", ENDS],
  ["12/6/26", ENDS], ["12.6.", ENDS], ["2026-12-06", ENDS], ["Sunday, December 6", ENDS], ["Sun, Dec 6", ENDS],
  ["Sunday, Dec. 6th", ENDS], ["Sunday 12/6", ENDS], ["Sun 12/6", ENDS], ["12/6 at 11:59pm PT", ENDS],
  ["December 6 at 11:59 p.m. ET", ENDS], ["11:59pm ET on 12/6", ENDS], ["12-6", ENDS],
  ["Sunday", COMING_SUNDAY], ["Sunday at midnight", COMING_SUNDAY], ["midnight Sunday", COMING_SUNDAY],
];

type Language = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt";

/** Each language's end words and ranges, as its shops write them. */
const OTHER_LANGUAGES: ReadonlyArray<[Language, string, string]> = [
  ["de", "Gültig bis 6-12", ENDS], ["nl", "Geldig t/m 6-12", ENDS], ["pt", "Válido até 6-12", ENDS],
  ["de", "Gültig bis 6. Dezember", ENDS], ["de", "Gültig bis zum 06.12.2026", ENDS], ["de", "Nur bis 6.12.", ENDS],
  ["de", "Nur bis Sonntag, 6. Dezember", ENDS], ["de", "Angebot gültig bis 06.12.", ENDS], ["de", "Endet am 6. Dez.", ENDS],
  ["de", "Einlösbar bis 6.12.2026", ENDS], ["de", "Bis einschließlich 6. Dezember", ENDS], ["de", "Gültig bis 6.12. um 23:59 Uhr", ENDS],
  ["de", "Aktionszeitraum: 26.11. – 6.12.2026", ENDS], ["de", "Gültig bis Weihnachten", "2026-12-25"], ["de", "Nur bis Heiligabend", "2026-12-24"], ["de", "Aktion endet am Sonntag", COMING_SUNDAY], ["de", "Läuft bis Sonntag", COMING_SUNDAY], ["de", "Einlösen vor dem 6. Dezember", ENDS],
  ["fr", "Valable jusqu'à Noël", "2026-12-25"], ["fr", "À utiliser avant le 6 décembre", ENDS],
  ["fr", "Valable jusqu'au 6 décembre", ENDS], ["fr", "Jusqu'au dimanche 6 décembre", ENDS], ["fr", "Offre valable jusqu'au 06/12/2026", ENDS],
  ["fr", "Offre valable jusqu’au 6/12", ENDS], ["fr", "Se termine le 6 décembre", ENDS], ["fr", "L'offre prend fin le 6 décembre", ENDS],
  ["fr", "Expire le 6 décembre", ENDS], ["fr", "Du 26 novembre au 6 décembre", ENDS], ["fr", "Offre valable jusqu'au dimanche 6 décembre 23h59", ENDS],
  ["es", "Válido hasta Navidad", "2026-12-25"], ["es", "Úsalo antes del 6 de diciembre", ENDS], ["es", "Pide antes del 6 de diciembre para recibir un 20% de descuento", ENDS],
  ["es", "Válido hasta el 6 de diciembre", ENDS], ["es", "Hasta el 06/12/2026", ENDS], ["es", "Oferta válida hasta el domingo 6 de diciembre", ENDS],
  ["es", "Finaliza el 6 de diciembre", ENDS], ["es", "Acaba el domingo 6 de diciembre", ENDS], ["es", "Vigente hasta el 6/12", ENDS],
  ["es", "Del 26 de noviembre al 6 de diciembre", ENDS], ["es", "Termina el domingo", COMING_SUNDAY],
  ["it", "Valido fino a Natale", "2026-12-25"], ["it", "Da usare prima del 6 dicembre", ENDS], ["it", "Ordina prima del 6 dicembre per ricevere il 20% di sconto", ENDS],
  ["it", "Valido fino al 6 dicembre", ENDS], ["it", "Scade il 6 dicembre", ENDS], ["it", "Entro il 06/12/2026", ENDS], ["it", "Valido fino al 6/12", ENDS],
  ["it", "Offerta valida fino a domenica 6 dicembre", ENDS], ["it", "Offerta valida fino alle 23:59 del 6 dicembre", ENDS],
  ["it", "Dal 26 novembre al 6 dicembre", ENDS], ["it", "Termina domenica", COMING_SUNDAY],
  ["nl", "Geldig tot Kerstmis", "2026-12-25"], ["nl", "Gebruik hem vóór 6 december", ENDS],
  ["nl", "Geldig t/m 6 december", ENDS], ["nl", "Tot en met zondag 6 december", ENDS], ["nl", "Geldig tot 06-12-2026", ENDS],
  ["nl", "Actie loopt tot 6 december", ENDS], ["nl", "Actie eindigt op 6 december", ENDS], ["nl", "Verloopt op 6 december", ENDS],
  ["nl", "Van 26 november t/m 6 december", ENDS], ["nl", "Eindigt zondag", COMING_SUNDAY],
  ["pt", "Válido até o Natal", "2026-12-25"], ["pt", "Use antes de 6 de dezembro", ENDS],
  ["pt", "Válido até 6 de dezembro", ENDS], ["pt", "Até 06/12/2026", ENDS], ["pt", "Oferta até 6/12", ENDS], ["pt", "Termina em 6 de dezembro", ENDS],
  ["pt", "Oferta válida até domingo, 6 de dezembro", ENDS], ["pt", "De 26 de novembro a 6 de dezembro", ENDS],
  ["pt", "Termina domingo", COMING_SUNDAY], ["pt", "Válido até domingo", COMING_SUNDAY],
];

/**
 * Ends given relative to the send day, in each language: today only, tomorrow, this weekend, a span of hours or days
 * (the send day counted as the first of them), the month's end.
 */
const RELATIVE_ENDS: ReadonlyArray<[Language, string, string]> = [
  ["en", "Today only!", "2026-11-26"], ["en", "Ends tomorrow", "2026-11-27"],
  ["en", "This weekend only", "2026-11-29"], ["en", "48 hours only", "2026-11-28"],
  ["en", "Only 3 days left", "2026-11-28"], ["en", "Ends tonight at midnight", "2026-11-26"],
  ["en", "Last chance: ends in 2 days", "2026-11-28"], ["en", "Offer ends end of month", "2026-11-30"],
  ["en", "Valid through the end of the month", "2026-11-30"], ["en", "Through Cyber Monday", "2026-11-30"],
  ["en", "Cyber Monday only", "2026-11-30"], ["en", "Black Friday deals only", "2026-11-27"],
  ["de", "Nur heute!", "2026-11-26"], ["de", "Endet morgen", "2026-11-27"],
  ["de", "Nur dieses Wochenende", "2026-11-29"], ["de", "Nur 48 Stunden", "2026-11-28"],
  ["de", "Noch 3 Tage", "2026-11-28"], ["de", "Gültig bis Monatsende", "2026-11-30"],
  ["fr", "Aujourd'hui seulement", "2026-11-26"], ["fr", "Se termine demain", "2026-11-27"],
  ["fr", "Ce week-end seulement", "2026-11-29"], ["fr", "48 heures seulement", "2026-11-28"],
  ["fr", "Plus que 3 jours", "2026-11-28"], ["fr", "Jusqu'à la fin du mois", "2026-11-30"],
  ["es", "Solo hoy", "2026-11-26"], ["es", "Termina mañana", "2026-11-27"],
  ["es", "Solo este fin de semana", "2026-11-29"], ["es", "Solo 48 horas", "2026-11-28"],
  ["es", "Quedan 3 días", "2026-11-28"], ["es", "Hasta fin de mes", "2026-11-30"],
  ["it", "Solo oggi", "2026-11-26"], ["it", "Termina domani", "2026-11-27"],
  ["it", "Solo questo weekend", "2026-11-29"], ["it", "Solo 48 ore", "2026-11-28"],
  ["it", "Ancora 3 giorni", "2026-11-28"], ["it", "Fino a fine mese", "2026-11-30"],
  ["nl", "Alleen vandaag", "2026-11-26"], ["nl", "Eindigt morgen", "2026-11-27"],
  ["nl", "Alleen dit weekend", "2026-11-29"], ["nl", "Slechts 48 uur", "2026-11-28"],
  ["nl", "Nog 3 dagen", "2026-11-28"], ["nl", "Tot het einde van de maand", "2026-11-30"],
  ["pt", "Só hoje", "2026-11-26"], ["pt", "Termina amanhã", "2026-11-27"],
  ["pt", "Só neste fim de semana", "2026-11-29"], ["pt", "Apenas 48 horas", "2026-11-28"],
  ["pt", "Faltam 3 dias", "2026-11-28"], ["pt", "Até o fim do mês", "2026-11-30"],
  // The last day and tonight's midnight, in each language.
  ["en", "Last day!", "2026-11-26"], ["de", "Letzter Tag!", "2026-11-26"], ["fr", "Dernier jour !", "2026-11-26"],
  ["es", "¡Último día!", "2026-11-26"], ["it", "Ultimo giorno!", "2026-11-26"], ["nl", "Laatste dag!", "2026-11-26"],
  ["pt", "Último dia!", "2026-11-26"],
  // The final hours, and a weekend the date parser would end on its Saturday.
  ["en", "Final 24 hours", "2026-11-27"], ["de", "Nur noch die letzten 24 Stunden", "2026-11-27"],
  ["fr", "Dernières 24 heures", "2026-11-27"], ["es", "Últimas 24 horas", "2026-11-27"], ["it", "Ultime 24 ore", "2026-11-27"],
  ["nl", "Laatste 24 uur", "2026-11-27"], ["pt", "Últimas 24 horas", "2026-11-27"], ["en", "Through the weekend", "2026-11-29"],
  ["de", "Nur noch heute!", "2026-11-26"], ["fr", "Dernières heures !", "2026-11-26"], ["es", "¡Últimas horas!", "2026-11-26"],
  ["it", "Ultime ore!", "2026-11-26"], ["nl", "Laatste uren!", "2026-11-26"], ["pt", "Últimas horas!", "2026-11-26"],
  ["nl", "Geldig t/m zondagavond", "2026-11-29"],
  ["en", "Valid until the weekend", "2026-11-29"],
  // The last day for the offer, as a sentence says it.
  ["en", "Today is the last day to save", "2026-11-26"], ["en", "Last day to shop the sale", "2026-11-26"],
  ["de", "Heute ist der letzte Tag, um zu sparen", "2026-11-26"], ["fr", "Dernier jour pour en profiter", "2026-11-26"],
  ["es", "Hoy es el último día para ahorrar", "2026-11-26"], ["it", "Ultimo giorno per approfittarne", "2026-11-26"],
  ["nl", "Laatste dag om te besparen", "2026-11-26"], ["pt", "Último dia para aproveitar", "2026-11-26"],
  ["en", "Ends at midnight", "2026-11-26"], ["de", "Endet um Mitternacht", "2026-11-26"],
  ["fr", "Se termine à minuit", "2026-11-26"], ["es", "Termina a medianoche", "2026-11-26"], ["it", "Termina a mezzanotte", "2026-11-26"],
  ["nl", "Eindigt om middernacht", "2026-11-26"], ["pt", "Termina à meia-noite", "2026-11-26"],
  // The year's end, once an end word leads to it ("the end of the year is near" states no end).
  ["en", "Offer good through the end of the year", "2026-12-31"], ["en", "Valid until year-end", "2026-12-31"],
  ["en", "Valid through the end of 2026", "2026-12-31"], ["de", "Gültig bis Jahresende", "2026-12-31"],
  ["de", "Gültig bis Ende des Jahres", "2026-12-31"], ["fr", "Valable jusqu'à la fin de l'année", "2026-12-31"],
  ["es", "Válido hasta fin de año", "2026-12-31"], ["it", "Valido fino alla fine dell'anno", "2026-12-31"],
  ["nl", "Geldig tot het einde van het jaar", "2026-12-31"], ["pt", "Válido até o fim do ano", "2026-12-31"],
];

/**
 * Days written without a year, placed nearest the send day: a sale under way ends this year, not the next time its days
 * come round; an end already passed is no end (not next year's); a day weeks ahead of the send day may be next year's.
 */
const YEARLESS_DAYS: ReadonlyArray<[sent: string, written: string, date: string | null]> = [
  [SENT, "Ends Nov 20", null], [SENT, "Valid until 11/20", null], [SENT, "Valid until 20.11.", null], [SENT, "Ends Jan 15", "2027-01-15"],
  [SENT, "Sale runs Nov 20 - Nov 30", "2026-11-30"], [SENT, "Sale runs Nov 20 - Dec 6", ENDS], [SENT, "Sale: 11/20 - 12/6", ENDS],
  [SENT, "Sale runs November 20 through December 6", ENDS], [SENT, "From Nov 20 to Dec 6", ENDS], [SENT, "Offer valid 11/20/2026 - 12/6/2026", ENDS],
  [SENT, "Sale runs Oct 1 - Oct 31", null],
  ["Mon, 28 Dec 2026 09:00:00 +0000", "Sale runs Dec 26 - Jan 3", "2027-01-03"],
];

/** The offer's code, as each language labels it, and each sender's domain (its country says how it writes days). */
const OFFER: Record<Language, { before: string; after: string; domain: string }> = {
  en: { before: "Use code", after: "for 20% off everything.", domain: "example.com" },
  de: { before: "Mit dem Gutscheincode", after: "sparst du 20 % auf alles.", domain: "example.de" },
  fr: { before: "Avec le code promo", after: ", profitez de 20 % de réduction.", domain: "example.fr" },
  es: { before: "Usa el código", after: "y ahorra un 20 %.", domain: "example.es" },
  it: { before: "Usa il codice sconto", after: "per il 20% di sconto.", domain: "example.it" },
  nl: { before: "Gebruik kortingscode", after: "voor 20% korting.", domain: "example.nl" },
  pt: { before: "Use o cupom", after: "e ganhe 20% de desconto.", domain: "example.com.br" },
};

/** Where the end stands: its own paragraph, a table cell, or the code's own sentence. */
const LAYOUTS: ReadonlyArray<[name: string, html: (offer: string, end: string) => string]> = [
  ["own paragraph", (offer, end) => `<p>${offer}</p><p>${end}.</p>`],
  ["table cell", (offer, end) => `<p>${offer}</p><table><tr><td>${end}</td></tr></table>`],
  ["same sentence", (offer, end) => `<p>${offer} ${end}.</p>`],
];

/** The phrasings whose end date was misread, each with what was read. */
async function misread(language: Language, phrasings: ReadonlyArray<[string, string | null]>): Promise<string[]> {
  const { before, after, domain } = OFFER[language];
  const wrong: string[] = [];
  for (const [layout, html] of LAYOUTS) {
    for (const [end, date] of phrasings) {
      const raw = buildEmail({
        from: `Invented Shop <news@mail.${domain}>`,
        subject: "Winter savings",
        date: SENT,
        headers: { "Content-Language": language },
        html: html(`${before} WINTER20 ${after}`, end),
      });
      const deal = (await extractDeals(raw)).deals[0];
      const read = deal?.expirationDate ?? null;
      if (read !== date || deal?.promoCodes.join() !== "WINTER20") wrong.push(`${layout}: "${end}" read as ${read} (codes ${deal?.promoCodes.join() ?? "none"})`);
    }
  }
  return wrong;
}

/** Ranges that are not a sale period: hours, sizes, ages, a week's schedule, a delivery window. */
const NOT_AN_END: ReadonlyArray<[Language, string]> = [
  ["en", "Call us 9 - 5, Monday to Friday"], ["en", "Sizes 6 - 12 available"], ["en", "Ages 3 to 5"], ["en", "Store hours 9am - 5pm"],
  ["en", "Delivery between Dec 1 and Dec 3"], ["de", "Öffnungszeiten: Mo–Fr 9–18 Uhr"], ["de", "Lieferung vom 1. bis 3. Dezember"],
  ["es", "Horario: de 9 a 18 h"], ["es", "Entrega del 1 al 3 de diciembre"], ["fr", "Livraison du 1er au 3 décembre"],
  ["en", "The end of the year is the best time to treat yourself"], ["en", "Our year-end favourites are here"],
  ["en", "Open between 9-5 every day"], ["en", "Ages 6-12 welcome"], ["en", "Delivery in 3-5 days"],
  ["en", "Good news: the parka you saved is now $149"], ["en", "Good to know: shipping is free on every order"],
  ["en", "We wrap up our daily deals with a bang on Sunday"],
  ["en", "In the last hours, 500 people ordered"], ["pt", "Nas últimas horas, 500 pessoas compraram"],
  ["de", "In den letzten Stunden haben 500 Kunden bestellt"],
  // A day to order by for delivery in time is the carrier's, not the offer's end.
  ["en", "Order before December 20 for delivery by Christmas"], ["de", "Bestellen Sie vor dem 20. Dezember, damit Ihr Paket vor Weihnachten ankommt"],
  ["de", "Bestellen Sie bis 20. Dezember für die Lieferung vor Weihnachten"], ["fr", "Commandez avant le 20 décembre pour être livré avant Noël"],
  ["es", "Pide antes del 20 de diciembre para recibirlo antes de Navidad"], ["it", "Ordina prima del 20 dicembre per riceverlo entro Natale"],
  ["nl", "Bestel vóór 20 december voor levering vóór Kerstmis"], ["pt", "Compre antes de 20 de dezembro para receber antes do Natal"],
];

describe("an offer's end, however it is written", () => {
  it.each(NOT_AN_END)("%s: '%s' is no end", async (language, text) => {
    expect(await misread(language, [[text, null]])).toEqual([]);
  });

  it.each(ENGLISH_END_WORDS)("English: '%s' with every way of writing the day, in every layout", async (word) => {
    expect(await misread("en", ENGLISH_DAYS.map(([day, date]) => [`${word} ${day}`, date]))).toEqual([]);
  });

  it.each(ENGLISH_END_WORDS)("English: '%s' on a line of its own, every way of writing the day on the next", async (word) => {
    const wrong: string[] = [];
    for (const [day, date] of ENGLISH_DAYS) {
      const html = `<p>${OFFER.en.before} WINTER20 ${OFFER.en.after}</p><p>${word}</p><p style="font-size:28px">${day}</p>`;
      const raw = buildEmail({ from: "Invented Shop <news@mail.example.com>", subject: "Winter savings", date: SENT, html });
      const read = (await extractDeals(raw)).deals[0]?.expirationDate ?? null;
      if (read !== date) wrong.push(`"${day}" read as ${read}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(YEARLESS_DAYS)("sent %s, '%s' ends %s", async (sent, written, date) => {
    const raw = buildEmail({ from: "Invented Shop <news@mail.example.com>", subject: "Winter savings", date: sent, html: `<p>Use code WINTER20 for 20% off.</p><p>${written}</p>` });
    expect((await extractDeals(raw)).deals[0]?.expirationDate ?? null).toBe(date);
  });

  it.each(["en", "de", "fr", "es", "it", "nl", "pt"] as const)("%s: ends relative to the send day, in every layout", async (language) => {
    const phrasings = RELATIVE_ENDS.filter(([written]) => written === language).map(([, end, date]): [string, string] => [end, date]);
    expect(phrasings.length).toBeGreaterThanOrEqual(6);
    expect(await misread(language, phrasings)).toEqual([]);
  });

  it.each(["de", "fr", "es", "it", "nl", "pt"] as const)("%s: its end words and ranges, in every layout", async (language) => {
    const phrasings = OTHER_LANGUAGES.filter(([written]) => written === language).map(([, end, date]): [string, string] => [end, date]);
    expect(phrasings.length).toBeGreaterThanOrEqual(8);
    expect(await misread(language, phrasings)).toEqual([]);
  });
});

/**
 * A day and month in figures read the sender's way round, unless that way the offer would have ended before the mail
 * was sent: then the other way round, as a guess ("inferred"), never stated.
 */
const FIGURES_EITHER_WAY: ReadonlyArray<[domain: string, written: string, date: string | null, confidence: string | null]> = [
  ["example.com", "Offer ends 06/12/2026", ENDS, "inferred"],
  ["example.com", "Valid until 06.12.2026", ENDS, "inferred"],
  // Without a year, months ahead the sender's way round is still possible: left as written.
  ["example.com", "Offer ends 06/12", "2027-06-12", "stated"],
  ["example.co.uk", "Offer ends 06/12/2026", ENDS, "stated"],
  ["example.com", "Offer ends 12/06/2026", ENDS, "stated"],
  ["example.com", "Valid until 01/15", "2027-01-15", "stated"],
  // Passed either way round, or not a month the other way: no end.
  ["example.com", "Valid until 11/20", null, null],
  ["example.com", "Offer ended 10/11", null, null],
];

describe("a day and month in figures, either way round", () => {
  it.each(FIGURES_EITHER_WAY)("from %s, '%s' ends %s (%s)", async (domain, written, date, confidence) => {
    const raw = buildEmail({ from: `Invented Shop <news@mail.${domain}>`, subject: "Winter savings", date: SENT, html: `<p>Use code WINTER20 for 20% off.</p><p>${written}</p>` });
    const deal = (await extractDeals(raw)).deals[0];
    expect(deal?.expirationDate ?? null).toBe(date);
    expect(deal?.evidence?.endDate?.confidence ?? null).toBe(confidence);
  });
});

/**
 * A sale named by its length most likely runs from the mail, but the mail does not say so: its end is a guess
 * ("inferred"). One that has not begun, or a length that measures something else, gives none.
 */
const SALE_LENGTHS: ReadonlyArray<[Language, string, string | null, string | null]> = [
  ["en", "Our 48-hour flash sale is on", "2026-11-28", "inferred"], ["en", "It's a 24-hour sale", "2026-11-27", "inferred"],
  ["en", "The 3-day event is here", "2026-11-28", "inferred"], ["de", "Unsere 48-Stunden-Aktion läuft", "2026-11-28", "inferred"],
  ["fr", "Vente flash de 48 heures", "2026-11-28", "inferred"], ["es", "Oferta de 48 horas", "2026-11-28", "inferred"],
  ["it", "Offerta di 48 ore", "2026-11-28", "inferred"], ["nl", "48-uurs actie", "2026-11-28", "inferred"],
  ["nl", "3-daagse actie", "2026-11-28", "inferred"], ["pt", "Promoção de 48 horas", "2026-11-28", "inferred"],
  // Said outright, the same span is stated.
  ["en", "For 48 hours only", "2026-11-28", "stated"],
  ["en", "Our 48-hour flash sale starts tomorrow", null, null], ["en", "Our 3-day weekend sale", null, null],
  ["en", "A 10-hour battery for the road", null, null],
];

describe("a sale named by its length", () => {
  it.each(SALE_LENGTHS)("%s: '%s' ends %s (%s)", async (language, written, date, confidence) => {
    const { before, after, domain } = OFFER[language];
    const raw = buildEmail({
      from: `Invented Shop <news@mail.${domain}>`,
      subject: "Winter savings",
      date: SENT,
      headers: { "Content-Language": language },
      html: `<p>${written}!</p><p>${before} WINTER20 ${after}</p>`,
    });
    const deal = (await extractDeals(raw)).deals[0];
    expect(deal?.promoCodes).toEqual(["WINTER20"]);
    expect(deal?.expirationDate ?? null).toBe(date);
    expect(deal?.evidence?.endDate?.confidence ?? null).toBe(confidence);
  });
});

/** A last day labelled with its date, an end of the week, a day of the month alone, and other end words. */
const LABELLED_ENDS: ReadonlyArray<[Language, string, string]> = [
  ["en", "Final day: Dec 6", ENDS], ["en", "Last day: Sunday, December 6", ENDS], ["en", "Final day: today", "2026-11-26"],
  ["en", "Last day - 20% off everything", "2026-11-26"], ["en", "Valid until the 6th", ENDS], ["en", "Ends on the 2nd", "2026-12-02"],
  ["en", "Ends at the end of the week", "2026-11-29"], ["en", "The sale wraps up Sunday", "2026-11-29"], ["en", "Exp. 12/06/2026", ENDS],
  ["de", "Letzter Tag: 6.12.", ENDS], ["de", "Gültig bis Ende der Woche", "2026-11-29"],
  ["fr", "Dernier jour : dimanche 6 décembre", ENDS], ["fr", "Jusqu'à la fin de la semaine", "2026-11-29"],
  ["fr", "Fin de l'offre le 6 déc.", ENDS], ["de", "Aktionsende: 6.12.", ENDS], ["es", "Fin de la oferta: 6 de diciembre", ENDS],
  ["it", "Fine offerta: 6 dicembre", ENDS], ["nl", "Einde actie: 6 december", ENDS], ["pt", "Fim da promoção: 6 de dezembro", ENDS],
  ["es", "Último día: domingo 6 de diciembre", ENDS], ["it", "Ultimo giorno: domenica 6 dicembre", ENDS],
  ["it", "Fino alla fine della settimana", "2026-11-29"], ["nl", "Laatste dag: zondag 6 december", ENDS],
  ["nl", "Geldig tot het einde van de week", "2026-11-29"], ["pt", "Último dia: domingo, 6 de dezembro", ENDS],
];

describe("an end labelled, or named by the week or the day of the month", () => {
  it.each(["en", "de", "fr", "es", "it", "nl", "pt"] as const)("%s, in every layout", async (language) => {
    const phrasings = LABELLED_ENDS.filter(([written]) => written === language).map(([, end, date]): [string, string] => [end, date]);
    expect(await misread(language, phrasings)).toEqual([]);
  });
});
