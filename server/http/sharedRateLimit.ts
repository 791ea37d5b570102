import { normalizeIP, type FastifyRateLimitOptions, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyReply, FastifyRequest } from "fastify";
import { accountLimitMessage, type AccountLimit } from "../../src/domain/requestLimits";
import { userIdOf } from "./authenticate";
import { sendError } from "./errors";

/** Counts requests in fixed windows wherever every API process sees the same counts (the database). */
export interface RateLimitCounter {
  /** Counts one request under `key` in its current window of `windowMs` (a new one when none runs): the count, and the time left. */
  hit(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }>;
}

/**
 * A @fastify/rate-limit store over a shared counter, so that a person meets one limit whichever API process answers.
 * Like the plugin's own memory store, each route counts apart (per client address: clientAddressKey).
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

/** The key of a request whose client has no address any more: its connection closed before the limit was counted. */
export const UNPLACED_CLIENT = "unplaced";

/**
 * The rate limits' key for a request: the client's address as the plugin's own key has it (an IPv6 address by its
 * /64, which one client usually holds whole). A request whose connection has already closed has no address
 * (`request.ip` is undefined) and no one to answer; the plugin's key would throw on it, so all such requests count
 * under one key instead.
 */
export function clientAddressKey(request: FastifyRequest): string {
  const address = request.ip as string | undefined;
  return address ? normalizeIP(address) : UNPLACED_CLIENT;
}

/**
 * A preHandler, behind requireAuth, that counts the signed-in account's request toward its limit in the shared counter
 * (so every address and every API process count toward one), and past the limit answers 429 with Retry-After and a
 * sentence that says when to try again. A preHandler rather than onRequest: a request refused for its address's limit
 * or its malformed body is no use of the account's allowance.
 */
export function limitPerAccount(counter: RateLimitCounter, limit: AccountLimit) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { hits, resetsInMs } = await counter.hit(`${limit.name} account ${userIdOf(request)}`, limit.windowMinutes * 60_000);
    if (hits <= limit.max) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(resetsInMs / 1000));
    reply.header("retry-after", String(retryAfterSeconds));
    return sendError(reply, 429, "rate_limited", accountLimitMessage(limit, retryAfterSeconds));
  };
}
