/**
 * Amounts as checkout pages print them: "$1,234.56", "1.234,56 €", "£12", "CHF 1'299.00". Amounts are kept in
 * hundredths so that comparing two totals never meets a rounding error.
 */
const AMOUNT = /(\d{1,3}(?:[.,'\u00a0 ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)/;

/** The first amount in a text, in hundredths, or null when it has none. */
export function parseAmount(text: string): number | null {
  const match = AMOUNT.exec(text.replace(/\s+/g, " "));
  if (!match) return null;
  const raw = match[1]!;
  const decimals = /[.,](\d{1,2})$/.exec(raw);
  const whole = (decimals ? raw.slice(0, -decimals[0].length) : raw).replace(/[.,'\u00a0 ]/g, "");
  const fraction = decimals ? decimals[1]!.padEnd(2, "0") : "00";
  const value = Number(whole) * 100 + Number(fraction);
  return Number.isFinite(value) ? value : null;
}

/** Hundredths as a plain figure for the panel ("12.50"); the shop's currency sign is not ours to guess. */
export function formatAmount(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}
