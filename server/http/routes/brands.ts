import type { FastifyInstance } from "fastify";
import type { AppServices } from "../services";
import type { Replies } from "../replies";
import { requireAuth, userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { isUuid } from "../schemas";

/** A brand's page; only the owner's brands exist for them. */
export function registerBrandRoutes(app: FastifyInstance, services: AppServices): void {
  const authenticated = requireAuth(services.sessions);

  app.get<{ Params: { id: string }; Reply: Replies<"GET /brands/:id"> }>("/brands/:id", { onRequest: authenticated }, async (request, reply) => {
    if (!isUuid(request.params.id)) {
      return sendError(reply, 400, "invalid_brand_id", "That brand's address is not valid. Open the brand again from your dashboard.");
    }
    const page = await services.brandPages.brandPage(userIdOf(request), request.params.id);
    return page ?? sendError(reply, 404, "brand_not_found", "There is no such brand in your account.");
  });
}
