import { CATEGORIES } from "./category";
import { DEAL_VIEWS } from "./dealLifecycle";
import { DEFAULT_SORT, parseSortOrder, type SortOrder } from "./dealOrder";
import { NO_FILTERS, type DealFilters } from "./dealSearch";

/**
 * What the dashboard's address says (docs/product.md, "The dashboard's address"): its filters, its order and the deal
 * whose Details are open, so that a reload, Back and a shared link show the same view.
 */
export interface DashboardAddress {
  filters: DealFilters;
  sort: SortOrder;
  /** The deal whose Details are open (`?deal=<id>`), or none. */
  dealId: string | null;
}

export const DEFAULT_DASHBOARD_ADDRESS: DashboardAddress = { filters: NO_FILTERS, sort: DEFAULT_SORT, dealId: null };

/** The longest search an address carries, as the dashboard's API takes it. */
export const MAX_ADDRESS_SEARCH = 200;
/** A deal's id is a UUID; anything longer, or with other characters, is no deal's. */
const DEAL_ID = /^[A-Za-z0-9-]{1,64}$/u;
/** Longer queries are read only this far: no person writes one, and a hostile one is not worth parsing whole. */
const MAX_QUERY = 2_000;
const DOMAIN = /^[A-Za-z0-9.-]{1,253}$/u;
// Control characters have no place in a search box, and a line break would not show in one.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/gu;

const categoryNamed = (value: string | null) => (value === null ? null : (CATEGORIES.find((category) => category.toLowerCase() === value.toLowerCase()) ?? null));

const searchFrom = (value: string | null) => (value ?? "").replace(CONTROL, " ").slice(0, MAX_ADDRESS_SEARCH);

/**
 * Reads a dashboard address's query (with or without its "?"), as the hostile input a link is: an unknown value means
 * that filter's default, and a search is cut to MAX_ADDRESS_SEARCH. `from_domain` (the browser extension's link)
 * fills the search when the address has none.
 */
export function readDashboardAddress(query: string): DashboardAddress {
  const params = new URLSearchParams(query.slice(0, MAX_QUERY));
  const show = DEAL_VIEWS.find((view) => view === params.get("show"));
  const fromDomain = params.get("from_domain");
  const search = params.has("search") ? searchFrom(params.get("search")) : fromDomain !== null && DOMAIN.test(fromDomain) ? fromDomain : "";
  const dealId = params.get("deal");
  return {
    filters: {
      category: categoryNamed(params.get("category")),
      search,
      expiringOnly: params.get("expiring") === "1",
      // The current view is the default, and is left out as NO_FILTERS leaves it out.
      ...(show && show !== "current" ? { show } : {}),
    },
    sort: parseSortOrder(params.get("sort")),
    dealId: dealId !== null && DEAL_ID.test(dealId) ? dealId : null,
  };
}

/** The query that says an address, defaults left out ("" for the plain dashboard); readDashboardAddress reads it back. */
export function dashboardQuery({ filters, sort, dealId }: DashboardAddress): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.expiringOnly) params.set("expiring", "1");
  if (filters.show && filters.show !== "current") params.set("show", filters.show);
  if (filters.search) params.set("search", searchFrom(filters.search));
  if (sort !== DEFAULT_SORT) params.set("sort", sort);
  if (dealId) params.set("deal", dealId);
  return params.toString();
}

export const sameDashboardAddress = (a: DashboardAddress, b: DashboardAddress): boolean => dashboardQuery(a) === dashboardQuery(b);
