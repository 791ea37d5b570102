import type { FastifyInstance } from "fastify";
import type { OAuthFlow, UserRecord } from "../../application/repositories";
import type { CallbackOutcome } from "../../application/auth/googleSignIn";
import type { AppServices } from "../app";
import { requireAuth, userIdOf } from "../authenticate";
import { sendError, sendSessionEnded } from "../errors";
import { GOOGLE_CALLBACK_ROUTE, signInBindingCookie } from "../signInBinding";

/** What the SPA stores of a user (SPEC section 3). */
export function publicUser(user: UserRecord) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    gmail_connected: Boolean(user.gmail_connected),
  };
}

const tokenBody = (...fields: string[]) => ({
  type: "object",
  required: fields,
  additionalProperties: false,
  properties: Object.fromEntries(fields.map((field) => [field, { type: "string", minLength: 1, maxLength: 512 }])),
});

export const SIGN_IN_CODE_SPENT = "This sign-in link has expired or was already used. Please sign in again.";
export const SIGN_IN_STARTED_ELSEWHERE = "This sign-in was not started in this browser. Please sign in again here.";

export function registerAuthRoutes(app: FastifyInstance, services: AppServices): void {
  const { signIn, sessions, users, sync, config } = services;
  const authenticated = requireAuth(sessions);
  const signInLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } };
  const binding = signInBindingCookie(app, config);

  app.post("/login", { config: signInLimit }, async () => ({
    success: false,
    error: "Deal Finder accounts use Google sign-in only. Please continue with Google.",
  }));

  const startRoutes: [string, OAuthFlow][] = [
    ["/google-signin", "signin"],
    ["/google-signup", "signup"],
    ["/google-gmail-signin", "gmail_signin"],
  ];
  for (const [path, flow] of startRoutes) {
    app.get(path, { config: signInLimit }, async (_request, reply) => ({ success: true, ...binding.bind(reply, await signIn.start(flow)) }));
  }

  app.get("/link-google-account", { config: signInLimit, onRequest: authenticated }, async (request, reply) => {
    const user = await users.findById(userIdOf(request));
    if (!user) return sendSessionEnded(reply);
    return { success: true, ...binding.bind(reply, await signIn.start("link", user)) };
  });

  app.get<{ Querystring: { code?: string; state?: string; error?: string; error_description?: string } }>(
    GOOGLE_CALLBACK_ROUTE,
    {
      config: signInLimit,
      schema: {
        querystring: {
          type: "object",
          properties: {
            code: { type: "string", maxLength: 2048 },
            state: { type: "string", maxLength: 512 },
            error: { type: "string", maxLength: 256 },
            error_description: { type: "string", maxLength: 1024 },
          },
        },
      },
    },
    async (request, reply) => {
      const outcome = await signIn.handleCallback(request.query, binding.presentedBy(request));
      // The cookie served this one callback, whatever its outcome.
      binding.clear(reply);
      if (outcome.kind === "gmail-connected" || (outcome.kind === "signed-in" && outcome.gmailGranted)) {
        await sync.start(outcome.userId);
      }
      return reply.redirect(`${config.publicUrl}/oauth-callback?${callbackQuery(outcome)}`, 302);
    },
  );

  app.post<{ Body: { tokens: string; state: string } }>(
    "/auth/complete",
    { config: signInLimit, schema: { body: tokenBody("tokens", "state") } },
    async (request, reply) => {
      const completed = await signIn.complete(request.body.tokens, request.body.state);
      if (completed.kind !== "completed") {
        const error = completed.kind === "started-elsewhere" ? SIGN_IN_STARTED_ELSEWHERE : SIGN_IN_CODE_SPENT;
        return reply.code(400).send({ success: false, error });
      }
      return {
        success: true,
        access_token: completed.access_token,
        refresh_token: completed.refresh_token,
        user: publicUser(completed.user),
      };
    },
  );

  app.get("/auth/me", { onRequest: authenticated }, async (request, reply) => {
    const user = await users.findById(userIdOf(request));
    if (!user) return sendSessionEnded(reply);
    return { success: true, user: publicUser(user) };
  });

  app.post<{ Body: { refresh_token: string } }>(
    "/auth/refresh",
    { config: signInLimit, schema: { body: tokenBody("refresh_token") } },
    async (request, reply) => {
      const refreshed = await sessions.refresh(request.body.refresh_token);
      const user = refreshed ? await users.findById(refreshed.userId) : null;
      if (!refreshed || !user) return sendError(reply, 401, "invalid_refresh_token", "Your session has ended. Please sign in again.");
      return { access_token: refreshed.access_token, refresh_token: refreshed.refresh_token, user: publicUser(user) };
    },
  );

  app.post("/logout", { onRequest: authenticated }, async (request) => {
    await sessions.end(request.auth!.sessionId);
    return { success: true };
  });
}

function callbackQuery(outcome: CallbackOutcome): string {
  switch (outcome.kind) {
    case "signed-in":
      return new URLSearchParams({ success: "true", action: outcome.action, tokens: outcome.tokens }).toString();
    case "gmail-connected":
      return new URLSearchParams({ success: "true", action: "gmail_connected" }).toString();
    case "failed":
      return new URLSearchParams({ error: outcome.error, ...(outcome.message ? { message: outcome.message } : {}) }).toString();
  }
}
