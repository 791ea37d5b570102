import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES, DashboardCodec, SendersCodec, SettingsCodec, contractProblems, routeContract } from "../../src/contract";
import { startMailSink, type MailSink } from "../../emulator/outbox/mailSink";
import { routesOf } from "./support/routeTable";
import { DATABASES, api, decode, googleFlow, signInWithGoogle, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";

/** A well-formed id that no row has. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Every route answers in the wire contract's shapes (src/contract/routes.ts): real requests, at least one success per
 * route whose success is JSON and failures of several kinds, each answer checked against the route's codec, extra
 * fields included. The server under test also checks each reply itself (checkReplies), so this is the check of the
 * answers that bypass that hook (the pre-encoded dashboard) and of the route table against the contract's.
 */
describe.each(DATABASES)("every reply fits the wire contract, on %s", (database) => {
  let stack: Stack;
  /** "METHOD /path" below /api of every route that answered 2xx (or 3xx) in the contract's shape. */
  const succeeded = new Set<string>();

  /** The contract's "METHOD /path" of a request path below /api. */
  const routeOf = (method: string, path: string) => {
    const bare = path.split("?")[0]!;
    const template = bare.startsWith("/images/")
      ? "/images/*"
      : bare
          .replace(/\/api\/toggle_brand\/[^/]+$/, "/api/toggle_brand/:id")
          .replace(/^\/(deals|brands|senders)\/[^/]+/, "/$1/:id")
          .replace(/^\/extension\/sessions\/(?!refresh$)[^/]+$/, "/extension/sessions/:id")
          .replace(/^\/alert-rules\/[^/]+$/, "/alert-rules/:id");
    return `${method} ${template}`;
  };

  /** Sends a request, expects its status, and checks its body against the route's contract. */
  async function checked(method: string, path: string, status: number, options: Parameters<typeof api>[3] = {}) {
    const response = await api(stack, method, path, options);
    const route = routeOf(method, path);
    const contract = routeContract(route);
    expect(contract, `${route} is in the contract`).toBeDefined();
    expect({ route, status: response.status, body: response.body }).toMatchObject({ route, status });
    const codec = response.status >= 400 ? contract!.failure : contract!.success;
    if (codec) expect(contractProblems(codec, response.body), `${route} answered ${JSON.stringify(response.body).slice(0, 500)}`).toEqual([]);
    else expect(typeof response.body === "string" || response.body === null, `${route} answers no JSON`).toBe(true);
    if (response.status < 400) succeeded.add(route);
    return response;
  }

  let sink: MailSink;

  beforeAll(async () => {
    sink = await startMailSink();
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0", SMTP_URL: sink.smtpUrl, UNSUBSCRIBE_ALLOWED_HOSTS: "127.0.0.1" }, emulator: { quotaUnitsPerMinute: 0 } });
  });
  afterAll(async () => {
    await stack?.close();
    await sink?.close();
  });

  it("has a contract for every route the server has, and for no other", () => {
    // The API's routes; the app's other routes (the extension's zip) answer files, not JSON.
    const served = routesOf(stack.server.app)
      .filter((route) => route.includes(" /api/"))
      .map((route) => route.replace(" /api/", " /"));
    expect(served).toEqual(Object.keys(API_ROUTES).sort());
  });

  it("answers every route, in success and in failure, in the contract's shapes", { timeout: 120_000 }, async () => {
    await checked("GET", "/app-config", 200);
    await checked("GET", "/health", 200);
    await checked("GET", "/ready", 200);
    await checked("POST", "/login", 200, { body: {} });
    for (const start of ["/google-signin", "/google-signup", "/google-gmail-signin"]) await checked("GET", start, 200);

    // A whole Google round trip, completed as the SPA does; the code is single-use.
    const flow = await googleFlow(stack, "/google-gmail-signin", { account: "demo@example.com" });
    succeeded.add("GET /google-signin/callback");
    const tokens = flow.landing.searchParams.get("tokens")!;
    const signedIn = (await checked("POST", "/auth/complete", 200, { body: { tokens, state: flow.state } })).body as { access_token: string; refresh_token: string };
    await checked("POST", "/auth/complete", 400, { body: { tokens, state: flow.state } });
    await checked("POST", "/auth/complete", 400, { body: { tokens } });
    await checked("GET", "/google-signin/callback?state=unknown", 302);
    const token = signedIn.access_token;
    await waitForSync(stack, token);

    await checked("GET", "/auth/me", 200, { token });
    await checked("GET", "/auth/me", 401);
    const refreshed = (await checked("POST", "/auth/refresh", 200, { body: { refresh_token: signedIn.refresh_token } })).body as { access_token: string };
    await checked("POST", "/auth/refresh", 401, { body: { refresh_token: "not-a-refresh-token" } });
    await checked("GET", "/link-google-account", 200, { token: refreshed.access_token });
    await checked("GET", "/connect-gmail", 200, { token });

    await checked("GET", "/dashboard-products", 200, { token });
    await checked("GET", "/dashboard-products?expiring=true&search=sale", 200, { token });
    await checked("GET", "/dashboard-products?expiring=maybe", 400, { token });
    // From the start of the order (the smallest position) the page holds every deal; a cursor not written by us is a 400.
    const start = Buffer.from(JSON.stringify([0, 0, "0001-01-01", "-9223372036854775808", NO_SUCH_ID])).toString("base64url");
    await checked("GET", `/dashboard-products/deals?after=${start}`, 200, { token });
    await checked("GET", "/dashboard-products/deals?after=bm90LWpzb24", 400, { token });
    await checked("GET", "/discover?page=1&pageSize=5", 200, { token });
    await checked("GET", "/discover?page=0", 400, { token });

    const settings = decode(SettingsCodec, (await checked("GET", "/settings", 200, { token })).body);
    const brand = settings.data.brands[0]!;
    await checked("POST", `/api/toggle_brand/${brand.id}`, 200, { token });
    await checked("POST", `/api/toggle_brand/${brand.id}`, 200, { token });
    await checked("POST", `/api/toggle_brand/${NO_SUCH_ID}`, 404, { token });
    await checked("POST", "/api/toggle_brand/not-an-id", 400, { token });
    await checked("GET", `/brands/${brand.id}`, 200, { token });
    await checked("GET", `/brands/${NO_SUCH_ID}`, 404, { token });
    await checked("GET", "/brands/not-an-id", 400, { token });
    await checked("PUT", `/brands/${brand.id}/state`, 200, { token, body: { active: false } });
    const senders = decode(SendersCodec, (await checked("GET", "/senders", 200, { token })).body).senders;
    const oneClick = senders.find((sender) => sender.unsubscribe?.kind === "one-click" && sender.brandId !== null)!;
    await checked("GET", `/brands/${oneClick.brandId}/sender`, 200, { token });
    await checked("GET", `/brands/${NO_SUCH_ID}/sender`, 404, { token });
    await checked("GET", "/brands/not-an-id/sender", 400, { token });
    await checked("POST", `/senders/${oneClick.id}/unsubscribe`, 200, { token });
    await checked("POST", `/senders/${NO_SUCH_ID}/unsubscribe`, 404, { token });
    await checked("POST", "/senders/not-an-id/unsubscribe", 400, { token });
    await checked("PUT", `/brands/${brand.id}/state`, 200, { token, body: { active: true } });
    await checked("PUT", `/brands/${brand.id}/state`, 400, { token, body: { active: "yes" } });
    await checked("PUT", `/brands/${NO_SUCH_ID}/state`, 404, { token, body: { active: true } });
    await checked("PUT", "/brands/not-an-id/state", 400, { token, body: { active: true } });

    const dealId = decode(DashboardCodec, (await checked("GET", "/dashboard-products", 200, { token })).body).deals[0]!.id;
    await checked("GET", `/deals/${dealId}`, 200, { token });
    await checked("GET", `/deals/${NO_SUCH_ID}`, 404, { token });
    await checked("GET", "/deals/not-an-id", 400, { token });
    await checked("PUT", `/deals/${dealId}/status`, 200, { token, body: { status: "used" } });
    await checked("PUT", `/deals/${dealId}/status`, 200, { token, body: { status: null } });
    await checked("PUT", `/deals/${dealId}/status`, 400, { token, body: { status: "gone" } });
    await checked("PUT", `/deals/${NO_SUCH_ID}/status`, 404, { token, body: { status: "used" } });
    const dated = decode(DashboardCodec, (await checked("GET", "/dashboard-products", 200, { token })).body).deals.find((deal) => deal.expirationDate !== null)!;
    await checked("PUT", `/deals/${dated.id}/reminder`, 200, { token, body: { remind: true } });
    await checked("PUT", `/deals/${dated.id}/reminder`, 400, { token, body: { remind: 1 } });
    await checked("PUT", `/deals/${NO_SUCH_ID}/reminder`, 404, { token, body: { remind: true } });
    await checked("GET", `/deals/${dealId}/correction`, 200, { token });
    await checked("GET", `/deals/${NO_SUCH_ID}/correction`, 404, { token });
    await checked("PUT", `/deals/${dealId}/correction`, 200, { token, body: { endDate: "2099-12-31", category: "Pets" } });
    await checked("PUT", `/deals/${dealId}/correction`, 400, { token, body: { endDate: "2099-02-30" } });
    await checked("PUT", `/deals/${dealId}/correction`, 400, { token, body: { title: "Mine" } });
    await checked("DELETE", `/deals/${dealId}/correction`, 200, { token });
    await checked("DELETE", "/deals/not-an-id/correction", 400, { token });
    await checked("POST", "/reports/test", 200, { token });
    await checked("POST", "/reports/test", 401);

    await checked("GET", "/gmail/labels", 200, { token });
    await checked("PUT", "/gmail/labels", 200, { token, body: { labels: ["CATEGORY_PROMOTIONS"] } });
    await checked("PUT", "/gmail/labels", 400, { token, body: { labels: ["NO_SUCH_LABEL"] } });
    // Gmail answers slowly for a moment, so that the sync just started (with nothing new to read, it takes a few
    // milliseconds) is surely still running when the next request asks for another: on Node 24 it was not.
    stack.emulator.setFaults({ rate: 0, latencyMs: 300 });
    await checked("POST", "/gmail/sync", 200, { token, body: {} });
    await checked("POST", "/sync-gmail", 409, { token });
    await checked("GET", "/sync-gmail", 200, { token });
    stack.emulator.setFaults({ rate: 0 });
    await waitForSync(stack, token);
    await checked("POST", "/sync-gmail", 200, { token });
    await waitForSync(stack, token);

    await checked("GET", "/user/settings", 200, { token });
    await checked("PUT", "/user/settings", 200, { token, body: { weeklyReport: false, syncIntervalMinutes: 60 } });
    await checked("PUT", "/user/settings", 400, { token, body: { weeklyReport: "no", syncIntervalMinutes: 60 } });
    await checked("POST", "/early-access", 200, { body: { name: "Ada", email: "ada@example.org", shopping_frequency: "weekly" } });
    await checked("POST", "/early-access", 400, { body: { name: "Ada" } });
    await checked("GET", "/images/unsigned/aHR0cHM6Ly9jZG4uZXhhbXBsZS9hLnBuZw", 403);

    // The browser extension: pairing, its read-only session, and Settings' list of extensions.
    const { code } = (await checked("POST", "/extension/pairing-codes", 201, { token })).body as { code: string };
    await checked("POST", "/extension/pairing-codes", 401);
    const paired = (await checked("POST", "/extension/sessions", 201, { body: { code } })).body as { accessToken: string; refreshToken: string; sessionId: string };
    await checked("POST", "/extension/sessions", 400, { body: { code } });
    await checked("POST", "/extension/sessions", 400, { body: {} });
    const rotated = (await checked("POST", "/extension/sessions/refresh", 200, { body: { refreshToken: paired.refreshToken } })).body as { accessToken: string };
    await checked("POST", "/extension/sessions/refresh", 401, { body: { refreshToken: "not-a-refresh-token" } });
    await checked("GET", "/extension/codes", 200, { token: rotated.accessToken });
    await checked("GET", "/extension/codes", 401, { token });
    await checked("GET", "/extension/sessions", 200, { token });
    await checked("GET", "/extension/sessions", 401, { token: rotated.accessToken });
    await checked("GET", "/extension/paired-here", 200, { token });
    await checked("GET", "/extension/paired-here", 401, { token: rotated.accessToken });
    await checked("DELETE", `/extension/sessions/${NO_SUCH_ID}`, 404, { token });
    await checked("DELETE", "/extension/sessions/not-an-id", 400, { token });
    await checked("POST", "/extension/logout", 200, { token: rotated.accessToken });
    await checked("POST", "/extension/logout", 401, { token: rotated.accessToken });
    const { code: second } = (await checked("POST", "/extension/pairing-codes", 201, { token })).body as { code: string };
    const disconnected = (await checked("POST", "/extension/sessions", 201, { body: { code: second } })).body as { sessionId: string };
    await checked("DELETE", `/extension/sessions/${disconnected.sessionId}`, 200, { token });

    // Alert rules: added, refused (a duplicate, a brand the person has no mail from), listed, removed.
    await checked("GET", "/alert-rules", 200, { token });
    const added = (await checked("POST", "/alert-rules", 201, { token, body: { kind: "percent", minPercent: 30, brand: null } })).body as { rules: { id: string }[] };
    await checked("POST", "/alert-rules", 409, { token, body: { kind: "percent", minPercent: 30, brand: null } });
    await checked("POST", "/alert-rules", 400, { token, body: { kind: "code", brand: "No such brand" } });
    await checked("DELETE", `/alert-rules/${added.rules[0]!.id}`, 200, { token });
    await checked("DELETE", `/alert-rules/${added.rules[0]!.id}`, 404, { token });

    // Without Gmail: every Gmail route's refusal.
    const fresh = await signInWithGoogle(stack, "/google-signup", { account: "new.user@example.com" });
    await checked("GET", "/gmail/labels", 400, { token: fresh.access_token });
    await checked("POST", "/sync-gmail", 400, { token: fresh.access_token });
    await checked("POST", "/disconnect-gmail", 400, { token: fresh.access_token });

    // What ends a session, a connection or an account, on an account of its own.
    const other = await signUpWithGmail(stack, "other.user@example.com");
    await waitForSync(stack, other.access_token);
    await checked("POST", "/disconnect-gmail", 200, { token: other.access_token });
    await checked("DELETE", "/account", 200, { token: other.access_token });
    await checked("DELETE", "/account", 401, { token: other.access_token });
    await checked("POST", "/logout", 400, { token: fresh.access_token, body: { signOutExtension: "yes" } });
    await checked("POST", "/logout", 200, { token: fresh.access_token, body: { signOutExtension: true } });
    await checked("POST", "/logout", 401, { token: fresh.access_token });

    const withJsonSuccess = Object.entries(API_ROUTES)
      .filter(([, contract]) => contract.success !== null)
      .map(([route]) => route);
    expect(withJsonSuccess.filter((route) => !succeeded.has(route))).toEqual([]);
  });
});
