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
}

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

/** Expired if the date is before today; expiring soon if 0 to 7 days remain. */
export function expiryStatus(expirationDate: string | null, today: Date): ExpiryStatus {
  if (!expirationDate) return "undated";
  const days = daysUntil(expirationDate, today);
  if (days < 0) return "expired";
  if (days <= EXPIRING_SOON_DAYS) return "expiring-soon";
  return "active";
}

/** Expired deals last; the others by soonest date; undated after dated. */
export function compareDeals(today: Date) {
  const rank = (deal: Pick<Deal, "expirationDate">) => {
    const status = expiryStatus(deal.expirationDate, today);
    return status === "expired" ? 2 : status === "undated" ? 1 : 0;
  };
  return (a: Pick<Deal, "expirationDate">, b: Pick<Deal, "expirationDate">): number => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
    if (a.expirationDate && b.expirationDate) return a.expirationDate.localeCompare(b.expirationDate);
    return 0;
  };
}

export function sortDeals<T extends Pick<Deal, "expirationDate">>(deals: readonly T[], today: Date): T[] {
  return [...deals].sort(compareDeals(today));
}

/** The card's expiry badge: 'Expired', 'Expires today', 'Expires in N days'; null for an undated deal. */
export function expiryLabel(expirationDate: string | null, today: Date): string | null {
  if (!expirationDate) return null;
  const days = daysUntil(expirationDate, today);
  if (days < 0) return "Expired";
  if (days === 0) return "Expires today";
  return `Expires in ${days} day${days === 1 ? "" : "s"}`;
}
