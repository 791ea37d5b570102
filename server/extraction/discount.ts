/** The headline benefit as a short normalised phrase, and the stated terms of the offer. */
import { formatMoney, moneyIn } from "../../src/domain/money";
import { matchesOf } from "../../src/domain/patternMatches";
import { CODE_NOUN } from "./codeWords";

/** Currency signs written before a figure: "$", "£", "€", the dollars and the real written with letters ("C$", "A$", "R$"), "CHF". */
const SIGN_BEFORE = "(?:US|CA?|CAN|AU?|NZ|HK|S|R|MX)\\$|[$£€]|CHF";
/** Currencies written after a figure ("10 €", "20 CHF", "15 GBP"). */
const SIGN_AFTER = "€|EUR|USD|GBP|MXN|CHF|CAD|AUD";
/** A figure with its thousands grouped ("1,000", "1.000") or not, and its cents after a point or a comma ("49,99"). */
const FIGURE = "\\d{1,3}(?:[.,]\\d{3})+(?:[.,]\\d{2})?|\\d+(?:[.,]\\d{2})?";
/** An amount of money with its currency; never the end of a longer figure ("1.234 €" is not 234 euros). */
export const MONEY = `(?<![\\w$£€.,])(?:(?:${SIGN_BEFORE})\\s?(?:${FIGURE})|(?:${FIGURE})\\s?(?:${SIGN_AFTER}))(?![\\d])`;

/** Words after an amount or a percentage that make it an amount off, in each language we read. */
export const OFF_WORDS =
  "off|discount|de descuento|de r[ée]duction|de remise|offerts?|rabatt|reduziert|sparen|günstiger|billiger|di sconto|sconto|korting|goedkoper|de desconto|desconto";
/** A gift with an order, in the other languages we read. */
export const GIFT_WORDS = "gratis-?geschenk|geschenk gratis|cadeau offert|regalo gratis|omaggio|gratis cadeau|brinde";
/**
 * Where a word starts, for words whose first letter may carry an accent: `\b` knows only ASCII letters, so it never
 * starts "à partir de", "économisez" or "über".
 */
export const WORD_START = "(?<![\\wà-ÿ])";
/** German's "an order of" between "ab" and the amount: "ab einem Einkauf von 75 €", "ab einer Bestellung von 50 €". */
const GERMAN_ORDER_OF = "(?:einem|einer)\\s+(?:einkauf(?:swert)?|bestellwert|warenwert|warenkorbwert|bestellung)\\s+von";
/** Words before the minimum an offer asks, in the other languages we read ("ab 50 €", "dès 50 €", "vanaf €50"). */
// Each word is found first and its start checked after, so that a pattern starting with one searches for words, not
// tests a lookbehind at every position; "\b" would never start "dès" or "à".
export const MINIMUM_FROM = `(?:\\b(?:ab(?:\\s+${GERMAN_ORDER_OF})?|a partir de|desde|da|vanaf|acima de)|dès(?<![\\wà-ÿ]dès)|à(?<![\\wà-ÿ]à) partir de)`;
/** Verbs that make the amount after them a saving, in each language we read. */
export const SAVE_VERBS = "save|saving|spar\\w*|[ée]conomisez|ahorra|risparmia|bespaar|economize";
/** One of SAVE_VERBS as a word of its own. */
export const SAVE_VERB = `${WORD_START}(?:${SAVE_VERBS})`;
/** How fast free shipping goes, between "free" and "shipping": "free 2-day shipping", "free standard delivery". */
export const SHIPPING_SPEED = "(?:standard|express|expedited|priority|ground|economy|fast|overnight|(?:1|one|2|two|next|same)[- ]day)\\s+";
/** Half price, in each language we read: "half off", "zum halben Preis", "moitié prix", "metà prezzo", "meio preço". */
export const HALF_PRICE = "half[\\s-](?:off|price)|halve prijs|halben preis|moitié prix|mitad de precio|metà prezzo|metade do preço|meio preço";
/** Free shipping as the other languages we read write it: "kostenloser Versand", "livraison offerte", "frete grátis". */
export const FREE_SHIPPING_ABROAD =
  "(?:kostenlose[rn]?|gratis)\\s+(?:versand|lieferung)|versandkostenfrei|livraison\\s+(?:gratuite|offerte)|env[íi]o\\s+(?:gratis|gratuito)|spedizion[ei]\\s+(?:gratuit[ae]|gratis)|gratis\\s+(?:verzending|bezorging)|(?:frete|portes)\\s+gr[áa]tis";
/** Free shipping above a minimum, which it captures: "free shipping on orders over $50", "free 2-day shipping over $35",
 * "free shipping on orders of $50 or more", "free shipping on all orders $50+". */
export const FREE_SHIPPING_OVER =
  `(?<!-)\\bfree\\s+(?:${SHIPPING_SPEED})?shipping\\s+(?:(?:on\\s+)?(?:(?:all|any)\\s+)?(?:orders?\\s+)?(?:of\\s+)?(?:over|above|from|on)\\s+|on\\s+(?:(?:all|any)\\s+)?orders?\\s+(?:of\\s+)?(?=${MONEY}\\s*(?:\\+|or\\s+more|and\\s+up)))(${MONEY})`;
/** Words for shipping and delivery, in each language we read: a minimum just after one is the delivery's, not the offer's. */
export const SHIPPING_WORDS = "shipping|delivery|versand\\w*|lieferung|livraison|env[íi]o|spedizione|verzending|bezorging|frete|entrega";
/** "Up to" before the most a saving can be, in the other languages we read, and in English. */
// "bis" alone is "until" ("bis 6.12."): "up to" only before a minus ("bis -50 %").
const UP_TO_ABROAD = "bis zu|bis(?=\\s+-\\d)|jusqu'(?:à|a)|hasta(?: un| el)?|fino al?|tot|até";
export const UP_TO = `up to|${UP_TO_ABROAD}`;
/** A percent off written as a minus: "-25 %", "(-30%)", "à -50 %"; not a range's second figure ("10-25%"). */
export const MINUS_PERCENT = "(?<![\\w\\d])-(\\d{1,2})\\s?%";
/**
 * A percent after a verb of saving, up to two words between ("sparen Sie 15 %", "save an extra 10%"); captures "up to"
 * when it is said ("save up to 20%", "sparen Sie bis zu 20 %"), then the figure.
 */
export const SAVED_PERCENT = `${SAVE_VERB}\\s+(?:[a-zà-ÿ]+\\s+){0,2}?(?:(${UP_TO})\\s+)?(\\d{1,2})\\s?%`;
/** SAVED_PERCENT's saving, as the dashboard writes it. */
export const savedPercent = (upTo: string | undefined, figure: string): string => `${upTo ? "up to " : ""}${figure}% off`;

/** An amount as the product writes money everywhere (src/domain/money.ts), without a round amount's cents: "€1,234", "£20". */
export function money(value: string): string {
  const [amount] = moneyIn(value.toUpperCase());
  return amount ? formatMoney(amount).replace(/\.00$/, "") : value.replace(/\s+/g, "");
}

const SPEND = new RegExp(`\\bspend (${MONEY})`, "i");

/**
 * The start of a multi-buy, whose discount is the last item's: "buy one, get one", "BOGO", "buy 2, get the third";
 * captures how many are bought and which are discounted, as written.
 */
const MULTI_BUY =
  "\\b(?:bogo|buy (one|1|two|2|three|3|any)\\b[^.\\n,]{0,30}?,?\\s+(?:and\\s+)?get (one|1|another|a second|the (?:second|third|fourth|next))(?: one)?)";

/**
 * A multi-buy's counts in the words src/domain/multiBuy.ts reads ("buy one, get one 50% off"): "any" bought is one,
 * and "another" or "a second" discounted is one; "the third" stays, naming which item.
 */
const boughtWord = (written: string | undefined) => (!written || /^any$/i.test(written) ? "one" : written.toLowerCase());
const discountedWord = (written: string | undefined) => (!written || /^(?:another|a second)$/i.test(written) ? "one" : written.toLowerCase());

/** Things sold one by one, as a multi-buy names them: "second pair", "2e article", "segunda unidad", "zweites Teil". */
const ITEM_WORDS =
  "items?|pairs?|ones?|units?|products?|pieces?|articles?|artikel|teil|paar|produkt|unidad|unidade|articolo|prodotto|paio|capo|stuk|exemplaar";
/** The second or third of a multi-buy, in each language we read; a bare English "second" must name an item. */
const NTH_ITEM = `\\b(?:(second|2nd|third|3rd)\\s+(?:${ITEM_WORDS})(?:\\s+of\\s+[a-zà-ÿ]+)?|(zweite[snr]?|dritte[snr]?|deuxième|2e|2ème|troisième|3e|3ème|segund[ao]|2ª|2°|tercer[ao]?|3ª|3°|secondo|seconda|terzo|terza|tweede|derde)(?:\\s+(?:${ITEM_WORDS}))?)`;
/** How a multi-buy's last item is discounted: half price, a percent, or free, in each language we read. */
const NTH_DISCOUNT =
  `(${HALF_PRICE})|-?(\\d{1,2})\\s?%(?:\\s?(?:${OFF_WORDS}))?|(free|gratis|grátis|offert\\w*|gratuit\\w*|kostenlos)`;
/** The second item's words among NTH_ITEM's; the rest name the third. */
const SECOND_PLACE = /^(?:second|2nd|zweite|deuxième|2e|2ème|segund|2ª|2°|tweede)/i;

/** A multi-buy in the words src/domain/multiBuy.ts reads: the item's place (2 or 3) and its discount. */
function nthItemDeal(place: string, half: string | undefined, percent: string | undefined): string {
  const bought = SECOND_PLACE.test(place) ? "one" : "2";
  const which = bought === "one" ? "one" : "the third";
  return `buy ${bought}, get ${which} ${half ? "half off" : percent ? `${percent}% off` : "free"}`;
}

/** N items for the price of M: "3 for 2", "2x1", "prendi 3, paghi 2", "1+1 gratis", written as the items given free. */
function itemsFree(taken: number, paid: number): string | null {
  if (!(taken > paid && paid >= 1)) return null;
  return paid === 1 && taken === 2 ? "buy one, get one free" : `buy ${paid}, get ${taken - paid} free`;
}
/** "3 for 2", "3 für 2", "3 pour 2", "3x2", "2 por 1": never a size ("3x2 m"), a time or a price ("2 for $30"). */
const TAKE_FOR_PAID = /\b([2-5])\s?(?:x|for(?: the price of)?|für|pour|por|per|voor)\s?([1-4])\b(?![.,:]\d|\s*(?:%|[$£€]|cm|mm|m\b|ft|in\b|["'″′]|m²|days?|hours?|weeks?|months?|years?|nights?|people|persons?|guests?|adults?|am\b|pm\b))/i;

/** What a percent applies to after "auf", "sur", "en", "su", "op", "em": everything, or an article before a product. */
const ON_WHAT =
  "alles|alle[ns]?|die|den|das|ihre[n]?|deine[n]?|tout(?:es?)?|tous|le|la|les|l'|votre|vos|ta|tes|todo|toda|todos|todas|tu|tus|el|los|las|tutto|tutti|tutte|il|lo|gli|i|het|de|je|uw|tudo|o|a|os|as|seu|sua";
/** A rise in price, before a percent: "Preise steigen um 5 %", "hausse de 5 %", "prices rise 5% on all plans". */
const PRICE_RISE = "(?:steig|erhöh|augment|hausse|aument|sub[ei]|stijg|verhoog|r(?:ise|ises|ising|ose)|increas|rais)";
/**
 * A percent on what it applies to, which is a percent off: "20 % auf (fast) alles", "20 % sur tout", "20 % en todo",
 * "20% su tutto", "20% op alles", "20% em tudo", "20% on everything"; not a rise ("steigen um 5 % auf alle Tarife").
 */
export const PERCENT_ON =
  `(?<![\\d.,])(\\d{1,2})\\s?%\\s+(?:(?:auf|sur|en|su|op|em)\\s+(?:fast\\s+|presque\\s+|casi\\s+|quasi\\s+|bijna\\s+|quase\\s+)?(?:${ON_WHAT})|on\\s+(?:almost\\s+|nearly\\s+)?(?:everything|all|sitewide|your|select|every))(?![a-zà-ÿ])(?<!${PRICE_RISE}[^.\\n]{0,60})`;

/** A percent on a capitalised German noun, case-sensitive for that reason ("auf Sneaker", "auf Winterjacken"). */
const GERMAN_PERCENT_ON_NOUN = /(?<![\d.,])(\d{1,2})\s?%\s+auf\s+(?:fast\s+)?(?:ausgewählte\s+)?[A-ZÄÖÜ][a-zäöüß]{2,}/;
/** Before such a percent, a rise, interest or a bonus: no saving ("Die Preise erhöhen sich um 4 % auf Strom"). */
const NOT_A_SAVING_BEFORE = new RegExp(`(?:${PRICE_RISE}|zins|rendite|prämie|bonus|cashback|gutschrift)[^.\\n]{0,60}$`, "i");

/** "With" before a code, in each language we read. */
const WITH = "(?:with|mit|avec|con|com|met)\\s+";
const PERCENT_WITH_CODE = new RegExp(
  `(?<![\\d.,])(?:\\b(${UP_TO})\\s+)?\\b(\\d{1,2})\\s?%\\s+${WITH}(?:(?:(?:the|dem|le|el|il|de|o)\\s+)?${CODE_NOUN}\\b|([a-z0-9]+)\\b)`,
  "i",
);
/** A code written bare after "with": capitals with a digit among them ("WINTER20"), never an ordinary word. */
const BARE_CODE = /^[A-Z][A-Z0-9]*\d[A-Z0-9]*$/;

/**
 * A price for a few weeks or months, in English whatever the mail's language: "3 months for $1". Beyond half a year it
 * is a plan's ordinary price ("12 months for $99"), not an introductory one.
 */
function spanPrice(count: number, unitWritten: string, price: string): string | null {
  const unit = /^(?:w|se)/i.test(unitWritten) ? "week" : "month";
  if (count === 0 || (unit === "month" && count > 6)) return null;
  return `${count} ${count === 1 ? unit : `${unit}s`} for ${money(price)}`;
}

/** The spend a reward asks: "spend $100, get …", "… when you spend $150", "… with a purchase of $75". */
const REWARD_SPEND = new RegExp(`\\bspend\\s+(${MONEY})|\\b(?:purchase|order)\\s+of\\s+(${MONEY})`, "i");

/** A voucher, in each language we read. */
const VOUCHER_NOUNS =
  "vouchers?|coupons?|gutschein|rabattgutschein|wertgutschein|bon d'achat|bon de r[ée]duction|bon de remise|cup[óo]n(?: de descuento)?|vale(?: de descuento| desconto)?|buono(?: sconto)?|tegoedbon|kortingsbon|waardebon|cupom(?: de desconto)?";
/** Buying or giving shortly before a voucher: a present, not a saving (checked on a match, not at every position). */
const GIVING =
  /\b(?:verschenk\w*|schenk\w*|kauf\w*|buy(?:ing)?|give|giving|send|offrez|offrir|regala\w*|compra\w*|acquista\w*|koop|geef|compre|presenteie)\b[^.\n]*$/i;
const GIVING_CHARS = 40;

/** A tier of a "buy more, save more" offer: "buy 2, save 10%", "buy 3 or more and get 20% off". */
const TIER = "\\bbuy\\s+(?:\\d|two|three|four|five)\\+?(?:\\s+or\\s+more)?,?\\s+(?:and\\s+)?(?:save|get|take)\\s+(\\d{1,2})\\s?%";
const TIER_BY_COUNT = new RegExp(TIER, "i");
const TIERS_BY_COUNT = new RegExp(TIER, "gi");

/** "Extra" between a percent and its saving, or after the saving's noun, in each language we read. */
const EXTRA = "extra|additional|zusätzliche[rn]?|suppl[ée]mentaires?|adicional|aggiuntivo|aggiuntiva";

/** Each rule's pattern and how its match is written; a rule may decline a match (null) and leave it to the next. */
const RULES: ReadonlyArray<[RegExp, (match: RegExpExecArray, text: string) => string | null]> = [
  // "Buy one, get one 50% off" takes half off the second item: never shown as "50% off", which says half off everything.
  [
    new RegExp(`${MULTI_BUY}\\s+(?:(\\d{1,2})\\s?%\\s?off|half[- ](?:off|price))\\b`, "i"),
    (m) => `buy ${boughtWord(m[1])}, get ${discountedWord(m[2])} ${m[3] ? `${m[3]}%` : "half"} off`,
  ],
  // "Second pair half price", "2nd item 50% off", "zweites Paar 50 % günstiger", "le 2e article à -50 %", "segunda unidad
  // al 50 %", "2e halve prijs": the discount is one item's, never the whole order's.
  [
    new RegExp(`${NTH_ITEM}\\s*(?:(?:is|are|at|for|à|al|a|zum|com|pela|por|voor|tegen|just|only)\\s+|[:–—]\\s*)*(?:${NTH_DISCOUNT})(?![a-zà-ÿ\\d])`, "i"),
    (m) => nthItemDeal(m[1] ?? m[2]!, m[3], m[4]),
  ],
  // "50% off your second pair", "half price on the 2nd item".
  [
    /\b(?:(\d{1,2})\s?% off|(half[\s-](?:off|price)))\s+(?:on\s+|for\s+)?(?:the\s+|your\s+|a\s+|every\s+)?(second|2nd|third|3rd)\s+(?:items?|pairs?|ones?|units?|products?|pieces?)\b/i,
    (m) => nthItemDeal(m[3]!, m[2], m[1]),
  ],
  // "Buy 2, save 10%; buy 3, save 20%": tiers by how many are bought, of which the most is "up to" (one tier alone is
  // left to the rules below).
  [TIER_BY_COUNT, (m) => {
    const percents = matchesOf(TIERS_BY_COUNT, m.input).map((tier) => Number(tier[1]));
    return percents.length >= 2 ? `up to ${Math.max(...percents)}% off` : null;
  }],
  [/\bup to (\d{1,2})\s?% off\b/i, (m) => `up to ${m[1]}% off`],
  // The same, and the rules marked "other languages" below, as the other languages we read write them; the phrase is
  // the dashboard's English either way.
  [new RegExp(`\\b(?:${UP_TO_ABROAD})\\s+-?(\\d{1,2})\\s?%`, "i"), (m) => `up to ${m[1]}% off`],
  [new RegExp(`(${MONEY}) off\\b[^.\\n]{0,60}?\\b(?:orders?|purchases?|subtotal|total|spend|qualifying[^.\\n]{0,20}?)\\s+(?:of\\s+)?(?:over\\s+|above\\s+)?(${MONEY})\\s*(?:\\+|or more|and up)?`, "i"), (m) => `${money(m[1]!)} off ${money(m[2]!)}`],
  [new RegExp(`(${MONEY}) off (${MONEY})\\+?`, "i"), (m) => `${money(m[1]!)} off ${money(m[2]!)}`],
  // "$10 off your $50+ purchase": the minimum before its noun.
  [new RegExp(`(${MONEY}) off (?:your|any|a)\\s+(${MONEY})\\+?\\s+(?:purchase|order)`, "i"), (m) => `${money(m[1]!)} off ${money(m[2]!)}`],
  // "Save 20–50%": a range saved is a range off.
  [new RegExp(`${SAVE_VERB}\\s+(\\d{1,2})\\s?%?\\s?(?:[-–—]|to)\\s?(\\d{1,2})\\s?%`, "i"), (m) => `${m[1]}–${m[2]}% off`],
  // "40-60% off", "30 to 50% off": the range as stated, not its top alone; not a price's cents before a dash ("$14.95 — 25% off").
  [new RegExp(`(?<![\\d.,])\\b(\\d{1,2})\\s?%?\\s?(?:[-–—]|to)\\s?(\\d{1,2})\\s?%\\s?(?:${OFF_WORDS})\\b`, "i"), (m) => `${m[1]}–${m[2]}% off`],
  [new RegExp(`\\b(\\d{1,2})\\s?%\\s?(?:(?:${EXTRA})\\s+)?(?:${OFF_WORDS})\\b|${MINUS_PERCENT}`, "i"), (m) => `${m[1] ?? m[2]}% off`],
  // The noun first: "Sconto extra del 10%", "Descuento adicional del 10 %", "Réduction supplémentaire de 10 %".
  [
    new RegExp(`\\b(?:sconto|descuento|desconto|r[ée]duction|remise|rabatt|korting)\\s+(?:(?:${EXTRA})\\s+)?(?:del|de|di|von|van|du)\\s+(?:un\\s+|el\\s+)?(\\d{1,2})\\s?%`, "i"),
    (m) => `${m[1]}% off`,
  ],
  // "Take 20% on everything", "Save 15%!", not "creditors get 6%, and ...".
  [/\b(?:save|take|get)\s+(?:an\s+)?(?:extra\s+)?(\d{1,2})\s?%(?=\s*(?:off|on|of|when|with|at|sitewide|storewide|everything|today|now|[!*]|$))/im, (m) => `${m[1]}% off`],
  // "20 % auf alles", "20% on everything".
  [new RegExp(PERCENT_ON, "i"), (m) => `${m[1]}% off`],
  // "25 % auf Sneaker": German capitalises the noun a percent applies to; not a rise, interest or a card's bonus.
  [GERMAN_PERCENT_ON_NOUN, (m) => (NOT_A_SAVING_BEFORE.test(m.input.slice(Math.max(0, m.index - 80), m.index)) ? null : `${m[1]}% off`)],
  // "20 % con el código INVIERNO20", "20 % mit WINTER20", "up to 30% with code SAVE30": a percent a code gives, as a
  // code's noun or its shape says.
  [PERCENT_WITH_CODE, (m) => (m[3] === undefined || BARE_CODE.test(m[3]) ? savedPercent(m[1], m[2]!) : null)],
  // "Get up to $300 off", "savings of up to $200": the most a saving can be; "$20 off every $100 you spend" repeats.
  [new RegExp(`\\b(?:${UP_TO})\\s+(${MONEY})\\s+off\\b|\\bsavings\\s+of\\s+up\\s+to\\s+(${MONEY})`, "i"), (m) => `up to ${money((m[1] ?? m[2])!)} off`],
  [new RegExp(`(?:(${MONEY})\\s+off|${SAVE_VERB}\\s+(${MONEY}))\\s+(?:for\\s+)?(?:every|each)\\s+(${MONEY})`, "i"), (m) => `${money((m[1] ?? m[2])!)} off every ${money(m[3]!)}`],
  [new RegExp(`(${MONEY}) off\\b`, "i"), (m) => `${money(m[1]!)} off`],
  // "Sparen Sie 15 %", "économisez jusqu'à 20 %".
  [new RegExp(SAVED_PERCENT, "i"), (m) => savedPercent(m[1], m[2]!)],
  // "Der letzte Tag, um 25 % mit LETZT25 zu sparen": German puts the verb last.
  [/\b(\d{1,2})\s?%[^.\n%]{0,40}?\bzu\s+sparen\b/i, (m) => `${m[1]}% off`],
  // A voucher for an amount is that amount off: "a $10 voucher", "Gutschein über 10 €", "bon d'achat de 15 €", "cupón de
  // 10 €", "buono sconto da 10 €", "tegoedbon van € 10", "cupom de R$ 20", "10 € de regalo"; not one bought or given
  // as a present ("Verschenke einen 50 € Gutschein").
  [
    new RegExp(
      `(?:\\b(?:${VOUCHER_NOUNS})\\s+(?:über|de|da|di|van|of|worth|im wert von|d'une valeur de|por valor de|del valore di|ter waarde van|no valor de)\\s+(${MONEY})|(${MONEY})\\s*-?\\s*(?:(?:${VOUCHER_NOUNS})\\b|(?:de|di|in) regalo\\b|de presente\\b))(?:[^.\\n]{0,30}?${MINIMUM_FROM}\\s+(${MONEY}))?`,
      "i",
    ),
    (m) => (GIVING.test(m.input.slice(Math.max(0, m.index - GIVING_CHARS), m.index)) ? null : `${money((m[1] ?? m[2])!)} off${m[3] ? ` ${money(m[3])}` : ""}`),
  ],
  // Other languages: "10 € Rabatt ab 50 €", "10 € offerts dès 50 €", "€10 korting", "R$ 30 de desconto", "10 € günstiger";
  // not a price reduced to an amount ("auf 30 € reduziert").
  [
    new RegExp(`(?<!\\bauf\\s?)(${MONEY})\\s?(?:${OFF_WORDS})(?![\\wà-ÿ])(?:[^.\\n]{0,30}?${MINIMUM_FROM}\\s+(${MONEY}))?`, "i"),
    (m) => (m[2] ? `${money(m[1]!)} off ${money(m[2])}` : `${money(m[1]!)} off`),
  ],
  // "Save up to $500", "Spare bis zu 100 €": the most a saving can be.
  [new RegExp(`${SAVE_VERB}\\s+(?:${UP_TO})\\s+(${MONEY})`, "i"), (m) => `up to ${money(m[1]!)} off`],
  // "Spend $50, save $10": the spend first (after "save up to $80", which tiers of them are headlined by).
  [new RegExp(`\\bspend\\s+(${MONEY})\\+?,?\\s+(?:and\\s+)?(?:get|save|take)\\s+(${MONEY})`, "i"), (m) => `${money(m[2]!)} off ${money(m[1]!)}`],
  // "Save $15 on orders over $75", "Ahorra 10 €": an amount saved is an amount off; not a product's price cut after its
  // price ("Now €42.14 Save €5.62").
  [
    new RegExp(`(?<!${MONEY}[^\\n]{0,40})${SAVE_VERB}\\s+(?:an?\\s+)?(?:extra\\s+|additional\\s+)?(${MONEY})(?:[^.\\n]{0,40}?\\b(?:orders?|purchases?|spend)\\s+(?:of\\s+|over\\s+|above\\s+)*(${MONEY}))?`, "i"),
    (m) => (m[2] ? `${money(m[1]!)} off ${money(m[2])}` : `${money(m[1]!)} off`),
  ],
  [/\b(?:bogo|buy (?:one|1|any)\b[^.\n]{0,40}?\bget (?:one|1|the second(?: one)?|another|a second)\b[^.\n]{0,30}?\b(?:free|on us)|buy one,? get one|buy 1,? get 1)\b/i, () => "buy one, get one free"],
  [/\bbuy (\d+|two|three),? get (\d+|one|two)(?: free)?\b/i, (m) => `buy ${m[1]!.toLowerCase()}, get ${m[2]!.toLowerCase()} free`],
  // "3 for 2", "2x1", "3 für 2": so many for the price of fewer.
  [TAKE_FOR_PAID, (m) => itemsFree(Number(m[1]), Number(m[2]))],
  // "Prendi 3, paghi 2", "Leve 3, pague 2", "Nimm 3, zahl 2", "3 halen, 2 betalen", "1+1 gratis", "2 achetés = 1 offert".
  [
    /\b(?:(?:prendi|leve|nimm|llévate|lleva|neem|take)\s+([2-5]),?\s+(?:paghi|pague|zahl\w*|paga|betaal|pay)\s+([1-4])|([2-5])\s+halen,?\s+([1-4])\s+betalen)\b/i,
    (m) => itemsFree(Number(m[1] ?? m[3]), Number(m[2] ?? m[4])),
  ],
  [
    /\b([1-4])\s?(?:\+\s?|achet[ée]e?s?\s*[=,+]\s*)([1-3])\s+(?:free|gratis|grátis|offert\w*|gratuit\w*)(?![a-zà-ÿ])/i,
    (m) => itemsFree(Number(m[1]) + Number(m[2]), Number(m[1])),
  ],
  // "Your first month for $1": an introductory price.
  [new RegExp(`\\b(?:your\\s+)?first (month|week|box|year|order|lesson|class|ride)\\s+(?:for|at)\\s+(?:just\\s+|only\\s+)?(${MONEY})`, "i"), (m) => `first ${m[1]!.toLowerCase()} for ${money(m[2]!)}`],
  // "Get 3 months for $1", "$5 for 3 months of Premium", "3 Monate für 1 €", "3 mois pour 1 €": a price for a span.
  [
    new RegExp(
      `\\b(\\d{1,2})\\s+(months?|weeks?|monate?n?|mois|meses|mesi|maanden|weken|wochen|semaines|semanas|settimane)\\s+(?:of\\s+[\\w+' -]{1,25}?\\s+)?(?:for|at|für|pour|por|a|per|voor)\\s+(?:just\\s+|only\\s+|nur\\s+|seulement\\s+|s[óo]lo\\s+|apenas\\s+|slechts\\s+)?(${MONEY})(?!\\s*(?:\\/|per\\b|a\\s+month))|(${MONEY})\\s+for\\s+(\\d{1,2})\\s+(months?|weeks?)\\b`,
      "i",
    ),
    (m) => spanPrice(Number(m[1] ?? m[5]), (m[2] ?? m[6])!, (m[3] ?? m[4])!),
  ],
  // "Spend $100, get a $20 gift card", "Get a $25 gift card when you spend $150": money to spend later, for a spend now.
  [
    new RegExp(
      `\\b(?:get|got|receive[ds]?|earn(?:ed)?|score[ds]?|enjoy)\\s+(?:an?\\s+)?(?:bonus\\s+|free\\s+)?(${MONEY})\\s+(?:e-?)?(gift\\s*card|gift\\s+certificate|reward|bonus\\s+card)\\b(?!\\s+for\\s+(?:only\\s+|just\\s+)?${MONEY})`,
      "i",
    ),
    (m, text) => {
      const spend = REWARD_SPEND.exec(text);
      const reward = `${money(m[1]!)} ${m[2]!.toLowerCase().replace(/\s+/g, " ").replace("giftcard", "gift card")}`;
      return spend ? `${reward} with ${money((spend[1] ?? spend[2])!)} purchase` : reward;
    },
  ],
  // "2 for $30", "any 3 for €20": a price for several.
  [new RegExp(`\\b(\\d)\\s+for\\s+(${MONEY})`, "i"), (m) => `${m[1]} for ${money(m[2]!)}`],
  [new RegExp(`(?<!-)\\bfree (?:\\d+-piece )?gift\\b[^.\\n]{0,40}?(${MONEY})`, "i"), (m) => `free gift with ${money(m[1]!)} purchase`],
  [new RegExp(`\\bspend (${MONEY})[^.\\n]{0,60}?(?<!-)\\bfree\\b`, "i"), (m) => `free gift with ${money(m[1]!)} purchase`],
  // Other languages: "Gratis-Geschenk ab 50 €", "cadeau offert dès 50 €", "regalo gratis a partir de 50 €".
  [
    new RegExp(`\\b(?:${GIFT_WORDS})\\b(?:[^.\\n]{0,40}?${MINIMUM_FROM}\\s+(${MONEY}))?`, "i"),
    (m) => (m[1] ? `free gift with ${money(m[1])} purchase` : "free gift"),
  ],
  [new RegExp(`(${MONEY}) bonus\\b`, "i"), (m) => `${money(m[1]!)} bonus`],
  [/\b(\d{1,3}(?:,\d{3})+|\d+k) bonus (miles|points)\b/i, (m) => `${m[1]} bonus ${m[2]!.toLowerCase()}`],
  [/\bhalf[- ](?:off|price)\b|\b50% off\b/i, () => "50% off"],
  [new RegExp(`(${MONEY}) statement credit`, "i"), (m) => `${money(m[1]!)} statement credit`],
  [/\b(\d{1,2}(?:\.\d+)?)% intro(?:ductory)? apr\b/i, (m) => `${m[1]}% intro APR`],
  [/(?<!-)\bfree\s+(?:[\w-]+\s+){0,3}(?:gift(?!\s+(?:subscriptions?|cards?|certificates?))|kit|set|tote|samples?)\b/i, (_m, text) => {
    const spend = SPEND.exec(text);
    return spend ? `free gift with ${money(spend[1]!)} purchase` : "free gift";
  }],
  [new RegExp(FREE_SHIPPING_OVER, "i"), (m) => `free shipping over ${money(m[1]!)}`],
  [new RegExp(`(?<!-)\\bfree (?:${SHIPPING_SPEED})?shipping\\b`, "i"), () => "free shipping"],
  // Other languages: "Kostenloser Versand ab 50 €", "Livraison gratuite dès 50 €", "Envío gratis en pedidos superiores a
  // 50 €", "Spedizione gratuita da 50 €", "Gratis verzending vanaf € 50", "Frete grátis acima de R$ 199".
  [
    new RegExp(
      `\\b(?:${FREE_SHIPPING_ABROAD})(?![a-zà-ÿ])(?:[^.\\n]{0,40}?(?:(?:${MINIMUM_FROM}|${WORD_START}(?:über|superiores? a|superiori? a|sopra|oltre|boven))\\s+)(${MONEY}))?`,
      "i",
    ),
    (m) => (m[1] ? `free shipping over ${money(m[1])}` : "free shipping"),
  ],
  [new RegExp(`\\b(fares?|flights?|rooms?|rates?|stays?|tickets?|nights?) (?:from|starting at|as low as) (${MONEY})`, "i"), (m) => `${m[1]!.toLowerCase()} from ${money(m[2]!)}`],
  // "Your free trial is ending" reminds of a trial already taken; it offers nothing.
  [
    new RegExp(`(?<!-)\\bfree (?:${SHIPPING_SPEED})?(appetizers?|desserts?|drinks?|entr[ée]es?|meals?|coffees?|trial(?! (?:is|ends?|expires?|will|has)\\b)|months?|nights?|upgrades?|delivery)\\b`, "i"),
    (m) => `free ${m[1]!.toLowerCase()}`,
  ],
  // "First month free", "your first box is on us".
  [/\b(?:your\s+)?first\s+(month|week|box|year|class|lesson)\s+(?:is\s+)?(?:free|on us)\b/i, (m) => `free first ${m[1]!.toLowerCase()}`],
];

/** A percent written out, in each language we read: "20 percent", "20 Prozent", "20 pour cent", "20 por ciento". */
const PERCENT_WORD = /(\d)\s?(?:percent|per\s?cent|pct\.?|prozent|pour\s?cent|por\s?ciento|per\s?cento|procent|por\s?cento)(?![\wà-ÿ])/gi;
const MAY_SPELL_PERCENT = /\d\s?p/i;

/** An English number in words before "percent" ("twenty percent", "twenty-five per cent"), as figures. */
const TENS: Readonly<Record<string, number>> = { ten: 10, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const UNITS: Readonly<Record<string, number>> = { five: 5, fifteen: 15 };
const PERCENT_IN_WORDS = /\b(?:(ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](five))?|(five|fifteen))\s+per\s?cent\b/gi;
const MAY_SPELL_PERCENT_IN_WORDS = /per\s?cent/i;

/**
 * The text with every written-out percent as a sign ("20 percent off", "twenty percent off" are "20% off"), for the
 * readers of savings.
 */
export function withPercentSigns(text: string): string {
  let signed = MAY_SPELL_PERCENT.test(text) ? text.replace(PERCENT_WORD, "$1%") : text;
  if (MAY_SPELL_PERCENT_IN_WORDS.test(signed)) {
    signed = signed.replace(PERCENT_IN_WORDS, (_match, tens: string | undefined, five: string | undefined, alone: string | undefined) =>
      `${tens ? TENS[tens.toLowerCase()]! + (five ? 5 : 0) : UNITS[alone!.toLowerCase()]!}%`,
    );
  }
  return signed;
}

/** The first benefit stated in the most prominent text (subject first, then the body). */
export function findDiscount(...written: string[]): string | null {
  const texts = written.map(withPercentSigns);
  const all = texts.join("\n");
  for (const [pattern, format] of RULES) {
    for (const text of texts) {
      const match = pattern.exec(text);
      const written = match ? format(match, all) : null;
      if (written !== null) return written;
    }
  }
  return null;
}

/** "Excludes gift cards and sale items": to the sentence's end, decimals ("$4.95") and abbreviations ("e.g.") kept whole. */
/**
 * Words that open an exclusion list, in each language we read: "Excludes", "Ausgenommen", "Hors" (not "hors taxes" or
 * "hors frais de port", which qualify a price), "Excepto", "Escluse", "Uitgezonderd", "Exceto".
 */
const EXCLUSION_WORDS =
  "[Ee]xcludes?|EXCLUDES?|[Aa]usgenommen|[Aa]usgeschlossen sind|[Gg]ilt nicht für|[Hh]ors(?! (?:taxes?|TVA|frais|de\\b|ligne|série))|[Ee]xcepto|[Ee]xcluye|[Ee]xcluid[oa]s|[Ee]sclus[oaie]|[Ee]sclude|[Aa]d eccezione d[ie]|[Uu]itgezonderd|[Gg]eldt niet voor|[Ee]xceto|[Ee]xclui";
const EXCLUSION = new RegExp(`(?:\\b(?:${EXCLUSION_WORDS})(?![a-zà-ÿ])|[Àà](?<![a-zà-ÿ][Àà]) l'exception d(?:es?|u|'))(?:[^.!?\\n]|\\.(?=\\d|[a-z]\\.|\\s[a-z]))*`);
const EXCLUSION_LIMIT = 120;

/** An exclusion list cut to a readable length, ending on a whole word and without an unclosed bracket. */
function exclusionTerm(match: RegExpExecArray): string {
  let text = match[0].replace(/\s+/g, " ").trim();
  if (text.length > EXCLUSION_LIMIT) text = text.slice(0, text.lastIndexOf(" ", EXCLUSION_LIMIT));
  const open = text.lastIndexOf("(");
  if (open > text.lastIndexOf(")")) text = text.slice(0, open);
  const trimmed = text.replace(/[\s,;:(–—-]+$/, "");
  // Capitalised as a sentence starts, an accented first letter too ("à l'exception de" is "À l'exception de").
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Free delivery shortly before a minimum: the minimum is the delivery's ("Livraison offerte dès 80 € d'achat"), not the offer's. */
const FREE_DELIVERY_BEFORE = `(?:${SHIPPING_WORDS})[^.\\n]{0,30}`;

/**
 * The least an order must come to, as mails state it in each language we read: "on orders of $50 or more", "orders over
 * $50", "Minimum purchase of $50", "Min. spend: $80", "$75 minimum purchase", "Mindestbestellwert 50 €", "ab einem
 * Bestellwert von 50 €", "dès 50 € d'achat", "commande minimum de 50 €", "pedido mínimo de 50 €", "spesa minima di 50 €",
 * "minimale bestelwaarde van € 50", "compra mínima de R$ 100". Each alternative starts with a word and captures the
 * amount once; whether the minimum is a delivery's is checked on each match (minimumSpendTerm), not at every position.
 */
const MINIMUM_SPEND = new RegExp(
  [
    `\\b(?:orders?|purchases?|subtotal|spend)\\s+(?:of\\s+)?(?:over\\s+)?(${MONEY})\\s*(?:\\+|or more)`,
    `\\b(?:orders?|purchases?)\\s+(?:of\\s+)?(?:over|above)\\s+(${MONEY})`,
    `\\bmin(?:imum|\\.)?\\s+(?:spend|purchase|order|basket|cart|subtotal)(?:\\s+(?:value|amount|total))?(?:\\s+(?:of|is))?\\s*:?\\s*(${MONEY})`,
    `\\bmindest(?:bestell|einkaufs|waren)wert(?:\\s+von)?\\s+(${MONEY})`,
    `\\bab\\s+${GERMAN_ORDER_OF}\\s+(${MONEY})`,
    `${MINIMUM_FROM}\\s+(${MONEY})\\s*(?:bestellwert|einkaufswert|warenwert|d'achats?|de compra|di spesa|bestelwaarde|em compras)`,
    `\\b(?:commande|achat|pedido|compra|importe|spesa|ordine|acquisto)\\s+m[íi]nim(?:[oa]|um)\\s+(?:(?:de|di)\\s+)?(${MONEY})`,
    `\\b(?:minimum|montant\\s+minimum|valor\\s+m[íi]nimo|importe\\s+m[íi]nimo)\\s+(?:d'achat|de\\s+commande|de\\s+compra)\\s+(?:de\\s+)?(${MONEY})`,
    `\\b(?:minimale|minimum)\\s+(?:bestelwaarde|bestelbedrag|aankoopbedrag)\\s+(?:van\\s+)?(${MONEY})`,
  ].join("|"),
  "gi",
);
/** "$75 minimum purchase": the words after the amount, which is then read right before them. */
const MINIMUM_AFTER_AMOUNT = /\bmin(?:imum|\.)?\s+(?:spend|purchase|order)\b/gi;
const AMOUNT_BEFORE = new RegExp(`(${MONEY})\\s+$`, "i");
/** Free delivery just before a minimum, or just after it ("orders over $49 ship free"): the minimum is the delivery's. */
const DELIVERY_BEFORE = new RegExp(`${FREE_DELIVERY_BEFORE}$`, "i");
const DELIVERY_AFTER = new RegExp(`^[^.\\n]{0,20}?(?:\\bships?\\s+free\\b|\\bfree\\s+(?:${SHIPPING_SPEED})?(?:shipping|delivery)\\b|${FREE_SHIPPING_ABROAD})`, "i");
/** How far before a minimum its delivery words may stand. */
const DELIVERY_CHARS = 60;

/** The deal's minimum spend, the first the text states that is not a delivery's: "Minimum spend €75". */
function minimumSpendTerm(text: string): string | null {
  const found: Array<{ index: number; end: number; amount: string }> = [];
  for (const match of matchesOf(MINIMUM_SPEND, text)) {
    found.push({ index: match.index, end: match.index + match[0].length, amount: match.slice(1).find((amount) => amount !== undefined)! });
  }
  for (const match of matchesOf(MINIMUM_AFTER_AMOUNT, text)) {
    const amount = AMOUNT_BEFORE.exec(text.slice(Math.max(0, match.index - 20), match.index));
    if (amount) found.push({ index: match.index - amount[0].length, end: match.index + match[0].length, amount: amount[1]! });
  }
  const minimum = found
    .sort((a, b) => a.index - b.index)
    .find(({ index, end }) => !DELIVERY_BEFORE.test(text.slice(Math.max(0, index - DELIVERY_CHARS), index)) && !DELIVERY_AFTER.test(text.slice(end)));
  return minimum ? `Minimum spend ${money(minimum.amount)}` : null;
}

/** Who or what a "one per" term counts, in English, by the first four letters of its word in each language we read. */
const PER_WHOM: Readonly<Record<string, string>> = {
  haus: "household", foye: "household", hoga: "household", fami: "household", huis: "household",
  best: "order", comm: "order", pedi: "order", ordi: "order",
};

const TERM_RULES: ReadonlyArray<[RegExp, string | ((match: RegExpExecArray) => string)]> = [
  // Each also as the other languages we read write it; the term is the dashboard's English either way.
  [/\bnew (?:customers?|subscribers?|members?|accounts?)(?: only)?\b|\b(?:neukund\w*|nouveaux clients|nuevos clientes|nuovi clienti|nieuwe klanten|novos clientes)\b/i, "New customers only"],
  [/\bfirst (?:order|purchase|box)\b|\b(?:erste[nr]? bestellung|premi[èe]re commande|primer pedido|primera compra|primo ordine|eerste bestelling|primeira compra)\b/i, "First order only"],
  [/\b(?:for )?members only\b|\bexclusive(?:ly)? for members\b/i, "Members only"],
  [/\bonline only\b|\b(?:nur online|uniquement en ligne|s[óo]lo online|alleen online|apenas online|exclusivamente online)\b/i, "Online only"],
  [/\bin[- ]store only\b/i, "In store only"],
  [/\bonline and in(?: our)? (?:stores?|boutiques?)\b|\bin store and online\b/i, "Online and in store"],
  [/\bone (use|code|coupon|redemption) per (customer|order|visit|account|person|household)\b/i, (m) => `One ${m[1]!.toLowerCase()} per ${m[2]!.toLowerCase()}`],
  [/\blimit(?:ed to)? one per (customer|person|household|order)\b/i, (m) => `One per ${m[1]!.toLowerCase()}`],
  // The same in the other languages we read: "Einmal pro Kunde", "Une fois par client", "Un code par client", "Una vez
  // por pedido", "Eenmalig per klant", "Um cupom por cliente".
  [
    /(?:\b(?:(?:nur )?einmal(?:ig)?|une (?:seule )?fois|una (?:sola )?(?:vez|volta)|eenmalig|uma (?:única )?vez|(ein(?:en)? (?:code|gutschein)|un (?:code|coupon|bon|c[óo]digo|cup[óo]n|codice|buono)|um (?:c[óo]digo|cupom)))|één(?<![a-zà-ÿ]één) (?:keer|(code|kortingscode)))\s+(?:pro|je|par|por|per)\s+(kund(?:e|in|en)|client[ea]?|klant|haushalt|foyer|hogar|famiglia|huishouden|bestellung|commande|pedido|ordine|bestelling)(?![a-zà-ÿ])/i,
    (m) => `One ${m[1] || m[2] ? "code" : "use"} per ${PER_WHOM[m[3]!.toLowerCase().slice(0, 4)] ?? "customer"}`,
  ],
  [/\bsingle[- ]use\b/i, "Single use"],
  [/\b(?:cannot|can't|can ?not|may not) be (?:combined|used|stacked) with (?:any )?other (?:offers?|promotions?|codes?|coupons?|discounts?)|\bnot (?:valid|combinable|stackable) with (?:any )?other (?:offers?|promotions?|codes?|coupons?|discounts?)|\b(?:nicht kombinierbar|non cumulable|no acumulable|non cumulabile|niet combineerbaar|n[ãa]o cumulativ[oa])/i, "Cannot be combined with other offers"],
  [/\bfull[- ]price (?:items|styles|merchandise) only\b|\bnot valid on sale (?:items|styles)\b/i, "Full-price items only"],
  [/\bwhile supplies last\b|\b(?:solange der vorrat reicht|dans la limite des stocks|hasta agotar (?:existencias|stock)|fino ad esaurimento scorte|zolang de voorraad strekt|enquanto durarem os estoques)\b/i, "While supplies last"],
  [EXCLUSION, exclusionTerm],
];

export function findTerms(text: string): string[] {
  const minimum = minimumSpendTerm(text);
  const terms: string[] = minimum ? [minimum] : [];
  for (const [pattern, term] of TERM_RULES) {
    const match = pattern.exec(text);
    if (match) terms.push(typeof term === "string" ? term : term(match));
  }
  return terms;
}
