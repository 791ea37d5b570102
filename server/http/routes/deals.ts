import type { FastifyReply } from "fastify";
import type { DealStatus } from "../../../src/domain/deal";
import { CATEGORIES } from "../../../src/domain/category";
import { CORRECTION_LIMITS, parseCorrectionRequest } from "../../../src/domain/dealCorrection";
import type { Money } from "../../../src/domain/money";
import { MAX_SAVED_HUNDREDTHS, SAVING_PROBLEMS, savingProblem } from "../../../src/domain/savings";
import { userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { jsonAnswers, type Replies } from "../replies";
import { reminderSet } from "../presenters";
import { perAddressLimit, refusedAs, signedInOnly, type RoutePlugin } from "../routePlugin";
import { uuidString } from "../schemas";

const DEAL_NOT_FOUND = "There is no such deal in your account.";
/** What a bad id or body is told, in words a person reads rather than the schema's rule. */
const BAD_DEAL_ID = { code: "invalid_deal_id", message: "That deal's address is not valid. Open the deal again from your dashboard." };
const BAD_STATUS = {
  code: "invalid_status",
  message:
    'Send the status as {"status": "used"}, {"status": "not_working"} or {"status": null} to clear it; with "used", optionally what it saved: "saved": {"hundredths": 2400, "currency": "USD"} (0 to 100000000 hundredths).',
};
/** A body the schema refuses (not an object, an unknown field): each field's own rule is told by parseCorrectionRequest. */
const BAD_CORRECTION = {
  code: "invalid_correction",
  message: "Send the fields to correct: code, endDate (YYYY-MM-DD), category, brand, or notADeal: true.",
};
const BAD_REMIND = { code: "invalid_reminder", message: 'Send {"remind": true} to be reminded the day before the deal ends, or {"remind": false} to stop.' };

const idParams = { type: "object", required: ["id"], properties: { id: uuidString } } as const;
const STATUSES = ["used", "not_working", null] as const satisfies readonly (DealStatus | null)[];
/** The saving a person records with "used" (src/domain/savings.ts): whole hundredths, a three-letter currency. */
const savedBody = {
  type: "object",
  required: ["hundredths", "currency"],
  additionalProperties: false,
  properties: { hundredths: { type: "integer", minimum: 0, maximum: MAX_SAVED_HUNDREDTHS }, currency: { type: "string", pattern: "^[A-Z]{3}$" } },
} as const;
/** Exactly { "status": ..., "saved"?: ... } or { "remind": true | false }: nothing beside it, no "true". */
const statusBody = { type: "object", required: ["status"], additionalProperties: false, properties: { status: { enum: STATUSES }, saved: savedBody } } as const;
const remindBody = { type: "object", required: ["remind"], additionalProperties: false, properties: { remind: { type: "boolean" } } } as const;

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

const refuseUnknownDeal = (reply: FastifyReply) => sendError(reply, 404, "deal_not_found", DEAL_NOT_FOUND);

/**
 * A deal's detail (where it came from) and its owner's status of it; only the owner's deals exist for them.
 */
export const dealRoutes: RoutePlugin = async (app, { services }) => {
  signedInOnly(app, services);

  app.get<{ Params: { id: string }; Reply: Replies<"GET /deals/:id"> }>(
    "/deals/:id",
    { config: refusedAs({ params: BAD_DEAL_ID }), schema: { params: idParams, response: jsonAnswers("GET /deals/:id") } },
    async (request, reply) => {
      const detail = await services.dealDetails.detail(userIdOf(request), request.params.id);
      return detail ?? refuseUnknownDeal(reply);
    },
  );

  app.put<{ Params: { id: string }; Body: { status: DealStatus | null; saved?: Money }; Reply: Replies<"PUT /deals/:id/status"> }>(
    "/deals/:id/status",
    { config: refusedAs({ params: BAD_DEAL_ID, body: BAD_STATUS }), schema: { params: idParams, body: statusBody, response: jsonAnswers("PUT /deals/:id/status") } },
    async (request, reply) => {
      const { status, saved = null } = request.body;
      if (saved && status !== "used") return sendError(reply, 400, BAD_STATUS.code, "Only a deal marked used saves anything: send the saving with \"status\": \"used\".");
      const problem = saved && savingProblem(saved);
      if (problem) return sendError(reply, 400, BAD_STATUS.code, SAVING_PROBLEMS[problem]);
      const stored = await services.dealDetails.setStatus(userIdOf(request), request.params.id, status, saved);
      return stored ?? refuseUnknownDeal(reply);
    },
  );

  app.put<{ Params: { id: string }; Body: { remind: boolean }; Reply: Replies<"PUT /deals/:id/reminder"> }>(
    "/deals/:id/reminder",
    { config: refusedAs({ params: BAD_DEAL_ID, body: BAD_REMIND }), schema: { params: idParams, body: remindBody, response: jsonAnswers("PUT /deals/:id/reminder") } },
    async (request, reply) => {
      const answer = await services.dealReminders.set(userIdOf(request), request.params.id, request.body.remind);
      if (answer.kind === "not_found") return refuseUnknownDeal(reply);
      if (answer.kind === "no_end_date") return sendError(reply, 400, "no_end_date", "This deal has no end date to remind you of.");
      return reminderSet(answer);
    },
  );

  // Corrections (docs/product.md, "Corrections"): the person's own, limited like the other writes a person repeats.
  const writeLimit = perAddressLimit(services.config.authRateLimitPerMinute);

  app.get<{ Params: { id: string }; Reply: Replies<"GET /deals/:id/correction"> }>(
    "/deals/:id/correction",
    { config: refusedAs({ params: BAD_DEAL_ID }), schema: { params: idParams, response: jsonAnswers("GET /deals/:id/correction") } },
    async (request, reply) => {
      const correction = await services.dealCorrections.correction(userIdOf(request), request.params.id);
      return correction ?? refuseUnknownDeal(reply);
    },
  );

  app.put<{ Params: { id: string }; Body: unknown; Reply: Replies<"PUT /deals/:id/correction"> }>(
    "/deals/:id/correction",
    {
      config: { ...writeLimit, ...refusedAs({ params: BAD_DEAL_ID, body: BAD_CORRECTION }) },
      schema: { params: idParams, body: correctionBody, response: jsonAnswers("PUT /deals/:id/correction") },
    },
    async (request, reply) => {
      const parsed = parseCorrectionRequest(request.body);
      if (!parsed.ok) return sendError(reply, 400, BAD_CORRECTION.code, parsed.problem);
      const correction = await services.dealCorrections.correct(userIdOf(request), request.params.id, parsed.request);
      return correction ?? refuseUnknownDeal(reply);
    },
  );

  app.delete<{ Params: { id: string }; Reply: Replies<"DELETE /deals/:id/correction"> }>(
    "/deals/:id/correction",
    { config: { ...writeLimit, ...refusedAs({ params: BAD_DEAL_ID }) }, schema: { params: idParams, response: jsonAnswers("DELETE /deals/:id/correction") } },
    async (request, reply) => {
      const correction = await services.dealCorrections.undo(userIdOf(request), request.params.id);
      return correction ?? refuseUnknownDeal(reply);
    },
  );
};
