import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { filterDeals, NO_FILTERS } from "../../src/domain/dealSearch";
import { waitForSync } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { SCREENSHOTS_DIR } from "./support/browser";
import { signUpInBrowser, startE2eApp, type E2eApp } from "./support/app";

/** Each Gmail call of the emulator waits this long, and the server fetches two at once, so a sync lasts seconds. */
const SLOW_GMAIL = { rate: 0, latencyMs: 400 };

const progressBar = (page: Page) => page.getByRole("progressbar", { name: "Sync progress" });
const dealCount = (page: Page) => page.getByRole("region", { name: "Deals" }).getByRole("status");
const countText = (count: number) => (count === 1 ? "1 deal" : `${count} deals`);
const accessToken = async (page: Page) => (await page.evaluate(() => localStorage.getItem("authToken")))!;

/** Opens the dashboard of the signed-in person of `page` in a fresh browser of another width. */
async function sameSessionAt(app: E2eApp, page: Page, width: number): Promise<Page> {
  const stored = await page.evaluate(() => ["authToken", "refreshToken", "user"].map((key) => [key, localStorage.getItem(key)!]));
  const other = await app.newPage({ viewport: { width, height: 844 } });
  await other.addInitScript((entries) => entries.forEach(([key, value]) => localStorage.setItem(key!, value!)), stored);
  await other.goto(`${app.stack.baseUrl}/dashboard`);
  return other;
}

describe("the first run, in Chromium", () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ env: { GMAIL_FETCH_CONCURRENCY: "2", SYNC_INTERVAL_MINUTES: "30" } });
  });

  afterAll(async () => {
    app.stack.emulator.setFaults({ rate: 0 });
    await app?.close();
  });

  it("shows a new person with an empty mailbox the sync's progress, then kindly that nothing was found, without a reload", async () => {
    app.stack.emulator.setFaults({ ...SLOW_GMAIL, latencyMs: 2_500 });
    const page = await app.newPage();
    let reloads = 0;
    page.on("load", () => reloads++);
    await signUpInBrowser(page, app.stack, "priya.raman@example.com");
    const loadsAtDashboard = reloads;

    await progressBar(page).waitFor({ timeout: 10_000 });
    await expect(page.getByRole("region", { name: "Gmail sync" }).textContent()).resolves.toMatch(/Starting sync|Looking for promotional emails|Scanning \d+ of \d+ emails/);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/first-run-progress-1280.png` });

    const nothingFound = page.getByText("No deals in your Promotions yet. We'll look again in about 30 minutes.");
    await nothingFound.waitFor({ timeout: 20_000 });
    await expect(progressBar(page).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Sync again now" }).isEnabled()).resolves.toBe(true);
    expect(reloads).toBe(loadsAtDashboard);
    // The name Google gave, one sync action, zeros without empty comparisons, and what to do next.
    await page.getByRole("heading", { level: 1, name: "Time to score some deals, Priya!" }).waitFor();
    await expect(page.getByRole("button", { name: "Refresh" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /sync/i }).count()).resolves.toBe(1);
    await expect(page.getByText(/vs last month|No data last month/).count()).resolves.toBe(0);
    const steps = page.getByRole("region", { name: "While you wait" });
    await steps.getByText("Check that Gmail's Promotions tab is on.").waitFor();
    await expect(steps.getByRole("link", { name: "Get the extension" }).getAttribute("href")).resolves.toBe("/extension");
    await steps.getByText(/What a filled dashboard looks like/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/first-run-nothing-found-1280.png` });

    app.stack.emulator.setFaults({ rate: 0 });
    const phone = await sameSessionAt(app, page, 390);
    await phone.getByText("No deals in your Promotions yet. We'll look again in about 30 minutes.").waitFor({ timeout: 15_000 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: `${SCREENSHOTS_DIR}/first-run-nothing-found-390.png` });
  });

  it("shows the demo user's deals as the first sync finds them, without a reload", async () => {
    app.stack.emulator.setFaults(SLOW_GMAIL);
    const page = await app.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    let reloads = 0;
    page.on("load", () => reloads++);
    await signUpInBrowser(page, app.stack, "demo@example.com");
    const loadsAtDashboard = reloads;

    // Deals and the running sync's bar on the page at the same moment: the deals came during the sync.
    const during = await page.waitForFunction(
      () => {
        const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Sync progress"]');
        const deals = document.querySelector('section[aria-labelledby="deals-title"] [role="status"]')?.textContent ?? "";
        return bar && /^[1-9]\d* deals?$/.test(deals) ? { processed: bar.value, total: bar.max, deals } : null;
      },
      undefined,
      { timeout: 30_000, polling: 100 },
    );
    const seen = (await during.jsonValue())!;
    expect(seen.processed).toBeLessThan(seen.total);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/first-run-deals-arriving-390.png` });

    await page.getByRole("region", { name: "Gmail sync" }).getByText(/^Sync completed: [1-9]\d* new deals$/).waitFor({ timeout: 30_000 });
    app.stack.emulator.setFaults({ rate: 0 });
    await waitForSync(app.stack, await accessToken(page));
    const dashboard = await wholeDashboard(app.stack, await accessToken(page));
    expect(dashboard.deals.length).toBeGreaterThan(Number(seen.deals.split(" ")[0]));
    // The list is the current view: the deals that can still be used.
    const current = filterDeals(dashboard.deals, NO_FILTERS, new Date()).length;
    await dealCount(page).filter({ hasText: countText(current) }).waitFor({ timeout: 10_000 });
    expect(reloads).toBe(loadsAtDashboard);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/first-run-finished-390.png` });

    const desktop = await sameSessionAt(app, page, 1280);
    await dealCount(desktop).filter({ hasText: countText(current) }).waitFor({ timeout: 15_000 });
    await desktop.screenshot({ path: `${SCREENSHOTS_DIR}/first-run-finished-1280.png` });
  });
});
