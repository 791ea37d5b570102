import type { Category } from "./category";

/** A deal as the dashboard shows it (SPEC section 3). */
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

export type ExpiryStatus = "expired" | "expiring-soon" | "active" | "undated";

/** Splits the wire's comma-separated code string into codes. */
export function promoCodesOf(deal: Pick<Deal, "promoCode">): string[] {
  if (!deal.promoCode) return [];
  return deal.promoCode.split(",").map((code) => code.trim()).filter((code) => code.length > 0);
}

/** Whole days from `today` (a UTC date) to a YYYY-MM-DD date; negative once it has passed. */
export function daysUntil(expirationDate: string, today: Date): number {
  const end = Date.parse(`${expirationDate}T00:00:00Z`);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((end - start) / DAY_MS);
}

/** Expired if the date is before today; expiring soon if 0 to EXPIRING_SOON_DAYS (7) days remain. */
export function expiryStatus(expirationDate: string | null, today: Date): ExpiryStatus {
  if (!expirationDate) return "undated";
  const days = daysUntil(expirationDate, today);
  if (days < 0) return "expired";
  if (days <= EXPIRING_SOON_DAYS) return "expiring-soon";
  return "active";
}

/**
 * The dashboard's order, first key: live deals (expiring soon or later), then undated ones, then expired ones. Within a
 * rank the earlier date comes first; deals still level keep the order they came in (the server sends the newest first).
 */
export const SORT_RANK: Readonly<Record<ExpiryStatus, number>> = { "expiring-soon": 0, active: 0, undated: 1, expired: 2 };

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

/** The card's expiry badge: 'Expired', 'Expires today', 'Expires in N days'; null for an undated deal. */
export function expiryLabel(expirationDate: string | null, today: Date): string | null {
  if (!expirationDate) return null;
  const days = daysUntil(expirationDate, today);
  if (days < 0) return "Expired";
  if (days === 0) return "Expires today";
  return `Expires in ${days} day${days === 1 ? "" : "s"}`;
}
