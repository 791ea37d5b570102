import { dayStart } from "../../domain/calendarDay";
import { hasAllDeals, type CategoryCount, type Dashboard, type DashboardStats } from "../../domain/dashboard";
import { countStates } from "../../domain/dealLifecycle";
import type { Deal } from "../../domain/deal";
import { sortDealsBy, type SortOrder } from "../../domain/dealOrder";
import { filterDeals, searchWords, tallyCategories, type DealFilters } from "../../domain/dealSearch";
import type { DashboardSnapshot } from "./dashboardMachine";

/** What the dashboard shows, from its machine's snapshot: the views read these and nothing else of the machine. */

export type DashboardState = { kind: "loading" } | { kind: "error" } | { kind: "ready"; dashboard: Dashboard };

export function selectViewState(snapshot: DashboardSnapshot): DashboardState {
  if (snapshot.context.dashboard && snapshot.matches("ready")) return { kind: "ready", dashboard: snapshot.context.dashboard };
  return snapshot.matches("failed") ? { kind: "error" } : { kind: "loading" };
}

export const selectFilters = (snapshot: DashboardSnapshot): DealFilters => snapshot.context.filters;

export const selectSort = (snapshot: DashboardSnapshot): SortOrder => snapshot.context.sort;

/** The deal whose Details the address has open. */
export const selectOpenDealId = (snapshot: DashboardSnapshot): string | null => snapshot.context.dealId;

export const selectHiddenBrandIds = (snapshot: DashboardSnapshot): readonly string[] => snapshot.context.hiddenBrandIds;

/** The brand waiting for the phone's confirmation before it is hidden. */
export const selectBrandToConfirm = (snapshot: DashboardSnapshot): string | null =>
  snapshot.matches({ ready: { hide: "confirming" } }) ? (snapshot.context.pendingHide?.brand ?? null) : null;

/** 'Updating...': a refresh asked for, the data cache refetching (e.g. on window focus), or the rest of the deals arriving. */
export const isUpdating = (snapshot: DashboardSnapshot): boolean =>
  snapshot.matches({ ready: { refresh: "updating" } }) ||
  (snapshot.matches("ready") && (snapshot.context.isFetching || (snapshot.context.dashboard !== null && !hasAllDeals(snapshot.context.dashboard))));


/**
 * The day the browser judges the answer's deals on: the person's day the server counted on (Dashboard's `today`), not
 * this browser's clock, whose date may differ from the person's (another zone, or UTC's). Every selector below reads it.
 */
export const answerDay = (dashboard: Pick<Dashboard, "today">): Date => dayStart(dashboard.today);

/** The answer's day (YYYY-MM-DD), for the badges; null until there is an answer. */
export const selectAnswerDay = (snapshot: DashboardSnapshot): string | null => snapshot.context.dashboard?.today ?? null;

/** The deals the grid shows: the dashboard's deals in the chosen order (docs/product.md, "Deal order"), through its filters. */
export function visibleDeals(dashboard: Dashboard, filters: DealFilters, sort: SortOrder = "ending-soon"): Deal[] {
  const today = answerDay(dashboard);
  return filterDeals(sortDealsBy(dashboard.deals, sort, today), filters, today);
}

const NO_DEALS: readonly Deal[] = [];

/**
 * visibleDeals as a selector for one visit: the deals are sorted once per answer or order and filtered once per change
 * of filters, and the same array comes back until one changes, so a keystroke costs one pass of the filter.
 */
export function visibleDealsSelector(): (snapshot: DashboardSnapshot) => readonly Deal[] {
  let sortedFrom: readonly Deal[] | null = null;
  let sortedBy: SortOrder | null = null;
  let sortedOn: string | null = null;
  let sorted: Deal[] = [];
  let filteredWith: DealFilters | null = null;
  let visible: Deal[] = [];
  return (snapshot) => {
    const { dashboard, filters, sort } = snapshot.context;
    if (!dashboard) return NO_DEALS;
    // An answer of another day judges the same deals again (the data cache keeps an unchanged list as it was).
    if (dashboard.deals !== sortedFrom || sort !== sortedBy || dashboard.today !== sortedOn) {
      sortedFrom = dashboard.deals;
      sortedBy = sort;
      sortedOn = dashboard.today;
      sorted = sortDealsBy(dashboard.deals, sort, answerDay(dashboard));
      filteredWith = null;
    }
    if (filters !== filteredWith) {
      filteredWith = filters;
      visible = filterDeals(sorted, filters, answerDay(dashboard));
    }
    return visible;
  };
}

/** What the category chips show: 'All' and each of the answer's categories, counted under the filters set. */
export interface ChipCounts {
  total: number;
  categories: CategoryCount[];
}

/**
 * The chips' counts for a dashboard under some filters: the server's categories, in its order, counted here. Until
 * every deal has arrived, the default view's counts are the server's own, so the chips do not count up as pages come.
 */
export function chipCounts(dashboard: Dashboard, filters: DealFilters): ChipCounts {
  if (!hasAllDeals(dashboard) && countsAsServerDoes(filters)) {
    return {
      total: dashboard.categories.reduce((total, category) => total + category.current, 0),
      categories: dashboard.categories.map((category) => ({ ...category, count: category.current })),
    };
  }
  const tally = tallyCategories(dashboard.deals, filters, answerDay(dashboard));
  return {
    total: tally.total,
    categories: dashboard.categories.map((category) => ({ ...category, count: tally.byCategory.get(category.label.toLowerCase()) ?? 0 })),
  };
}

/**
 * chipCounts as a selector for one visit: counted again only when the deals or the filters change, and the same
 * object comes back otherwise. Choosing a category changes no count, so it costs nothing.
 */
export function chipCountsSelector(): (snapshot: DashboardSnapshot) => ChipCounts {
  let countedFrom: Dashboard | null = null;
  let countedWith = "";
  let counts: ChipCounts = { total: 0, categories: [] };
  return (snapshot) => {
    const { dashboard, filters } = snapshot.context;
    const filtersCounted = filtersBesidesCategory(filters);
    if (dashboard && (dashboard !== countedFrom || filtersCounted !== countedWith)) {
      countedFrom = dashboard;
      countedWith = filtersCounted;
      counts = chipCounts(dashboard, filters);
    }
    return counts;
  };
}

/** Every filter but the category, which the chips' counts do not depend on, as one comparable text. */
function filtersBesidesCategory({ category: _category, ...others }: DealFilters): string {
  return JSON.stringify(others);
}

/** Filters under which the chips count what the server's `current` counts: no search, any end date, the current view. */
const countsAsServerDoes = (filters: DealFilters) =>
  searchWords(filters.search).length === 0 && !filters.expiringOnly && (filters.show ?? "current") === "current";

/**
 * The stat cards' figures. Once every deal has arrived, Active Promos and Expiring Soon are counted here from the deals
 * as the browser holds them (a deal just marked used, shown at once, leaves both), by the same lifecycle the server
 * counted with; until then they are the server's. The change against last month stays the server's.
 */
export function statFigures(dashboard: Dashboard): DashboardStats {
  if (!hasAllDeals(dashboard)) return dashboard.stats;
  const states = countStates(dashboard.deals, answerDay(dashboard));
  const { activePromos, expiring } = dashboard.stats;
  return {
    ...dashboard.stats,
    activePromos: { ...activePromos, value: states.live + states["ending-soon"] },
    expiring: { ...expiring, value: states["ending-soon"] },
  };
}

/** statFigures as a selector for one visit: the same object until the dashboard's answer (or a status shown in it) changes. */
export function statFiguresSelector(): (snapshot: DashboardSnapshot) => DashboardStats | null {
  let countedFrom: Dashboard | null = null;
  let figures: DashboardStats | null = null;
  return (snapshot) => {
    const { dashboard } = snapshot.context;
    if (dashboard !== countedFrom) {
      countedFrom = dashboard;
      figures = dashboard && statFigures(dashboard);
    }
    return figures;
  };
}
