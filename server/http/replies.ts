import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_ROUTES, ApiErrorCodec, contractProblems, jsonSchemaOf, routeContract, type ApiRoute, type FailureBody, type JsonSchema, type SuccessBody } from "../../src/contract";

export const API_PREFIX = "/api";

/**
 * A route's replies as Fastify's `Reply` route generic, from the wire contract: what a handler returns, and what it
 * sends after `reply.code(...)`, must be the contract's shape for that route and status, or it does not compile.
 */
export interface Replies<Route extends ApiRoute> {
  200: SuccessBody<Route>;
  "4xx": FailureBody<Route>;
  "5xx": FailureBody<Route>;
}

/** A route's `schema.response`: a JSON Schema (or one per media type) for each status, "4xx" and "5xx" included. */
export type ResponseSchemas = Record<string, JsonSchema>;

/**
 * The response schemas of a route that answers JSON, derived from its codecs in the contract (src/contract/routes.ts),
 * so the shapes have one definition: its success body at `status` (200, or 201 for a route that creates), and its
 * failure body for every 4xx and 5xx. For the route's `schema.response`, where the route is declared; the tests check
 * that every route has them and that every reply fits them.
 */
export function jsonAnswers(route: ApiRoute, status: 200 | 201 = 200): ResponseSchemas {
  const { success } = API_ROUTES[route];
  if (!success) throw new Error(`${route} answers no JSON in the contract: declare its answers with otherAnswers.`);
  return { [status]: jsonSchemaOf(success), ...failureSchemas(route) };
}

/**
 * The response schemas of a route whose success is no JSON (a redirect, an image, a page): what its success is, in
 * words, and its JSON failures from the contract. `pages` names the media type of failures the route answers as a
 * page of its own, beside the JSON ones every route may give (a refused request, a rate limit).
 */
export function otherAnswers(route: ApiRoute, success: { status: number; description: string }, pages?: { mediaType: string; description: string }): ResponseSchemas {
  if (API_ROUTES[route].success) throw new Error(`${route} answers JSON in the contract: declare its answers with jsonAnswers.`);
  const failures = failureSchemas(route);
  return {
    [success.status]: { description: success.description },
    ...(pages
      ? Object.fromEntries(
          Object.entries(failures).map(([status, schema]) => [
            status,
            { content: { "application/json": { schema }, [pages.mediaType]: { schema: { type: "string", description: pages.description } } } },
          ]),
        )
      : failures),
  };
}

function failureSchemas(route: ApiRoute): ResponseSchemas {
  const failure = jsonSchemaOf(API_ROUTES[route].failure);
  return { "4xx": failure, "5xx": failure };
}

/**
 * Replies are serialised with JSON.stringify whatever their schema says: a response schema documents and is checked in
 * tests, and never drops or changes a field on the way out, as fast-json-stringify would (it leaves out fields its
 * schema lacks and coerces values to the schema's types).
 */
export function serialiseAsJson(app: FastifyInstance): void {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** The JSON Schema a route declares for a reply's status and JSON, as Fastify picks it: the status, then "4xx", then "default". */
function declaredSchema(request: FastifyRequest, status: number): JsonSchema | undefined {
  const response = (request.routeOptions.schema?.response ?? {}) as ResponseSchemas;
  const forStatus = response[status] ?? response[`${String(status).charAt(0)}xx`] ?? response.default;
  const content = forStatus?.content as Record<string, { schema: JsonSchema }> | undefined;
  return content ? content["application/json"]?.schema : forStatus;
}

/**
 * Checks every JSON reply against the contract at run time: its codec (extra fields included), and the JSON Schema
 * its route declares for the status, so the derived schemas are proven on every reply the tests see. A reply that
 * breaks either, or a JSON answer from a route the contract lacks, becomes a 500 that names the problem. Tests run the
 * server with it; production does not pay for a check per reply. (A route without a response schema is the route
 * walk's to report: test/server/responseSchemas.test.ts.)
 */
export function checkRepliesAgainstContract(app: FastifyInstance): void {
  app.addHook("preSerialization", async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const contract = url?.startsWith(`${API_PREFIX}/`) ? routeContract(`${method} ${url.slice(API_PREFIX.length)}`) : undefined;
    const failed = reply.statusCode >= 400;
    const codec = failed ? (contract?.failure ?? ApiErrorCodec) : contract?.success;
    const problems = codec ? contractProblems(codec, payload) : [`the contract has no JSON answer for ${method} ${url ?? request.url}`];
    const schema = declaredSchema(request, reply.statusCode);
    if (problems.length === 0 && schema) {
      const validate = request.compileValidationSchema(schema);
      if (!validate(payload)) problems.push(`its response schema for ${reply.statusCode} refuses it: ${JSON.stringify(validate.errors)}`);
    }
    if (problems.length === 0) return payload;
    reply.code(500);
    return { success: false, code: "contract_violation", message: `The ${failed ? "failure" : "success"} reply of ${method} ${url} breaks the contract: ${problems.join("; ")}` };
  });
}
