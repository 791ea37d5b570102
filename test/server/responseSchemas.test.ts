import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteOptions } from "fastify";
import { jsonSchemaOf, routeContract } from "../../src/contract";
import { buildApp } from "../../server/http/app";
import { API_PREFIX } from "../../server/http/replies";
import { DATABASES, startStack, type Stack } from "./support/stack";

/** The JSON schema a response entry holds: the entry itself, or its application/json content's. */
function jsonSchemaIn(entry: unknown): unknown {
  const content = (entry as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  return content ? content["application/json"]?.schema : entry;
}

/**
 * Every route of the API declares its answers as response schemas derived from the wire contract (replies.ts'
 * jsonAnswers and otherAnswers): its success at a 2xx (or, for a redirect, 3xx) status, the very schema of its codec
 * when it answers JSON, and its failures' for 4xx and 5xx. The routes are walked as Fastify registers them, so a route
 * added without schemas fails here, named. The database does not matter: one is enough.
 */
describe.each(DATABASES.slice(0, 1))("the response schemas of every route, on %s", (database) => {
  let stack: Stack;
  const routes: RouteOptions[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    stack = await startStack({ database });
    // A second app on the same use cases, watched as its routes are registered.
    app = await buildApp(stack.server.services, { onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => {
    await app?.close();
    await stack?.close();
  });

  it("are declared on every API route, from the contract's codecs", () => {
    const api = routes.filter((route) => route.url.startsWith(`${API_PREFIX}/`) && route.method !== "HEAD");
    expect(api.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of api) {
      const name = `${String(route.method)} ${route.url.slice(API_PREFIX.length)}`;
      const contract = routeContract(name);
      if (!contract) {
        problems.push(`${name} is not in the contract`);
        continue;
      }
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const successes = Object.keys(response).filter((status) => /^[23]/.test(status));
      if (successes.length === 0) problems.push(`${name} declares no response schema for its success`);
      if (contract.success) {
        const expected = jsonSchemaOf(contract.success);
        const declared = successes.filter((status) => status.startsWith("2")).map((status) => jsonSchemaIn(response[status]));
        if (successes.length > 0 && !declared.some((schema) => JSON.stringify(schema) === JSON.stringify(expected))) {
          problems.push(`${name}'s success schema is not its contract codec's (${successes.join(", ")})`);
        }
      }
      const failure = JSON.stringify(jsonSchemaOf(contract.failure));
      for (const status of ["4xx", "5xx"]) {
        if (JSON.stringify(jsonSchemaIn(response[status])) !== failure) problems.push(`${name} does not declare its contract failure for ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("serialises a reply with JSON.stringify whatever its response schema says, dropping and changing nothing", async () => {
    const probe = await buildApp(stack.server.services);
    const reply = { count: "12", extra: { nested: [1, "two"] }, unicode: "é\u2028😀" };
    probe.get("/probe", { schema: { response: { 200: { type: "object", properties: { count: { type: "number" } }, additionalProperties: false } } } }, async () => reply);
    const answer = await probe.inject({ method: "GET", url: "/probe" });
    await probe.close();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.body).toBe(JSON.stringify(reply));
  });
});
