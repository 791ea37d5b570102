import { inject, injectable } from "inversify";
import { DashboardSource, type DashboardFilters, type LiveQuery } from "../../application/ports/deals";
import type { Dashboard } from "../../domain/dashboard";
import { DataCache } from "../cache/dataCache";
import { DashboardCodec } from "./contract";
import { HttpClient } from "./httpClient";

/** The cache key every dashboard answer sits under. */
const DASHBOARD_KEY = "dashboard";

export function dashboardQuery(filters: DashboardFilters) {
  return {
    category: filters.category,
    search: filters.search,
    expiring: filters.expiring ? "true" : undefined,
    from_domain: filters.fromDomain,
    brand: filters.brand,
  };
}

/** GET /dashboard-products through the data cache, one cache entry per set of filters. */
@injectable()
export class CachedDashboardSource extends DashboardSource {
  constructor(
    @inject(DataCache) private readonly cache: DataCache,
    @inject(HttpClient) private readonly http: HttpClient,
  ) {
    super();
  }

  watch(filters: DashboardFilters): LiveQuery<Dashboard> {
    const query = dashboardQuery(filters);
    return this.cache.watch([DASHBOARD_KEY, query], () => this.http.get("/dashboard-products", DashboardCodec, { query }));
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
