import { jsonAnswers, type Replies } from "../replies";
import { publicConfigOf } from "../publicConfig";
import type { RoutePlugin } from "../routePlugin";

/** Longer than a trivial query ever takes; shorter than a load balancer's usual probe timeout (5 s). */
const READY_TIMEOUT_MS = 2000;

class NoAnswerInTime extends Error {}

/** Answers a promise's outcome, or rejects once `ms` have passed: a database that hangs is as unready as one that refuses. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswerInTime(`The database gave no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Why the database failed, safe to show anyone: the driver's code (ECONNREFUSED, a SQLSTATE such as 57P01) or the
 * timeout. Its message may name hosts, users or databases, so it goes only to the log.
 */
function reasonOf(error: unknown): string {
  if (error instanceof NoAnswerInTime) return `no answer within ${READY_TIMEOUT_MS} ms`;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code) ? code : "error";
}

/**
 * GET /api/health (live: the process answers) and GET /api/ready (ready: its database answers too), for load balancers
 * and orchestrators, and GET /api/app-config. No sign-in, no rate limit (a balancer probes every few seconds from a few
 * addresses), no caching of the probes.
 */
export const healthRoutes: RoutePlugin = async (app, { services }) => {
  app.get<{ Reply: Replies<"GET /health"> }>("/health", { schema: { response: jsonAnswers("GET /health") } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get<{ Reply: Replies<"GET /ready"> }>("/ready", { schema: { response: jsonAnswers("GET /ready") } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await within(services.checkDatabase(), READY_TIMEOUT_MS);
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "Readiness check: the database did not answer");
      return reply.code(503).send({ status: "unavailable", error: `The database does not answer (${reasonOf(error)}).` });
    }
  });

  // The app's public settings; also written into every page, so the app need not ask for it before its first paint.
  const publicConfig = publicConfigOf(services.config);
  app.get<{ Reply: Replies<"GET /app-config"> }>("/app-config", { schema: { response: jsonAnswers("GET /app-config") } }, async () => publicConfig);
};
