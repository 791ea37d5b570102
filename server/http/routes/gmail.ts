import { jsonAnswers, type Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { sendError, sendSessionEnded } from "../errors";
import { answerSyncStart, publicUser, syncStatus } from "../presenters";
import { perAddressLimit, signedInOnly, type RoutePlugin } from "../routePlugin";
import { signInBindingCookie } from "../signInBinding";
import { limitPerAccount } from "../sharedRateLimit";
import { ACCOUNT_LIMITS } from "../../../src/domain/requestLimits";
import { GMAIL_NOT_CONNECTED } from "../../application/messages";

const labelIdsBody = {
  type: "object",
  required: ["labels"],
  additionalProperties: false,
  properties: { labels: { type: "array", minItems: 1, maxItems: 50, uniqueItems: true, items: { type: "string", minLength: 1, maxLength: 200 } } },
} as const;

/** The person's Gmail: connecting it, its sync (started, followed), its monitored labels, and disconnecting it. */
export const gmailRoutes: RoutePlugin = async (app, { services }) => {
  const { signIn, mailbox, gmailLabels, config, rateLimitCounter } = services;
  signedInOnly(app, services);
  // A sync reads the mailbox at Gmail and extracts what is new: both routes that start one are limited per address and
  // per account, with one count per account between them.
  const syncStart = {
    config: perAddressLimit(config.authRateLimitPerMinute),
    preHandler: limitPerAccount(rateLimitCounter, ACCOUNT_LIMITS.syncStart),
  };
  const binding = signInBindingCookie(app, config);

  app.get<{ Reply: Replies<"GET /connect-gmail"> }>("/connect-gmail", { schema: { response: jsonAnswers("GET /connect-gmail") } }, async (request, reply) => {
    const connecting = await signIn.startForUser("connect_gmail", userIdOf(request));
    if (!connecting) return sendSessionEnded(reply);
    return { success: true, ...binding.bind(reply, connecting.started), user_data: publicUser(connecting.user) };
  });

  app.post<{ Reply: Replies<"POST /sync-gmail"> }>("/sync-gmail", { ...syncStart, schema: { response: jsonAnswers("POST /sync-gmail") } }, async (request, reply) =>
    answerSyncStart(reply, await mailbox.startSync(userIdOf(request))),
  );

  app.post<{ Body: { labels?: string[] }; Reply: Replies<"POST /gmail/sync"> }>(
    "/gmail/sync",
    {
      ...syncStart,
      // The labels are optional, and so is the body: a bare POST syncs the labels already monitored.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { body: { ...labelIdsBody, required: [] }, response: jsonAnswers("POST /gmail/sync") },
    },
    async (request, reply) => answerSyncStart(reply, await mailbox.startSync(userIdOf(request), request.body.labels)),
  );

  app.get<{ Reply: Replies<"GET /sync-gmail"> }>("/sync-gmail", { schema: { response: jsonAnswers("GET /sync-gmail") } }, async (request) => syncStatus(await mailbox.status(userIdOf(request))));

  app.post<{ Reply: Replies<"POST /disconnect-gmail"> }>("/disconnect-gmail", { schema: { response: jsonAnswers("POST /disconnect-gmail") } }, async (request, reply) => {
    if (!(await mailbox.disconnect(userIdOf(request)))) return sendError(reply, 400, "gmail_not_connected", GMAIL_NOT_CONNECTED);
    return { status: "success", message: "Gmail disconnected. The deals already found stay on your dashboard." };
  });

  app.get<{ Reply: Replies<"GET /gmail/labels"> }>("/gmail/labels", { schema: { response: jsonAnswers("GET /gmail/labels") } }, async (request, reply) => {
    const labels = await gmailLabels.labels(userIdOf(request));
    return labels ? { status: "success", labels } : sendError(reply, 400, "gmail_not_connected", GMAIL_NOT_CONNECTED);
  });

  app.put<{ Body: { labels: string[] }; Reply: Replies<"PUT /gmail/labels"> }>("/gmail/labels", { schema: { body: labelIdsBody, response: jsonAnswers("PUT /gmail/labels") } }, async (request) => ({
    status: "success",
    labels: await gmailLabels.setMonitored(userIdOf(request), request.body.labels),
  }));
};
