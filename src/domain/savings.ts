import { dayIn } from "./calendarDay";
import { formatMoney, isCurrencyCode, parseAmount, type Money } from "./money";

/**
 * What a person said a used deal saved them (docs/product.md, "Savings"): theirs alone, in hundredths of the currency
 * they wrote it in, and when they said it (ISO 8601).
 */
export interface RecordedSaving extends Money {
  at: string;
}

/** The largest saving a person may record, in hundredths: a million of any currency (migration 019's cap). */
export const MAX_SAVED_HUNDREDTHS = 100_000_000;

/** The currencies the savings prompt offers first; any ISO 4217 code the runtime knows is accepted. */
export const SAVING_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "CHF", "JPY", "INR", "MXN", "BRL", "SEK", "NZD"] as const;

export type SavingProblem = "negative" | "too-large" | "unknown-currency" | "not-a-number";

export const SAVING_PROBLEMS: Readonly<Record<SavingProblem, string>> = {
  negative: "A saving cannot be below zero.",
  "too-large": "That is more than a deal can save (at most 1,000,000).",
  "unknown-currency": "Choose the currency as a three-letter code, such as USD or EUR.",
  "not-a-number": "Type the amount as a number, such as 12.50.",
};

/** The first rule a saving breaks, or null: whole hundredths from 0 to MAX_SAVED_HUNDREDTHS, of a known currency. */
export function savingProblem(saving: Money): SavingProblem | null {
  if (!Number.isSafeInteger(saving.hundredths)) return "not-a-number";
  if (saving.hundredths < 0) return "negative";
  if (saving.hundredths > MAX_SAVED_HUNDREDTHS) return "too-large";
  return isCurrencyCode(saving.currency) ? null : "unknown-currency";
}

/**
 * The amount a person typed ("24", "24.50", "24,50", "$1,234.56") in hundredths, or the problem with it. A minus sign
 * anywhere is a negative amount, refused as such rather than read as its figure.
 */
export function parseSavingInput(text: string, currency: string): { ok: true; saving: Money } | { ok: false; problem: SavingProblem } {
  const trimmed = text.trim();
  if (/^[-−]|[-−]\s*\d/u.test(trimmed)) return { ok: false, problem: "negative" };
  // Figures, their separators and a currency sign: nothing else ("12 apples", "1e9").
  if (!/^[^\d]{0,4}\d[\d.,'’\s]*[^\d]{0,4}$/u.test(trimmed) || /[a-z]{4,}/iu.test(trimmed)) return { ok: false, problem: "not-a-number" };
  const amount = parseAmount(trimmed);
  if (!amount) return { ok: false, problem: "not-a-number" };
  const saving = { hundredths: amount.hundredths, currency };
  const problem = savingProblem(saving);
  return problem ? { ok: false, problem } : { ok: true, saving };
}

/** What a person saved in their current month and year, one total per currency (never added across currencies). */
export interface SavedTotals {
  month: Money[];
  year: Money[];
}

/** The biggest total first, then by currency code, so the same savings always read the same. */
const byAmount = (a: Money, b: Money) => b.hundredths - a.hundredths || a.currency.localeCompare(b.currency);

function totalled(savings: readonly Money[]): Money[] {
  const sums = new Map<string, number>();
  for (const saving of savings) sums.set(saving.currency, (sums.get(saving.currency) ?? 0) + saving.hundredths);
  return [...sums]
    .filter(([, hundredths]) => hundredths > 0)
    .map(([currency, hundredths]) => ({ currency, hundredths }))
    .sort(byAmount);
}

/**
 * "Saved this month / this year", the one definition the dashboard and the weekly report both use: the savings whose
 * `at` falls in the month and the year of `today` (the person's day, YYYY-MM-DD) as the person's clock in `timeZone`
 * shows it, summed per currency.
 */
export function savedTotals(savings: readonly Pick<RecordedSaving, "hundredths" | "currency" | "at">[], today: string, timeZone: string): SavedTotals {
  const dated = savings.map((saving) => ({ saving, day: dayIn(new Date(saving.at), timeZone) }));
  const inYear = dated.filter(({ day }) => day.slice(0, 4) === today.slice(0, 4) && day <= today);
  return {
    month: totalled(inYear.filter(({ day }) => day.slice(0, 7) === today.slice(0, 7)).map(({ saving }) => saving)),
    year: totalled(inYear.map(({ saving }) => saving)),
  };
}

/** The earliest instant whose savings can count in a year's totals: a day before the year begins anywhere on Earth. */
export function savingsCountFrom(today: string): Date {
  return new Date(Date.parse(`${today.slice(0, 4)}-01-01T00:00:00Z`) - 2 * 86_400_000);
}

/** Totals as words: "$24.00 and €10.00"; "nothing yet" with none. */
export function savedTotalsText(totals: readonly Money[]): string {
  const amounts = totals.map(formatMoney);
  if (amounts.length === 0) return "nothing yet";
  return amounts.length === 1 ? amounts[0]! : `${amounts.slice(0, -1).join(", ")} and ${amounts.at(-1)}`;
}

/**
 * The totals as one sentence, for the weekly report and screen readers: "You saved $24.00 this month and $135.50 and
 * €18.00 this year."; null before anything was saved this year (nothing to say).
 */
export function savedSentence(totals: SavedTotals): string | null {
  if (totals.year.length === 0) return null;
  return `You saved ${savedTotalsText(totals.month)} this month and ${savedTotalsText(totals.year)} this year.`;
}
