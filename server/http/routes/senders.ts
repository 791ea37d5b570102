import { jsonAnswers, type Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { senderAnswer } from "../presenters";
import { perAddressLimit, refusedAs, signedInOnly, type RoutePlugin } from "../routePlugin";
import { limitPerAccount } from "../sharedRateLimit";
import { uuidString } from "../schemas";
import { ACCOUNT_LIMITS } from "../../../src/domain/requestLimits";
import type { OneClickRefusal } from "../../application/senders";

const NO_SUCH_BRAND = "There is no such brand in your account.";
const NO_SUCH_SENDER = "There is no such sender in your account.";
const BAD_BRAND_ID = { code: "invalid_brand_id", message: "That brand's address is not valid. Open the brand again from your dashboard." };
const BAD_SENDER_ID = { code: "invalid_sender_id", message: "That sender's address is not valid. Open it again from Your senders in Settings." };
const uuidParam = { type: "object", required: ["id"], properties: { id: uuidString } } as const;

/** Each refusal in the person's words; none is the server's failure, so none is a 5xx. */
const REFUSALS: Readonly<Record<OneClickRefusal, { code: string; message: string }>> = {
  address_refused: {
    code: "unsubscribe_address_refused",
    message: "We did not contact this sender: its unsubscribe address is not a public internet address. Use the unsubscribe link in one of its emails.",
  },
  not_https: {
    code: "unsubscribe_not_https",
    message: "We did not contact this sender: its unsubscribe address is not a secure (https) one. Use the unsubscribe link in one of its emails.",
  },
  timeout: { code: "unsubscribe_timeout", message: "The sender did not answer in time. Please try again later." },
  unreachable: { code: "unsubscribe_unreachable", message: "The sender's server could not be reached. Please try again later." },
  sender_refused: {
    code: "unsubscribe_sender_refused",
    message: "The sender did not accept the request. Use the unsubscribe link in one of its emails.",
  },
};

/**
 * "Your senders": what each sender's mail gives, and leaving a sender's list with one click; only the owner's senders.
 * A sender is named by its own id (it may have no brand), or by its brand's id on the brand's page.
 */
export const senderRoutes: RoutePlugin = async (app, { services }) => {
  const { senders, config, rateLimitCounter } = services;
  signedInOnly(app, services);

  app.get<{ Reply: Replies<"GET /senders"> }>("/senders", { schema: { response: jsonAnswers("GET /senders") } }, async (request) => ({
    senders: (await senders.list(userIdOf(request))).map(senderAnswer),
  }));

  app.get<{ Params: { id: string }; Reply: Replies<"GET /brands/:id/sender"> }>(
    "/brands/:id/sender",
    { config: refusedAs({ params: BAD_BRAND_ID }), schema: { params: uuidParam, response: jsonAnswers("GET /brands/:id/sender") } },
    async (request, reply) => {
      const sender = await senders.ofBrand(userIdOf(request), request.params.id);
      return sender ? { sender: senderAnswer(sender) } : sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND);
    },
  );

  // It sends a request to a server someone else chose: limited per address and per account.
  app.post<{ Params: { id: string }; Reply: Replies<"POST /senders/:id/unsubscribe"> }>(
    "/senders/:id/unsubscribe",
    {
      config: { ...perAddressLimit(config.authRateLimitPerMinute), ...refusedAs({ params: BAD_SENDER_ID }) },
      preHandler: limitPerAccount(rateLimitCounter, ACCOUNT_LIMITS.unsubscribe),
      schema: { params: uuidParam, response: jsonAnswers("POST /senders/:id/unsubscribe") },
    },
    async (request, reply) => {
      const outcome = await senders.unsubscribe(userIdOf(request), request.params.id);
      switch (outcome.kind) {
        case "unsubscribed":
          return { sender: senderAnswer(outcome.sender) };
        case "no_such_sender":
          return sendError(reply, 404, "sender_not_found", NO_SUCH_SENDER);
        case "in_progress":
          return sendError(reply, 409, "unsubscribe_in_progress", "This sender is being asked already. Its answer shows here in a moment.");
        case "no_one_click":
          return sendError(reply, 409, "no_one_click_unsubscribe", "This sender offers no one-click unsubscribe: use the link shown instead.");
        case "refused": {
          const refusal = REFUSALS[outcome.refusal];
          return sendError(reply, 422, refusal.code, refusal.message);
        }
      }
    },
  );
};
