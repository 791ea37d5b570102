import type { Dashboard } from "../../domain/dashboard";
import { sortDeals, type Deal } from "../../domain/deal";
import { filterDeals, type DealFilters } from "../../domain/dealSearch";
import type { DashboardSnapshot } from "./dashboardMachine";

/** What the dashboard shows, from its machine's snapshot: the views read these and nothing else of the machine. */

export type DashboardState = { kind: "loading" } | { kind: "error" } | { kind: "ready"; dashboard: Dashboard };

export function selectViewState(snapshot: DashboardSnapshot): DashboardState {
  if (snapshot.context.dashboard && snapshot.matches("ready")) return { kind: "ready", dashboard: snapshot.context.dashboard };
  return snapshot.matches("failed") ? { kind: "error" } : { kind: "loading" };
}

export const selectFilters = (snapshot: DashboardSnapshot): DealFilters => snapshot.context.filters;

export const selectHiddenBrandIds = (snapshot: DashboardSnapshot): readonly string[] => snapshot.context.hiddenBrandIds;

/** The brand waiting for the phone's confirmation before it is hidden. */
export const selectBrandToConfirm = (snapshot: DashboardSnapshot): string | null =>
  snapshot.matches({ ready: { hide: "confirming" } }) ? (snapshot.context.pendingHide?.brand ?? null) : null;

/** 'Updating...': a refresh asked for, or the data cache refetching (e.g. on window focus). */
export const isUpdating = (snapshot: DashboardSnapshot): boolean =>
  snapshot.matches({ ready: { refresh: "updating" } }) || (snapshot.matches("ready") && snapshot.context.isFetching);

/** The welcome panel's sync is starting; the "Connect Gmail" flow says for itself when it is busy. */
export const isStartingSync = (snapshot: DashboardSnapshot): boolean => snapshot.matches({ ready: { gmail: "startingSync" } });

/** The feedback on a code being copied: which code, how it went, and whether its card is still highlighted. */
export interface CopyFeedback {
  dealId: string;
  code: string;
  status: "copying" | "copied" | "failed";
  /** The dashboard marks the card of a code copied in the last 1.5 s. */
  highlighted: boolean;
}

export function selectCopyFeedback(snapshot: DashboardSnapshot): CopyFeedback | null {
  const { copied } = snapshot.context;
  if (!copied) return null;
  const status = snapshot.matches({ ready: { copy: "copied" } }) ? "copied" : snapshot.matches({ ready: { copy: "failed" } }) ? "failed" : "copying";
  return { ...copied, status, highlighted: snapshot.matches({ ready: { copy: { copied: "highlighted" } } }) };
}

/** The deals the grid shows: the dashboard's deals in the dashboard's order (SPEC section 4), through its filters. */
export function visibleDeals(dashboard: Dashboard, filters: DealFilters, today: Date): Deal[] {
  return filterDeals(sortDeals(dashboard.deals, today), filters, today);
}

/**
 * visibleDeals as a selector for one visit (one `today`): the deals are sorted once per answer and filtered once per
 * change of filters, and the same array comes back until either changes, so a keystroke costs one pass of the filter.
 */
export function visibleDealsSelector(today: Date): (snapshot: DashboardSnapshot) => readonly Deal[] {
  let sortedFrom: readonly Deal[] | null = null;
  let sorted: Deal[] = [];
  let filteredWith: DealFilters | null = null;
  let visible: Deal[] = [];
  return (snapshot) => {
    const { dashboard, filters } = snapshot.context;
    const deals = dashboard?.deals ?? [];
    if (deals !== sortedFrom) {
      sortedFrom = deals;
      sorted = sortDeals(deals, today);
      filteredWith = null;
    }
    if (filters !== filteredWith) {
      filteredWith = filters;
      visible = filterDeals(sorted, filters, today);
    }
    return visible;
  };
}
