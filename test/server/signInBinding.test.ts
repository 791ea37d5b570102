import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthMeCodec, GoogleAuthStartCodec, LoginResponseCodec } from "../../src/contract";
import { SIGN_IN_CODE_SPENT, SIGN_IN_STARTED_ELSEWHERE } from "../../server/application/messages";
import { SIGN_IN_BINDING_COOKIE } from "../../server/http/signInBinding";
import { consentAtGoogle, type ConsentChoice } from "./support/googleConsent";
import { BrowserCookies, parseSetCookie } from "./support/browserCookies";
import { DATABASES, api, decode, googleFlow, signInWithGoogle, startStack, type Stack } from "./support/stack";

const CALLBACK_PATH = "/api/google-signin/callback";

/** What a callback could have created or started: people, sessions, login codes, Gmail grants and syncs. */
async function footprint(stack: Stack) {
  const [row] = await stack.server.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM sessions) AS sessions,
            (SELECT count(*)::int FROM login_codes) AS login_codes, (SELECT count(*)::int FROM gmail_grants) AS gmail_grants,
            (SELECT count(*)::int FROM gmail_sync_state) AS syncs`,
  );
  return row;
}

describe.each(DATABASES)("a Google flow completes only in the browser that started it, on %s", (database) => {
  let stack: Stack;
  /** new.user@example.com, signed up without Gmail. */
  let person: Awaited<ReturnType<typeof signInWithGoogle>>;

  beforeAll(async () => {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" } });
    person = await signInWithGoogle(stack, "/google-signup", { account: "new.user@example.com" });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A browser starts a flow and consents at Google; answers Google's redirect to the callback, not yet followed. */
  async function consentedFlow(startPath: string, choice: ConsentChoice, token?: string) {
    const browser = new BrowserCookies();
    const start = decode(GoogleAuthStartCodec, (await api(stack, "GET", startPath, { cookies: browser, ...(token ? { token } : {}) })).body);
    if (!start.success) throw new Error(start.error);
    return { browser, state: start.state, callback: await consentAtGoogle(start.authUrl, choice) };
  }

  /** Opens a callback URL in a browser (its cookies go along, as Google's top-level redirect would carry them). */
  async function openCallback(callback: string, browser: BrowserCookies) {
    const response = await fetch(callback, { redirect: "manual", headers: browser.headersFor(callback) });
    browser.keep(response.headers, callback);
    expect(response.status).toBe(302);
    return { landing: new URL(response.headers.get("location")!), setCookies: response.headers.getSetCookie() };
  }

  it("sets the binding cookie on every start: HttpOnly, SameSite=Lax, only for the callback, as long as the state lives", async () => {
    const starts: [path: string, token?: string][] = [
      ["/google-signin"],
      ["/google-signup"],
      ["/google-gmail-signin"],
      ["/link-google-account", person.access_token],
      ["/connect-gmail", person.access_token],
    ];
    for (const [path, token] of starts) {
      const start = await api(stack, "GET", path, token ? { token } : {});
      const body = decode(GoogleAuthStartCodec, start.body);
      if (!body.success) throw new Error(body.error);
      const setCookies = start.headers.getSetCookie();
      expect({ path, count: setCookies.length }).toEqual({ path, count: 1 });
      const cookie = parseSetCookie(setCookies[0]!);
      expect({ start: path, ...cookie, value: "secret" }).toEqual({
        start: path,
        name: SIGN_IN_BINDING_COOKIE,
        value: "secret",
        path: CALLBACK_PATH,
        maxAge: 600,
        httpOnly: true,
        // PUBLIC_URL is http here; the https case is below.
        secure: false,
        sameSite: "lax",
      });
      expect(cookie.value).toMatch(/^[\w-]{43}$/);
      expect(cookie.value).not.toBe(body.state);
      // Only the secret's hash is stored, with the state.
      const stateHash = createHash("sha256").update(body.state).digest("base64url");
      const [row] = await stack.server.db.query<Record<string, unknown>>("SELECT * FROM oauth_states WHERE state_hash = $1", [stateHash]);
      expect(row?.browser_binding_hash).toBe(createHash("sha256").update(cookie.value).digest("base64url"));
      expect(JSON.stringify(row)).not.toContain(cookie.value);
    }
  });

  it("ends in invalid_state, creating nothing, when the callback URL is opened without the flow's cookie", async () => {
    const flow = await consentedFlow("/google-gmail-signin", { account: "demo@example.com" });
    const before = await footprint(stack);
    const { landing, setCookies } = await openCallback(flow.callback, new BrowserCookies());
    expect(landing.pathname).toBe("/oauth-callback");
    expect(Object.fromEntries(landing.searchParams)).toEqual({ error: "invalid_state" });
    expect(await footprint(stack)).toEqual(before);
    expect(await stack.server.db.query("SELECT id FROM users WHERE email = $1", ["demo@example.com"])).toEqual([]);
    expect(setCookies.map(parseSetCookie)).toEqual([expect.objectContaining({ name: SIGN_IN_BINDING_COOKIE, value: "", maxAge: 0, path: CALLBACK_PATH })]);

    // The state is spent: the starting browser cannot finish it afterwards either.
    expect(Object.fromEntries((await openCallback(flow.callback, flow.browser)).landing.searchParams)).toEqual({ error: "invalid_state" });
    expect(await footprint(stack)).toEqual(before);
  });

  it("ends in invalid_state, creating nothing, with another flow's cookie or a made-up one", async () => {
    const victim = await consentedFlow("/google-gmail-signin", { account: "demo@example.com" });
    const attacker = await consentedFlow("/google-gmail-signin", { account: "other.user@example.com" });
    const forger = new BrowserCookies();
    const forged = new Headers({ "set-cookie": `${SIGN_IN_BINDING_COOKIE}=${"A".repeat(43)}; Path=${CALLBACK_PATH}` });
    forger.keep(forged, `${stack.apiUrl}/google-signin`);
    const before = await footprint(stack);

    expect(Object.fromEntries((await openCallback(attacker.callback, victim.browser)).landing.searchParams)).toEqual({ error: "invalid_state" });
    expect(Object.fromEntries((await openCallback(victim.callback, forger)).landing.searchParams)).toEqual({ error: "invalid_state" });
    expect(await footprint(stack)).toEqual(before);
  });

  it("ends in invalid_state on a malformed or oversized cookie, never a 5xx", async () => {
    for (const value of ["%E0%A4%A", "x".repeat(4000), '"', "=;=;"]) {
      const flow = await consentedFlow("/google-signin", { account: "new.user@example.com" });
      const response = await fetch(flow.callback, { redirect: "manual", headers: { cookie: `${SIGN_IN_BINDING_COOKIE}=${value}` } });
      expect({ value: value.slice(0, 10), status: response.status }).toEqual({ value: value.slice(0, 10), status: 302 });
      expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("invalid_state");
    }
  });

  it("never connects Gmail to the account of whoever started the flow when another browser finishes it", async () => {
    const connect = await consentedFlow("/connect-gmail", { account: "new.user@example.com" }, person.access_token);
    const before = await footprint(stack);
    const elsewhere = await openCallback(connect.callback, new BrowserCookies());
    expect(Object.fromEntries(elsewhere.landing.searchParams)).toEqual({ error: "invalid_state" });
    expect(await footprint(stack)).toEqual(before);
    const me = decode(AuthMeCodec, (await api(stack, "GET", "/auth/me", { token: person.access_token })).body);
    expect(me.user.gmail_connected).toBe(false);
  });

  it("completes with the flow's own cookie, and clears the cookie", async () => {
    const flow = await consentedFlow("/google-gmail-signin", { account: "demo@example.com" });
    expect(flow.browser.has(SIGN_IN_BINDING_COOKIE)).toBe(true);
    const { landing } = await openCallback(flow.callback, flow.browser);
    expect(landing.searchParams.get("action")).toBe("signup");
    expect(flow.browser.has(SIGN_IN_BINDING_COOKIE)).toBe(false);
    const completed = decode(LoginResponseCodec, (await api(stack, "POST", "/auth/complete", { body: { tokens: landing.searchParams.get("tokens"), state: flow.state } })).body);
    if (!completed.success) throw new Error(completed.error);
    expect(completed.user).toMatchObject({ email: "demo@example.com", gmail_connected: true });
  });

  describe("POST /auth/complete spends a login code only with the state of the flow that issued it", () => {
    it("refuses another flow's state, and the code is spent", async () => {
      const first = await googleFlow(stack, "/google-signin", { account: "new.user@example.com" });
      const second = await googleFlow(stack, "/google-signin", { account: "new.user@example.com" });
      const tokens = first.landing.searchParams.get("tokens");
      const before = await footprint(stack);

      const crossed = await api(stack, "POST", "/auth/complete", { body: { tokens, state: second.state } });
      expect(crossed.status).toBe(400);
      expect(decode(LoginResponseCodec, crossed.body)).toEqual({ success: false, error: SIGN_IN_STARTED_ELSEWHERE });
      const madeUp = await api(stack, "POST", "/auth/complete", { body: { tokens: second.landing.searchParams.get("tokens"), state: "a".repeat(43) } });
      expect(decode(LoginResponseCodec, madeUp.body)).toEqual({ success: false, error: SIGN_IN_STARTED_ELSEWHERE });
      expect((await footprint(stack))!.sessions).toBe(before!.sessions);

      const afterwards = await api(stack, "POST", "/auth/complete", { body: { tokens, state: first.state } });
      expect(afterwards.status).toBe(400);
      expect(decode(LoginResponseCodec, afterwards.body)).toEqual({ success: false, error: SIGN_IN_CODE_SPENT });
    });

    it("refuses a body without the state, naming the field", async () => {
      const flow = await googleFlow(stack, "/google-signin", { account: "new.user@example.com" });
      const tokens = flow.landing.searchParams.get("tokens");
      const withoutState = await api(stack, "POST", "/auth/complete", { body: { tokens } });
      expect(withoutState.status).toBe(400);
      expect(withoutState.body).toMatchObject({ success: false, code: "invalid_request", message: expect.stringContaining("state") });

      // The code was not spent by the malformed request: the SPA that kept the state completes it.
      const completed = decode(LoginResponseCodec, (await api(stack, "POST", "/auth/complete", { body: { tokens, state: flow.state } })).body);
      expect(completed.success).toBe(true);
    });
  });
});

describe("the binding cookie behind an https PUBLIC_URL", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { PUBLIC_URL: "https://deals.example.org" } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("is Secure", async () => {
    const start = await api(stack, "GET", "/google-signin");
    expect(start.headers.getSetCookie().map(parseSetCookie)).toEqual([
      expect.objectContaining({ name: SIGN_IN_BINDING_COOKIE, secure: true, httpOnly: true, sameSite: "lax", path: CALLBACK_PATH }),
    ]);
  });
});
