import type { Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { onlyBooleanField } from "../jsonBody";
import { brandToggled } from "../presenters";
import { signedInOnly, type RoutePlugin } from "../routePlugin";
import { isUuid, uuidString } from "../schemas";

const BAD_BRAND_ID = "That brand's address is not valid. Open the brand again from your dashboard.";
const NO_SUCH_BRAND = "There is no such brand in your account.";
const BAD_STATE = 'Send {"active": false} to hide the brand\'s deals, or {"active": true} to show them again.';

const uuidParam = { type: "object", required: ["id"], properties: { id: uuidString } } as const;

/**
 * A brand's page, and showing or hiding the brand; only the owner's brands exist for them. The page's and the state's
 * id and body are checked here rather than by a schema, so that a bad one is told in words a person reads.
 */
export const brandRoutes: RoutePlugin = async (app, { services }) => {
  const { brands, brandPages } = services;
  signedInOnly(app, services);

  app.get<{ Params: { id: string }; Reply: Replies<"GET /brands/:id"> }>("/brands/:id", async (request, reply) => {
    if (!isUuid(request.params.id)) return sendError(reply, 400, "invalid_brand_id", BAD_BRAND_ID);
    const page = await brandPages.brandPage(userIdOf(request), request.params.id);
    return page ?? sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND);
  });

  app.put<{ Params: { id: string }; Body: unknown; Reply: Replies<"PUT /brands/:id/state"> }>("/brands/:id/state", async (request, reply) => {
    if (!isUuid(request.params.id)) return sendError(reply, 400, "invalid_brand_id", BAD_BRAND_ID);
    const active = onlyBooleanField(request.body, "active");
    if (active === undefined) return sendError(reply, 400, "invalid_brand_state", BAD_STATE);
    const isActive = await brands.setActive(userIdOf(request), request.params.id, active);
    return isActive === null ? sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND) : brandToggled(isActive);
  });

  // The first specification's flip, under its own path (the /api twice is its path under our /api prefix).
  app.post<{ Params: { id: string }; Reply: Replies<"POST /api/toggle_brand/:id"> }>(
    "/api/toggle_brand/:id",
    { schema: { params: uuidParam } },
    async (request, reply) => {
      const isActive = await brands.toggle(userIdOf(request), request.params.id);
      return isActive === null ? sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND) : brandToggled(isActive);
    },
  );
};
