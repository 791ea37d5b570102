import { matchesOf } from "./patternMatches";

/**
 * Amounts as shops print them, on checkout pages (the extension) and in their mails (a deal's was/now prices):
 * "$1,234.56", "1.234,56 €", "£12", "CHF 1'299.00", "¥3,000". Amounts are kept in hundredths of the currency's unit
 * (a yen amount too), so that comparing or adding two amounts never meets a rounding error.
 */
const AMOUNT = /(\d{1,3}(?:[.,'\u2019 ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)/;

/**
 * A currency sign: a symbol, with the letters some shops put before it (US$, R$, HK$); an ISO code (CHF, EUR); or one
 * of the local signs written in letters.
 */
const SIGN = String.raw`[A-Z]{0,3}\p{Sc}|[A-Z]{3}|kr|zł|Kč|Ft`;
// Only a sign touching the figure, or one space away, counts, and never letters cut out of a word ("Total", "TOTAL").
const SIGN_BEFORE = new RegExp(String.raw`(?<!\p{L})(?:${SIGN}) ?$`, "u");
const SIGN_AFTER = new RegExp(String.raw`^ ?(?:${SIGN})(?!\p{L})`, "u");

/** How a shop writes money, as its own total shows it: "CHF 1'299.00" is prefix "CHF ", "'" and ".". */
export interface MoneyNotation {
  prefix: string;
  suffix: string;
  decimalMark: string;
  /** The thousands separator the total used; "" when it showed none, since a guess could be another country's. */
  groupMark: string;
}

/** An amount read from a page, and how the page wrote it; no notation when it showed no currency sign. */
export interface Amount {
  hundredths: number;
  notation: MoneyNotation | null;
}

/** The first amount in a text, or null when it has none. */
export function parseAmount(text: string): Amount | null {
  const spaced = text.replace(/\s+/g, " ");
  const match = AMOUNT.exec(spaced);
  if (!match) return null;
  const raw = match[1]!;
  const { value, wholeText, decimals } = figureOf(raw);
  if (!Number.isFinite(value)) return null;
  const prefix = SIGN_BEFORE.exec(spaced.slice(0, match.index))?.[0] ?? "";
  const suffix = SIGN_AFTER.exec(spaced.slice(match.index + raw.length))?.[0] ?? "";
  if (!prefix && !suffix) return { hundredths: value, notation: null };
  const groupMark = /\D/.exec(wholeText)?.[0] ?? "";
  // "£12" shows no decimal mark: the one that goes with its thousands separator, else the point.
  const decimalMark = decimals?.[1] ?? (groupMark === "." ? "," : ".");
  return { hundredths: value, notation: { prefix, suffix, decimalMark, groupMark } };
}

/** A figure as written ("1.234,56") in hundredths, with its whole part and its decimals as written. */
function figureOf(raw: string) {
  const decimals = /([.,])(\d{1,2})$/.exec(raw);
  const wholeText = decimals ? raw.slice(0, -decimals[0].length) : raw;
  const value = Number(wholeText.replace(/\D/g, "")) * 100 + Number((decimals?.[2] ?? "").padEnd(2, "0"));
  return { value, wholeText, decimals };
}

/** Hundredths as the shop writes money ("$12.50", "12,50 €"), or a plain figure ("12.50") when its total had no sign. */
export function formatAmount(hundredths: number, notation: MoneyNotation | null): string {
  const figure = (hundredths / 100).toFixed(2);
  if (!notation) return figure;
  const [whole, fraction] = figure.split(".") as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, notation.groupMark);
  return `${notation.prefix}${grouped}${notation.decimalMark}${fraction}${notation.suffix}`;
}

/** As `formatAmount`, but a whole amount without its cents ("$50", "50 €"), as shops write thresholds. */
export function formatRoundAmount(hundredths: number, notation: MoneyNotation | null): string {
  const full = formatAmount(hundredths, notation);
  if (hundredths % 100 !== 0) return full;
  const cents = `${notation?.decimalMark ?? "."}00`;
  const at = full.lastIndexOf(cents);
  return full.slice(0, at) + full.slice(at + cents.length);
}

/**
 * The ISO 4217 currency a sign stands for, as mails to this product's people write it: "$" alone is the US dollar,
 * "US$", "C$"/"CA$", "A$"/"AU$", "NZ$", "HK$", "S$" and "R$" their own dollars and real; an ISO code as itself. Signs
 * several currencies share ("kr": Swedish, Norwegian, Danish) name none.
 */
const SIGN_CURRENCIES: Readonly<Record<string, string>> = {
  $: "USD", US$: "USD", C$: "CAD", CA$: "CAD", CAN$: "CAD", A$: "AUD", AU$: "AUD", AUD$: "AUD", NZ$: "NZD", HK$: "HKD",
  S$: "SGD", R$: "BRL", MX$: "MXN", "€": "EUR", "£": "GBP", "¥": "JPY", "￥": "JPY", "₹": "INR", "₩": "KRW", "₪": "ILS",
  "₺": "TRY", "₱": "PHP", "₫": "VND", "฿": "THB", "₦": "NGN", "₴": "UAH", "₽": "RUB", "zł": "PLN", Kč: "CZK", Ft: "HUF",
};

/** The currencies a person may record a saving in: ISO 4217 codes, three capital letters. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The ISO currency of a sign ("US$", "€", "CHF"); null for a sign several currencies share, or none. */
export function currencyOfSign(sign: string): string | null {
  const trimmed = sign.trim();
  return SIGN_CURRENCIES[trimmed] ?? (isCurrencyCode(trimmed) ? trimmed : null);
}

let currencyCodes: ReadonlySet<string> | null = null;

/** Whether text is a currency's ISO 4217 code that this runtime knows ("EUR", "CHF"; not "WAS", "NOW"). */
export function isCurrencyCode(text: string): boolean {
  if (!CURRENCY_CODE.test(text)) return false;
  currencyCodes ??= new Set(Intl.supportedValuesOf("currency"));
  return currencyCodes.has(text);
}

/** An amount of a known currency, in hundredths of its unit. */
export interface Money {
  hundredths: number;
  currency: string;
}

/** A signed amount found in a text, where it stands, and as it was written ("£20.00"). */
export interface MoneyInText extends Money {
  index: number;
  text: string;
}

/** The figure of AMOUNT, without its group, for patterns that name their own. */
const FIGURE = AMOUNT.source.slice(1, -1);
/** A sign before the figure, or after it; never a figure glued to another figure or a sign glued to a word. */
const SIGNED = new RegExp(
  String.raw`(?<!\p{L})(?<before>${SIGN}) ?(?<figureAfterSign>${FIGURE})(?![.,]?\d)|(?<![\d.,'])(?<figure>${FIGURE}) ?(?<after>${SIGN})(?!\p{L})`,
  "gu",
);

/** Two currency signs, as SIGN writes them, one after the other: every amount has its own. */
const TWO_SIGNS = /(?:\p{Sc}|[A-Z]{3}|kr|zł|Kč|Ft)[\s\S]*?(?:\p{Sc}|[A-Z]{3}|kr|zł|Kč|Ft)/u;

/** Whether a text has signs enough for two amounts: a cheap test before moneyIn for a rule that needs a pair of them. */
export const mayHoldTwoAmounts = (text: string): boolean => TWO_SIGNS.test(text);

/** The most text an amount is looked for in: a line or a sentence of a mail, never a whole document. */
const MONEY_TEXT_CHARS = 2_000;

/**
 * Every amount in a text that carries a currency sign of a known currency ("$35.99", "1.234,56 €", "CHF 1'299.00"),
 * in order. A bare figure ("35.99") is no amount of money here: it could be anything; so is one whose letters are no
 * currency ("WAS 60" is not 60 of a currency WAS, but "WAS 60 EUR" is 60 euros).
 */
export function moneyIn(text: string): MoneyInText[] {
  const spaced = text.slice(0, MONEY_TEXT_CHARS).replace(/\s/g, " ");
  const found: MoneyInText[] = [];
  for (const match of matchesOf(SIGNED, spaced)) {
    const groups = match.groups!;
    const raw = groups.figureAfterSign ?? groups.figure!;
    let currency = currencyOfSign(groups.before ?? groups.after!);
    let length = match[0].length;
    if (currency === null && groups.before !== undefined) {
      // "WAS 60 EUR": the letters before were a word, the sign is after.
      const after = SIGN_AFTER.exec(spaced.slice(match.index + match[0].length));
      currency = after ? currencyOfSign(after[0]) : null;
      length += after?.[0].length ?? 0;
    }
    const { value } = figureOf(raw);
    if (currency === null || !Number.isSafeInteger(value)) continue;
    const start = groups.before !== undefined && currencyOfSign(groups.before) === null ? match.index + match[0].indexOf(raw) : match.index;
    found.push({ hundredths: value, currency, index: start, text: spaced.slice(start, match.index + length).trim() });
  }
  return found;
}

/** One formatter per currency: building one costs far more than using it. */
const moneyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount as this product writes it, the same in the browser, the emails and the server: "$24.00", "€1,234.56",
 * "¥3,000", "CA$12.00", "CHF 1,299.00" (English notation whatever the shop's, so a card's figures read alike).
 */
export function formatMoney({ hundredths, currency }: Money): string {
  let formatter = moneyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency, currencyDisplay: "symbol" });
    moneyFormatters.set(currency, formatter);
  }
  return formatter.format(hundredths / 100);
}
