import { SHOPPING_FREQUENCIES } from "../../../src/domain/earlyAccess";
import type { ShoppingFrequency } from "../../application/repositories";
import { jsonAnswers, type Replies } from "../replies";
import { perAddressLimit, type RoutePlugin } from "../routePlugin";

const earlyAccessRequest = {
  type: "object",
  required: ["name", "email", "shopping_frequency"],
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200, pattern: "\\S" },
    email: { type: "string", format: "email", maxLength: 254 },
    // The form's list, which the contract's ShoppingFrequencyCodec is built from too.
    shopping_frequency: { type: "string", enum: [...SHOPPING_FREQUENCIES] },
  },
} as const;

/** The landing page's early-access form; no sign-in. */
export const earlyAccessRoutes: RoutePlugin = async (app, { services }) => {
  app.post<{ Body: { name: string; email: string; shopping_frequency: ShoppingFrequency }; Reply: Replies<"POST /early-access"> }>(
    "/early-access",
    { config: perAddressLimit(services.config.authRateLimitPerMinute), schema: { body: earlyAccessRequest, response: jsonAnswers("POST /early-access") } },
    async (request) => {
      const { name, email, shopping_frequency } = request.body;
      await services.earlyAccess.add({ name: name.trim(), email: email.trim(), shoppingFrequency: shopping_frequency });
      return { success: true, message: "Request sent successfully! We'll be in touch soon." };
    },
  );
};
