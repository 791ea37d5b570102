import { existsSync } from "node:fs";
import { join } from "node:path";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import type { ServerConfig } from "../config";
import type { SessionService } from "../application/auth/sessions";
import type { GoogleSignInService } from "../application/auth/googleSignIn";
import type { GmailConnection } from "../application/gmail/gmailConnection";
import type { SyncEngine } from "../application/gmail/syncEngine";
import type { DashboardService } from "../application/dashboard";
import type { GmailLabelsService } from "../application/gmail/gmailLabels";
import type { DataVersions } from "../application/dataVersions";
import type { EncodedJsonCache } from "./cachedJson";
import type {
  BrandsRepository,
  EarlyAccessRepository,
  PreferencesRepository,
  SyncRepository,
  UsersRepository,
} from "../application/repositories";
import { registerErrorHandling, sendError } from "./errors";
import { registerAuthRoutes } from "./routes/auth";
import { registerGmailRoutes } from "./routes/gmail";
import { registerDashboardRoutes } from "./routes/dashboard";
import { registerSettingsRoutes } from "./routes/settings";

/** Everything the HTTP layer calls; composed in server/compose.ts. */
export interface AppServices {
  config: ServerConfig;
  users: UsersRepository;
  sessions: SessionService;
  signIn: GoogleSignInService;
  gmailConnection: GmailConnection;
  sync: SyncEngine;
  syncState: SyncRepository;
  dashboard: DashboardService;
  brands: BrandsRepository;
  gmailLabels: GmailLabelsService;
  preferences: PreferencesRepository;
  earlyAccess: EarlyAccessRepository;
  dataVersions: DataVersions;
  dashboardCache: EncodedJsonCache;
}

export const API_PREFIX = "/api";

/**
 * Fastify's log lines without the two it writes for every request, which were a fifth of a dashboard request's CPU
 * (synchronous writes to stdout). A request that errors or answers 5xx is still logged.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error || reply.statusCode >= 500) super.requestCompleted(error, request, reply, metadata);
  }
}

export async function buildApp(services: AppServices, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: options.logger ? { level: "info" } : false,
    logController: new QuietRequestLog(),
    bodyLimit: 64 * 1024,
    trustProxy: false,
    // No type coercion: a number where a string belongs is a 400, not a quietly converted value.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  app.decorateRequest("auth", null);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "https:", "data:"],
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
  await app.register(rateLimit, { global: false });

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
        });
      }
      api.get("/app-config", async () => ({
        demoMode: config.demoMode,
        extensionStoreUrl: config.extensionStoreUrl,
        feedbackFormUrl: config.feedbackFormUrl,
      }));
      registerAuthRoutes(api, services);
      registerGmailRoutes(api, services);
      registerDashboardRoutes(api, services);
      registerSettingsRoutes(api, services);
    },
    { prefix: API_PREFIX },
  );

  const indexHtml = config.staticDir ? join(config.staticDir, "index.html") : null;
  if (config.staticDir && indexHtml && existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: config.staticDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      return sendError(reply, 404, "not_found", `There is no ${request.method} ${path}.`);
    }
    // Every other GET is a route of the single-page app, which renders its own 404 page.
    if (request.method === "GET" && indexHtml && existsSync(indexHtml)) {
      return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
    }
    return sendError(reply, 404, "not_found", "Not found.");
  });
  return app;
}
