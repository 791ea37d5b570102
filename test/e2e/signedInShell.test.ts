import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { waitForSync } from "../server/support/stack";
import { signUpInBrowser, startE2eApp, type E2eApp } from "./support/app";

// The demo mailbox: a dashboard with deals.
const ACCOUNT = "demo@example.com";

/**
 * Errors and warnings the page logs, and uncaught errors: a refused inline script would show here. A mail's image
 * that cannot be fetched is answered 404 by the image proxy, which Chromium logs; that one is not the page's doing.
 */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    const image = new URL(message.location().url || "about:blank").pathname.startsWith("/api/images/");
    if ((message.type() === "error" || message.type() === "warning") && !image) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

describe("a signed-in page before its script has run", () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp();
  });
  afterAll(() => app?.close());

  it.each(["/dashboard", "/settings", "/extension", "/brands/some-brand"])(
    "%s without JavaScript paints the header with the session pending and says it needs JavaScript, with no visitor's links",
    async (path) => {
      const page = await app.newPage({ javaScriptEnabled: false });
      await page.goto(`${app.stack.baseUrl}${path}`);
      const header = page.getByRole("banner");
      await header.getByRole("link", { name: "Deal Finder" }).waitFor({ timeout: 5_000 });
      expect(await header.getByRole("link", { name: "Login" }).count()).toBe(0);
      expect(await header.getByRole("link", { name: "Register" }).count()).toBe(0);
      // Where the spinner would be, and only there: a spinner that never stops would say the page is still coming.
      expect(await page.getByRole("main").innerText()).toBe("Deal Finder needs JavaScript to run.");
      expect((await page.locator("body").innerText()).split("needs JavaScript").length - 1).toBe(1);
      expect(await page.getByRole("status").count()).toBe(0);
      // Styled from the first paint: the header's classes are in the page's stylesheets.
      expect(await page.getByRole("banner").evaluate((element) => getComputedStyle(element).position)).not.toBe("static");
      await page.close();
    },
  );

  it("the dashboard asks who is signed in and its first answer once each, from its HTML, while the app's script is still on its way", async () => {
    const page = await app.newPage();
    await signUpInBrowser(page, app.stack, ACCOUNT);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // The first sync done, so that no refresh after it asks the dashboard again.
    await waitForSync(app.stack, (await page.evaluate(() => localStorage.getItem("authToken")))!);
    const problems = problemsOf(page);
    const firstRequests = new Map<string, { token: string; at: number }[]>();
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname !== "/api/dashboard-products" && pathname !== "/api/auth/me") return;
      firstRequests.set(pathname, [...(firstRequests.get(pathname) ?? []), { token: request.headers().authorization ?? "none", at: Date.now() }]);
    });
    // The app's script held back a second, as on a slow connection.
    let scriptReleasedAt = Number.POSITIVE_INFINITY;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      scriptReleasedAt = Date.now();
      await route.continue();
    });
    await page.goto(`${app.stack.baseUrl}/dashboard`);
    await page.getByRole("grid").waitFor();
    // The requests up to the first answer shown: a refetch later (a sync that ends after it) is another matter.
    const untilShown = new Map(firstRequests);
    await page.waitForLoadState("networkidle");
    const stored = await page.evaluate(() => localStorage.getItem("authToken"));
    for (const path of ["/api/auth/me", "/api/dashboard-products"]) {
      const requests = untilShown.get(path) ?? [];
      expect(requests.map((request) => request.token), path).toEqual([`Bearer ${stored}`]);
      expect(requests[0]!.at, path).toBeLessThan(scriptReleasedAt);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a visitor who opens the dashboard sends nothing and goes to sign in", async () => {
    const page = await app.newPage();
    const problems = problemsOf(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
    });
    await page.goto(`${app.stack.baseUrl}/dashboard`);
    await page.waitForURL(`${app.stack.baseUrl}/login`);
    await page.getByRole("heading", { level: 1, name: "Welcome Back" }).waitFor();
    expect(asked).not.toContain("/api/dashboard-products");
    expect(asked).not.toContain("/api/auth/me");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the signed-in pages' code comes in a few scripts, and a visitor's pages fetch none of it", async () => {
    const scriptsOf = (page: Page) => {
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      return scripts;
    };
    const signedInCode = (scripts: string[]) => scripts.filter((path) => /^\/assets\/signedIn-[\w-]+\.js$/.test(path));

    for (const path of ["/", "/login", "/register"]) {
      const visitor = await app.newPage();
      const scripts = scriptsOf(visitor);
      await visitor.goto(`${app.stack.baseUrl}${path}`, { waitUntil: "networkidle" });
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(signedInCode(scripts), path).toEqual([]);
      await visitor.close();
    }

    const page = await app.newPage();
    await signUpInBrowser(page, app.stack, ACCOUNT);
    await page.getByRole("grid").waitFor();
    const scripts = scriptsOf(page);
    await page.goto(`${app.stack.baseUrl}/dashboard`);
    await page.getByRole("grid").waitFor();
    expect(signedInCode(scripts)).toHaveLength(1);
    // The first page's script, the signed-in code, and the few modules it shares with the public pages; rolldown's
    // own split made about 30.
    expect(new Set(scripts).size).toBeLessThanOrEqual(8);
    await page.close();
  });
});
