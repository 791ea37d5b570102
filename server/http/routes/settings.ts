import type { FastifyInstance } from "fastify";
import type { PreferenceChanges, Preferences, ShoppingFrequency } from "../../application/repositories";
import { isValidTimeZone } from "../../application/reports/schedule";
import type { AppServices } from "../services";
import type { Replies } from "../replies";
import { requireAuth, userIdOf } from "../authenticate";
import { sendError, sendSessionEnded } from "../errors";
import { accountDeleted, answerSyncStart, brandToggled, settingsOverview } from "../presenters";
import { GMAIL_NOT_CONNECTED } from "../../application/messages";
import { uuidString } from "../schemas";
import { limitPerAccount } from "../sharedRateLimit";
import { ACCOUNT_LIMITS } from "../../../src/domain/requestLimits";

const uuidParam = { type: "object", required: ["id"], properties: { id: uuidString } } as const;
const labelIdsBody = {
  type: "object",
  required: ["labels"],
  additionalProperties: false,
  properties: { labels: { type: "array", minItems: 1, maxItems: 50, uniqueItems: true, items: { type: "string", minLength: 1, maxLength: 200 } } },
} as const;

/** The preferences as the wire contract has them (the stop's time as ISO 8601). */
function preferencesAnswer({ emailsStopped, ...preferences }: Preferences) {
  return { ...preferences, emailsStopped: emailsStopped ? { reason: emailsStopped.reason, at: emailsStopped.at.toISOString() } : null };
}

export function registerSettingsRoutes(app: FastifyInstance, services: AppServices): void {
  const { sessions, accounts, brands, settings, mailbox, gmailLabels, earlyAccess, config, rateLimitCounter } = services;
  const authenticated = requireAuth(sessions);
  const perAddress = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } };

  app.get<{ Reply: Replies<"GET /settings"> }>("/settings", { onRequest: authenticated }, async (request, reply) => {
    const overview = await settings.overview(userIdOf(request));
    return overview ? settingsOverview(overview) : sendSessionEnded(reply);
  });

  app.post<{ Params: { id: string }; Reply: Replies<"POST /api/toggle_brand/:id"> }>(
    "/api/toggle_brand/:id",
    { onRequest: authenticated, schema: { params: uuidParam } },
    async (request, reply) => {
      const isActive = await brands.toggle(userIdOf(request), request.params.id);
      return isActive === null ? sendError(reply, 404, "brand_not_found", "There is no such brand in your account.") : brandToggled(isActive);
    },
  );

  app.post<{ Reply: Replies<"POST /disconnect-gmail"> }>("/disconnect-gmail", { onRequest: authenticated }, async (request, reply) => {
    if (!(await mailbox.disconnect(userIdOf(request)))) return sendError(reply, 400, "gmail_not_connected", GMAIL_NOT_CONNECTED);
    return { status: "success", message: "Gmail disconnected. The deals already found stay on your dashboard." };
  });

  app.get<{ Reply: Replies<"GET /gmail/labels"> }>("/gmail/labels", { onRequest: authenticated }, async (request, reply) => {
    const labels = await gmailLabels.labels(userIdOf(request));
    return labels ? { status: "success", labels } : sendError(reply, 400, "gmail_not_connected", GMAIL_NOT_CONNECTED);
  });

  app.put<{ Body: { labels: string[] }; Reply: Replies<"PUT /gmail/labels"> }>(
    "/gmail/labels",
    { onRequest: authenticated, schema: { body: labelIdsBody } },
    async (request) => ({ status: "success", labels: await gmailLabels.setMonitored(userIdOf(request), request.body.labels) }),
  );

  app.post<{ Body: { labels?: string[] }; Reply: Replies<"POST /gmail/sync"> }>(
    "/gmail/sync",
    {
      onRequest: authenticated,
      // The labels are optional, and so is the body: a bare POST syncs the labels already monitored.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { body: { ...labelIdsBody, required: [] } },
      // A sync, as POST /sync-gmail starts one, under the same limits: per address, and per account with its count.
      config: perAddress,
      preHandler: limitPerAccount(rateLimitCounter, ACCOUNT_LIMITS.syncStart),
    },
    async (request, reply) => answerSyncStart(reply, await mailbox.startSync(userIdOf(request), request.body.labels)),
  );

  app.get<{ Reply: Replies<"GET /user/settings"> }>("/user/settings", { onRequest: authenticated }, async (request) => ({
    status: "success",
    settings: preferencesAnswer(await settings.preferences(userIdOf(request))),
  }));

  app.put<{ Body: PreferenceChanges; Reply: Replies<"PUT /user/settings"> }>(
    "/user/settings",
    {
      onRequest: authenticated,
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          properties: {
            weeklyReport: { type: "boolean" },
            syncIntervalMinutes: { type: "integer", minimum: 15, maximum: 1440 },
            reportWeekday: { type: "integer", minimum: 1, maximum: 7 },
            reportHour: { type: "integer", minimum: 0, maximum: 23 },
            timeZone: { type: "string", minLength: 1, maxLength: 64 },
            expiryReminders: { type: "boolean" },
          },
        },
      },
    },
    async (request, reply) => {
      const { timeZone } = request.body;
      if (timeZone !== undefined && !isValidTimeZone(timeZone)) {
        return sendError(reply, 400, "invalid_time_zone", "That is not a time zone we know. Choose one from the list, such as Europe/Berlin.");
      }
      return { status: "success", settings: preferencesAnswer(await settings.savePreferences(userIdOf(request), request.body)) };
    },
  );

  app.delete<{ Reply: Replies<"DELETE /account"> }>("/account", { onRequest: authenticated }, async (request) =>
    accountDeleted(await accounts.delete(userIdOf(request))),
  );

  app.post<{ Body: { name: string; email: string; shopping_frequency: ShoppingFrequency }; Reply: Replies<"POST /early-access"> }>(
    "/early-access",
    {
      config: perAddress,
      schema: {
        body: {
          type: "object",
          required: ["name", "email", "shopping_frequency"],
          additionalProperties: false,
          properties: {
            name: { type: "string", minLength: 1, maxLength: 200, pattern: "\\S" },
            email: { type: "string", format: "email", maxLength: 254 },
            shopping_frequency: { type: "string", enum: ["daily", "weekly", "monthly", "occasionally"] },
          },
        },
      },
    },
    async (request) => {
      const { name, email, shopping_frequency } = request.body;
      await earlyAccess.add({ name: name.trim(), email: email.trim(), shoppingFrequency: shopping_frequency });
      return { success: true, message: "Request sent successfully! We'll be in touch soon." };
    },
  );
}
