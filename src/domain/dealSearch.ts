import { sameCategory } from "./category";
import type { Deal } from "./deal";
import { expiryStatus } from "./deal";

/** The fields a dashboard search looks in (SPEC section 5). */
const SEARCHED_FIELDS = ["title", "description", "brand", "brandDomain", "category"] as const;

export type SearchableDeal = Pick<Deal, (typeof SEARCHED_FIELDS)[number]>;

/** What the dashboard's filters ask for; null or blank means "any". */
export interface DealFilters {
  category: string | null;
  search: string;
  expiringOnly: boolean;
}

export const NO_FILTERS: DealFilters = { category: null, search: "", expiringOnly: false };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A predicate for "the query starts a whole word", case-insensitively, in any searched field: "ship" finds
 * "Free shipping" but not "membership". Built once per query so filtering thousands of deals per keystroke stays cheap.
 */
export function dealSearchMatcher(query: string): (deal: SearchableDeal) => boolean {
  const trimmed = query.trim();
  if (!trimmed) return () => true;
  const wordStart = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(trimmed)}`, "iu");
  return (deal) => SEARCHED_FIELDS.some((field) => wordStart.test(deal[field]));
}

export function matchesSearch(deal: SearchableDeal, query: string): boolean {
  return dealSearchMatcher(query)(deal);
}

/** Category filtering ignores case: "home" selects deals in "Home". */
export function matchesCategory(deal: Pick<Deal, "category">, category: string | null): boolean {
  return !category || sameCategory(deal.category, category);
}

/** The deals the filters let through, in the order given. */
export function filterDeals<T extends SearchableDeal & Pick<Deal, "expirationDate">>(
  deals: readonly T[],
  filters: DealFilters,
  today: Date,
): T[] {
  const matchesQuery = dealSearchMatcher(filters.search);
  return deals.filter(
    (deal) =>
      matchesCategory(deal, filters.category) &&
      (!filters.expiringOnly || expiryStatus(deal.expirationDate, today) === "expiring-soon") &&
      matchesQuery(deal),
  );
}
