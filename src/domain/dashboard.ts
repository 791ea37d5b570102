import type { Deal } from "./deal";

export interface StatFigure {
  value: number;
  /** Percent change against the same figure one month earlier; null when there is nothing to compare with. */
  delta: number | null;
}

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

export interface Dashboard {
  categories: CategoryCount[];
  deals: Deal[];
  stats: DashboardStats;
  newDealsToday: number;
}

/** Percent change from `previous` to `current`, rounded; null when there was nothing before. */
export function percentDelta(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}
