import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Dashboard } from "../../src/domain/dashboard";
import type { Deal } from "../../src/domain/deal";
import { signUpWithGmail, startStack, waitForSync, type Stack } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { continueWithGoogle } from "./support/app";
import { launchChromium } from "./support/browser";
import { chooseInCardMenu } from "./support/cards";

/** The dashboard's address: what follows /dashboard, without the "?". */
const query = (page: Page) => new URL(page.url()).search.replace(/^\?/, "");

describe("the dashboard's address in Chromium (docs/product.md, 'The dashboard's address')", () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dashboard: Dashboard;
  let session: { access: string; refresh: string; user: string };

  /** The view's filters as the page shows them. */
  const shownView = async (target: Page = page) => ({
    category: await target.getByRole("list", { name: "Categories" }).getByRole("button", { pressed: true }).textContent(),
    expiring: await target.getByRole("button", { name: /Expiring Soon/ }).getAttribute("aria-pressed"),
    show: await target.getByRole("radio", { checked: true }).getAttribute("value"),
  });

  const deals = () => page.getByRole("region", { name: "Deals" });

  beforeAll(async () => {
    stack = await startStack({ staticDir: resolve("dist") });
    const signedUp = await signUpWithGmail(stack, "demo@example.com");
    await waitForSync(stack, signedUp.access_token, 150_000);
    dashboard = await wholeDashboard(stack, signedUp.access_token);
    expect(dashboard.deals.length).toBeGreaterThan(5);
    session = { access: signedUp.access_token, refresh: signedUp.refresh_token, user: JSON.stringify(signedUp.user) };
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // The session as the app keeps it (docs/product.md, "Browser storage"), written once: the app rotates the refresh token.
    await page.goto(`${stack.baseUrl}/privacy`);
    await page.evaluate(({ access, refresh, user }) => {
      localStorage.setItem("authToken", access);
      localStorage.setItem("refreshToken", refresh);
      localStorage.setItem("user", user);
    }, session);
    // The demo mailbox's first sync, on a machine that may be busy.
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("keeps a category, Expiring Soon and Show through a reload, and Back steps back through them", async () => {
    await page.goto(`${stack.baseUrl}/dashboard`);
    await deals().waitFor({ timeout: 20_000 });
    const category = dashboard.categories[0]!.label;

    await page.getByRole("list", { name: "Categories" }).getByRole("button", { name: new RegExp(`^${category} \\d+$`) }).click();
    await expect.poll(() => query(page)).toBe(`category=${encodeURIComponent(category).replace(/%20/g, "+")}`);
    await page.getByRole("button", { name: /Expiring Soon/ }).click();
    await expect.poll(() => query(page)).toMatch(/&expiring=1$/);
    await page.getByRole("radio", { name: "Expired" }).check();
    await expect.poll(() => query(page)).toMatch(/&expiring=1&show=expired$/);
    await page.getByLabel("Sort by").selectOption("newest");
    await expect.poll(() => query(page)).toMatch(/&expiring=1&show=expired&sort=newest$/);
    const chosen = { category: expect.stringContaining(category), expiring: "true", show: "expired" };
    await expect(shownView()).resolves.toEqual(chosen);

    await page.reload();
    await deals().waitFor({ timeout: 20_000 });
    await expect(shownView()).resolves.toEqual(chosen);
    await expect(page.getByLabel("Sort by").inputValue()).resolves.toBe("newest");

    // Back: the order, then the view, then Expiring Soon, then the category, each one step.
    await page.goBack();
    await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("ending-soon");
    await expect(shownView()).resolves.toEqual(chosen);
    await page.goBack();
    await expect.poll(() => shownView()).toEqual({ ...chosen, show: "current" });
    await page.goBack();
    await expect.poll(() => shownView()).toEqual({ ...chosen, show: "current", expiring: "false" });
    await page.goBack();
    await expect.poll(() => shownView()).toEqual({ category: expect.stringMatching(/^All/), show: "current", expiring: "false" });
    expect(query(page)).toBe("");
    // Forward again takes the category back.
    await page.goForward();
    await expect.poll(() => shownView()).toEqual({ category: expect.stringContaining(category), show: "current", expiring: "false" });
  });

  it("makes one step of a search typed key by key, and keeps it through a reload", async () => {
    await page.goto(`${stack.baseUrl}/dashboard`);
    await deals().waitFor({ timeout: 20_000 });
    const before = await page.evaluate(() => history.length);
    const word = dashboard.deals[0]!.brand.split(/\s+/)[0]!.slice(0, 4);
    await page.getByRole("searchbox", { name: "Search deals" }).pressSequentially(word, { delay: 30 });
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(word);
    await expect(page.evaluate(() => history.length)).resolves.toBe(before + 1);
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search deals" }).inputValue({ timeout: 20_000 })).resolves.toBe(word);
    await page.goBack();
    await expect.poll(() => page.getByRole("searchbox", { name: "Search deals" }).inputValue()).toBe("");
  });

  it("opens a deal's Details from its address, with focus in them, and closing them drops the deal from the address", async () => {
    const deal: Deal = dashboard.deals.find((candidate) => candidate.status === null) ?? dashboard.deals[0]!;
    await page.goto(`${stack.baseUrl}/dashboard?deal=${deal.id}`);
    const details = page.getByRole("dialog", { name: deal.title });
    await details.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await details.getByRole("button", { name: "Close" }).click();
    await expect(details.count()).resolves.toBe(0);
    expect(query(page)).toBe("");

    // From a card, Details add a step: Back closes them.
    await page.getByRole("heading", { level: 3, name: deal.title, exact: true }).first().waitFor();
    await chooseInCardMenu(page.locator("article").filter({ has: page.getByRole("heading", { level: 3, name: deal.title, exact: true }) }).first(), "Details");
    await details.waitFor();
    expect(query(page)).toBe(`deal=${deal.id}`);
    await page.goBack();
    await expect.poll(() => details.count()).toBe(0);
    expect(query(page)).toBe("");
  });

  it("says plainly that a deal is not available when the address names one this person does not have", async () => {
    await page.goto(`${stack.baseUrl}/dashboard?deal=00000000-0000-4000-8000-000000000000`);
    const details = page.getByRole("dialog", { name: "Deal details" });
    await details.getByRole("alert").filter({ hasText: "This deal is not available." }).waitFor({ timeout: 20_000 });
    await details.getByRole("button", { name: "Close" }).click();
    await expect(details.count()).resolves.toBe(0);
    expect(query(page)).toBe("");
  });

  it("takes a signed-out visitor through sign-in to the deal's Details", async () => {
    const deal = dashboard.deals[1]!;
    const guest = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await guest.newPage();
    await visitor.goto(`${stack.baseUrl}/dashboard?deal=${deal.id}`);
    await visitor.waitForURL(`${stack.baseUrl}/login`);
    await continueWithGoogle(visitor, stack, "demo@example.com");
    await visitor.waitForURL(`${stack.baseUrl}/dashboard?deal=${deal.id}`, { timeout: 30_000 });
    await visitor.getByRole("dialog", { name: deal.title }).waitFor({ timeout: 20_000 });
    await guest.close();
  });
});
