import { inject, injectable } from "inversify";
import { QueryClient, QueryObserver, type QueryObserverResult } from "@tanstack/query-core";
import {
  DashboardSource,
  type DashboardFilters,
  type LiveQuery,
  type QueryState,
} from "../../application/ports/deals";
import type { Dashboard } from "../../domain/dashboard";
import { DashboardCodec } from "./contract";
import { HttpClient } from "./httpClient";

/** The query cache settings of SPEC section 9. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: 3,
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: true,
        refetchOnReconnect: false,
      },
      mutations: { retry: 1 },
    },
  });
}

export function dashboardQuery(filters: DashboardFilters) {
  return {
    category: filters.category,
    search: filters.search,
    expiring: filters.expiring ? "true" : undefined,
    from_domain: filters.fromDomain,
    brand: filters.brand,
  };
}

/** Adapts a query-core observer to the LiveQuery port, returning the same snapshot object until it changes. */
export class ObservedQuery<T> implements LiveQuery<T> {
  private lastResult: QueryObserverResult<T, Error> | null = null;
  private lastState: QueryState<T> | null = null;

  constructor(private readonly observer: QueryObserver<T, Error>) {}

  subscribe = (listener: () => void): (() => void) => this.observer.subscribe(() => listener());

  getSnapshot = (): QueryState<T> => {
    const result = this.observer.getCurrentResult();
    if (result !== this.lastResult || !this.lastState) {
      this.lastResult = result;
      this.lastState = {
        status: result.status,
        data: result.data,
        error: result.error,
        isFetching: result.isFetching,
      };
    }
    return this.lastState;
  };

  refetch = async (): Promise<void> => {
    await this.observer.refetch();
  };
}

@injectable()
export class CachedDashboardSource extends DashboardSource {
  constructor(
    @inject(QueryClient) private readonly client: QueryClient,
    @inject(HttpClient) private readonly http: HttpClient,
  ) {
    super();
  }

  watch(filters: DashboardFilters): LiveQuery<Dashboard> {
    const query = dashboardQuery(filters);
    const observer = new QueryObserver<Dashboard, Error>(this.client, {
      queryKey: ["dashboard", query],
      queryFn: () => this.http.get("/dashboard-products", DashboardCodec, { query }),
    });
    return new ObservedQuery(observer);
  }
}
