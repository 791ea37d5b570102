import { sameCategory } from "./category";
import type { Deal } from "./deal";
import { expiryStatus } from "./deal";
import { matchesShowFilter, type DealShowFilter } from "./dealDetail";

/** The fields a dashboard search looks in (docs/product.md, "Deal search"): the promo codes too, as the search box promises. */
export const SEARCHED_FIELDS = ["title", "description", "brand", "brandDomain", "category", "promoCode"] as const;

export type SearchedField = (typeof SEARCHED_FIELDS)[number];
export type SearchableDeal = Pick<Deal, SearchedField>;

/** What the dashboard's filters ask for; null or blank means "any". */
export interface DealFilters {
  category: string | null;
  search: string;
  expiringOnly: boolean;
  /** The view: the deals the person can still use, the expired ones, or those marked; absent means the current view. */
  show?: DealShowFilter;
}

export const NO_FILTERS: DealFilters = { category: null, search: "", expiringOnly: false };

/**
 * Where a word starts: at the start of a field, or after whitespace or punctuation (ASCII, Latin-1 and the General
 * Punctuation block: curly quotes, dashes, ellipsis). Letters and digits in any script continue a word. Written with
 * \uXXXX escapes only, so the same pattern means the same in JavaScript and in PostgreSQL's regular expressions.
 */
const WORD_START = String.raw`(?:^|[\u0000-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u00BF\u00D7\u00F7\u2000-\u206F])`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The words of a query; every one of them must match for a deal to be found. */
export function searchWords(query: string): string[] {
  return query.trim().split(/\s+/u).filter((word) => word.length > 0);
}

/**
 * A regular expression (to be used case-insensitively) for "this word begins a word": "ship" finds "Free shipping"
 * but not "membership". Special characters in the word are taken literally. The server runs the same pattern in SQL.
 */
export function wordStartPattern(word: string): string {
  return `${WORD_START}${escapeRegExp(word)}`;
}

/**
 * A deal's searched fields as one text, a newline between fields (a newline starts a word, so no match runs from one
 * field into the next; the server joins them the same way). Kept per deal object: a keystroke then tests one string
 * per word rather than six.
 */
const searchTexts = new WeakMap<SearchableDeal, string>();
function searchTextOf(deal: SearchableDeal): string {
  let text = searchTexts.get(deal);
  if (text === undefined) {
    text = SEARCHED_FIELDS.map((field) => deal[field] ?? "").join("\n");
    searchTexts.set(deal, text);
  }
  return text;
}

/**
 * A predicate for the search rule: every word of the query begins a word somewhere in the deal's searched fields
 * (not necessarily the same field), ignoring case; a blank query finds everything. "free save10" finds a deal
 * titled "Free shipping" with the code SAVE10. Built once per query so filtering thousands of deals per keystroke
 * stays cheap.
 */
export function dealSearchMatcher(query: string): (deal: SearchableDeal) => boolean {
  const patterns = searchWords(query).map((word) => new RegExp(wordStartPattern(word), "iu"));
  if (patterns.length === 0) return () => true;
  return (deal) => {
    const text = searchTextOf(deal);
    return patterns.every((pattern) => pattern.test(text));
  };
}

export function matchesSearch(deal: SearchableDeal, query: string): boolean {
  return dealSearchMatcher(query)(deal);
}

/** Category filtering ignores case: "home" selects deals in "Home". */
export function matchesCategory(deal: Pick<Deal, "category">, category: string | null): boolean {
  return !category || sameCategory(deal.category, category);
}

/** The deals the filters let through, in the order given. */
export function filterDeals<T extends SearchableDeal & Pick<Deal, "expirationDate" | "status">>(
  deals: readonly T[],
  filters: DealFilters,
  today: Date,
): T[] {
  const matchesQuery = dealSearchMatcher(filters.search);
  return deals.filter(
    (deal) =>
      matchesShowFilter(deal, filters.show ?? "current", today) &&
      matchesCategory(deal, filters.category) &&
      (!filters.expiringOnly || expiryStatus(deal.expirationDate, today) === "expiring-soon") &&
      matchesQuery(deal),
  );
}

/** How many deals each chip would show: the total for 'All', and per category (keyed in lower case, as chips compare). */
export interface CategoryTally {
  total: number;
  byCategory: ReadonlyMap<string, number>;
}

/**
 * The chips' counts follow every filter the person has set (the search, expiring-only, which deals to show) but the
 * category itself, so each chip says how many deals choosing it would show.
 */
export function tallyCategories<T extends SearchableDeal & Pick<Deal, "expirationDate" | "status">>(
  deals: readonly T[],
  filters: DealFilters,
  today: Date,
): CategoryTally {
  const byCategory = new Map<string, number>();
  const found = filterDeals(deals, { ...filters, category: null }, today);
  for (const deal of found) {
    const key = deal.category.toLowerCase();
    byCategory.set(key, (byCategory.get(key) ?? 0) + 1);
  }
  return { total: found.length, byCategory };
}
