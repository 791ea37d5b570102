import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { promoCodesOf } from "../../src/domain/deal";
import { filterDeals, NO_FILTERS } from "../../src/domain/dealSearch";
import { startStack, waitForSync, type Stack } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { launchChromium, registerWithGoogle, SCREENSHOTS_DIR } from "./support/browser";
import { chooseInCardMenu } from "./support/cards";

/** Every cache of the origin's Cache Storage with the addresses it holds, as the page sees them. */
const cacheContents = (page: Page) =>
  page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      contents[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return contents;
  });

const apiAnswersIn = (contents: Record<string, string[]>) => Object.values(contents).flat().filter((path) => path.startsWith("/api/"));

describe("the dashboard offline, in Chromium", () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let code: string;

  beforeAll(async () => {
    stack = await startStack({ staticDir: resolve("dist") });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.baseUrl });
    page = await context.newPage();
    await registerWithGoogle(page, { app: stack.baseUrl, google: stack.emulator.baseUrl }, "demo@example.com");
    const token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    await waitForSync(stack, token);
    const dashboard = await wholeDashboard(stack, token);
    const withCode = filterDeals(dashboard.deals, NO_FILTERS, new Date()).find((deal) => promoCodesOf(deal).length > 0);
    code = promoCodesOf(withCode!)[0]!;
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  it("after one visit, shows the last synced codes with a notice when the network is cut, and Copy works", async () => {
    // One visit with the synced deals: the service worker installs, and the dashboard keeps its copy.
    await page.reload();
    await page.getByRole("button", { name: `Copy code ${code}`, exact: true }).first().waitFor();
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
    await expect
      .poll(() => cacheContents(page), { timeout: 20_000 })
      .toMatchObject({ "deal-finder-offline": ["/api/dashboard-products"], "deal-finder-pages": ["/dashboard"] });
    expect(await page.getByText("Offline", { exact: true }).count()).toBe(0);

    // Offline, with an access token the server would refuse: reading the copy needs neither the server nor a refresh.
    await context.setOffline(true);
    await page.evaluate(() => localStorage.setItem("authToken", "expired.access.token"));
    await page.reload();
    const notice = page.getByRole("status").filter({ hasText: "Offline" });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Offline — showing your deals as of \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-offline.png` });

    await page.getByRole("searchbox", { name: "Search deals" }).fill(code);
    const copy = page.getByRole("button", { name: `Copy code ${code}`, exact: true }).first();
    await copy.click();
    await page.getByRole("button", { name: `Copied ${code}`, exact: true }).first().waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
    expect(new URL(page.url()).pathname).toBe("/dashboard");

    // The cashier's view opens from the card's own deal, with no server to ask.
    const card = page.locator("article", { has: page.getByRole("button", { name: `Copied ${code}`, exact: true }) }).first();
    await chooseInCardMenu(card, "Show at checkout");
    const cashier = page.getByRole("dialog", { name: /show at checkout/ });
    await cashier.getByText(code, { exact: true }).first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-offline-cashier.png` });
    await page.keyboard.press("Escape");
    await cashier.waitFor({ state: "detached" });
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "")).resolves.toMatch(/^More actions: /);
  });

  it("keeps nothing of the person in the caches once they sign out", async () => {
    await context.setOffline(false);
    // The refused token meets the server now: the app refreshes it and goes on as the same person.
    await page.reload();
    await page.getByRole("button", { name: `Copy code ${code}`, exact: true }).first().waitFor();
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByRole("link", { name: "Login" }).first().waitFor();

    await expect.poll(async () => apiAnswersIn(await cacheContents(page))).toEqual([]);
    const contents = await cacheContents(page);
    expect(Object.keys(contents)).not.toContain("deal-finder-offline");
    // What stays is the app itself: its files and the dashboard's page, the same for anyone.
    expect(Object.values(contents).flat().length).toBeGreaterThan(0);
    const texts = await page.evaluate(async () => {
      const found: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) found.push(await (await cache.match(request))!.text());
      }
      return found;
    });
    expect(texts.filter((text) => text.includes(code) || text.includes("demo@example.com"))).toEqual([]);
  });
});
