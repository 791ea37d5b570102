import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { api } from "../server/support/stack";
import {
  createAccount,
  recordPaths,
  signInInBrowser,
  startE2eApp,
  storedSession,
  waitUntilExpired,
  type E2eApp,
} from "./support/app";

const ACCOUNT = "new.user@example.com";
const GREETING = "Time to score some deals, New!";

/** Each refresh the context's pages ask for from now on: the refresh token it spent, and the answer's status. */
function recordRefreshes(context: BrowserContext): { spent: unknown; status: number }[] {
  const refreshes: { spent: unknown; status: number }[] = [];
  context.on("response", (response) => {
    if (new URL(response.url()).pathname !== "/api/auth/refresh") return;
    refreshes.push({ spent: (response.request().postDataJSON() as { refresh_token?: unknown }).refresh_token, status: response.status() });
  });
  return refreshes;
}

/** The refresh token stored before was spent exactly once (twice is a reuse), and every refresh was answered. */
function expectSpentOnce(refreshes: { spent: unknown; status: number }[], stored: string | null): void {
  expect(refreshes.filter((refresh) => refresh.spent === stored)).toHaveLength(1);
  expect(refreshes.map((refresh) => refresh.status)).toEqual(refreshes.map(() => 200));
}

describe("the session", () => {
  let app: E2eApp;

  beforeAll(async () => {
    // Access tokens live a few seconds, so a test can outlive one.
    app = await startE2eApp({ env: { ACCESS_TOKEN_TTL_SECONDS: "3" } });
    await createAccount(app.stack, ACCOUNT);
  });

  afterAll(() => app?.close());

  /** A new page of the account, signed in and on its dashboard. */
  async function signedInPage(): Promise<Page> {
    const page = await app.newPage();
    await signInInBrowser(page, app.stack, ACCOUNT);
    await page.getByRole("heading", { name: GREETING }).waitFor();
    return page;
  }

  it("refreshes an expired access token without the person noticing", async () => {
    const { stack } = app;
    const page = await signedInPage();
    const before = await storedSession(page);
    await waitUntilExpired(before.authToken!);
    expect((await api(stack, "GET", "/auth/me", { token: before.authToken! })).status).toBe(401);

    const paths = recordPaths(page);
    // A three-second token can expire again while a slow machine loads the page, so later refreshes may follow; the
    // stored one must be spent once (twice is a reuse).
    const refreshes = recordRefreshes(page.context());
    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.getByRole("heading", { name: GREETING }).waitFor();

    expectSpentOnce(refreshes, before.refreshToken);
    expect(paths).not.toContain("/login");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    const after = await storedSession(page);
    expect(after.authToken).not.toBe(before.authToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect((await api(stack, "GET", "/auth/me", { token: after.authToken! })).status).toBe(200);
  });

  it("refreshes once for two tabs whose token expired together, and both stay signed in", async () => {
    const { stack } = app;
    const page = await signedInPage();
    const other = await page.context().newPage();
    await other.goto(`${stack.baseUrl}/dashboard`);
    await other.getByRole("heading", { name: GREETING }).waitFor();
    const before = await storedSession(page);
    await waitUntilExpired(before.authToken!);

    const tabs = [page, other];
    const paths = tabs.map(recordPaths);
    const refreshes = recordRefreshes(page.context());
    // Both tabs find the token expired at once; each would spend the one stored refresh token, and a second use ends
    // the session (as the next test shows).
    await Promise.all(tabs.map((tab) => tab.reload()));
    for (const tab of tabs) await tab.getByRole("heading", { name: GREETING }).waitFor();

    expectSpentOnce(refreshes, before.refreshToken);
    for (const tabPaths of paths) expect(tabPaths).not.toContain("/login");
    const after = await storedSession(other);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect((await api(stack, "GET", "/auth/me", { token: after.authToken! })).status).toBe(200);
  });

  it("ends on /login when its refresh token was used elsewhere (reuse ends the session)", async () => {
    const { stack } = app;
    const page = await signedInPage();
    const before = await storedSession(page);
    // Someone else rotates the browser's refresh token and uses what they got, so the browser's copy becomes a reused
    // one (a replacement nobody used would be taken for a lost answer, as the next test shows).
    const stolen = await api(stack, "POST", "/auth/refresh", { body: { refresh_token: before.refreshToken } });
    expect(stolen.status).toBe(200);
    expect((await api(stack, "GET", "/auth/me", { token: (stolen.body as { access_token: string }).access_token })).status).toBe(200);
    await waitUntilExpired(before.authToken!);

    const paths = recordPaths(page);
    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/login`);
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    // The SPA's own redirect is seen too, so the first test's "never on /login" means something.
    expect(paths).toEqual(["/dashboard", "/login"]);
    expect(await storedSession(page)).toEqual({ authToken: null, refreshToken: null, user: null });
    const thiefRefresh = await api(stack, "POST", "/auth/refresh", {
      body: { refresh_token: (stolen.body as { refresh_token: string }).refresh_token },
    });
    expect(thiefRefresh.status).toBe(401);
  });

  it("stays signed in when a refresh's answer is lost on its way, and refreshes again at the next try", async () => {
    const { stack } = app;
    const page = await signedInPage();
    const before = await storedSession(page);
    await waitUntilExpired(before.authToken!);

    const paths = recordPaths(page);
    const refreshes = recordRefreshes(page.context());
    let lost = 0;
    await page.route("**/api/auth/refresh", async (route) => {
      if (lost > 0) return route.continue();
      lost += 1;
      // The server rotates the token, and the connection drops before its answer arrives.
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.goto(`${stack.baseUrl}/dashboard`);
    await expect.poll(() => lost).toBe(1);
    // The stored session was kept, and the next load refreshes with the token whose answer was lost.
    await page.reload();
    await page.getByRole("heading", { name: GREETING }).waitFor();

    expect(paths).not.toContain("/login");
    expect(refreshes.filter((refresh) => refresh.spent === before.refreshToken).map((refresh) => refresh.status)).toEqual([200]);
    const after = await storedSession(page);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect((await api(stack, "GET", "/auth/me", { token: after.authToken! })).status).toBe(200);
  });

  it("ends on /login when the session was signed out from elsewhere", async () => {
    const { stack } = app;
    const page = await signedInPage();
    const { authToken } = await storedSession(page);
    expect((await api(stack, "POST", "/logout", { token: authToken! })).status).toBe(200);

    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/login`);
    expect(await storedSession(page)).toEqual({ authToken: null, refreshToken: null, user: null });
  });
});
