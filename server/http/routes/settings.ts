import { REMINDER_LEAD_DAYS } from "../../../src/domain/alertRules";
import type { PreferenceChanges } from "../../application/repositories";
import { isValidTimeZone } from "../../application/reports/schedule";
import { jsonAnswers, type Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { sendError, sendSessionEnded } from "../errors";
import { preferencesAnswer, settingsOverview } from "../presenters";
import { signedInOnly, type RoutePlugin } from "../routePlugin";

const preferenceChanges = {
  type: "object",
  additionalProperties: false,
  properties: {
    weeklyReport: { type: "boolean" },
    syncIntervalMinutes: { type: "integer", minimum: 15, maximum: 1440 },
    reportWeekday: { type: "integer", minimum: 1, maximum: 7 },
    reportHour: { type: "integer", minimum: 0, maximum: 23 },
    timeZone: { type: "string", minLength: 1, maxLength: 64 },
    expiryReminders: { type: "boolean" },
    reminderLeadDays: { type: "integer", enum: [...REMINDER_LEAD_DAYS] },
    dealAlerts: { type: "boolean" },
  },
} as const;

const UNKNOWN_TIME_ZONE = "That is not a time zone we know. Choose one from the list, such as Europe/Berlin.";

/** The settings page's overview, and the person's preferences (the emails, their time, the sync's interval). */
export const settingsRoutes: RoutePlugin = async (app, { services }) => {
  const { settings } = services;
  signedInOnly(app, services);

  app.get<{ Reply: Replies<"GET /settings"> }>("/settings", { schema: { response: jsonAnswers("GET /settings") } }, async (request, reply) => {
    const overview = await settings.overview(userIdOf(request));
    return overview ? settingsOverview(overview) : sendSessionEnded(reply);
  });

  app.get<{ Reply: Replies<"GET /user/settings"> }>("/user/settings", { schema: { response: jsonAnswers("GET /user/settings") } }, async (request) => ({
    status: "success",
    settings: preferencesAnswer(await settings.preferences(userIdOf(request))),
  }));

  app.put<{ Body: PreferenceChanges; Reply: Replies<"PUT /user/settings"> }>("/user/settings", { schema: { body: preferenceChanges, response: jsonAnswers("PUT /user/settings") } }, async (request, reply) => {
    const { timeZone } = request.body;
    if (timeZone !== undefined && !isValidTimeZone(timeZone)) return sendError(reply, 400, "invalid_time_zone", UNKNOWN_TIME_ZONE);
    return { status: "success", settings: preferencesAnswer(await settings.savePreferences(userIdOf(request), request.body)) };
  });
};
