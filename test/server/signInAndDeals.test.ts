// @module-tag runtime
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorCodec,
  AuthMeCodec,
  GoogleAuthStartCodec,
  LoginResponseCodec,
  RefreshResponseCodec,
  SyncStatusCodec,
} from "../../src/contract";
import { DATABASES, api, decode, googleFlow, runGoogleFlow, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";

describe.each(DATABASES)("sign-in to deals, on %s", (database) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ database });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("answers Google's authorization URL with PKCE, a nonce and a state", async () => {
    const response = await api(stack, "GET", "/google-gmail-signin");
    const body = decode(GoogleAuthStartCodec, response.body);
    if (!body.success) throw new Error(body.error);
    const url = new URL(body.authUrl);
    expect(url.origin).toBe(stack.emulator.baseUrl);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toBe(body.state);
    expect(url.searchParams.get("scope")).toContain("https://www.googleapis.com/auth/gmail.readonly");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("redirect_uri")).toBe(`${stack.baseUrl}/api/google-signin/callback`);
  });

  it("signs a new person up with Gmail, syncs their Promotions and shows deals with codes", async () => {
    const signUp = await signUpWithGmail(stack, "demo@example.com");
    expect(signUp.landing.pathname).toBe("/oauth-callback");
    expect(signUp.landing.searchParams.get("success")).toBe("true");
    expect(signUp.landing.searchParams.get("action")).toBe("signup");
    // The refresh token never travels in a URL: the callback carries only a single-use code.
    expect(signUp.landing.toString()).not.toContain(signUp.refresh_token);
    const token = signUp.access_token;

    const me = decode(AuthMeCodec, (await api(stack, "GET", "/auth/me", { token })).body);
    expect(me.user.email).toBe("demo@example.com");
    expect(me.user.gmail_connected).toBe(true);

    const finished = decode(SyncStatusCodec, await waitForSync(stack, token));
    expect(finished.gmail_sync_progress).toMatch(/^Sync completed: \d+ new deals?/);

    const dashboard = (await wholeDashboard(stack, token));
    expect(dashboard.deals.length).toBeGreaterThan(10);
    expect(dashboard.deals.filter((deal) => deal.promoCode).length).toBeGreaterThan(5);
    expect(dashboard.stats.emailsScanned.value).toBeGreaterThan(dashboard.stats.uniqueBrands.value);
    expect(dashboard.categories.reduce((sum, category) => sum + category.count, 0)).toBe(dashboard.deals.length);
    // Each deal carries its email's date (for "newest first") and the conditions the sync stored for its codes.
    expect(dashboard.deals.every((deal) => deal.sentAt !== null && new Date(deal.sentAt).toISOString() === deal.sentAt)).toBe(true);
    expect(dashboard.deals.some((deal) => deal.codeConditions.length > 0)).toBe(true);
    // Sorted as docs/product.md ("Deal order") says: expired deals last, others by soonest date, undated after dated.
    const today = new Date().toISOString().slice(0, 10);
    const rank = (date: string | null) => (date === null ? 1 : date < today ? 2 : 0);
    const ranks = dashboard.deals.map((deal) => rank(deal.expirationDate));
    expect([...ranks].sort()).toEqual(ranks);
  });

  // The failures of these flows, one per OAuth error code, are in oauthErrors.test.ts.
  it("signs a returning person in", async () => {
    const returning = await runGoogleFlow(stack, "/google-signin", { account: "demo@example.com" });
    expect(returning.searchParams.get("success")).toBe("true");
    expect(returning.searchParams.get("action")).toBe("signin");
  });

  it("accepts the callback's tokens code once only", async () => {
    const { landing, state } = await googleFlow(stack, "/google-signin", { account: "demo@example.com" });
    const tokens = landing.searchParams.get("tokens")!;
    const first = decode(LoginResponseCodec, (await api(stack, "POST", "/auth/complete", { body: { tokens, state } })).body);
    expect(first.success).toBe(true);
    const second = await api(stack, "POST", "/auth/complete", { body: { tokens, state } });
    expect(second.status).toBe(400);
    expect(decode(LoginResponseCodec, second.body).success).toBe(false);
  });

  it("rotates refresh tokens, and a reused one ends the session", async () => {
    const session = await signUpWithGmail(stack, "demo@example.com");
    const rotated = decode(RefreshResponseCodec, (await api(stack, "POST", "/auth/refresh", { body: { refresh_token: session.refresh_token } })).body);
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect((await api(stack, "GET", "/auth/me", { token: rotated.access_token })).status).toBe(200);

    const reuse = await api(stack, "POST", "/auth/refresh", { body: { refresh_token: session.refresh_token } });
    expect(reuse.status).toBe(401);
    decode(ApiErrorCodec, reuse.body);
    // The reuse ended the whole session: the newest tokens no longer work either.
    expect((await api(stack, "GET", "/auth/me", { token: rotated.access_token })).status).toBe(401);
    expect((await api(stack, "POST", "/auth/refresh", { body: { refresh_token: rotated.refresh_token } })).status).toBe(401);
  });

  it("ends the session on logout", async () => {
    const session = await signUpWithGmail(stack, "demo@example.com");
    expect((await api(stack, "POST", "/logout", { token: session.access_token })).status).toBe(200);
    expect((await api(stack, "GET", "/auth/me", { token: session.access_token })).status).toBe(401);
    expect((await api(stack, "POST", "/auth/refresh", { body: { refresh_token: session.refresh_token } })).status).toBe(401);
  });

  it("says password sign-in does not exist, and rejects bad requests with a 4xx and a message", async () => {
    const login = decode(LoginResponseCodec, (await api(stack, "POST", "/login", { body: { email: "a@b.c", password: "x", remember_me: true } })).body);
    expect(login).toEqual({ success: false, error: expect.stringContaining("Google") });

    const noToken = await api(stack, "GET", "/dashboard-products");
    expect(noToken.status).toBe(401);
    decode(ApiErrorCodec, noToken.body);
    const forged = await api(stack, "GET", "/auth/me", { token: "eyJhbGciOiJub25lIn0.e30." });
    expect(forged.status).toBe(401);

    const badBody = await api(stack, "POST", "/auth/refresh", { body: { refresh_token: 42 } });
    expect(badBody.status).toBe(400);
    expect(decode(ApiErrorCodec, badBody.body).message).toMatch(/refresh_token/);
    const notJson = await fetch(`${stack.apiUrl}/auth/complete`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    const unknown = await api(stack, "GET", "/no-such-endpoint");
    expect(unknown.status).toBe(404);
    decode(ApiErrorCodec, unknown.body);
  });
});
