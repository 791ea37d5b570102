import { formatMoney, mayHoldTwoAmounts, moneyIn, type Money, type MoneyInText } from "./money";

/**
 * What a mail says the offer costs now and cost before ("$35.99 instead of $59.99"), in hundredths of one currency:
 * the card's price line and the saving "Used it" suggests. Always `was` above `now`, both above nothing.
 */
export interface DealPrice {
  currency: string;
  nowHundredths: number;
  wasHundredths: number;
}

/** The largest price kept, in hundredths: as large as a recorded saving may be (savings.ts). */
export const MAX_PRICE_HUNDREDTHS = 100_000_000;

/** A price as stored and sent, or null when it breaks a rule (a sender's markup says anything). */
export function validPrice(price: DealPrice): DealPrice | null {
  const { nowHundredths: now, wasHundredths: was } = price;
  const whole = (value: number) => Number.isSafeInteger(value) && value > 0 && value <= MAX_PRICE_HUNDREDTHS;
  return whole(now) && whole(was) && was > now && /^[A-Z]{3}$/.test(price.currency) ? price : null;
}

/** What the price saves: was − now. */
export const priceSaving = (price: DealPrice): Money => ({ hundredths: price.wasHundredths - price.nowHundredths, currency: price.currency });

/** The card's price line, in parts: "$35.99", "was $59.99", "save $24.00". */
export function priceLine(price: DealPrice): { now: string; was: string; saving: string } {
  const money = (hundredths: number) => formatMoney({ hundredths, currency: price.currency });
  return { now: money(price.nowHundredths), was: money(price.wasHundredths), saving: formatMoney(priceSaving(price)) };
}

/** The same line as one sentence, for emails and screen readers: "$35.99, was $59.99: you save $24.00". */
export function priceSentence(price: DealPrice): string {
  const line = priceLine(price);
  return `${line.now}, was ${line.was}: you save ${line.saving}`;
}

// What stands before the old price, before the new one, or between them. English first, then the languages the
// extractor reads dates in.
const WAS = String.raw`was|were|reg(?:ular)?\.?(?: price)?|orig(?:inal(?:ly)?)?\.?(?: price)?|list price|compare at|rrp|msrp|retail(?: price)?|previously|before|statt|vorher|uvp|avant|prix conseillé|antes|pvp|prima|prezzo consigliato|voorheen|adviesprijs`;
const NOW = String.raw`now|sale(?: price)?|our price|today|only|just|jetzt|nur|maintenant|ahora|ora|nu`;
const NOW_WORDS = new RegExp(String.raw`(?:^|[^\p{L}])(?:${NOW})(?: only| just| nur)?\s*:?\s*$`, "iu");
const WAS_WORDS = new RegExp(String.raw`(?:^|[^\p{L}])(?:${WAS})\s*:?\s*$`, "iu");
/** Between an old price and a new one: "was $60, now $42", "Was: $60 Now: $42". */
const WAS_THEN_NOW = new RegExp(String.raw`^[\s,;:|/–—-]*(?:${NOW})(?: only| just| nur)?\s*:?\s*$`, "iu");
/** Between a new price and its old one: "Now €42 (was €60)", "$42 - was $60". */
const NOW_THEN_WAS = new RegExp(String.raw`^[\s,;:|/(\[–—-]*(?:${WAS})\s*:?\s*$`, "iu");
/** An old price in brackets after the new one, which needs no word before it: "$104 (was $148)". */
const BRACKETED_WAS = new RegExp(String.raw`^\s*[(\[]\s*(?:${WAS})\s*:?\s*$`, "iu");
/** Words that make an amount a saving, not a price: "Save $20 (was $30 off)". */
const SAVING_BEFORE = /(?:^|[^\p{L}])(?:save|saving|savings|get|take|extra|spend|earn)\s*$/iu;
const SAVING_AFTER = /^\s*(?:off|%|back|credit|discount|bonus)\b/iu;
/** "$35.99 instead of $59.99", "$42, down from $60". */
const INSTEAD_OF = /^[\s,]*(?:instead of|rather than|down from|reduced from|marked down from|statt|anstatt|au lieu de|en lugar de|en vez de|invece di|in plaats van)\s*:?\s*$/iu;
/** "reduced from $60 to $42". */
const FROM_THEN_TO = /(?:^|[^\p{L}])(?:reduced|down|marked down|cut|dropped) from\s*$/iu;
/** "van €119,99 voor €79,99", "de R$ 199,90 por R$ 129,90": the old price after "from", the new one after "for". */
const FROM_FOR_BEFORE = /(?:^|[^\p{L}])(?:van|de)\s*$/iu;
const FROM_FOR_BETWEEN = /^\s*(?:voor|por)\s*$/iu;
/** Two prices side by side, the old one struck through: nothing between them but spaces and punctuation. */
const SIDE_BY_SIDE = /^[\s|/–—-]{0,3}$/u;

/** How far before the first price its words are read ("Reg. price:"). */
const WORDS_BEFORE = 24;

function pairOf(was: MoneyInText, now: MoneyInText): DealPrice | null {
  if (was.currency !== now.currency) return null;
  return validPrice({ currency: now.currency, nowHundredths: now.hundredths, wasHundredths: was.hundredths });
}

/**
 * The was/now price one line of a mail states, or null. Only two prices of the same currency next to each other, with
 * words that say which is which ("instead of", "was ... now", "Now ... (was ...)", "reduced from ... to", "van ... voor"), or with
 * the old one struck through (its text among `struck`), and the old one higher. A single amount ("Save up to $60"),
 * a spend ("$10 off $50", "on orders over $50") or a percentage is no price.
 */
export function wasNowInLine(line: string, struck: ReadonlySet<string> = new Set()): DealPrice | null {
  // Most lines of a mail name one amount or none: reading their amounts would find no pair.
  if (!mayHoldTwoAmounts(line)) return null;
  const amounts = moneyIn(line);
  for (let index = 0; index + 1 < amounts.length; index++) {
    const first = amounts[index]!;
    const second = amounts[index + 1]!;
    const before = line.slice(Math.max(0, first.index - WORDS_BEFORE), first.index);
    const between = line.slice(first.index + first.text.length, second.index);
    const after = line.slice(second.index + second.text.length);
    if (SAVING_BEFORE.test(before) || SAVING_AFTER.test(after) || SAVING_AFTER.test(between)) continue;
    const found =
      INSTEAD_OF.test(between) ? pairOf(second, first)
      : WAS_WORDS.test(before) && WAS_THEN_NOW.test(between) ? pairOf(first, second)
      : (NOW_WORDS.test(before) && NOW_THEN_WAS.test(between)) || BRACKETED_WAS.test(between) ? pairOf(second, first)
      : FROM_THEN_TO.test(before) && /^\s*to\s*$/iu.test(between) ? pairOf(first, second)
      : FROM_FOR_BEFORE.test(before) && FROM_FOR_BETWEEN.test(between) ? pairOf(first, second)
      : SIDE_BY_SIDE.test(between) && struck.has(first.text) !== struck.has(second.text) ? (struck.has(first.text) ? pairOf(first, second) : pairOf(second, first))
      : null;
    if (found) return found;
  }
  return null;
}

const samePrice = (a: DealPrice, b: DealPrice) => a.currency === b.currency && a.nowHundredths === b.nowHundredths && a.wasHundredths === b.wasHundredths;

/**
 * The deal's was/now price from a mail's headline (subject, preheader) and body lines. The headline's wins; the body's
 * counts only when it states one price (repeated or not): a mail of many products at many prices is a catalogue, whose
 * first product is not the deal.
 */
export function wasNowOfMail(headline: readonly string[], body: readonly string[], struck: ReadonlySet<string> = new Set()): DealPrice | null {
  for (const line of headline) {
    const price = wasNowInLine(line, struck);
    if (price) return price;
  }
  let found: DealPrice | null = null;
  for (const line of body) {
    const price = wasNowInLine(line, struck);
    if (!price) continue;
    if (found && !samePrice(found, price)) return null;
    found = price;
  }
  return found;
}

/** A stated amount off ("$10 off", "$10 off $50"): its amount is what using the deal saves. */
const AMOUNT_OFF = /^\s*(\S+(?: \S+)?)\s+off\b/iu;

/**
 * What using a deal would save, as "Used it" suggests it: the price's was − now, else an amount off the headline
 * discount states ("$10 off", "$10 off $50" saves $10). Null when the mail states neither (a percentage, free shipping).
 */
export function suggestedSaving(deal: { price?: DealPrice | undefined; discount: string | null }): Money | null {
  if (deal.price) return priceSaving(deal.price);
  const off = deal.discount ? AMOUNT_OFF.exec(deal.discount) : null;
  const [amount] = off ? moneyIn(off[1]!) : [];
  return amount && amount.hundredths > 0 ? { hundredths: amount.hundredths, currency: amount.currency } : null;
}
