import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { RequestPart } from "./validationMessage";
import type { AppServices } from "./services";
import { requireAuth } from "./authenticate";

/** What every route plugin is given: the use cases (composed in server/compose.ts). */
export interface RoutePluginOptions {
  services: AppServices;
}

/**
 * One resource's routes (server/http/routes/*.ts), registered by app.ts in the context whose rate-limit store counts
 * them. A plugin is its own encapsulation context, so a hook or parser it adds stays with its routes.
 */
export type RoutePlugin = FastifyPluginAsync<RoutePluginOptions>;

/**
 * Admits only requests with a live web session's access token to every route of this scope: a route plugin, or a
 * scope inside one that also has public routes. The hook runs before the routes' own (their rate limits), as
 * `onRequest: requireAuth(...)` on each route did.
 */
export function signedInOnly(scope: FastifyInstance, services: Pick<AppServices, "sessions">): void {
  scope.addHook("onRequest", requireAuth(services.sessions));
}

/** A route's limit per client address a minute, counted in its context's store (see app.ts and sharedRateLimit.ts). */
export function perAddressLimit(max: number) {
  return { rateLimit: { max, timeWindow: "1 minute" } };
}

/** What a route answers, with a 400, when its schema refuses a part of the request: its own code and sentence. */
export interface Refusal {
  code: string;
  message: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Per request part, the route's own refusal in place of the sentence validationMessage writes (errors.ts). */
    refusals?: Partial<Record<RequestPart, Refusal>>;
  }
}

/**
 * A route's own refusals of what its request schemas refuse, for its `config`: where the route tells a bad id or body
 * in words written for the person ("That deal's address is not valid...") rather than naming the schema's rule.
 */
export function refusedAs(refusals: Partial<Record<"params" | "body" | "querystring", Refusal>>) {
  return { refusals };
}
