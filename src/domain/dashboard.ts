import type { Deal } from "./deal";
import type { SavedTotals } from "./savings";

export interface StatFigure {
  value: number;
  /** Percent change against the same figure one month earlier; null when there is nothing to compare with. */
  delta: number | null;
}

/**
 * The four stat cards. The names are the spec's wire names; what each counts:
 * - activePromos: the deals the person can still use today (states live and ending-soon: brand shown, not marked used
 *   or not working, not expired; undated deals included), which is the current view's deal count with no filter set;
 * - emailsScanned: the emails read; uniqueBrands: the shown brands with a deal;
 * - expiring: the deals ending soon (state ending-soon: usable, 0 to 7 days left), what "Show only these" lists.
 * Each delta compares with the same count a month earlier, of the deals known by then.
 */
export interface DashboardStats {
  activePromos: StatFigure;
  emailsScanned: StatFigure;
  uniqueBrands: StatFigure;
  expiring: StatFigure;
}

export interface CategoryCount {
  id: string;
  label: string;
  count: number;
}

/** A category of the person's deals: all of them, and those they can still use (the current view's, by default shown). */
export interface DashboardCategory extends CategoryCount {
  current: number;
}

export interface Dashboard {
  categories: DashboardCategory[];
  /** The deals in the dashboard's order: the first screenful at first, all of them once the rest has been fetched. */
  deals: Deal[];
  /** How many deals there are in all, fetched or not. */
  totalDeals: number;
  /** Where the deals not fetched yet continue; null once `deals` holds them all. */
  nextCursor: string | null;
  stats: DashboardStats;
  /** The new deals (dealLifecycle's isNewDeal) found since the start of today: current deals a sync stored today. */
  newDealsToday: number;
  /**
   * The person's day (YYYY-MM-DD, calendarDay's dayIn in their settings' time zone) every figure was counted on. The
   * browser judges the deals it holds (views, chips, stats, "Expires today", "ends in N days") on this day, not on its
   * own clock's date, so the page and the server never disagree on what has ended.
   */
  today: string;
  /** What the person said their used deals saved them this month and this year, on `today`, per currency (savings.ts). */
  saved: SavedTotals;
}

/** The dashboard holds every deal: searches, filters, counts and orders over `deals` are the whole answer's. */
export const hasAllDeals = (dashboard: Pick<Dashboard, "nextCursor">): boolean => dashboard.nextCursor === null;

/** Percent change from `previous` to `current`, rounded; null when there was nothing before. */
export function percentDelta(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}
