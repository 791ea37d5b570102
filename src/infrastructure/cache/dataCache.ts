import { injectable } from "inversify";
import type { LiveQuery, QueryState } from "../../application/ports/deals";

import type * as QueryCache from "./queryCache";

type QueryCacheModule = typeof QueryCache;

interface LoadedCache {
  module: QueryCacheModule;
  client: ReturnType<QueryCacheModule["createQueryClient"]>;
}

const PENDING: QueryState<never> = { status: "pending", data: undefined, error: null, isFetching: true, failureCount: 0 };

/**
 * The data cache (docs/product.md, "Constants"), loaded on first use: only signed-in screens need it, so the query library stays
 * out of the landing page's JavaScript.
 */
@injectable()
export class DataCache {
  private loading: Promise<LoadedCache> | null = null;
  private loaded: LoadedCache | null = null;

  load(): Promise<LoadedCache> {
    this.loading ??= import("./queryCache").then((module) => {
      const client = module.createQueryClient();
      // Mounting subscribes the cache to window focus, so stale queries refetch when the person comes back.
      client.mount();
      this.loaded = { module, client };
      return this.loaded;
    });
    return this.loading;
  }

  /** Forgets every cached answer, e.g. when the person signs out. */
  clear(): void {
    this.loaded?.client.clear();
  }

  /**
   * Marks the cached answers under a key prefix stale: unwatched ones refetch when next watched, and watched ones at
   * once unless `refetchWatched` is false (a view that already shows the change itself).
   */
  async invalidate(queryKeyPrefix: readonly unknown[], { refetchWatched = true } = {}): Promise<void> {
    const { client } = await this.load();
    await client.invalidateQueries({ queryKey: queryKeyPrefix, refetchType: refetchWatched ? "active" : "none" });
  }

  /** Fetches the watched answers under a key prefix again now, failing if any of them fails. */
  async refetchWatched(queryKeyPrefix: readonly unknown[]): Promise<void> {
    const { client } = await this.load();
    await client.refetchQueries({ queryKey: queryKeyPrefix, type: "active" }, { throwOnError: true });
  }

  /** Changes a cached answer where it is, so every view shows at once what the person just did; nothing when none is cached. */
  async update<T>(queryKey: readonly unknown[], change: (data: T) => T): Promise<void> {
    const { client } = await this.load();
    client.setQueryData<T>(queryKey, (data) => (data === undefined ? undefined : change(data)));
  }

  watch<T>(queryKey: readonly unknown[], fetch: () => Promise<T>): LiveQuery<T> {
    return new DeferredQuery(this.load().then(({ module, client }) => module.observe(client, queryKey, fetch)));
  }
}

/** A LiveQuery that reads as pending until the cache has loaded, then follows the real one. */
class DeferredQuery<T> implements LiveQuery<T> {
  private inner: LiveQuery<T> | null = null;

  constructor(private readonly ready: Promise<LiveQuery<T>>) {
    void ready.then((query) => {
      this.inner = query;
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    let unsubscribe: (() => void) | null = null;
    let active = true;
    void this.ready.then((query) => {
      if (!active) return;
      unsubscribe = query.subscribe(listener);
      listener();
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  };

  getSnapshot = (): QueryState<T> => this.inner?.getSnapshot() ?? PENDING;

  refetch = async (): Promise<void> => {
    await (await this.ready).refetch();
  };
}
