import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from "fastify";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { AppServices } from "./services";
import { API_PREFIX, checkRepliesAgainstContract, serialiseAsJson } from "./replies";
import { answerClientError, answerFrameworkError, isClientConnectionError, logClientFailure, registerErrorHandling, sendError } from "./errors";
import { registerJsonBodyParser } from "./jsonBody";
import { logSerializers } from "./logSerializers";
import { registerStaticFiles } from "./staticFiles";
import { publicConfigOf } from "./publicConfig";
import { AJV_OPTIONS } from "./schemas";
import type { RoutePlugin } from "./routePlugin";
import { accountRoutes } from "./routes/account";
import { alertRoutes } from "./routes/alerts";
import { authRoutes } from "./routes/auth";
import { brandRoutes } from "./routes/brands";
import { senderRoutes } from "./routes/senders";
import { dashboardRoutes } from "./routes/dashboard";
import { dealRoutes } from "./routes/deals";
import { earlyAccessRoutes } from "./routes/earlyAccess";
import { extensionRoutes, registerExtensionDownload } from "./routes/extension";
import { gmailRoutes } from "./routes/gmail";
import { healthRoutes } from "./routes/health";
import { imageRoutes } from "./routes/images";
import { reportRoutes } from "./routes/reports";
import { settingsRoutes } from "./routes/settings";
import { clientAddressKey, sharedRateLimitStore } from "./sharedRateLimit";

/**
 * Fastify's log lines without the two it writes for every request, which were a fifth of a dashboard request's CPU
 * (synchronous writes to stdout). A request that errors or answers 5xx is still logged; an answer that could not be
 * sent because the client closed or broke its connection is the client's doing, and says so in one line.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error && isClientConnectionError(error)) logClientFailure(request, error, "The client's connection ended before its answer was sent");
    else if (error || reply.statusCode >= 500) super.requestCompleted(error, request, reply, metadata);
  }
}

/** Where log lines may go instead of stdout: one JSON line a call. */
export interface LogDestination {
  write(line: string): void;
}

export interface AppOptions {
  /** Log lines: to stdout (true), to a destination of the caller's (tests read them), or none (false, the default). */
  logger?: boolean | LogDestination;
  /** Check every JSON reply against the wire contract (see replies.ts): for tests. */
  checkReplies?: boolean;
  /** Sees every route as it is registered, its schemas included: for the test that every route declares its answers. */
  onRoute?: (route: RouteOptions) => void;
}

/** The API's resources, one route plugin each (server/http/routes), under /api and the shared rate-limit store. */
const RESOURCES: readonly RoutePlugin[] = [
  authRoutes,
  gmailRoutes,
  dashboardRoutes,
  dealRoutes,
  brandRoutes,
  settingsRoutes,
  accountRoutes,
  earlyAccessRoutes,
  extensionRoutes,
  reportRoutes,
  senderRoutes,
  alertRoutes,
];

export async function buildApp(services: AppServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: options.logger
      ? { level: "info", serializers: logSerializers, ...(options.logger === true ? {} : { stream: options.logger }) }
      : false,
    logController: new QuietRequestLog(),
    bodyLimit: 64 * 1024,
    // Only the load balancers named in TRUST_PROXY may say who the client is (X-Forwarded-For): anyone else could
    // claim a new address with every request and so escape the rate limits.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    ajv: { customOptions: AJV_OPTIONS },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.decorateRequest("auth", null);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  serialiseAsJson(app);
  if (options.checkReplies) checkRepliesAgainstContract(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Images from mail come only through our image proxy, never from a sender's server.
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // Reads and sets the one cookie there is: the sign-in binding of server/http/signInBinding.ts.
  await app.register(cookie);

  await app.register(
    async (api) => {
      if (config.corsOrigins.length > 0) {
        const allowed = new Set(config.corsOrigins);
        // A function, not the list itself: an unlisted origin then gets no CORS headers at all, and its preflight a 404.
        await api.register(cors, {
          origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
          methods: ["GET", "HEAD", "POST", "PUT", "DELETE"],
          allowedHeaders: ["Authorization", "Content-Type"],
          maxAge: 600,
          // An OPTIONS without Access-Control-Request-Method gets the ordinary preflight answer instead of the plugin's
          // plain-text 400, which has no error shape; browsers always send the header.
          strictPreflight: false,
        });
      }
      await api.register(healthRoutes, { services });
      // Each resource's routes are a plugin, with their rate limits in their routes' config. These count in the
      // database, so that a person meets the same limit whichever API process answers (the sign-in, mail, sync and
      // pairing limits per address; limitPerAccount's per account); a route without a limit in its config has none.
      await api.register(async (sharedLimits) => {
        await sharedLimits.register(rateLimit, { global: false, keyGenerator: clientAddressKey, store: sharedRateLimitStore(services.rateLimitCounter) });
        for (const routes of RESOURCES) await sharedLimits.register(routes, { services });
      });
      // The image proxy's brake on one address stays in memory: a dashboard loads an image per card, which would be a
      // database write each, and what it protects (this process's outgoing fetches and its image cache) is per process.
      await api.register(async (imageProxy) => {
        await imageProxy.register(rateLimit, { global: false, keyGenerator: clientAddressKey });
        await imageProxy.register(imageRoutes, { services });
      });
    },
    { prefix: API_PREFIX },
  );

  registerExtensionDownload(app, services.extensionPackage);
  const pages = config.staticDir ? await registerStaticFiles(app, config.staticDir, publicConfigOf(config)) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      return sendError(reply, 404, "not_found", `There is no ${request.method} ${path}.`);
    }
    // A missing build file is a 404, never the app's page in its place.
    if (path.startsWith("/assets/")) return sendError(reply, 404, "not_found", "Not found.");
    // Every other GET is a page of the app: its own, or the app's 404 page.
    if ((request.method === "GET" || request.method === "HEAD") && pages) return pages.sendPage(request, reply);
    return sendError(reply, 404, "not_found", "Not found.");
  });
  return app;
}
