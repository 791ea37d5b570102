import type { CallbackQuery } from "../../application/auth/googleSignIn";
import type { OAuthFlow } from "../../application/repositories";
import type { CompleteSignInRequest, LogoutRequest } from "../../../src/contract";
import { GOOGLE_SIGN_IN_ONLY, SESSION_ENDED, SIGN_IN_CODE_SPENT, SIGN_IN_STARTED_ELSEWHERE } from "../../application/messages";
import { jsonAnswers, otherAnswers, type Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { sendError, sendSessionEnded } from "../errors";
import { oauthCallbackQuery, publicUser } from "../presenters";
import { perAddressLimit, signedInOnly, type RoutePlugin } from "../routePlugin";
import { GOOGLE_CALLBACK_ROUTE, signInBindingCookie } from "../signInBinding";

const tokenBody = (...fields: string[]) => ({
  type: "object",
  required: fields,
  additionalProperties: false,
  properties: Object.fromEntries(fields.map((field) => [field, { type: "string", minLength: 1, maxLength: 512 }])),
});

/** The browser's time zone rides along; its length is capped here and its name checked by the service (unknown: ignored). */
const completeBody = (() => {
  const body = tokenBody("tokens", "state");
  return { ...body, properties: { ...body.properties, timeZone: { type: "string", maxLength: 128 } } };
})();

const callbackQuery = {
  type: "object",
  properties: {
    code: { type: "string", maxLength: 2048 },
    state: { type: "string", maxLength: 512 },
    error: { type: "string", maxLength: 256 },
    error_description: { type: "string", maxLength: 1024 },
  },
} as const;

const callbackAnswers = otherAnswers("GET /google-signin/callback", {
  status: 302,
  description: "A redirect to the app's /oauth-callback page, its query saying how the sign-in ended.",
});

const logoutBody = { type: "object", additionalProperties: false, properties: { signOutExtension: { type: "boolean" } } } as const;

/** Signing in with Google, the session's tokens, and signing out. */
export const authRoutes: RoutePlugin = async (app, { services }) => {
  const { signIn, sessions, accounts, signOut, config } = services;
  const signInLimit = perAddressLimit(config.authRateLimitPerMinute);
  const binding = signInBindingCookie(app, config);

  app.post<{ Reply: Replies<"POST /login"> }>("/login", { config: signInLimit, schema: { response: jsonAnswers("POST /login") } }, async () => ({ success: false, error: GOOGLE_SIGN_IN_ONLY }));

  const startRoutes = [
    ["/google-signin", "signin"],
    ["/google-signup", "signup"],
    ["/google-gmail-signin", "gmail_signin"],
  ] as const satisfies [string, OAuthFlow][];
  for (const [path, flow] of startRoutes) {
    app.get<{ Reply: Replies<`GET ${typeof path}`> }>(path, { config: signInLimit, schema: { response: jsonAnswers(`GET ${path}`) } }, async (_request, reply) => ({
      success: true,
      ...binding.bind(reply, await signIn.start(flow)),
    }));
  }

  app.get<{ Querystring: CallbackQuery }>(GOOGLE_CALLBACK_ROUTE, { config: signInLimit, schema: { querystring: callbackQuery, response: callbackAnswers } }, async (request, reply) => {
    const outcome = await signIn.handleCallback(request.query, binding.presentedBy(request));
    // The cookie served this one callback, whatever its outcome.
    binding.clear(reply);
    return reply.redirect(`${config.publicUrl}/oauth-callback?${oauthCallbackQuery(outcome)}`, 302);
  });

  app.post<{ Body: CompleteSignInRequest; Reply: Replies<"POST /auth/complete"> }>(
    "/auth/complete",
    { config: signInLimit, schema: { body: completeBody, response: jsonAnswers("POST /auth/complete") } },
    async (request, reply) => {
      const completed = await signIn.complete(request.body.tokens, request.body.state, request.body.timeZone);
      if (completed.kind !== "completed") {
        const error = completed.kind === "started-elsewhere" ? SIGN_IN_STARTED_ELSEWHERE : SIGN_IN_CODE_SPENT;
        return reply.code(400).send({ success: false, error });
      }
      return { success: true, access_token: completed.access_token, refresh_token: completed.refresh_token, user: publicUser(completed.user) };
    },
  );

  app.post<{ Body: { refresh_token: string }; Reply: Replies<"POST /auth/refresh"> }>(
    "/auth/refresh",
    { config: signInLimit, schema: { body: tokenBody("refresh_token"), response: jsonAnswers("POST /auth/refresh") } },
    async (request, reply) => {
      const refreshed = await sessions.refresh(request.body.refresh_token);
      if (!refreshed) return sendError(reply, 401, "invalid_refresh_token", SESSION_ENDED);
      return { access_token: refreshed.access_token, refresh_token: refreshed.refresh_token, user: publicUser(refreshed.user) };
    },
  );

  await app.register(async (signedIn) => {
    signedInOnly(signedIn, services);

    signedIn.get<{ Reply: Replies<"GET /link-google-account"> }>(
      "/link-google-account",
      { config: signInLimit, schema: { response: jsonAnswers("GET /link-google-account") } },
      async (request, reply) => {
      const linking = await signIn.startForUser("link", userIdOf(request));
      if (!linking) return sendSessionEnded(reply);
      return { success: true, ...binding.bind(reply, linking.started) };
    });

    signedIn.get<{ Reply: Replies<"GET /auth/me"> }>("/auth/me", { schema: { response: jsonAnswers("GET /auth/me") } }, async (request, reply) => {
      const user = await accounts.user(userIdOf(request));
      if (!user) return sendSessionEnded(reply);
      return { success: true, user: publicUser(user) };
    });

    signedIn.post<{ Body: LogoutRequest; Reply: Replies<"POST /logout"> }>(
      "/logout",
      {
        // No body is the sign-out of before the choice existed (this web session only), as an old page still sends it.
        preValidation: async (request) => {
          if ((request.body as LogoutRequest | undefined) === undefined) request.body = {};
        },
        schema: { body: logoutBody, response: jsonAnswers("POST /logout") },
      },
      async (request) => {
        await signOut.signOut(request.auth!, { signOutExtension: request.body.signOutExtension === true });
        return { success: true };
      },
    );
  });
};
