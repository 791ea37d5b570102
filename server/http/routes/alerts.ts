import { ALERT_RULE_REFUSALS, MAX_ALERT_BRAND_LENGTH, MAX_ALERT_PERCENT, MIN_ALERT_PERCENT, type AlertRule } from "../../../src/domain/alertRules";
import type { ApiRoute, FailureBody, SuccessBody } from "../../../src/contract";
import { userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { alertRulesAnswer } from "../presenters";
import { jsonAnswers, type Replies } from "../replies";
import { refusedAs, signedInOnly, type RoutePlugin } from "../routePlugin";
import { uuidString } from "../schemas";

const BAD_RULE = {
  code: "invalid_alert_rule",
  message: `Send {"kind": "percent", "minPercent": ${MIN_ALERT_PERCENT} to ${MAX_ALERT_PERCENT}, "brand": a brand or null} or {"kind": "code", "brand": a brand or null}.`,
};
const BAD_RULE_ID = { code: "invalid_alert_rule_id", message: "That alert's address is not valid. Open Settings again." };
const RULE_NOT_FOUND = "There is no such alert in your account.";

const brand = { anyOf: [{ type: "string", minLength: 1, maxLength: MAX_ALERT_BRAND_LENGTH }, { type: "null" }] } as const;
/** Exactly one rule's fields: the percent only for a percent rule, and whole. */
const ruleBody = {
  oneOf: [
    {
      type: "object",
      required: ["kind", "minPercent", "brand"],
      additionalProperties: false,
      properties: { kind: { const: "percent" }, minPercent: { type: "integer", minimum: MIN_ALERT_PERCENT, maximum: MAX_ALERT_PERCENT }, brand },
    },
    { type: "object", required: ["kind", "brand"], additionalProperties: false, properties: { kind: { const: "code" }, brand } },
  ],
} as const;
const idParams = { type: "object", required: ["id"], properties: { id: uuidString } } as const;

/** The replies of a route that answers 201 Created with its success body. */
interface CreatedReplies<Route extends ApiRoute> {
  201: SuccessBody<Route>;
  "4xx": FailureBody<Route>;
  "5xx": FailureBody<Route>;
}

/** The person's own alert rules (src/domain/alertRules.ts): list, add (checked against their brands), remove. */
export const alertRoutes: RoutePlugin = async (app, { services }) => {
  const { alerts } = services;
  signedInOnly(app, services);

  app.get<{ Reply: Replies<"GET /alert-rules"> }>("/alert-rules", { schema: { response: jsonAnswers("GET /alert-rules") } }, async (request) =>
    alertRulesAnswer(await alerts.rules(userIdOf(request))),
  );

  app.post<{ Body: AlertRule; Reply: CreatedReplies<"POST /alert-rules"> }>(
    "/alert-rules",
    { config: refusedAs({ body: BAD_RULE }), schema: { body: ruleBody, response: jsonAnswers("POST /alert-rules", 201) } },
    async (request, reply) => {
      const outcome = await alerts.addRule(userIdOf(request), request.body);
      if (outcome.kind === "refused") {
        return sendError(reply, outcome.refusal === "too-many" || outcome.refusal === "duplicate" ? 409 : 400, `alert_rule_${outcome.refusal.replace("-", "_")}`, ALERT_RULE_REFUSALS[outcome.refusal]);
      }
      return reply.code(201).send(alertRulesAnswer(outcome.overview));
    },
  );

  app.delete<{ Params: { id: string }; Reply: Replies<"DELETE /alert-rules/:id"> }>(
    "/alert-rules/:id",
    { config: refusedAs({ params: BAD_RULE_ID }), schema: { params: idParams, response: jsonAnswers("DELETE /alert-rules/:id") } },
    async (request, reply) => {
      const overview = await alerts.removeRule(userIdOf(request), request.params.id);
      return overview ? alertRulesAnswer(overview) : sendError(reply, 404, "alert_rule_not_found", RULE_NOT_FOUND);
    },
  );
};
