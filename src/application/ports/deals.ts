import type { Dashboard } from "../../domain/dashboard";

/** A cached query as views see it; the same object is returned until something changes. */
export interface QueryState<T> {
  status: "pending" | "success" | "error";
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  /** Failed attempts of the current fetch; the cache retries (docs/product.md, "Constants") while status is still "pending". */
  failureCount: number;
}

export interface LiveQuery<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): QueryState<T>;
  refetch(): Promise<void>;
}

/**
 * The dashboard data, cached (docs/product.md, "Constants") and shared by every view that watches it. It is the whole dashboard once
 * its deals have arrived (the first answer holds the first screenful; the rest follow page by page, see
 * Dashboard.nextCursor): the filters (src/domain/dealSearch.ts) are applied in the browser, so a keystroke never waits
 * for the network.
 */
export abstract class DashboardSource {
  abstract watch(): LiveQuery<Dashboard>;
  /** Fetches every dashboard being watched again now. */
  abstract refresh(): Promise<void>;
  /**
   * Marks every cached dashboard out of date without fetching: the next refresh, visit or window focus fetches it,
   * e.g. after a brand was hidden, so the brand never comes back from the cache.
   */
  abstract markStale(): Promise<void>;
  /** Marks every cached dashboard out of date and fetches the watched ones again: the deals changed elsewhere (settings). */
  abstract invalidate(): Promise<void>;
}
