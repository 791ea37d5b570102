import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GmailNotConnectedError } from "../../application/gmail/gmailConnection";
import { UnknownLabelError } from "../../application/gmail/gmailLabels";
import { GmailApiError } from "../../application/ports";
import type { AppServices } from "../app";
import { requireAuth, userIdOf } from "../authenticate";
import { sendError, sendSessionEnded } from "../errors";
import { publicUser } from "./auth";
import { answerSyncStart } from "./gmail";
import { uuidString } from "../schemas";

const uuidParam = { type: "object", required: ["id"], properties: { id: uuidString } } as const;
const labelIdsBody = {
  type: "object",
  required: ["labels"],
  additionalProperties: false,
  properties: { labels: { type: "array", minItems: 1, maxItems: 50, uniqueItems: true, items: { type: "string", minLength: 1, maxLength: 200 } } },
} as const;

export function registerSettingsRoutes(app: FastifyInstance, services: AppServices): void {
  const { sessions, users, brands, gmailConnection, gmailLabels, syncState, sync, preferences, config, dataVersions } = services;
  const authenticated = requireAuth(sessions);

  /** Sets the monitored labels; answers null once unknown labels were refused with a 400. */
  const setMonitoredLabels = async (userId: string, labelIds: string[], reply: FastifyReply) => {
    try {
      return await gmailLabels.setMonitored(userId, labelIds);
    } catch (error) {
      if (!(error instanceof UnknownLabelError)) throw error;
      await sendError(reply, 400, "unknown_label", error.message);
      return null;
    }
  };

  /** Gmail labels, or none when Gmail cannot be asked right now: the rest of the settings still shows. */
  const labelsOf = async (request: FastifyRequest, userId: string) => {
    try {
      return (await gmailLabels.labels(userId)) ?? [];
    } catch (error) {
      if (!(error instanceof GmailApiError || error instanceof GmailNotConnectedError)) throw error;
      request.log.warn({ err: error }, "Gmail labels unavailable for the settings");
      return [];
    }
  };

  app.get("/settings", { onRequest: authenticated }, async (request, reply) => {
    const userId = userIdOf(request);
    const user = await users.findById(userId);
    if (!user) return sendSessionEnded(reply);
    // Labels first: asking Gmail is how a grant withdrawn at Google is found, and then it no longer counts as linked.
    const labels = await labelsOf(request, userId);
    const [brandList, linkedAccount, state] = await Promise.all([brands.list(userId), gmailConnection.linkedAccount(userId), syncState.state(userId)]);
    return {
      status: "success",
      data: {
        brands: brandList,
        gmailLabels: labels,
        gmailConnected: linkedAccount !== null,
        lastSync: state.lastSyncAt?.toISOString() ?? null,
        linkedAccount,
        user: publicUser(user),
      },
    };
  });

  app.post<{ Params: { id: string } }>("/api/toggle_brand/:id", { onRequest: authenticated, schema: { params: uuidParam } }, async (request, reply) => {
    const userId = userIdOf(request);
    const isActive = await brands.toggle(userId, request.params.id);
    dataVersions.bump(userId);
    if (isActive === null) return sendError(reply, 404, "brand_not_found", "There is no such brand in your account.");
    return { status: "success", is_active: isActive, message: isActive ? "Brand included again." : "Brand hidden from your dashboard." };
  });

  app.post("/disconnect-gmail", { onRequest: authenticated }, async (request, reply) => {
    const userId = userIdOf(request);
    await sync.settled(userId);
    if (!(await gmailConnection.disconnect(userId))) return sendError(reply, 400, "gmail_not_connected", "Gmail is not connected.");
    return { status: "success", message: "Gmail disconnected. The deals already found stay on your dashboard." };
  });

  app.get("/gmail/labels", { onRequest: authenticated }, async (request, reply) => {
    const labels = await gmailLabels.labels(userIdOf(request));
    if (!labels) return sendError(reply, 400, "gmail_not_connected", "Gmail is not connected. Please connect your Gmail account to manage labels.");
    return { status: "success", labels };
  });

  app.put<{ Body: { labels: string[] } }>("/gmail/labels", { onRequest: authenticated, schema: { body: labelIdsBody } }, async (request, reply) => {
    const labels = await setMonitoredLabels(userIdOf(request), request.body.labels, reply);
    return labels ? { status: "success", labels } : reply;
  });

  app.post<{ Body: { labels?: string[] } }>(
    "/gmail/sync",
    {
      onRequest: authenticated,
      // The labels are optional, and so is the body: a bare POST syncs the labels already monitored.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { body: { ...labelIdsBody, required: [] } },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      if (request.body.labels && !(await setMonitoredLabels(userId, request.body.labels, reply))) return reply;
      return answerSyncStart(reply, await sync.start(userId));
    },
  );

  app.get("/user/settings", { onRequest: authenticated }, async (request) => ({
    status: "success",
    settings: await preferences.get(userIdOf(request)),
  }));

  app.put<{ Body: { weeklyReport: boolean; syncIntervalMinutes: number } }>(
    "/user/settings",
    {
      onRequest: authenticated,
      schema: {
        body: {
          type: "object",
          required: ["weeklyReport", "syncIntervalMinutes"],
          additionalProperties: false,
          properties: {
            weeklyReport: { type: "boolean" },
            syncIntervalMinutes: { type: "integer", minimum: 15, maximum: 1440 },
          },
        },
      },
    },
    async (request) => {
      await preferences.save(userIdOf(request), request.body);
      return { status: "success", settings: request.body };
    },
  );

  app.delete("/account", { onRequest: authenticated }, async (request) => {
    const userId = userIdOf(request);
    await sync.settled(userId);
    let googleAccessRevoked = true;
    try {
      await gmailConnection.disconnect(userId);
    } catch (error) {
      // The account is deleted all the same; the person is told that Google could not be reached.
      request.log.warn({ err: error }, "revoking Google access failed during account deletion");
      googleAccessRevoked = false;
    }
    const deleted = await users.delete(userId);
    sessions.forgetUser(userId);
    dataVersions.bump(userId);
    return {
      success: true,
      deleted,
      googleAccessRevoked,
      message: googleAccessRevoked
        ? "Your account and all its data were deleted, and Deal Finder's access to your Gmail was revoked."
        : "Your account and all its data were deleted. Google could not be reached to revoke access: remove Deal Finder at myaccount.google.com/permissions.",
    };
  });

  app.post<{ Body: { name: string; email: string; shopping_frequency: "daily" | "weekly" | "monthly" | "occasionally" } }>(
    "/early-access",
    {
      config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } },
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
      await services.earlyAccess.add({ name: name.trim(), email: email.trim(), shoppingFrequency: shopping_frequency });
      return { success: true, message: "Request sent successfully! We'll be in touch soon." };
    },
  );
}
