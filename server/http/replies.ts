import type { FastifyInstance } from "fastify";
import { ApiErrorCodec, contractProblems, routeContract, type ApiRoute, type FailureBody, type SuccessBody } from "../../src/contract";

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

/**
 * Checks every JSON reply against the contract at run time, as Fastify's response schemas would, but from the one
 * definition of the shapes (the io-ts codecs) rather than a second one in JSON Schema. A reply that breaks the
 * contract, or a JSON answer from a route the contract lacks, becomes a 500 that names the problem. Tests run the
 * server with it; production does not pay for a check per reply.
 */
export function checkRepliesAgainstContract(app: FastifyInstance): void {
  app.addHook("preSerialization", async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const contract = url?.startsWith(`${API_PREFIX}/`) ? routeContract(`${method} ${url.slice(API_PREFIX.length)}`) : undefined;
    const failed = reply.statusCode >= 400;
    const codec = failed ? (contract?.failure ?? ApiErrorCodec) : contract?.success;
    const problems = codec ? contractProblems(codec, payload) : [`the contract has no JSON answer for ${method} ${url ?? request.url}`];
    if (problems.length === 0) return payload;
    reply.code(500);
    return { success: false, code: "contract_violation", message: `The ${failed ? "failure" : "success"} reply of ${method} ${url} breaks the contract: ${problems.join("; ")}` };
  });
}
