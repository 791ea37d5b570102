import { jsonAnswers, type Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { brandToggled } from "../presenters";
import { refusedAs, signedInOnly, type RoutePlugin } from "../routePlugin";
import { uuidString } from "../schemas";

const NO_SUCH_BRAND = "There is no such brand in your account.";
/** The page's and the state's refusals, in words a person reads rather than the schema's rule. */
const BAD_BRAND_ID = { code: "invalid_brand_id", message: "That brand's address is not valid. Open the brand again from your dashboard." };
const BAD_STATE = { code: "invalid_brand_state", message: 'Send {"active": false} to hide the brand\'s deals, or {"active": true} to show them again.' };

const uuidParam = { type: "object", required: ["id"], properties: { id: uuidString } } as const;
/** Exactly { "active": true | false }: no "true", no 1, nothing beside it. */
const stateBody = { type: "object", required: ["active"], additionalProperties: false, properties: { active: { type: "boolean" } } } as const;

/** A brand's page, and showing or hiding the brand; only the owner's brands exist for them. */
export const brandRoutes: RoutePlugin = async (app, { services }) => {
  const { brands, brandPages } = services;
  signedInOnly(app, services);

  app.get<{ Params: { id: string }; Reply: Replies<"GET /brands/:id"> }>(
    "/brands/:id",
    { config: refusedAs({ params: BAD_BRAND_ID }), schema: { params: uuidParam, response: jsonAnswers("GET /brands/:id") } },
    async (request, reply) => {
      const page = await brandPages.brandPage(userIdOf(request), request.params.id);
      return page ?? sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND);
    },
  );

  app.put<{ Params: { id: string }; Body: { active: boolean }; Reply: Replies<"PUT /brands/:id/state"> }>(
    "/brands/:id/state",
    { config: refusedAs({ params: BAD_BRAND_ID, body: BAD_STATE }), schema: { params: uuidParam, body: stateBody, response: jsonAnswers("PUT /brands/:id/state") } },
    async (request, reply) => {
      const isActive = await brands.setActive(userIdOf(request), request.params.id, request.body.active);
      return isActive === null ? sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND) : brandToggled(isActive);
    },
  );

  // The first specification's flip, under its own path (the /api twice is its path under our /api prefix).
  app.post<{ Params: { id: string }; Reply: Replies<"POST /api/toggle_brand/:id"> }>(
    "/api/toggle_brand/:id",
    { schema: { params: uuidParam, response: jsonAnswers("POST /api/toggle_brand/:id") } },
    async (request, reply) => {
      const isActive = await brands.toggle(userIdOf(request), request.params.id);
      return isActive === null ? sendError(reply, 404, "brand_not_found", NO_SUCH_BRAND) : brandToggled(isActive);
    },
  );
};
