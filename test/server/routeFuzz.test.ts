import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, AuthMeCodec, DashboardCodec, SettingsCodec } from "../../src/contract";
import { DATABASES, api, decode, waitForSync } from "./support/stack";
import { checkAnswer, DISPOSABLE_ACCOUNT, fuzzEveryRoute, MAIN_ACCOUNT, send, sendRaw, startFuzzTarget, type FuzzRequest, type FuzzTarget } from "./support/routeFuzzing";

/** The route fuzz of support/routeFuzzing.ts, 11,000 requests a database; bench/routeFuzz.ts sends 100,000. */

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_610);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}.`);
/** Generated requests shared out among the routes, plus those to paths that are no route. */
const ROUTE_REQUESTS = 10_000;
const ODD_PATH_REQUESTS = 1_000;

describe.each(DATABASES)("a fuzz of every route, on %s", (database) => {
  let target: FuzzTarget;
  let port: number;
  let main: FuzzTarget["main"];
  let disposable: FuzzTarget["disposable"];

  beforeAll(async () => {
    target = await startFuzzTarget(database);
    ({ port, main, disposable } = target);
  });
  afterAll(async () => {
    await target?.close();
  });

  it("answers no generated request with a 5xx, every 4xx with a message, and still serves normally afterwards", { timeout: 300_000 }, async () => {
    const { stack } = target;
    const brandIds = decode(SettingsCodec, (await api(stack, "GET", "/settings", { token: main.token })).body).data.brands.map((brand) => brand.id);
    const started = Date.now();
    const { sent, routes } = await fuzzEveryRoute(target, {
      seed: SEED,
      routeRequests: ROUTE_REQUESTS,
      oddPathRequests: ODD_PATH_REQUESTS,
      onAnswer: (route, request, answer) => checkAnswer(route, request, answer, target.folders.files),
    });
    console.info(
      `Route fuzz on ${database}: seed ${SEED} (set FUZZ_SEED to change it), ${routes.length} routes, ${sent} requests sent in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `none answered 5xx; ${main.renewals} sessions of ${MAIN_ACCOUNT} and ${disposable.renewals} of ${DISPOSABLE_ACCOUNT} ended by a request and started again.`,
    );
    expect(sent).toBeGreaterThanOrEqual(ROUTE_REQUESTS + ODD_PATH_REQUESTS);

    // The server still answers normally: the main session is alive, its dashboard and settings load (the fuzz may have
    // hidden brands, but lost none), and a new sign-in works.
    await waitForSync(stack, main.token);
    expect(decode(AuthMeCodec, (await api(stack, "GET", "/auth/me", { token: main.token })).body).user.email).toBe(MAIN_ACCOUNT);
    const dashboard = await api(stack, "GET", "/dashboard-products", { token: main.token });
    expect(dashboard.status).toBe(200);
    decode(DashboardCodec, dashboard.body);
    const brandsAfter = decode(SettingsCodec, (await api(stack, "GET", "/settings", { token: main.token })).body).data.brands.map((brand) => brand.id);
    expect(brandsAfter).toEqual(expect.arrayContaining(brandIds));
    await disposable.signIn();
    expect(decode(AuthMeCodec, (await api(stack, "GET", "/auth/me", { token: disposable.token })).body).user.email).toBe(DISPOSABLE_ACCOUNT);
  });

  describe("requests no HTTP client would send are answered with our error shape", () => {
    const CASES: [name: string, request: (token: string) => string, status: number][] = [
      ["a broken percent-encoding in the path", () => "GET /api/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n", 400],
      ["a broken percent-encoding in a path parameter", (token) => `POST /api/api/toggle_brand/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`, 400],
      ["a path parameter over the length limit", (token) => `POST /api/api/toggle_brand/${"a".repeat(500)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`, 414],
      ["NUL in a header", () => "GET /api/auth/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \u0000x\r\n\r\n", 400],
      ["a header over the size limit", () => `GET /api/auth/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${"a".repeat(20_000)}\r\n\r\n`, 431],
      ["a request line that is not HTTP", () => "HELLO\r\n\r\n", 400],
      ["a raw space in the path", () => "GET /api/app config HTTP/1.1\r\nHost: x\r\n\r\n", 400],
      ["a broken chunked body", () => "POST /api/early-access HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n", 400],
      ["both Content-Length and chunked", () => "POST /api/early-access HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400],
      ["a Content-Length that is no number", () => "POST /api/early-access HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}", 400],
      ["a body longer than its Content-Length says", () => "POST /api/early-access HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1\r\n\r\n{}", 400],
      ["a body over the size limit, announced", () => "POST /api/early-access HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 70000\r\n\r\n{", 413],
      [
        "a body over the size limit, in chunks",
        () => `POST /api/early-access HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(70_000).toString(16)}\r\n${"x".repeat(70_000)}\r\n0\r\n\r\n`,
        413,
      ],
      ["a path longer than the header limit", () => `GET /api/${"p".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      ["5,000 nested brackets", (token) => `PUT /api/user/settings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n${"[".repeat(5000)}`, 400],
    ];

    it.each(CASES)("%s", async (_name, request, status) => {
      const answer = await sendRaw(port, request(main.token).replace("\r\n", "\r\nConnection: close\r\n"));
      expect(answer.status).toBe(status);
      expect(decode(ApiErrorCodec, JSON.parse(answer.text)).message.length).toBeGreaterThan(10);
    });
  });

  describe("a body that is not UTF-8 JSON is a 4xx that says why, on every route that takes one and on one that takes none", () => {
    const BODIES: [name: string, contentType: string | null, body: string | Buffer, status: number, mentions: string][] = [
      ["text", "text/plain", "hello", 415, "application/json"],
      ["a form", "application/x-www-form-urlencoded", "name=Ada", 415, "application/json"],
      ["multipart", "multipart/form-data; boundary=x", "--x--", 415, "application/json"],
      ["no content type", null, '{"name":"Ada"}', 415, "application/json"],
      ["JSON in Latin-1", "application/json; charset=latin1", "{}", 415, "UTF-8"],
      ["JSON in UTF-16", "application/json; charset=utf-16", "{}", 415, "UTF-8"],
      ["bytes that are not UTF-8", "application/json", Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 400, "UTF-8"],
      ["an empty JSON body", "application/json", "", 400, "empty"],
      ["JSON 33 levels deep", "application/json", `${"[".repeat(33)}${"]".repeat(33)}`, 400, "nested too deeply"],
      ["a prototype-poisoning key", "application/json", '{"__proto__":{"admin":true}}', 400, "JSON"],
    ];
    const ROUTES: [method: string, path: string, authenticated: boolean][] = [
      ["POST", "/api/early-access", false],
      ["PUT", "/api/user/settings", true],
      ["POST", "/api/sync-gmail", true],
    ];

    it.each(ROUTES)("%s %s", async (method, path, authenticated) => {
      for (const [name, contentType, body, status, mentions] of BODIES) {
        const headers: Record<string, string> = { ...(authenticated ? { authorization: `Bearer ${main.token}` } : {}), ...(contentType ? { "content-type": contentType } : {}) };
        const request: FuzzRequest = { method, path, authorization: { kind: "none" }, headers, body: { contentType, bytes: Buffer.from(body) } };
        const answer = await send(target.agent, port, request, null);
        expect({ name, status: answer.status }).toEqual({ name, status });
        expect(decode(ApiErrorCodec, JSON.parse(answer.text)).message).toContain(mentions);
      }
    });
  });
});
