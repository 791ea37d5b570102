import type { FastifyInstance } from "fastify";
import type { AppServices } from "../services";
import type { Replies } from "../replies";
import { requireAuth, userIdOf } from "../authenticate";
import { sendSessionEnded } from "../errors";
import { answerSyncStart, publicUser, syncStatus } from "../presenters";
import { signInBindingCookie } from "../signInBinding";
import { limitPerAccount } from "../sharedRateLimit";
import { ACCOUNT_LIMITS } from "../../../src/domain/requestLimits";

export function registerGmailRoutes(app: FastifyInstance, services: AppServices): void {
  const { sessions, signIn, mailbox, config, rateLimitCounter } = services;
  const authenticated = requireAuth(sessions);
  // A sync reads the mailbox at Gmail and extracts what is new: limited per address and per account.
  const syncLimits = {
    config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } },
    preHandler: limitPerAccount(rateLimitCounter, ACCOUNT_LIMITS.syncStart),
  };
  const binding = signInBindingCookie(app, config);

  app.get<{ Reply: Replies<"GET /connect-gmail"> }>("/connect-gmail", { onRequest: authenticated }, async (request, reply) => {
    const connecting = await signIn.startForUser("connect_gmail", userIdOf(request));
    if (!connecting) return sendSessionEnded(reply);
    return { success: true, ...binding.bind(reply, connecting.started), user_data: publicUser(connecting.user) };
  });

  app.post<{ Reply: Replies<"POST /sync-gmail"> }>("/sync-gmail", { onRequest: authenticated, ...syncLimits }, async (request, reply) =>
    answerSyncStart(reply, await mailbox.startSync(userIdOf(request))),
  );

  app.get<{ Reply: Replies<"GET /sync-gmail"> }>("/sync-gmail", { onRequest: authenticated }, async (request) =>
    syncStatus(await mailbox.status(userIdOf(request))),
  );
}
