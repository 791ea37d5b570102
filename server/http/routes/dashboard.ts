import { sendError } from "../errors";
import { parseCursor, type DashboardFilters } from "../../application/dashboard";
import { jsonAnswers, type Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { signedInOnly, type RoutePlugin } from "../routePlugin";
import { encodeJson, sendEncodedJson } from "../cachedJson";
import { uuidString } from "../schemas";

interface FilterQuery {
  category?: string;
  search?: string;
  expiring?: "true" | "false";
  from_domain?: string;
  brand?: string;
}

const filterProperties = {
  category: { type: "string", maxLength: 100 },
  search: { type: "string", maxLength: 200 },
  expiring: { type: "string", enum: ["true", "false"] },
  from_domain: { type: "string", maxLength: 253, pattern: "^[A-Za-z0-9.-]*$" },
  brand: uuidString,
} as const;

const BAD_CURSOR = "That page of deals is not one the dashboard asked for. Reload the dashboard.";

function toFilters(query: FilterQuery): DashboardFilters {
  return {
    ...(query.category ? { category: query.category } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.expiring === "true" ? { expiringOnly: true } : {}),
    ...(query.from_domain ? { fromDomain: query.from_domain } : {}),
    ...(query.brand ? { brandId: query.brand } : {}),
  };
}

/** The dashboard's deals: the first answer (cached per user and data version), the pages after it, and Discover. */
export const dashboardRoutes: RoutePlugin = async (app, { services }) => {
  signedInOnly(app, services);

  app.get<{ Querystring: FilterQuery; Reply: Replies<"GET /dashboard-products"> }>(
    "/dashboard-products",
    { schema: { querystring: { type: "object", additionalProperties: false, properties: filterProperties }, response: jsonAnswers("GET /dashboard-products") } },
    async (request, reply) => {
      const userId = userIdOf(request);
      const filters = toFilters(request.query);
      // The version is read from the database on every request, so a change made through any process is seen here; so
      // are the person's day and zone, so an answer is not kept past their midnight or a change of their time zone.
      const [version, day] = await Promise.all([services.dataVersions.of(userId), services.dashboard.dayOf(userId)]);
      const key = [userId, version, day.today, day.timeZone, JSON.stringify(filters)].join("|");
      const body = await services.dashboardCache.get(key, () => services.dashboard.dashboard(userId, filters, day));
      return sendEncodedJson(request, reply, body);
    },
  );

  // The rest of the dashboard's deals, page by page after the first answer's cursor. Each page is asked for once per
  // visit, so it is compressed for its request rather than cached.
  app.get<{ Querystring: FilterQuery & { after: string }; Reply: Replies<"GET /dashboard-products/deals"> }>(
    "/dashboard-products/deals",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          required: ["after"],
          properties: { ...filterProperties, after: { type: "string", minLength: 1, maxLength: 300, pattern: "^[A-Za-z0-9_-]+$" } },
        },
        response: jsonAnswers("GET /dashboard-products/deals"),
      },
    },
    async (request, reply) => {
      const after = parseCursor(request.query.after);
      if (!after) return sendError(reply, 400, "invalid_cursor", BAD_CURSOR);
      const page = await services.dashboard.dealsAfter(userIdOf(request), toFilters(request.query), after);
      return sendEncodedJson(request, reply, await encodeJson(page));
    },
  );

  app.get<{ Querystring: FilterQuery & { page?: string; pageSize?: string }; Reply: Replies<"GET /discover"> }>(
    "/discover",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            ...filterProperties,
            page: { type: "string", pattern: "^[1-9][0-9]{0,5}$" },
            pageSize: { type: "string", pattern: "^([1-9]|[1-9][0-9]|100)$" },
          },
        },
        response: jsonAnswers("GET /discover"),
      },
    },
    async (request) =>
      services.dashboard.page(userIdOf(request), toFilters(request.query), Number(request.query.page ?? 1), Number(request.query.pageSize ?? 20)),
  );
};
