import type { FastifyInstance } from "fastify";
import type { AppServices } from "../services";
import type { Replies } from "../replies";
import { requireAuth, userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { onlyBooleanField } from "../jsonBody";
import { brandToggled } from "../presenters";
import { isUuid } from "../schemas";

const BAD_BRAND_ID = "That brand's address is not valid. Open the brand again from your dashboard.";
const NO_SUCH_BRAND = "There is no such brand in your account.";
const BAD_STATE = 'Send {"active": false} to hide the brand\'s deals, or {"active": true} to show them again.';

/** A brand's page, and showing or hiding the brand; only the owner's brands exist for them. */
export function registerBrandRoutes(app: FastifyInstance, services: AppServices): void {
  const authenticated = requireAuth(services.sessions);

  app.get<{ Params: { id: string }; Reply: Replies<"GET /brands/:id"> }>("/brands/:id", { onRequest: authenticated }, async (request, reply) => {
    if (!isUuid(request.params.id)) {
      return sendError(reply, 400, "invalid_brand_id", BAD_BRAND_ID);
    }
    const page = await services.brandPages.brandPage(userIdOf(request), request.params.id);
    return page ?? sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND);
  });

  app.put<{ Params: { id: string }; Body: unknown; Reply: Replies<"PUT /brands/:id/state"> }>(
    "/brands/:id/state",
    { onRequest: authenticated },
    async (request, reply) => {
      if (!isUuid(request.params.id)) return sendError(reply, 400, "invalid_brand_id", BAD_BRAND_ID);
      const active = onlyBooleanField(request.body, "active");
      if (active === undefined) return sendError(reply, 400, "invalid_brand_state", BAD_STATE);
      const isActive = await services.brands.setActive(userIdOf(request), request.params.id, active);
      return isActive === null ? sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND) : brandToggled(isActive);
    },
  );
}
