import type { FastifyReply } from "fastify";
import type { DealStatus } from "../../../src/domain/deal";
import { CATEGORIES } from "../../../src/domain/category";
import { CORRECTION_LIMITS, parseCorrectionRequest } from "../../../src/domain/dealCorrection";
import type { Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { onlyBooleanField } from "../jsonBody";
import { reminderSet } from "../presenters";
import { perAddressLimit, signedInOnly, type RoutePlugin } from "../routePlugin";
import { isUuid } from "../schemas";

const STATUSES: readonly (DealStatus | null)[] = ["used", "not_working", null];

const DEAL_NOT_FOUND = "There is no such deal in your account.";
const BAD_DEAL_ID = "That deal's address is not valid. Open the deal again from your dashboard.";
const BAD_STATUS = 'Send the status as {"status": "used"}, {"status": "not_working"} or {"status": null} to clear it.';

function statusOf(body: unknown): DealStatus | null | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const keys = Object.keys(body);
  const status = (body as { status?: unknown }).status;
  return keys.length === 1 && keys[0] === "status" && STATUSES.includes(status as DealStatus | null) ? (status as DealStatus | null) : undefined;
}

const BAD_REMIND = 'Send {"remind": true} to be reminded the day before the deal ends, or {"remind": false} to stop.';

/**
 * A correction's body: its shape here (so that nothing large or odd is read), each field's rule in the domain's own
 * words (parseCorrectionRequest), which the form shows too.
 */
const correctionBody = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    code: { type: "string", maxLength: 200 },
    endDate: { type: "string", maxLength: 40 },
    category: { type: "string", enum: [...CATEGORIES] },
    brand: { type: "string", maxLength: CORRECTION_LIMITS.brandLength * 4 },
    notADeal: { type: "boolean", const: true },
  },
} as const;

const refuseBadId = (reply: FastifyReply) => sendError(reply, 400, "invalid_deal_id", BAD_DEAL_ID);
const refuseUnknownDeal = (reply: FastifyReply) => sendError(reply, 404, "deal_not_found", DEAL_NOT_FOUND);

/**
 * A deal's detail (where it came from) and its owner's status of it; only the owner's deals exist for them. The id
 * and the body are checked here rather than by a schema, so that a bad one is told in words a person reads.
 */
export const dealRoutes: RoutePlugin = async (app, { services }) => {
  signedInOnly(app, services);

  app.get<{ Params: { id: string }; Reply: Replies<"GET /deals/:id"> }>("/deals/:id", async (request, reply) => {
    if (!isUuid(request.params.id)) return refuseBadId(reply);
    const detail = await services.dealDetails.detail(userIdOf(request), request.params.id);
    return detail ?? refuseUnknownDeal(reply);
  });

  app.put<{ Params: { id: string }; Body: unknown; Reply: Replies<"PUT /deals/:id/status"> }>("/deals/:id/status", async (request, reply) => {
    if (!isUuid(request.params.id)) return refuseBadId(reply);
    const status = statusOf(request.body);
    if (status === undefined) return sendError(reply, 400, "invalid_status", BAD_STATUS);
    const stored = await services.dealDetails.setStatus(userIdOf(request), request.params.id, status);
    return stored ? { status } : refuseUnknownDeal(reply);
  });

  app.put<{ Params: { id: string }; Body: unknown; Reply: Replies<"PUT /deals/:id/reminder"> }>("/deals/:id/reminder", async (request, reply) => {
    if (!isUuid(request.params.id)) return refuseBadId(reply);
    const remind = onlyBooleanField(request.body, "remind");
    if (remind === undefined) return sendError(reply, 400, "invalid_reminder", BAD_REMIND);
    const answer = await services.dealReminders.set(userIdOf(request), request.params.id, remind);
    if (answer.kind === "not_found") return refuseUnknownDeal(reply);
    if (answer.kind === "no_end_date") return sendError(reply, 400, "no_end_date", "This deal has no end date to remind you of.");
    return reminderSet(answer);
  });

  // Corrections (docs/product.md, "Corrections"): the person's own, limited like the other writes a person repeats.
  const writeLimit = perAddressLimit(services.config.authRateLimitPerMinute);

  app.get<{ Params: { id: string }; Reply: Replies<"GET /deals/:id/correction"> }>("/deals/:id/correction", async (request, reply) => {
    if (!isUuid(request.params.id)) return refuseBadId(reply);
    const correction = await services.dealCorrections.correction(userIdOf(request), request.params.id);
    return correction ?? refuseUnknownDeal(reply);
  });

  app.put<{ Params: { id: string }; Body: unknown; Reply: Replies<"PUT /deals/:id/correction"> }>(
    "/deals/:id/correction",
    { config: writeLimit, schema: { body: correctionBody } },
    async (request, reply) => {
      if (!isUuid(request.params.id)) return refuseBadId(reply);
      const parsed = parseCorrectionRequest(request.body);
      if (!parsed.ok) return sendError(reply, 400, "invalid_correction", parsed.problem);
      const correction = await services.dealCorrections.correct(userIdOf(request), request.params.id, parsed.request);
      return correction ?? refuseUnknownDeal(reply);
    },
  );

  app.delete<{ Params: { id: string }; Reply: Replies<"DELETE /deals/:id/correction"> }>("/deals/:id/correction", { config: writeLimit }, async (request, reply) => {
    if (!isUuid(request.params.id)) return refuseBadId(reply);
    const correction = await services.dealCorrections.undo(userIdOf(request), request.params.id);
    return correction ?? refuseUnknownDeal(reply);
  });
};
