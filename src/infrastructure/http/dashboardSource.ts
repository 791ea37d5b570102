import { DashboardSource, type LiveQuery } from "../../application/ports/deals";
import type { Dashboard } from "../../domain/dashboard";
import type { DataCache } from "../cache/dataCache";
import { DashboardCodec } from "../../contract";
import type { HttpClient } from "./httpClient";

/** The cache key of the dashboard answer. */
const DASHBOARD_KEY = "dashboard";

/** GET /dashboard-products, the whole dashboard, through the data cache. */
export class CachedDashboardSource extends DashboardSource {
  constructor(
    private readonly cache: DataCache,
    private readonly http: HttpClient,
  ) {
    super();
  }

  watch(): LiveQuery<Dashboard> {
    return this.cache.watch([DASHBOARD_KEY], () => this.http.get("/dashboard-products", DashboardCodec));
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
