import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, DashboardCodec } from "../../src/contract";
import { DATABASES, api, decode, signUpWithGmail, startStack, type Stack } from "./support/stack";

async function raw(stack: Pick<Stack, "apiUrl">, method: string, path: string, headers: Record<string, string>) {
  const response = await fetch(`${stack.apiUrl}${path}`, { method, headers });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
}

describe.each(DATABASES)("cross-origin requests and sign-in rate limits, on %s", (database) => {
  const SPA = "http://spa.example.test:5173";
  let stack: Stack;
  let session: { access_token: string };

  beforeAll(async () => {
    stack = await startStack({ database, env: { CORS_ORIGINS: `https://deals.example.org,${SPA}`, AUTH_RATE_LIMIT_PER_MINUTE: "3" } });
    session = await signUpWithGmail(stack, "new.user@example.com");
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("answers a listed origin's preflight with the methods and headers the SPA uses, and no credentials", async () => {
    const preflight = await raw(stack, "OPTIONS", "/gmail/labels", {
      origin: SPA,
      "access-control-request-method": "PUT",
      "access-control-request-headers": "authorization, content-type",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(SPA);
    expect(preflight.headers.get("access-control-allow-methods")!.split(/,\s*/)).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]));
    expect(preflight.headers.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(["authorization", "content-type"]));
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    expect(preflight.headers.get("vary")).toMatch(/origin/i);
  });

  it("lets a listed origin read answers, failures included, so the SPA can see a 401 and refresh", async () => {
    const dashboard = await raw(stack, "GET", "/dashboard-products", { origin: SPA, authorization: `Bearer ${session.access_token}` });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("access-control-allow-origin")).toBe(SPA);
    decode(DashboardCodec, dashboard.body);
    const unauthorized = await raw(stack, "GET", "/settings", { origin: "https://deals.example.org" });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("access-control-allow-origin")).toBe("https://deals.example.org");
  });

  it("gives an unlisted origin, or a listed host on another scheme or port, no CORS headers", async () => {
    for (const origin of ["https://evil.example.com", "https://spa.example.test:5173", "http://spa.example.test", "null"]) {
      const preflight = await raw(stack, "OPTIONS", "/dashboard-products", { origin, "access-control-request-method": "GET" });
      expect({ origin, status: preflight.status, allow: preflight.headers.get("access-control-allow-origin") }).toEqual({ origin, status: 404, allow: null });
      const get = await raw(stack, "GET", "/dashboard-products", { origin, authorization: `Bearer ${session.access_token}` });
      expect({ origin, allow: get.headers.get("access-control-allow-origin") }).toEqual({ origin, allow: null });
    }
  });

  it("limits sign-in starts per address with a 429 and a message", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await api(stack, "GET", "/google-signup")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await api(stack, "GET", "/google-signup");
    expect(limited.status).toBe(429);
    expect(decode(ApiErrorCodec, limited.body).code).toBe("rate_limited");
  });
});
