import type { FastifyInstance } from "fastify";
import type { ApiRoute, FailureBody, SuccessBody } from "../../../src/contract";
import { EXTENSION_DOWNLOAD_PATH } from "../../../src/domain/extension";
import type { AppServices } from "../services";
import { jsonAnswers, type Replies } from "../replies";
import { requireExtensionAuth, userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { extensionSessions, extensionTokens } from "../presenters";
import { perAddressLimit, signedInOnly, type RoutePlugin } from "../routePlugin";
import { uuidString } from "../schemas";
import { limitPerAccount } from "../sharedRateLimit";
import { ACCOUNT_LIMITS } from "../../../src/domain/requestLimits";

const PAIRING_CODE_SPENT = "This pairing code has expired or was already used.";
const EXTENSION_SESSION_ENDED = "The extension's session has ended. Connect the extension again from Deal Finder.";

/** The replies of a route that answers 201 Created with its success body. */
interface CreatedReplies<Route extends ApiRoute> {
  201: SuccessBody<Route>;
  "4xx": FailureBody<Route>;
  "5xx": FailureBody<Route>;
}

const tokenBody = (field: string) => ({
  type: "object",
  required: [field],
  additionalProperties: false,
  properties: { [field]: { type: "string", minLength: 1, maxLength: 512 } },
});

/**
 * The browser extension's API (shapes in src/contract/extension.ts). The extension's own session is read-only: its
 * access token opens only the codes and its sign-out, its refresh token only its refresh, and the user's tokens open
 * none of the three. Pairing codes, Settings' list and Disconnect, and whether an extension was paired from this web
 * session, take the user's session.
 */
export const extensionRoutes: RoutePlugin = async (app, { services }) => {
  const { extension, config } = services;
  const limited = perAddressLimit(config.authRateLimitPerMinute);

  // Pairing: the extension has no session yet, only the one-time code the person's session asked for.
  app.post<{ Body: { code: string }; Reply: CreatedReplies<"POST /extension/sessions"> }>(
    "/extension/sessions",
    { config: limited, schema: { body: tokenBody("code"), response: jsonAnswers("POST /extension/sessions", 201) } },
    async (request, reply) => {
      const tokens = await extension.pair(request.body.code, request.headers["user-agent"]);
      if (!tokens) return sendError(reply, 400, "pairing_code_spent", PAIRING_CODE_SPENT);
      return reply.code(201).send(extensionTokens(tokens));
    },
  );

  app.post<{ Body: { refreshToken: string }; Reply: Replies<"POST /extension/sessions/refresh"> }>(
    "/extension/sessions/refresh",
    { config: limited, schema: { body: tokenBody("refreshToken"), response: jsonAnswers("POST /extension/sessions/refresh") } },
    async (request, reply) => {
      const tokens = await extension.refresh(request.body.refreshToken);
      return tokens ? extensionTokens(tokens) : sendError(reply, 401, "invalid_refresh_token", EXTENSION_SESSION_ENDED);
    },
  );

  // The extension's own session: its codes and its sign-out, nothing else.
  await app.register(async (extensionOnly) => {
    extensionOnly.addHook("onRequest", requireExtensionAuth(extension, EXTENSION_SESSION_ENDED));

    extensionOnly.post<{ Reply: Replies<"POST /extension/logout"> }>("/extension/logout", { schema: { response: jsonAnswers("POST /extension/logout") } }, async (request) => {
      await extension.end(request.auth!.userId, request.auth!.sessionId);
      return { success: true };
    });

    extensionOnly.get<{ Reply: Replies<"GET /extension/codes"> }>("/extension/codes", { schema: { response: jsonAnswers("GET /extension/codes") } }, async (request) => {
      const { deals, lastSyncAt, today, timeZone } = await extension.codes(userIdOf(request));
      return { deals, lastSyncAt: lastSyncAt?.toISOString() ?? null, today, timeZone };
    });
  });

  // The person's web session: pairing codes, Settings' list and Disconnect, and the sign-out's question.
  await app.register(async (signedIn) => {
    signedInOnly(signedIn, services);

    signedIn.post<{ Reply: CreatedReplies<"POST /extension/pairing-codes"> }>(
      "/extension/pairing-codes",
      {
        config: limited,
        preHandler: limitPerAccount(services.rateLimitCounter, ACCOUNT_LIMITS.pairingCode),
        schema: { response: jsonAnswers("POST /extension/pairing-codes", 201) },
      },
      async (request, reply) => {
        const pairing = await extension.createPairingCode(request.auth!);
        return reply.code(201).send({ code: pairing.code, expiresAt: pairing.expiresAt.toISOString() });
      },
    );

    signedIn.get<{ Reply: Replies<"GET /extension/sessions"> }>("/extension/sessions", { schema: { response: jsonAnswers("GET /extension/sessions") } }, async (request) =>
      extensionSessions(await extension.list(userIdOf(request))),
    );

    // Only a yes or no about the caller's own web session: all the sign-out needs to know whether to ask.
    signedIn.get<{ Reply: Replies<"GET /extension/paired-here"> }>("/extension/paired-here", { schema: { response: jsonAnswers("GET /extension/paired-here") } }, async (request) => ({
      paired: await extension.pairedFrom(request.auth!),
    }));

    signedIn.delete<{ Params: { id: string }; Reply: Replies<"DELETE /extension/sessions/:id"> }>(
      "/extension/sessions/:id",
      { schema: { params: { type: "object", required: ["id"], properties: { id: uuidString } }, response: jsonAnswers("DELETE /extension/sessions/:id") } },
      async (request, reply) => {
        if (!(await extension.end(userIdOf(request), request.params.id))) {
          return sendError(reply, 404, "extension_session_not_found", "There is no such connected extension in your account.");
        }
        return { status: "success", message: "Extension disconnected." };
      },
    );
  });
};

const EXTENSION_NOT_BUILT = "The browser extension has not been built on this server yet. Run npm run build:extension (npm start does it), then download it again.";

/** The built extension as a zip, for "Load unpacked" (outside the API: a browser downloads it as a file). */
export function registerExtensionDownload(app: FastifyInstance, extensionPackage: AppServices["extensionPackage"]): void {
  app.get(EXTENSION_DOWNLOAD_PATH, async (_request, reply) => {
    const zip = await extensionPackage.zip();
    if (!zip) return sendError(reply, 404, "extension_not_built", EXTENSION_NOT_BUILT);
    return reply
      .type("application/zip")
      .header("content-disposition", 'attachment; filename="deal-finder-extension.zip"')
      .header("cache-control", "no-cache")
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });
}
