import { DashboardSource, type LiveQuery } from "../../application/ports/deals";
import type { Dashboard } from "../../domain/dashboard";
import type { DataCache } from "../cache/dataCache";
import { DashboardCodec } from "../../contract";
import type { HttpClient } from "./httpClient";

/** The cache key of the dashboard answer. */
export const DASHBOARD_KEY = "dashboard";

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** GET /dashboard-products, the whole dashboard, through the data cache. */
export class CachedDashboardSource extends DashboardSource {
  constructor(
    private readonly cache: DataCache,
    private readonly http: HttpClient,
  ) {
    super();
  }

  watch(): LiveQuery<Dashboard> {
    return this.cache.watch([DASHBOARD_KEY], async () => {
      // Silent: the dashboard says itself that it could not load (one message, not one toast per retry).
      const dashboard = await this.http.get("/dashboard-products", DashboardCodec, { silent: true });
      // The answer is shown in one synchronous render of thousands of deals; handing it over in a task of its own keeps
      // the decoding out of that long task, which would otherwise block the page for both.
      await nextTask();
      return dashboard;
    });
  }

  refresh(): Promise<void> {
    return this.cache.refetchWatched([DASHBOARD_KEY]);
  }

  markStale(): Promise<void> {
    return this.cache.invalidate([DASHBOARD_KEY], { refetchWatched: false });
  }

  invalidate(): Promise<void> {
    return this.cache.invalidate([DASHBOARD_KEY]);
  }
}
