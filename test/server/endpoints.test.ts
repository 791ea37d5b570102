import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorCodec,
  AppConfigCodec,
  BrandToggleCodec,
  DashboardCodec,
  DiscoverPageCodec,
  GmailLabelsCodec,
  GoogleAuthStartCodec,
  LoginResponseCodec,
  SettingsCodec,
  StatusMessageCodec,
  SYNC_ALREADY_RUNNING,
  SyncStatusCodec,
  UserPreferencesCodec,
} from "../../src/contract";
import { generatedPromotion } from "./support/generatedMail";
import { routesOf } from "./support/routeTable";
import { DATABASES, api, decode, runGoogleFlow, signInWithGoogle, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";
import { dayStart } from "../../src/domain/calendarDay";
import { isCurrentDeal } from "../../src/domain/dealLifecycle";

const GMAIL_READONLY = "https://www.googleapis.com/auth/gmail.readonly";
/** A well-formed id that no row has. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

type Route = [method: string, path: string, body?: unknown];

/** Every endpoint that needs a bearer token, each with a request it would accept. */
const AUTHENTICATED: Route[] = [
  ["GET", "/auth/me"],
  ["POST", "/logout"],
  ["GET", "/link-google-account"],
  ["GET", "/connect-gmail"],
  ["POST", "/sync-gmail"],
  ["GET", "/sync-gmail"],
  ["GET", "/dashboard-products"],
  ["GET", "/dashboard-products/deals?after=bm90LWpzb24"],
  ["GET", "/discover"],
  ["GET", "/settings"],
  ["POST", `/api/toggle_brand/${NO_SUCH_ID}`],
  ["POST", "/disconnect-gmail"],
  ["GET", "/gmail/labels"],
  ["PUT", "/gmail/labels", { labels: ["CATEGORY_PROMOTIONS"] }],
  ["POST", "/gmail/sync", {}],
  ["GET", "/user/settings"],
  ["PUT", "/user/settings", { weeklyReport: true, syncIntervalMinutes: 60 }],
  ["GET", `/deals/${NO_SUCH_ID}`],
  ["PUT", `/deals/${NO_SUCH_ID}/status`, { status: "used" }],
  ["PUT", `/deals/${NO_SUCH_ID}/reminder`, { remind: true }],
  ["GET", `/deals/${NO_SUCH_ID}/correction`],
  ["PUT", `/deals/${NO_SUCH_ID}/correction`, { code: "FIXED-10" }],
  ["DELETE", `/deals/${NO_SUCH_ID}/correction`],
  ["POST", "/reports/test"],
  ["GET", `/brands/${NO_SUCH_ID}`],
  ["PUT", `/brands/${NO_SUCH_ID}/state`, { active: false }],
  ["POST", "/extension/pairing-codes"],
  ["GET", "/extension/sessions"],
  ["GET", "/extension/paired-here"],
  ["DELETE", `/extension/sessions/${NO_SUCH_ID}`],
  // The extension's own session: a bearer token of another kind, refused in the same way.
  ["GET", "/extension/codes"],
  ["POST", "/extension/logout"],
  ["DELETE", "/account"],
  ["GET", "/senders"],
  ["GET", `/brands/${NO_SUCH_ID}/sender`],
  ["POST", `/senders/${NO_SUCH_ID}/unsubscribe`],
  ["GET", "/alert-rules"],
  ["POST", "/alert-rules", { kind: "code", brand: null }],
  ["DELETE", `/alert-rules/${NO_SUCH_ID}`],
];

const PUBLIC: Route[] = [
  ["GET", "/app-config"],
  ["GET", "/health"],
  ["GET", "/ready"],
  ["POST", "/login", {}],
  ["GET", "/google-signin"],
  ["GET", "/google-signup"],
  ["GET", "/google-gmail-signin"],
  ["GET", "/google-signin/callback"],
  ["POST", "/auth/complete", { tokens: "x", state: "y" }],
  ["POST", "/auth/refresh", { refresh_token: "x" }],
  ["POST", "/early-access", { name: "Ada", email: "ada@example.org", shopping_frequency: "weekly" }],
  ["GET", "/images/unsigned/aHR0cHM6Ly9jZG4uZXhhbXBsZS9hLnBuZw"],
  ["POST", "/extension/sessions", { code: "x" }],
  ["POST", "/extension/sessions/refresh", { refreshToken: "x" }],
  ["GET", "/reports/unsubscribe"],
  ["POST", "/reports/unsubscribe"],
];

/** The route a request path is served by. */
const routeOf = (path: string) => (path.startsWith("/images/") ? "/images/*" : path.replace(NO_SUCH_ID, ":id").split("?")[0]);

/** A request with exactly these headers and this raw body, for what api() would not send. */
async function raw(stack: Pick<Stack, "apiUrl">, method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${stack.apiUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}), redirect: "manual" });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

function expectError(response: { status: number; body: unknown }, status: number, code: string, mentions?: string) {
  expect({ status: response.status, body: response.body }).toMatchObject({ status, body: { code } });
  const error = decode(ApiErrorCodec, response.body);
  expect(error.message.length).toBeGreaterThan(10);
  if (mentions) expect(error.message).toContain(mentions);
}

describe.each(DATABASES)("every endpoint's success and failure paths, on %s", (database) => {
  let stack: Stack;
  let demo: Awaited<ReturnType<typeof signUpWithGmail>>;
  let other: Awaited<ReturnType<typeof signUpWithGmail>>;
  /** new.user@example.com, signed up without Gmail. */
  let fresh: { access_token: string; refresh_token: string };
  let endedSessionToken: string;

  const token = () => demo.access_token;

  beforeAll(async () => {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
    demo = await signUpWithGmail(stack, "demo@example.com");
    other = await signUpWithGmail(stack, "other.user@example.com");
    await waitForSync(stack, demo.access_token);
    await waitForSync(stack, other.access_token);
    fresh = await signInWithGoogle(stack, "/google-signup", { account: "new.user@example.com" });
    const ended = await signUpWithGmail(stack, "demo@example.com");
    expect((await api(stack, "POST", "/logout", { token: ended.access_token })).status).toBe(200);
    endedSessionToken = ended.access_token;
    await waitForSync(stack, demo.access_token);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("has tests below for every route the server has, and no other", () => {
    const listed = [...AUTHENTICATED, ...PUBLIC].map(([method, path]) => `${method} /api${routeOf(path)}`);
    // The API's routes; the files the app serves beside it (the extension's zip) have tests of their own.
    const apiRoutes = routesOf(stack.server.app).filter((route) => route.includes(" /api/"));
    expect(apiRoutes).toEqual(listed.sort());
  });

  describe("a missing, malformed, forged or ended bearer token is a 401", () => {
    const forgedFor = (victimId: string) => {
      // Another user's id in a real token's payload: the signature no longer matches.
      const [header, payload, signature] = demo.access_token.split(".");
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
      return [header, Buffer.from(JSON.stringify({ ...claims, sub: victimId })).toString("base64url"), signature].join(".");
    };

    it.each(AUTHENTICATED)("%s %s", async (method, path, body) => {
      const variants: Record<string, Record<string, string>> = {
        none: {},
        garbage: { authorization: "Bearer not-a-token" },
        basic: { authorization: "Basic ZGVtbzpkZW1v" },
        empty: { authorization: "Bearer " },
        forged: { authorization: `Bearer ${forgedFor(other.user.id)}` },
        ended: { authorization: `Bearer ${endedSessionToken}` },
      };
      for (const [variant, headers] of Object.entries(variants)) {
        const response = await raw(stack, method, path, { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) }, body !== undefined ? JSON.stringify(body) : undefined);
        expect({ variant, status: response.status }).toEqual({ variant, status: 401 });
        expectError(response, 401, "unauthorized");
      }
      // Authentication comes before the body is read: a broken body without a token is still a 401.
      if (body !== undefined) expectError(await raw(stack, method, path, { "content-type": "application/json" }, "{"), 401, "unauthorized");
    });
  });

  it("answers the public endpoints without a token", async () => {
    const config = decode(AppConfigCodec, (await api(stack, "GET", "/app-config")).body);
    expect(config.demoMode).toBe(true);
    expect(decode(LoginResponseCodec, (await api(stack, "POST", "/login", { body: {} })).body).success).toBe(false);
    const scopesOf = async (path: string) => {
      const start = decode(GoogleAuthStartCodec, (await api(stack, "GET", path)).body);
      if (!start.success) throw new Error(start.error);
      return new URL(start.authUrl).searchParams.get("scope")!.split(" ");
    };
    expect(await scopesOf("/google-signin")).not.toContain(GMAIL_READONLY);
    expect(await scopesOf("/google-signup")).not.toContain(GMAIL_READONLY);
    expect(await scopesOf("/google-gmail-signin")).toContain(GMAIL_READONLY);
  });

  it("serves images only through a path Deal Finder signed (test/server/imageProxy.test.ts has the rest)", async () => {
    expectError(await api(stack, "GET", "/images/unsigned/aHR0cHM6Ly9jZG4uZXhhbXBsZS9hLnBuZw"), 403, "bad_signature");
    expectError(await api(stack, "GET", "/images/only-one-part"), 400, "invalid_request");
  });

  it("refuses an unknown refresh token and an unknown sign-in code", async () => {
    expectError(await api(stack, "POST", "/auth/refresh", { body: { refresh_token: "never-issued" } }), 401, "invalid_refresh_token");
    const complete = await api(stack, "POST", "/auth/complete", { body: { tokens: "never-issued", state: "never-issued" } });
    expect(complete.status).toBe(400);
    expect(decode(LoginResponseCodec, complete.body).success).toBe(false);
  });

  describe("a body that is not a JSON object of the right size is a 4xx with a message", () => {
    const BODY_ROUTES: [method: string, path: string, authenticated: boolean][] = [
      ["POST", "/login", false],
      ["POST", "/auth/complete", false],
      ["POST", "/auth/refresh", false],
      ["POST", "/early-access", false],
      ["PUT", "/gmail/labels", true],
      ["POST", "/gmail/sync", true],
      ["PUT", "/user/settings", true],
    ];

    it.each(BODY_ROUTES)("%s %s", async (method, path, authenticated) => {
      const auth: Record<string, string> = authenticated ? { authorization: `Bearer ${token()}` } : {};
      const json = { ...auth, "content-type": "application/json" };
      expectError(await raw(stack, method, path, json, "{"), 400, "invalid_request", "JSON");
      expectError(await raw(stack, method, path, json, JSON.stringify({ junk: "x".repeat(70 * 1024) })), 413, "invalid_request", "too large");
      expectError(await raw(stack, method, path, { ...auth, "content-type": "application/xml" }, "<a/>"), 415, "invalid_request");
      if (path !== "/login") {
        for (const notAnObject of ["[]", '"text"', "42"]) expectError(await raw(stack, method, path, json, notAnObject), 400, "invalid_request", "must be a JSON object");
      }
    });
  });

  describe("wrong types, extra fields, out-of-range values and NUL characters in a body are a 400 naming the field", () => {
    const CASES: [method: string, path: string, body: unknown, field: string][] = [
      ["POST", "/auth/complete", {}, "tokens"],
      ["POST", "/auth/complete", { tokens: 42, state: "s" }, "tokens"],
      ["POST", "/auth/complete", { tokens: "", state: "s" }, "tokens"],
      ["POST", "/auth/complete", { tokens: "x".repeat(513), state: "s" }, "tokens"],
      ["POST", "/auth/complete", { tokens: "x" }, "state"],
      ["POST", "/auth/complete", { tokens: "x", state: ["s"] }, "state"],
      ["POST", "/auth/complete", { tokens: "x", state: "s".repeat(513) }, "state"],
      ["POST", "/auth/complete", { tokens: "x", state: "s", admin: true }, "admin"],
      ["POST", "/auth/refresh", { refresh_token: ["x"] }, "refresh_token"],
      ["POST", "/auth/refresh", { refresh_token: "x", remember_me: true }, "remember_me"],
      ["POST", "/early-access", { name: "A".repeat(201), email: "a@example.org", shopping_frequency: "daily" }, "name"],
      ["POST", "/early-access", { name: 7, email: "a@example.org", shopping_frequency: "daily" }, "name"],
      ["POST", "/early-access", { name: "Ada\u0000", email: "a@example.org", shopping_frequency: "daily" }, "NUL"],
      ["POST", "/early-access", { name: "Ada", email: `${"a".repeat(250)}@example.org`, shopping_frequency: "daily" }, "email"],
      ["POST", "/early-access", { name: "Ada", email: "a@example.org", shopping_frequency: "daily", phone: "1" }, "phone"],
      ["PUT", "/gmail/labels", {}, "labels"],
      ["PUT", "/gmail/labels", { labels: "INBOX" }, "labels"],
      ["PUT", "/gmail/labels", { labels: [] }, "labels"],
      ["PUT", "/gmail/labels", { labels: ["INBOX", "INBOX"] }, "labels"],
      ["PUT", "/gmail/labels", { labels: Array.from({ length: 51 }, (_, index) => `L${index}`) }, "labels"],
      ["PUT", "/gmail/labels", { labels: [""] }, "labels.0"],
      ["PUT", "/gmail/labels", { labels: [1] }, "labels.0"],
      ["PUT", "/gmail/labels", { labels: ["INBOX"], colour: "red" }, "colour"],
      ["POST", "/gmail/sync", { labels: [] }, "labels"],
      ["POST", "/gmail/sync", { labels: "INBOX" }, "labels"],
      ["POST", "/gmail/sync", { full: true }, "full"],
      ["PUT", "/user/settings", { reportHour: 24 }, "reportHour"],
      ["PUT", "/user/settings", { reportHour: 7.5 }, "reportHour"],
      ["PUT", "/user/settings", { reportWeekday: 0 }, "reportWeekday"],
      ["PUT", "/user/settings", { timeZone: 5 }, "timeZone"],
      ["PUT", "/user/settings", { timeZone: "x".repeat(65) }, "timeZone"],
      ["PUT", "/user/settings", { expiryReminders: "no" }, "expiryReminders"],
      ["PUT", "/user/settings", { emailsStopped: null }, "emailsStopped"],
      ["PUT", "/user/settings", { weeklyReport: "yes", syncIntervalMinutes: 60 }, "weeklyReport"],
      ["PUT", "/user/settings", { weeklyReport: true, syncIntervalMinutes: "60" }, "syncIntervalMinutes"],
      ["PUT", "/user/settings", { weeklyReport: true, syncIntervalMinutes: 14 }, "syncIntervalMinutes"],
      ["PUT", "/user/settings", { weeklyReport: true, syncIntervalMinutes: 1441 }, "syncIntervalMinutes"],
      ["PUT", "/user/settings", { weeklyReport: true, syncIntervalMinutes: 15.5 }, "syncIntervalMinutes"],
      ["PUT", "/user/settings", { weeklyReport: true, syncIntervalMinutes: 60, theme: "dark" }, "theme"],
      ["PUT", "/user/settings", { reminderLeadDays: 2 }, "reminderLeadDays"],
      ["PUT", "/user/settings", { dealAlerts: "on" }, "dealAlerts"],
    ];

    it.each(CASES)("%s %s %j", async (method, path, body, field) => {
      const authenticated = AUTHENTICATED.some(([m, p]) => m === method && p === path);
      expectError(await api(stack, method, path, { body, ...(authenticated ? { token: token() } : {}) }), 400, "invalid_request", field);
    });
  });

  it("says what is wrong with a form in words a person reads, not the validator's", async () => {
    const form = { name: "Ada", email: "a@example.org", shopping_frequency: "daily" };
    const answers = await Promise.all(
      [{ ...form, email: "ada at example" }, { ...form, name: " " }, { ...form, shopping_frequency: "hourly" }, { name: "Ada" }].map(
        async (body) => decode(ApiErrorCodec, (await api(stack, "POST", "/early-access", { body })).body).message,
      ),
    );
    expect(answers).toEqual([
      "Please enter a valid email address.",
      "Please fill in your name.",
      "How often you shop online must be one of: daily, weekly, monthly, occasionally.",
      "Please fill in your email address.",
    ]);
  });

  describe("bad query strings and ids are a 400 naming the field", () => {
    const CASES: [path: string, field: string][] = [
      ["/dashboard-products?junk=1", "junk"],
      ["/dashboard-products?expiring=maybe", "expiring"],
      ["/dashboard-products?expiring=1", "expiring"],
      ["/dashboard-products?brand=not-a-uuid", "brand"],
      [`/dashboard-products?brand=urn:uuid:${NO_SUCH_ID}`, "brand"],
      ["/dashboard-products?from_domain=evil.com/path", "from_domain"],
      [`/dashboard-products?search=${"a".repeat(201)}`, "search"],
      [`/dashboard-products?category=${"a".repeat(101)}`, "category"],
      ["/dashboard-products?category=Home&category=Pets", "category"],
      ["/dashboard-products?search=sale%00", "NUL"],
      ["/dashboard-products?category=%00", "NUL"],
      ["/discover?page=0", "page"],
      ["/discover?page=-1", "page"],
      ["/discover?page=abc", "page"],
      ["/discover?page=1.5", "page"],
      ["/discover?page=1000000", "page"],
      ["/discover?pageSize=0", "pageSize"],
      ["/discover?pageSize=101", "pageSize"],
      ["/discover?pageSize=ten", "pageSize"],
      ["/discover?offset=10", "offset"],
      ["/discover?search=a%00b", "NUL"],
    ];

    it.each(CASES)("GET %s", async (path, field) => {
      expectError(await api(stack, "GET", path, { token: token() }), 400, "invalid_request", field);
    });

    it.each(["not-a-uuid", "123", `urn:uuid:${NO_SUCH_ID}`, `${NO_SUCH_ID}0`, `{${NO_SUCH_ID}}`])("POST /api/toggle_brand/%s", async (id) => {
      expectError(await api(stack, "POST", `/api/toggle_brand/${encodeURIComponent(id)}`, { token: token() }), 400, "invalid_request", "id");
    });

    it("GET /google-signin/callback with a repeated or oversized parameter", async () => {
      expectError(await api(stack, "GET", "/google-signin/callback?state=a&state=b"), 400, "invalid_request", "state");
      expectError(await api(stack, "GET", `/google-signin/callback?state=a&code=${"c".repeat(2049)}`), 400, "invalid_request", "code");
    });
  });

  it("pages /discover, the deals the person can still use in the dashboard's order, with an empty page past the end", async () => {
    const all = await wholeDashboard(stack, token());
    const current = all.deals.filter((deal) => isCurrentDeal(deal, dayStart(all.today)));
    expect(current.length).toBe(all.stats.activePromos.value);
    const first = decode(DiscoverPageCodec, (await api(stack, "GET", "/discover", { token: token() })).body);
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: current.length, totalPages: Math.max(1, Math.ceil(current.length / 20)) });
    expect(first.deals.map((deal) => deal.id)).toEqual(current.slice(0, 20).map((deal) => deal.id));
    const past = decode(DiscoverPageCodec, (await api(stack, "GET", "/discover?page=999999&pageSize=100", { token: token() })).body);
    expect(past).toMatchObject({ deals: [], page: 999999, total: current.length });
    const category = all.categories[0]!;
    const filtered = decode(DiscoverPageCodec, (await api(stack, "GET", `/discover?category=${category.label}&pageSize=100`, { token: token() })).body);
    expect(filtered.total).toBe(category.current);
  });

  it("searches with characters that mean something to a regular expression or to LIKE, as plain text", async () => {
    for (const search of ["(", "[a-", "\\", "%", "_", ".*", "50%"]) {
      const response = await api(stack, "GET", `/dashboard-products?search=${encodeURIComponent(search)}`, { token: token() });
      expect({ search, status: response.status }).toEqual({ search, status: 200 });
      for (const deal of decode(DashboardCodec, response.body).deals) expect(JSON.stringify(deal)).toContain(search === "\\" ? "\\\\" : search);
    }
  });

  it("answers 404 with a message for unknown paths, methods and ids", async () => {
    expectError(await api(stack, "GET", "/no-such-endpoint", { token: token() }), 404, "not_found", "/api/no-such-endpoint");
    expectError(await api(stack, "DELETE", "/settings", { token: token() }), 404, "not_found", "DELETE /api/settings");
    expectError(await api(stack, "GET", "/api/toggle_brand/x", { token: token() }), 404, "not_found");
    expectError(await api(stack, "POST", `/api/toggle_brand/${NO_SUCH_ID}`, { token: token() }), 404, "brand_not_found");
  });

  it("toggles a brand by its id written in capitals too", async () => {
    const brand = decode(SettingsCodec, (await api(stack, "GET", "/settings", { token: token() })).body).data.brands[0]!;
    const off = decode(BrandToggleCodec, (await api(stack, "POST", `/api/toggle_brand/${brand.id.toUpperCase()}`, { token: token() })).body);
    expect(off.is_active).toBe(!brand.isActive);
    const back = decode(BrandToggleCodec, (await api(stack, "POST", `/api/toggle_brand/${brand.id}`, { token: token() })).body);
    expect(back.is_active).toBe(brand.isActive);
    const filtered = (await wholeDashboard(stack, token(), `brand=${brand.id.toUpperCase()}`));
    expect(filtered.deals.length).toBeGreaterThan(0);
    expect(filtered.deals.every((deal) => deal.brandId === brand.id)).toBe(true);
  });

  it("keeps another user's brands out of reach, whatever the spelling of the id", async () => {
    const theirs = decode(SettingsCodec, (await api(stack, "GET", "/settings", { token: other.access_token })).body).data.brands[0]!;
    for (const id of [theirs.id, theirs.id.toUpperCase()]) {
      expectError(await api(stack, "POST", `/api/toggle_brand/${id}`, { token: token() }), 404, "brand_not_found");
      const page = decode(DiscoverPageCodec, (await api(stack, "GET", `/discover?brand=${id}`, { token: token() })).body);
      expect(page.total).toBe(0);
    }
    const after = decode(SettingsCodec, (await api(stack, "GET", "/settings", { token: other.access_token })).body).data.brands[0]!;
    expect(after).toEqual(theirs);
  });

  it("lists and sets the Gmail labels, and starts a sync with or without a body", async () => {
    const labels = decode(GmailLabelsCodec, (await api(stack, "GET", "/gmail/labels", { token: token() })).body).labels;
    expect(labels.filter((label) => label.isChecked).map((label) => label.id)).toEqual(["CATEGORY_PROMOTIONS"]);
    const started = await api(stack, "POST", "/gmail/sync", { token: token(), body: { labels: ["CATEGORY_PROMOTIONS", "INBOX"] } });
    decode(StatusMessageCodec, started.body);
    expect(started.status).toBe(200);
    await waitForSync(stack, token());
    const checked = decode(GmailLabelsCodec, (await api(stack, "GET", "/gmail/labels", { token: token() })).body).labels.filter((label) => label.isChecked);
    expect(checked.map((label) => label.id).sort()).toEqual(["CATEGORY_PROMOTIONS", "INBOX"]);
    const set = decode(GmailLabelsCodec, (await api(stack, "PUT", "/gmail/labels", { token: token(), body: { labels: ["CATEGORY_PROMOTIONS"] } })).body);
    expect(set.labels.filter((label) => label.isChecked).map((label) => label.id)).toEqual(["CATEGORY_PROMOTIONS"]);

    const bare = await raw(stack, "POST", "/gmail/sync", { authorization: `Bearer ${token()}` });
    expect(bare.status).toBe(200);
    decode(StatusMessageCodec, bare.body);
    await waitForSync(stack, token());
  });

  it("answers 502 with a message when Gmail fails, while settings still load", async () => {
    stack.emulator.setFaults({ rate: 1, statuses: [503] });
    try {
      expectError(await api(stack, "GET", "/gmail/labels", { token: token() }), 502, "gmail_unavailable");
      expectError(await api(stack, "PUT", "/gmail/labels", { token: token(), body: { labels: ["INBOX"] } }), 502, "gmail_unavailable");
      expectError(await api(stack, "POST", "/gmail/sync", { token: token(), body: { labels: ["INBOX"] } }), 502, "gmail_unavailable");
      const settings = decode(SettingsCodec, (await api(stack, "GET", "/settings", { token: token() })).body).data;
      expect(settings).toMatchObject({ gmailConnected: true, gmailLabels: [] });
    } finally {
      stack.emulator.setFaults({ rate: 0 });
    }
  });

  it("keeps and validates preferences, with defaults for a new user", async () => {
    const defaults = { reportWeekday: 1, reportHour: 8, timeZone: "UTC", expiryReminders: true, reminderLeadDays: 1, dealAlerts: true, emailsStopped: null };
    expect(decode(UserPreferencesCodec, (await api(stack, "GET", "/user/settings", { token: fresh.access_token })).body).settings).toEqual({
      weeklyReport: true,
      syncIntervalMinutes: 30,
      ...defaults,
    });
    const saved = decode(UserPreferencesCodec, (await api(stack, "PUT", "/user/settings", { token: fresh.access_token, body: { weeklyReport: false, syncIntervalMinutes: 1440 } })).body);
    expect(saved.settings).toEqual({ weeklyReport: false, syncIntervalMinutes: 1440, ...defaults });
    const zoned = await api(stack, "PUT", "/user/settings", { token: fresh.access_token, body: { reportWeekday: 7, reportHour: 0, timeZone: "America/New_York" } });
    expect(decode(UserPreferencesCodec, zoned.body).settings).toEqual({ ...defaults, weeklyReport: false, syncIntervalMinutes: 1440, reportWeekday: 7, reportHour: 0, timeZone: "America/New_York" });
    expectError(await api(stack, "PUT", "/user/settings", { token: fresh.access_token, body: { timeZone: "Europe/Atlantis" } }), 400, "invalid_time_zone", "time zone");
    // Another user's preferences are untouched.
    expect(decode(UserPreferencesCodec, (await api(stack, "GET", "/user/settings", { token: other.access_token })).body).settings.weeklyReport).toBe(true);
  });

  it("says Gmail is not connected, with a 400, wherever Gmail is needed", async () => {
    const settings = decode(SettingsCodec, (await api(stack, "GET", "/settings", { token: fresh.access_token })).body).data;
    expect(settings).toMatchObject({ gmailConnected: false, linkedAccount: null, gmailLabels: [], brands: [], lastSync: null });
    expectError(await api(stack, "GET", "/gmail/labels", { token: fresh.access_token }), 400, "gmail_not_connected");
    expectError(await api(stack, "PUT", "/gmail/labels", { token: fresh.access_token, body: { labels: ["INBOX"] } }), 400, "gmail_not_connected");
    expectError(await api(stack, "POST", "/gmail/sync", { token: fresh.access_token, body: { labels: ["INBOX"] } }), 400, "gmail_not_connected");
    expectError(await api(stack, "POST", "/gmail/sync", { token: fresh.access_token, body: {} }), 400, "gmail_not_connected");
    expectError(await api(stack, "POST", "/sync-gmail", { token: fresh.access_token }), 400, "gmail_not_connected");
    expectError(await api(stack, "POST", "/disconnect-gmail", { token: fresh.access_token }), 400, "gmail_not_connected");
    const status = decode(SyncStatusCodec, (await api(stack, "GET", "/sync-gmail", { token: fresh.access_token })).body);
    expect(status).toMatchObject({ gmail_sync_status: "idle", progress: null, outcome: "none" });
  });

  it("starts Google flows for a signed-in user: linking and connecting Gmail with a login hint", async () => {
    const link = decode(GoogleAuthStartCodec, (await api(stack, "GET", "/link-google-account", { token: fresh.access_token })).body);
    if (!link.success) throw new Error(link.error);
    expect(new URL(link.authUrl).searchParams.get("login_hint")).toBe("new.user@example.com");
    const connect = await api(stack, "GET", "/connect-gmail", { token: fresh.access_token });
    const body = connect.body as { authUrl: string; user_data: { email: string; gmail_connected: boolean } };
    expect(body.user_data).toMatchObject({ email: "new.user@example.com", gmail_connected: false });
    const url = new URL(body.authUrl);
    expect(url.searchParams.get("scope")).toContain(GMAIL_READONLY);
    expect(url.searchParams.get("login_hint")).toBe("new.user@example.com");
  });

  it("answers 409 to a second sync while one runs, on both sync endpoints", async () => {
    // Enough mail that the first sync is still running when the second is asked for.
    const sentAt = Date.now() - 86_400_000;
    for (let index = 0; index < 200; index++) {
      stack.emulator.addMessage("new.user@example.com", generatedPromotion(index, new Date(sentAt + index * 1000)), ["CATEGORY_PROMOTIONS", "INBOX"]);
    }
    const connected = await runGoogleFlow(stack, "/connect-gmail", { account: "new.user@example.com" }, fresh.access_token);
    expect(Object.fromEntries(connected.searchParams)).toEqual({ success: "true", action: "gmail_connected" });

    expectError(await api(stack, "POST", "/sync-gmail", { token: fresh.access_token }), 409, SYNC_ALREADY_RUNNING.code, SYNC_ALREADY_RUNNING.message);
    expectError(await api(stack, "POST", "/gmail/sync", { token: fresh.access_token, body: {} }), 409, "sync_in_progress", "Sync is already in progress");
    const running = decode(SyncStatusCodec, (await api(stack, "GET", "/sync-gmail", { token: fresh.access_token })).body);
    expect(running).toMatchObject({ gmail_sync_status: "syncing", outcome: "running" });

    expect(decode(SyncStatusCodec, await waitForSync(stack, fresh.access_token))).toMatchObject({
      gmail_sync_progress: "Sync completed: 200 new deals",
      outcome: "completed",
    });
    const again = await api(stack, "POST", "/sync-gmail", { token: fresh.access_token });
    expect(again.status).toBe(200);
    decode(StatusMessageCodec, again.body);
    await waitForSync(stack, fresh.access_token);
  });

  it("deletes one account, then refuses its token, leaving the other users' data alone", async () => {
    const before = (await wholeDashboard(stack, token()));
    expect((await api(stack, "DELETE", "/account", { token: fresh.access_token })).status).toBe(200);
    expectError(await api(stack, "DELETE", "/account", { token: fresh.access_token }), 401, "unauthorized");
    expectError(await api(stack, "POST", "/auth/refresh", { body: { refresh_token: fresh.refresh_token } }), 401, "invalid_refresh_token");
    const after = (await wholeDashboard(stack, token()));
    expect(after.deals.map((deal) => deal.id)).toEqual(before.deals.map((deal) => deal.id));
  });

  it("serves no cross-origin headers unless CORS_ORIGINS lists the origin", async () => {
    const preflight = await raw(stack, "OPTIONS", "/dashboard-products", { origin: "http://spa.example.test", "access-control-request-method": "GET" });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const get = await raw(stack, "GET", "/dashboard-products", { origin: "http://spa.example.test", authorization: `Bearer ${token()}` });
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
  });
});
