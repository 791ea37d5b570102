import { QueryClient, QueryObserver, type QueryKey, type QueryObserverResult } from "@tanstack/query-core";
import type { LiveQuery, QueryState } from "../../application/ports/deals";

/** The data cache's settings (docs/product.md, "Constants"). */
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
        failureCount: result.failureCount,
      };
    }
    return this.lastState;
  };

  refetch = async (): Promise<void> => {
    await this.observer.refetch();
  };
}

export function observe<T>(client: QueryClient, queryKey: QueryKey, fetch: () => Promise<T>): LiveQuery<T> {
  return new ObservedQuery(new QueryObserver<T, Error>(client, { queryKey, queryFn: fetch }));
}
