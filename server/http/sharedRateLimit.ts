import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";

/** Counts requests in fixed windows wherever every API process sees the same counts (the database). */
export interface RateLimitCounter {
  /** Counts one request under `key` in its current window of `windowMs` (a new one when none runs): the count, and the time left. */
  hit(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }>;
}

/**
 * A @fastify/rate-limit store over a shared counter, so that a person meets one limit whichever API process answers.
 * Like the plugin's own memory store, each route counts apart (per client address, the plugin's key).
 */
export function sharedRateLimitStore(counter: RateLimitCounter): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly route = "",
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(`${this.route} ${key}`, timeWindow).then(
        ({ hits, resetsInMs }) => callback(null, { current: hits, ttl: resetsInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // The plugin hands a route's merged limit settings with the route under `routeInfo` (its types say the route itself).
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string | string[]; url: string } };
      return new SharedRateLimitStore(routeOptions as FastifyRateLimitOptions, `${String(routeInfo.method)} ${routeInfo.url}`);
    }
  }
  return SharedRateLimitStore;
}
