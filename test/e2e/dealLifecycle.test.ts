import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { dayIn, dayStart } from "../../src/domain/calendarDay";
import { countStates, dealStateOf } from "../../src/domain/dealLifecycle";
import { api, startStack, waitForSync, type Stack } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { launchChromium, registerWithGoogle } from "./support/browser";
import { cardOfDeal, chooseInCardMenu } from "./support/cards";

/**
 * What a new user sees agrees with itself: the Active Promos card, the 'All' chip and the list's length are one
 * number, the Expiring Soon card is what its filter lists, and the current view shows no expired card, before and
 * after marking deals used and hiding a brand. Each number is also the domain's count of the server's deals on the
 * person's day. The person lives in a time zone whose day is not UTC's now, and the browser's clock is UTC's: every
 * number must still be that of the person's own day.
 */

/** A zone whose date differs from UTC's right now: UTC+14 from 10:00 UTC, UTC-11 before 11:00 UTC. */
const awayFromUtc = (now: Date) => ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find((zone) => dayIn(now, zone) !== dayIn(now, "UTC"))!;

interface Screen {
  activePromos: number;
  expiringSoon: number;
  allChip: number;
  listed: number;
}

async function readScreen(page: Page): Promise<Screen> {
  const stats = (await page.getByRole("list", { name: "Your numbers" }).textContent()) ?? "";
  const all = (await page.getByRole("button", { name: /^All \d+$/ }).textContent()) ?? "";
  const status = (await page.getByRole("region", { name: "Deals" }).getByRole("status").textContent()) ?? "";
  return {
    activePromos: Number(/Active Promos(\d+)/.exec(stats)?.[1]),
    expiringSoon: Number(/Expiring Soon(\d+)/.exec(stats)?.[1]),
    allChip: Number(/(\d+)/.exec(all)?.[1]),
    listed: Number(/(\d+) deals?/.exec(status)?.[1] ?? (status.includes("No deals") ? 0 : NaN)),
  };
}

describe("the deal lifecycle on the dashboard, in Chromium", () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let token: string;
  let timeZone: string;

  /** The server's deals counted by the domain: what every number on the screen must be. */
  const expectedCounts = async () => {
    const dashboard = await wholeDashboard(stack, token);
    const states = countStates(dashboard.deals, dayStart(dashboard.today));
    return { dashboard, current: states.live + states["ending-soon"], endingSoon: states["ending-soon"], expired: states.expired };
  };

  /** The screen agrees with itself and with the domain's count of the server's deals. */
  async function expectAgreement(): Promise<Screen> {
    const { current, endingSoon } = await expectedCounts();
    await expect.poll(() => readScreen(page), { timeout: 15_000 }).toEqual({ activePromos: current, expiringSoon: endingSoon, allChip: current, listed: current });
    // No mounted card of the current view is badged expired.
    expect(await page.locator("article").filter({ hasText: /\bExpired\b/ }).count()).toBe(0);
    // The Expiring Soon card lists exactly what it counts.
    const toggle = page.getByRole("button", { name: /Expiring Soon/ });
    await toggle.click();
    await expect.poll(async () => (await readScreen(page)).listed).toBe(endingSoon);
    await toggle.click();
    await expect.poll(async () => (await readScreen(page)).listed).toBe(current);
    return readScreen(page);
  }

  beforeAll(async () => {
    stack = await startStack({ staticDir: resolve("dist") });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: "UTC" });
    page = await context.newPage();
    await registerWithGoogle(page, { app: stack.baseUrl, google: stack.emulator.baseUrl }, "demo@example.com");
    token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    timeZone = awayFromUtc(new Date());
    expect((await api(stack, "PUT", "/user/settings", { token, body: { timeZone } })).status).toBe(200);
    await waitForSync(stack, token);
    await page.reload();
    await page.locator("article").first().waitFor({ timeout: 15_000 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("counts on the person's day, not UTC's nor the browser's", async () => {
    const { dashboard } = await expectedCounts();
    expect(dashboard.today).toBe(dayIn(new Date(), timeZone));
    expect(dashboard.today).not.toBe(dayIn(new Date(), "UTC"));
  });

  it("agrees on first sight, and lists expired deals in their own view only", async () => {
    const { expired } = await expectedCounts();
    await expectAgreement();
    await page.getByRole("radio", { name: "Expired" }).check();
    await expect.poll(async () => (await readScreen(page)).listed).toBe(expired);
    if (expired > 0) {
      const badges = await page.locator("article").allTextContents();
      for (const card of badges) expect(card).toContain("Expired");
    }
    await page.getByRole("radio", { name: "Current" }).check();
  });

  it("still agrees after two deals are marked used: both leave Active Promos, and Expiring Soon when they were ending soon", async () => {
    const { dashboard } = await expectedCounts();
    const today = dayStart(dashboard.today);
    // Ending-soon deals first, so Expiring Soon has to move with its filter.
    const usable = dashboard.deals
      .filter((deal) => ["ending-soon", "live"].includes(dealStateOf(deal, today)))
      .sort((a, b) => Number(dealStateOf(b, today) === "ending-soon") - Number(dealStateOf(a, today) === "ending-soon"));
    const before = await readScreen(page);
    const marked = usable.slice(0, 2);
    for (const deal of marked) {
      await page.getByRole("searchbox", { name: "Search deals" }).fill(deal.title);
      await chooseInCardMenu(cardOfDeal(page, deal.id), "Used it");
      await page.locator(`#deal-${deal.id}`).waitFor({ state: "detached" });
    }
    await page.getByRole("searchbox", { name: "Search deals" }).fill("");
    const endingMarked = marked.filter((deal) => dealStateOf(deal, today) === "ending-soon").length;
    // At once in the browser, before any refetch.
    await expect.poll(() => readScreen(page), { timeout: 15_000 }).toEqual({
      activePromos: before.activePromos - 2,
      expiringSoon: before.expiringSoon - endingMarked,
      allChip: before.allChip - 2,
      listed: before.listed - 2,
    });
    await expectAgreement();
    // And after a reload, from the server's own figures.
    await page.reload();
    await page.locator("article").first().waitFor({ timeout: 15_000 });
    await expectAgreement();
  });

  it("still agrees after a brand is hidden", async () => {
    const { dashboard } = await expectedCounts();
    const today = dayStart(dashboard.today);
    const victim = dashboard.deals.find((deal) => dealStateOf(deal, today) === "ending-soon") ?? dashboard.deals.find((deal) => dealStateOf(deal, today) === "live")!;
    const brandCurrent = dashboard.deals.filter((deal) => deal.brandId === victim.brandId && ["ending-soon", "live"].includes(dealStateOf(deal, today))).length;
    const before = await readScreen(page);
    await page.getByRole("searchbox", { name: "Search deals" }).fill(victim.title);
    await chooseInCardMenu(cardOfDeal(page, victim.id), `Hide brand ${victim.brand}`);
    await page.getByText(`All deals from ${victim.brand} hidden`).waitFor();
    await page.getByRole("searchbox", { name: "Search deals" }).fill("");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(() => page.getByRole("link", { name: victim.brand, exact: true }).count(), { timeout: 15_000 }).toBe(0);
    const after = await expectAgreement();
    const { dashboard: hidden } = await expectedCounts();
    expect(hidden.deals.some((deal) => deal.brandId === victim.brandId)).toBe(false);
    expect(after.activePromos).toBe(before.activePromos - brandCurrent);
  });
});
