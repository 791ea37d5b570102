/**
 * Amounts as checkout pages print them: "$1,234.56", "1.234,56 €", "£12", "CHF 1'299.00". Amounts are kept in
 * hundredths so that comparing two totals never meets a rounding error.
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
  const decimals = /([.,])(\d{1,2})$/.exec(raw);
  const wholeText = decimals ? raw.slice(0, -decimals[0].length) : raw;
  const value = Number(wholeText.replace(/\D/g, "")) * 100 + Number((decimals?.[2] ?? "").padEnd(2, "0"));
  if (!Number.isFinite(value)) return null;
  const prefix = SIGN_BEFORE.exec(spaced.slice(0, match.index))?.[0] ?? "";
  const suffix = SIGN_AFTER.exec(spaced.slice(match.index + raw.length))?.[0] ?? "";
  if (!prefix && !suffix) return { hundredths: value, notation: null };
  const groupMark = /\D/.exec(wholeText)?.[0] ?? "";
  // "£12" shows no decimal mark: the one that goes with its thousands separator, else the point.
  const decimalMark = decimals?.[1] ?? (groupMark === "." ? "," : ".");
  return { hundredths: value, notation: { prefix, suffix, decimalMark, groupMark } };
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
