import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorCodec,
  ExtensionCodesCodec,
  ExtensionPairedHereCodec,
  ExtensionSessionsCodec,
  ExtensionTokensCodec,
  PairingCodeCodec,
  SettingsCodec,
} from "../../src/contract";
import { DATABASES, api, decode, signInWithGoogle, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";

const PAIRING_CODE_SPENT = "This pairing code has expired or was already used.";
const EXTENSION_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

type SignedIn = Awaited<ReturnType<typeof signUpWithGmail>>;

/** A fetch of the API as the extension's service worker makes it: its own user agent, its own bearer token. */
async function asExtension(stack: Stack, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { "user-agent": EXTENSION_USER_AGENT };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe.each(DATABASES)("the browser extension's sessions and codes, on %s", (database) => {
  let stack: Stack;
  let demo: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    stack = await startStack({ database });
    demo = await signUpWithGmail(stack, "demo@example.com");
    other = await signUpWithGmail(stack, "other.user@example.com");
    await waitForSync(stack, demo.access_token);
    await waitForSync(stack, other.access_token);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const pairingCode = async (userToken: string) => {
    const response = await api(stack, "POST", "/extension/pairing-codes", { token: userToken });
    expect(response.status).toBe(201);
    return decode(PairingCodeCodec, response.body);
  };
  const pairExtension = async (userToken: string) => {
    const { code } = await pairingCode(userToken);
    const response = await asExtension(stack, "POST", "/extension/sessions", { body: { code } });
    expect(response.status).toBe(201);
    return decode(ExtensionTokensCodec, response.body);
  };
  const codesOf = async (extensionToken: string) => {
    const response = await asExtension(stack, "GET", "/extension/codes", { token: extensionToken });
    expect(response.status).toBe(200);
    return decode(ExtensionCodesCodec, response.body);
  };
  const sessionsOf = async (userToken: string) =>
    decode(ExtensionSessionsCodec, (await api(stack, "GET", "/extension/sessions", { token: userToken })).body).sessions;
  const expectRefused = (response: { status: number; body: unknown }, status: number, message?: string) => {
    expect(response.status).toBe(status);
    const error = decode(ApiErrorCodec, response.body);
    if (message) expect(error.message).toBe(message);
    else expect(error.message.length).toBeGreaterThan(10);
  };

  it("pairs with a one-time code that expires after two minutes and is stored only as a hash", async () => {
    const before = Date.now();
    const { code, expiresAt } = await pairingCode(demo.access_token);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(Date.parse(expiresAt) - before).toBeGreaterThan(110_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    const stored = await stack.server.db.query<{ code_hash: string }>("SELECT code_hash FROM extension_pairing_codes");
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.code_hash === code)).toBe(false);

    const paired = await asExtension(stack, "POST", "/extension/sessions", { body: { code } });
    expect(paired.status).toBe(201);
    const tokens = decode(ExtensionTokensCodec, paired.body);
    expect(Date.parse(tokens.accessTokenExpiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(tokens.accessTokenExpiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const [session] = await stack.server.db.query<{ access_token_hash: string }>("SELECT access_token_hash FROM extension_sessions WHERE id = $1", [tokens.sessionId]);
    expect(session!.access_token_hash).not.toBe(tokens.accessToken);
    const refreshRows = await stack.server.db.query<{ token_hash: string }>("SELECT token_hash FROM extension_refresh_tokens WHERE session_id = $1", [tokens.sessionId]);
    expect(refreshRows.map((row) => row.token_hash)).not.toContain(tokens.refreshToken);

    expectRefused(await asExtension(stack, "POST", "/extension/sessions", { body: { code } }), 400, PAIRING_CODE_SPENT);
  });

  it("refuses an expired pairing code, an unknown one, and a pairing code asked for without a session", async () => {
    const { code } = await pairingCode(demo.access_token);
    await stack.server.db.query("UPDATE extension_pairing_codes SET expires_at = now() - interval '1 second'");
    expectRefused(await asExtension(stack, "POST", "/extension/sessions", { body: { code } }), 400, PAIRING_CODE_SPENT);
    expectRefused(await asExtension(stack, "POST", "/extension/sessions", { body: { code: "not-a-code" } }), 400, PAIRING_CODE_SPENT);
    expectRefused(await api(stack, "POST", "/extension/pairing-codes"), 401);
  });

  it("refuses malformed input with a 400 and a message", async () => {
    const malformed: [string, unknown][] = [
      ["/extension/sessions", {}],
      ["/extension/sessions", { code: 5 }],
      ["/extension/sessions", { code: "" }],
      ["/extension/sessions", { code: "x".repeat(513) }],
      ["/extension/sessions", { code: "abc", extra: true }],
      ["/extension/sessions", ["abc"]],
      ["/extension/sessions/refresh", {}],
      ["/extension/sessions/refresh", { refreshToken: null }],
    ];
    for (const [path, body] of malformed) expectRefused(await asExtension(stack, "POST", path, { body }), 400);
    expectRefused(await api(stack, "DELETE", "/extension/sessions/not-an-id", { token: demo.access_token }), 400);
  });

  it("keeps the extension's session read-only: its token opens only the extension's routes, which refuse the user's", async () => {
    const extension = await pairExtension(demo.access_token);
    const token = extension.accessToken;
    const userRoutes: [string, string][] = [
      ["GET", "/dashboard-products"],
      ["GET", "/discover"],
      ["GET", "/settings"],
      ["GET", "/auth/me"],
      ["GET", "/sync-gmail"],
      ["POST", "/sync-gmail"],
      ["POST", "/gmail/sync"],
      ["PUT", "/user/settings"],
      ["POST", "/disconnect-gmail"],
      ["POST", "/logout"],
      ["DELETE", "/account"],
      ["GET", "/extension/sessions"],
      ["POST", "/extension/pairing-codes"],
      ["DELETE", `/extension/sessions/${extension.sessionId}`],
    ];
    for (const [method, path] of userRoutes) expectRefused(await api(stack, method, path, { token }), 401);
    // Nothing was deleted or disconnected: the account and the extension's own session are still there.
    expect(decode(SettingsCodec, (await api(stack, "GET", "/settings", { token: demo.access_token })).body).data.gmailConnected).toBe(true);
    expect((await codesOf(token)).deals.length).toBeGreaterThan(0);

    expectRefused(await api(stack, "GET", "/extension/codes", { token: demo.access_token }), 401);
    expectRefused(await api(stack, "POST", "/extension/logout", { token: demo.access_token }), 401);
    expectRefused(await api(stack, "GET", "/extension/codes"), 401);
    // A user's refresh token is no extension refresh token either.
    expectRefused(await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: demo.refresh_token } }), 401);
  });

  it("answers the user's active, code-carrying deals of brands switched on, except those marked used or not working", async () => {
    const { accessToken } = await pairExtension(demo.access_token);
    const dashboard = (await wholeDashboard(stack, demo.access_token));
    const today = new Date().toISOString().slice(0, 10);
    const expected = dashboard.deals.filter((deal) => deal.promoCode !== null && deal.status === null && (deal.expirationDate === null || deal.expirationDate >= today));
    const answer = await codesOf(accessToken);
    expect(answer.lastSyncAt).not.toBeNull();
    expect(answer.deals.map((deal) => deal.id).sort()).toEqual(expected.map((deal) => deal.id).sort());
    for (const deal of answer.deals) {
      const shown = expected.find((candidate) => candidate.id === deal.id)!;
      expect(deal).toMatchObject({ brand: shown.brand, brandDomain: shown.brandDomain, title: shown.title, discount: shown.discount, expirationDate: shown.expirationDate });
      expect(deal.codes.map((code) => code.code).join(",")).toBe(shown.promoCode);
      for (const code of deal.codes) expect(code.condition).toBe(shown.codeConditions.find((known) => known.code === code.code)?.condition ?? null);
      expect(deal.terms).toEqual(shown.terms);
    }
    // What a code asks of a cart travels with it: the demo mailbox has fine print on some deals with codes.
    expect(answer.deals.some((deal) => deal.terms.length > 0)).toBe(true);

    const [used, notWorking, expiring] = answer.deals;
    await stack.server.db.query("UPDATE deals SET status = 'used' WHERE id = $1", [used!.id]);
    await stack.server.db.query("UPDATE deals SET status = 'not_working' WHERE id = $1", [notWorking!.id]);
    await stack.server.db.query("UPDATE deals SET expiration_date = current_date - 1 WHERE id = $1", [expiring!.id]);
    const left = (await codesOf(accessToken)).deals.map((deal) => deal.id);
    expect(left).toHaveLength(answer.deals.length - 3);
    expect(left).not.toContain(used!.id);
    expect(left).not.toContain(notWorking!.id);
    expect(left).not.toContain(expiring!.id);

    const brand = dashboard.deals.find((deal) => deal.id === left[0])!;
    await api(stack, "POST", `/api/toggle_brand/${brand.brandId}`, { token: demo.access_token });
    const withBrandOff = (await codesOf(accessToken)).deals;
    expect(withBrandOff.some((deal) => deal.brand === brand.brand)).toBe(false);
    expect(withBrandOff.length).toBeLessThan(left.length);
    await api(stack, "POST", `/api/toggle_brand/${brand.brandId}`, { token: demo.access_token });
  });

  it("never answers another user's deals", async () => {
    const demoIds = new Set((await codesOf((await pairExtension(demo.access_token)).accessToken)).deals.map((deal) => deal.id));
    const otherCodes = await codesOf((await pairExtension(other.access_token)).accessToken);
    expect(otherCodes.deals.length).toBeGreaterThan(0);
    expect(otherCodes.deals.some((deal) => demoIds.has(deal.id))).toBe(false);
  });

  it("rotates the refresh token, and a reused one ends the session", async () => {
    const first = await pairExtension(demo.access_token);
    const refreshed = await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: first.refreshToken } });
    expect(refreshed.status).toBe(200);
    const second = decode(ExtensionTokensCodec, refreshed.body);
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expectRefused(await asExtension(stack, "GET", "/extension/codes", { token: first.accessToken }), 401);
    await codesOf(second.accessToken);

    expectRefused(await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: first.refreshToken } }), 401);
    expectRefused(await asExtension(stack, "GET", "/extension/codes", { token: second.accessToken }), 401);
    expectRefused(await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: second.refreshToken } }), 401);
    expect((await sessionsOf(demo.access_token)).some((session) => session.id === first.sessionId)).toBe(false);
  });

  it("refuses an expired access token until the extension refreshes", async () => {
    const tokens = await pairExtension(demo.access_token);
    await stack.server.db.query("UPDATE extension_sessions SET access_expires_at = now() - interval '1 second' WHERE id = $1", [tokens.sessionId]);
    expectRefused(await asExtension(stack, "GET", "/extension/codes", { token: tokens.accessToken }), 401);
    const refreshed = decode(ExtensionTokensCodec, (await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: tokens.refreshToken } })).body);
    await codesOf(refreshed.accessToken);
  });

  it("ends a session left unrefreshed past its lifetime, and forgets it when the user pairs again", async () => {
    const lapsed = await pairExtension(other.access_token);
    await stack.server.db.query("UPDATE extension_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [lapsed.sessionId]);
    expectRefused(await asExtension(stack, "GET", "/extension/codes", { token: lapsed.accessToken }), 401);
    expectRefused(await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: lapsed.refreshToken } }), 401);
    expect((await sessionsOf(other.access_token)).some((session) => session.id === lapsed.sessionId)).toBe(false);
    await pairExtension(other.access_token);
    expect(await stack.server.db.query("SELECT 1 FROM extension_sessions WHERE id = $1", [lapsed.sessionId])).toEqual([]);
  });

  it("lists the user's extensions with their browser and last use, and Disconnect ends one at once", async () => {
    const tokens = await pairExtension(other.access_token);
    const listed = (await sessionsOf(other.access_token)).find((session) => session.id === tokens.sessionId);
    expect(listed).toMatchObject({ userAgent: EXTENSION_USER_AGENT, lastUsedAt: null });
    await codesOf(tokens.accessToken);
    const used = (await sessionsOf(other.access_token)).find((session) => session.id === tokens.sessionId)!;
    expect(Date.parse(used.lastUsedAt!)).toBeGreaterThanOrEqual(Date.parse(used.createdAt));
    expect((await sessionsOf(demo.access_token)).some((session) => session.id === tokens.sessionId)).toBe(false);

    // Nobody disconnects another user's extension.
    expectRefused(await api(stack, "DELETE", `/extension/sessions/${tokens.sessionId}`, { token: demo.access_token }), 404);
    await codesOf(tokens.accessToken);

    const disconnected = await api(stack, "DELETE", `/extension/sessions/${tokens.sessionId}`, { token: other.access_token });
    expect(disconnected).toMatchObject({ status: 200, body: { status: "success", message: "Extension disconnected." } });
    expectRefused(await asExtension(stack, "GET", "/extension/codes", { token: tokens.accessToken }), 401);
    expectRefused(await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: tokens.refreshToken } }), 401);
    expect((await sessionsOf(other.access_token)).some((session) => session.id === tokens.sessionId)).toBe(false);
    expectRefused(await api(stack, "DELETE", `/extension/sessions/${tokens.sessionId}`, { token: other.access_token }), 404);
    expectRefused(await api(stack, "DELETE", `/extension/sessions/${NO_SUCH_ID}`, { token: other.access_token }), 404);
  });

  it("signs the extension out of its own session only", async () => {
    const leaving = await pairExtension(demo.access_token);
    const staying = await pairExtension(demo.access_token);
    expect(await asExtension(stack, "POST", "/extension/logout", { token: leaving.accessToken })).toMatchObject({ status: 200, body: { success: true } });
    expectRefused(await asExtension(stack, "GET", "/extension/codes", { token: leaving.accessToken }), 401);
    await codesOf(staying.accessToken);
    expect((await api(stack, "GET", "/auth/me", { token: demo.access_token })).status).toBe(200);
  });

  describe("signing out of the web session an extension was paired from", () => {
    /** Another browser of the person: a web session of its own. Both accounts serve, as each may ask for 20 pairing codes an hour. */
    const newBrowser = (account = "demo@example.com") => signInWithGoogle(stack, "/google-signin", { account });
    const pairedHere = async (userToken: string) => {
      const response = await api(stack, "GET", "/extension/paired-here", { token: userToken });
      expect(response.status).toBe(200);
      return decode(ExtensionPairedHereCodec, response.body).paired;
    };
    const signedOut = async (extension: { accessToken: string; refreshToken: string }) => {
      expectRefused(await asExtension(stack, "GET", "/extension/codes", { token: extension.accessToken }), 401);
      expectRefused(await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: extension.refreshToken } }), 401);
    };
    const logout = (userToken: string, body?: unknown) => api(stack, "POST", "/logout", { token: userToken, ...(body === undefined ? {} : { body }) });

    it("says whether an extension paired from this web session is signed in, and of no other session", async () => {
      const here = await newBrowser();
      const elsewhere = await newBrowser();
      expect(await pairedHere(here.access_token)).toBe(false);
      const extension = await pairExtension(here.access_token);
      expect(await pairedHere(here.access_token)).toBe(true);
      expect(await pairedHere(elsewhere.access_token)).toBe(false);
      expect(await pairedHere((await newBrowser("other.user@example.com")).access_token)).toBe(false);
      expect(await asExtension(stack, "POST", "/extension/logout", { token: extension.accessToken })).toMatchObject({ status: 200 });
      expect(await pairedHere(here.access_token)).toBe(false);
      // The extension's own token, and no token, learn nothing.
      const again = await pairExtension(here.access_token);
      expectRefused(await asExtension(stack, "GET", "/extension/paired-here", { token: again.accessToken }), 401);
      expectRefused(await api(stack, "GET", "/extension/paired-here"), 401);
    });

    it("with signOutExtension, ends the extensions paired from that web session and nothing of another session or person", async () => {
      const leaving = await newBrowser();
      const staying = await newBrowser();
      const [first, second] = [await pairExtension(leaving.access_token), await pairExtension(leaving.access_token)];
      const fromStaying = await pairExtension(staying.access_token);
      const othersBrowser = await newBrowser("other.user@example.com");
      const others = await pairExtension(othersBrowser.access_token);

      expect(await logout(leaving.access_token, { signOutExtension: true })).toMatchObject({ status: 200, body: { success: true } });
      await signedOut(first);
      await signedOut(second);
      expectRefused(await api(stack, "GET", "/auth/me", { token: leaving.access_token }), 401);

      await codesOf(fromStaying.accessToken);
      await codesOf(others.accessToken);
      expect((await api(stack, "GET", "/auth/me", { token: staying.access_token })).status).toBe(200);
      expect((await api(stack, "GET", "/auth/me", { token: othersBrowser.access_token })).status).toBe(200);
      expect(await pairedHere(staying.access_token)).toBe(true);
      expect(await pairedHere(othersBrowser.access_token)).toBe(true);
      const listed = (await sessionsOf(staying.access_token)).map((session) => session.id);
      expect(listed).toContain(fromStaying.sessionId);
      expect(listed).not.toContain(first.sessionId);
      expect(listed).not.toContain(second.sessionId);
    });

    it("with signOutExtension false, or no body (the sign-out of before), keeps the extension signed in", async () => {
      const saysNo = await newBrowser("other.user@example.com");
      const keptOnNo = await pairExtension(saysNo.access_token);
      expect(await logout(saysNo.access_token, { signOutExtension: false })).toMatchObject({ status: 200, body: { success: true } });
      expectRefused(await api(stack, "GET", "/auth/me", { token: saysNo.access_token }), 401);
      await codesOf(keptOnNo.accessToken);

      const saysNothing = await newBrowser("other.user@example.com");
      const keptOnNothing = await pairExtension(saysNothing.access_token);
      expect(await logout(saysNothing.access_token)).toMatchObject({ status: 200, body: { success: true } });
      expectRefused(await api(stack, "GET", "/auth/me", { token: saysNothing.access_token }), 401);
      await codesOf(keptOnNothing.accessToken);
      // It refreshes as before, and Settings still lists it for Disconnect.
      const refreshed = await asExtension(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: keptOnNothing.refreshToken } });
      expect(refreshed.status).toBe(200);
      expect((await sessionsOf(other.access_token)).map((session) => session.id)).toContain(keptOnNothing.sessionId);
    });

    it("pairs nothing with a code its web session asked for before signing out", async () => {
      const browser = await newBrowser("other.user@example.com");
      const { code } = await pairingCode(browser.access_token);
      expect((await logout(browser.access_token, { signOutExtension: false })).status).toBe(200);
      expectRefused(await asExtension(stack, "POST", "/extension/sessions", { body: { code } }), 400, PAIRING_CODE_SPENT);
    });

    it("refuses a malformed choice with a 400 and a message, and keeps the session", async () => {
      const browser = await newBrowser("other.user@example.com");
      const extension = await pairExtension(browser.access_token);
      for (const body of [{ signOutExtension: "true" }, { signOutExtension: 1 }, { signOutExtension: null }, { signOutExtension: true, extra: 1 }, [true], "yes", null]) {
        expectRefused(await logout(browser.access_token, body), 400);
      }
      expect((await api(stack, "GET", "/auth/me", { token: browser.access_token })).status).toBe(200);
      await codesOf(extension.accessToken);
      // Without a live web session the choice is never read: the same 401 whatever was sent.
      expectRefused(await logout(extension.accessToken, { signOutExtension: true }), 401);
      await codesOf(extension.accessToken);
    });
  });

  it("deletes the extension's sessions and codes with the account", async () => {
    const leaving = await signUpWithGmail(stack, "new.user@example.com");
    const tokens = await pairExtension(leaving.access_token);
    await pairingCode(leaving.access_token);
    expect((await api(stack, "DELETE", "/account", { token: leaving.access_token })).status).toBe(200);
    expectRefused(await asExtension(stack, "GET", "/extension/codes", { token: tokens.accessToken }), 401);
    const [left] = await stack.server.db.query<{ sessions: number; codes: number }>(
      `SELECT (SELECT count(*)::int FROM extension_sessions WHERE user_id = $1) AS sessions,
              (SELECT count(*)::int FROM extension_pairing_codes WHERE user_id = $1) AS codes`,
      [leaving.user.id],
    );
    expect(left).toEqual({ sessions: 0, codes: 0 });
  });
});

describe("the extension's pairing and session endpoints are rate-limited like sign-in", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "2" } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("answers 429 with a message past the limit", async () => {
    for (const path of ["/extension/sessions", "/extension/sessions/refresh"]) {
      const body = path.endsWith("refresh") ? { refreshToken: "guess" } : { code: "guess" };
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 2; attempt++) statuses.push((await asExtension(stack, "POST", path, { body })).status);
      expect(statuses).not.toContain(429);
      const refused = await asExtension(stack, "POST", path, { body });
      expect(refused.status).toBe(429);
      expect(decode(ApiErrorCodec, refused.body).message).toMatch(/Too many requests/);
    }
  });
});
