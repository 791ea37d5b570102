import type { Category } from "./category";
import type { DealPrice } from "./dealPrice";
import type { DealEvidence } from "./evidence";
import type { RecordedSaving } from "./savings";
import type { Barcode } from "./barcode";
import { moneyIn } from "./money";
import { matchesOf } from "./patternMatches";

/** A deal as the dashboard shows it (docs/product.md, "Deal"). */
export interface Deal {
  id: string;
  title: string;
  description: string;
  brand: string;
  brandId: string;
  brandDomain: string;
  category: Category;
  dealUrl: string | null;
  /** Comma-separated codes, as the wire contract carries them; null for a sale without a code. */
  promoCode: string | null;
  discount: string | null;
  /** YYYY-MM-DD, read as a UTC date. */
  expirationDate: string | null;
  imageUrls: string[];
  source: DealSource;
  /** The fine print the email states: minimum spend, exclusions, new customers only. */
  terms: string[];
  /** The spend or offer the email ties to each of its codes, for codes that have one ("$10 off $50"). */
  codeConditions: CodeCondition[];
  /** What this person said of the deal; theirs alone, never pooled across users. */
  status: DealStatus | null;
  /** This person asked to be emailed before the deal ends ("Remind me"); only deals with an end date. */
  remind: boolean;
  /** When the email was sent (ISO 8601), for "newest first"; null when the mail gave no date. */
  sentAt: string | null;
  /**
   * Where each code, the end date, the brand and the category came from, and how sure each is (evidence.ts). Absent is
   * unknown: a deal stored before evidence was kept.
   */
  evidence?: DealEvidence;
  /**
   * The brand's logo to try, as image proxy paths: the best its mail showed (src/domain/brandLogo.ts); empty when its
   * mail showed none, absent where a view shows no logo.
   */
  brandLogoUrls?: string[];
  /** The was/now price the mail states (dealPrice.ts); absent when it states none. */
  price?: DealPrice;
  /** What this person said using the deal saved them (savings.ts); absent until they say, and once it is unmarked. */
  saved?: RecordedSaving;
  /** The barcode the mail gave for the cashier (barcode.ts), an image only as a path of our image proxy; absent when none. */
  barcode?: Barcode;
}

export interface CodeCondition {
  code: string;
  condition: string;
}

/** "Used it" or "Didn't work". */
export type DealStatus = "used" | "not_working";

/** Where a deal came from: the sender's own markup, the email text, or a language model. */
export type DealSource = "markup" | "text" | "llm";

export const EXPIRING_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Where a deal's end date alone stands on a day: the sort's first key and the expiring-soon filter. Whether the person
 * can still use the deal (its mark, its brand) is its lifecycle state: dealLifecycle.ts.
 */
export type ExpiryStatus = "expired" | "expiring-soon" | "later" | "undated";

/** Splits the wire's comma-separated code string into codes. */
export function promoCodesOf(deal: Pick<Deal, "promoCode">): string[] {
  if (!deal.promoCode) return [];
  return deal.promoCode.split(",").map((code) => code.trim()).filter((code) => code.length > 0);
}

/** The number the `count` digits at `start` write, or -1 when one of them is not a digit. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A YYYY-MM-DD date's UTC midnight, as Date.parse reads it (NaN for a date it refuses). Read digit by digit: parsing a
 * built string was most of a 5,000-deal dashboard's recount, which reads every deal's end several times.
 */
function utcMidnightOf(isoDate: string): number {
  const dashes = isoDate.length === 10 && isoDate[4] === "-" && isoDate[7] === "-";
  const year = dashes ? digitsAt(isoDate, 0, 4) : -1;
  const month = dashes ? digitsAt(isoDate, 5, 2) : -1;
  const day = dashes ? digitsAt(isoDate, 8, 2) : -1;
  // Date.UTC reads the years 0 to 99 as 1900 to 1999: those, and any other shape, are left to Date.parse.
  if (year < 100 || month < 0 || day < 0) return Date.parse(`${isoDate}T00:00:00Z`);
  // Date.parse refuses a month past 12 or a day past 31 (and rolls 31 February on into March, as Date.UTC does).
  if (month < 1 || month > 12 || day < 1 || day > 31) return Number.NaN;
  return Date.UTC(year, month - 1, day);
}

/** Whole days from `today` (a UTC date) to a YYYY-MM-DD date; negative once it has passed. */
export function daysUntil(expirationDate: string, today: Date): number {
  const end = utcMidnightOf(expirationDate);
  // The UTC midnight of `today`'s date (JavaScript's time has no leap seconds, so every UTC day is DAY_MS long).
  const start = Math.floor(today.getTime() / DAY_MS) * DAY_MS;
  return Math.round((end - start) / DAY_MS);
}

/** Expired if the date is before today; expiring soon if 0 to EXPIRING_SOON_DAYS (7) days remain. */
export function expiryStatus(expirationDate: string | null, today: Date): ExpiryStatus {
  if (!expirationDate) return "undated";
  const days = daysUntil(expirationDate, today);
  if (days < 0) return "expired";
  if (days <= EXPIRING_SOON_DAYS) return "expiring-soon";
  return "later";
}

/**
 * The dashboard's order, first key: live deals (expiring soon or later), then undated ones, then expired ones. Within a
 * rank the earlier date comes first; deals still level keep the order they came in (the server sends the newest first).
 */
export const SORT_RANK: Readonly<Record<ExpiryStatus, number>> = { "expiring-soon": 0, later: 0, undated: 1, expired: 2 };

/** Expired deals last; the others by soonest date; undated after dated. */
export function compareDeals(today: Date) {
  const rank = (deal: Pick<Deal, "expirationDate">) => SORT_RANK[expiryStatus(deal.expirationDate, today)];
  return (a: Pick<Deal, "expirationDate">, b: Pick<Deal, "expirationDate">): number =>
    compareSortKeys(rank(a), a.expirationDate, rank(b), b.expirationDate);
}

// YYYY-MM-DD dates order as plain strings.
function compareSortKeys(rankA: number, dateA: string | null, rankB: number, dateB: string | null): number {
  if (rankA !== rankB) return rankA - rankB;
  if (dateA && dateB && dateA !== dateB) return dateA < dateB ? -1 : 1;
  return 0;
}

/** The deals in the dashboard's order; each deal's rank is worked out once, not at every comparison. */
export function sortDeals<T extends Pick<Deal, "expirationDate">>(deals: readonly T[], today: Date): T[] {
  const ranked = deals.map((deal) => ({ deal, rank: SORT_RANK[expiryStatus(deal.expirationDate, today)] }));
  ranked.sort((a, b) => compareSortKeys(a.rank, a.deal.expirationDate, b.rank, b.deal.expirationDate));
  return ranked.map(({ deal }) => deal);
}

/**
 * How pressing a deal's end is, for its badge: today or tomorrow is urgent, within 3 days soon, later calm; a deal
 * with no date and an expired one each have their own, neutral, kind.
 */
export type ExpiryUrgency = "expired" | "urgent" | "soon" | "later" | "undated";

export const URGENT_DAYS = 1;
export const SOON_DAYS = 3;

export function expiryUrgency(expirationDate: string | null, today: Date): ExpiryUrgency {
  if (!expirationDate) return "undated";
  const days = daysUntil(expirationDate, today);
  if (days < 0) return "expired";
  if (days <= URGENT_DAYS) return "urgent";
  if (days <= SOON_DAYS) return "soon";
  return "later";
}

/** The card's expiry badge, whose words say how urgent it is without its colour: 'Expires tomorrow', 'No end date'. */
export function expiryLabel(expirationDate: string | null, today: Date): string {
  if (!expirationDate) return "No end date";
  const days = daysUntil(expirationDate, today);
  if (days < 0) return "Expired";
  if (days === 0) return "Expires today";
  if (days === 1) return "Expires tomorrow";
  return `Expires in ${days} days`;
}

/** The spend or offer the email ties to one of the deal's codes ("$10 off $50"), or null when it gives none. */
export function codeConditionOf(deal: Pick<Deal, "codeConditions">, code: string): string | null {
  const wanted = code.toUpperCase();
  return deal.codeConditions.find((condition) => condition.code.toUpperCase() === wanted)?.condition ?? null;
}

/**
 * The discount the card shows as its headline, or null. Codes with tiers ("$10 off $50", "$25 off $100") each say their
 * own; one headline figure would contradict the others, so there is none then.
 */
export function headlineDiscount(deal: Pick<Deal, "discount" | "codeConditions">): string | null {
  return deal.codeConditions.length > 1 ? null : deal.discount;
}

const PERCENT = /(\d+(?:[.,]\d+)?)\s?%/g;

/** The figures a text states: its amounts of money (by currency and value) and its percentages. */
function figuresIn(text: string): Set<string> {
  const figures = new Set<string>();
  for (const money of moneyIn(text)) figures.add(`${money.currency} ${money.hundredths}`);
  for (const match of matchesOf(PERCENT, text)) figures.add(`${match[1]!.replace(",", ".")}%`);
  return figures;
}

/**
 * Whether a short detail shown after a deal's title ("$15 off first order" after "Welcome: $15 off your first order")
 * only says again what the title says: every figure it states is in the title, or, stating none, it is in the title
 * word for word. A tier the title leaves out ("$60 off $200+" after "up to $60 off") is news, and is shown.
 */
export function restatesTitle(detail: string, title: string): boolean {
  const figures = figuresIn(detail);
  if (figures.size === 0) return title.toLowerCase().replace(/\s+/g, " ").includes(detail.toLowerCase().replace(/\s+/g, " ").trim());
  const titleFigures = figuresIn(title);
  return [...figures].every((figure) => titleFigures.has(figure));
}
