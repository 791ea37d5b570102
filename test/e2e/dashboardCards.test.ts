import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { AxeResults } from "axe-core";
import type { Dashboard } from "../../src/domain/dashboard";
import { promoCodesOf } from "../../src/domain/deal";
import { sortDealsBy } from "../../src/domain/dealOrder";
import { filterDeals, NO_FILTERS, tallyCategories } from "../../src/domain/dealSearch";
import { channelOf } from "../../src/domain/offerConditions";
import { waitForSync } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { SCREENSHOTS_DIR } from "./support/browser";
import { signInInBrowser, signUpInBrowser, startE2eApp, toast, type E2eApp } from "./support/app";
import { cardMenuButton, cardMenuItem, cardOfDeal, chooseInCardMenu } from "./support/cards";

/** The screen reader's count of the deals the filters let through, e.g. '12 deals'. */
const dealCount = (page: Page) => page.getByRole("region", { name: "Deals" }).getByRole("status");
const countText = (count: number) => (count === 1 ? "1 deal" : `${count} deals`);
const firstCardTitle = (page: Page) => page.locator("[data-index='0'] h3").textContent();
const sortSelect = (page: Page) => page.getByRole("combobox", { name: "Sort by" });

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe over the deal cards as Chromium lays them out, colour contrast included: the serious and critical findings. */
async function cardViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Element) => Promise<AxeResults> } };
    const results = await axe.run(document.querySelector("[aria-labelledby='deals-title']")!);
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  });
}

/** The category chips as their accessible names say them: 'All 12', 'Home 3' ... */
const chipNames = (page: Page) =>
  page.getByRole("list", { name: "Categories" }).getByRole("button").evaluateAll((chips) =>
    chips.filter((chip) => chip.hasAttribute("aria-pressed")).map((chip) => chip.textContent!.replace(/\s+/g, " ").trim()),
  );

describe("deal cards, sorting, chip counts and an undoable hide, in Chromium", () => {
  let app: E2eApp;
  let page: Page;
  let token: string;
  let dashboard: Dashboard;
  const fetchDashboard = () => wholeDashboard(app.stack, token);
  /** How many deals the current view lists (those that can still be used), the dashboard's default. */
  const currentCount = () => filterDeals(dashboard.deals, NO_FILTERS, new Date()).length;
  const openDashboard = async (query = "") => {
    await page.goto(`${app.stack.baseUrl}/dashboard${query}`);
    await dealCount(page).filter({ hasText: countText(currentCount()) }).waitFor({ timeout: 15_000 });
  };

  beforeAll(async () => {
    app = await startE2eApp();
    page = await app.newPage();
    await signUpInBrowser(page, app.stack, "demo@example.com");
    token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    await waitForSync(app.stack, token);
    dashboard = await fetchDashboard();
    expect(dashboard.deals.length).toBeGreaterThan(5);
    await openDashboard();
  });

  afterAll(() => app?.close());

  it("keeps the chosen order in the URL, through a reload, and falls back to ending soonest for an unknown one", async () => {
    const today = new Date();
    await expect(sortSelect(page).inputValue()).resolves.toBe("ending-soon");
    await expect(firstCardTitle(page)).resolves.toBe(sortDealsBy(dashboard.deals, "ending-soon", today)[0]!.title);

    for (const order of ["newest", "saving", "brand"] as const) {
      await sortSelect(page).selectOption(order);
      await page.waitForURL(`${app.stack.baseUrl}/dashboard?sort=${order}`);
      await expect.poll(() => firstCardTitle(page)).toBe(sortDealsBy(dashboard.deals, order, today)[0]!.title);
    }
    await page.reload();
    await dealCount(page).filter({ hasText: countText(currentCount()) }).waitFor({ timeout: 15_000 });
    await expect(sortSelect(page).inputValue()).resolves.toBe("brand");
    await expect(firstCardTitle(page)).resolves.toBe(sortDealsBy(dashboard.deals, "brand", today)[0]!.title);

    await openDashboard("?sort=cheapest");
    await expect(sortSelect(page).inputValue()).resolves.toBe("ending-soon");
    await sortSelect(page).selectOption("newest");
    await sortSelect(page).selectOption("ending-soon");
    await page.waitForURL(`${app.stack.baseUrl}/dashboard`);
  });

  it("finds deals by a promo code, and the chips count what the search and the expiring filter leave", async () => {
    const today = new Date();
    const code = promoCodesOf(dashboard.deals.find((deal) => promoCodesOf(deal).length > 0)!)[0]!;
    const search = page.getByRole("searchbox", { name: "Search deals" });
    await search.fill(code.toLowerCase());
    const byCode = tallyCategories(dashboard.deals, { ...NO_FILTERS, search: code.toLowerCase() }, today);
    await dealCount(page).filter({ hasText: countText(byCode.total) }).waitFor();
    const expectedChips = (tally: ReturnType<typeof tallyCategories>) => [
      `All ${tally.total}`,
      ...dashboard.categories.map((category) => `${category.label} ${tally.byCategory.get(category.label.toLowerCase()) ?? 0}`),
    ];
    const shown = await chipNames(page);
    expect(expectedChips(byCode)).toEqual(expect.arrayContaining(shown));
    expect(shown[0]).toBe(`All ${byCode.total}`);
    await search.fill("");

    const toggle = page.getByRole("button", { name: /Expiring Soon/ });
    await expect(toggle.textContent()).resolves.toContain("Show only these");
    await toggle.click();
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(toggle.textContent()).resolves.toContain("Showing only these");
    const expiring = tallyCategories(dashboard.deals, { ...NO_FILTERS, expiringOnly: true }, today);
    await expect.poll(() => chipNames(page).then((names) => names[0])).toBe(`All ${expiring.total}`);
    expect(expectedChips(expiring)).toEqual(expect.arrayContaining(await chipNames(page)));
    await toggle.click();
    await dealCount(page).filter({ hasText: countText(currentCount()) }).waitFor();
  });

  it("hides a brand in one click, and Undo in the toast, reached by keyboard, brings it back", async () => {
    const victim = filterDeals(dashboard.deals, NO_FILTERS, new Date())[0]!;
    await page.getByRole("searchbox", { name: "Search deals" }).fill(victim.title);
    await chooseInCardMenu(cardOfDeal(page, victim.id), `Hide brand ${victim.brand}`);
    const hidden = toast(page, `All deals from ${victim.brand} hidden`);
    await hidden.waitFor();
    await page.getByText("Brand hidden").first().waitFor();
    await expect(page.getByText("Refresh to see changes!").count()).resolves.toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/cards-undo-toast-1280.png` });

    await page.keyboard.press("F8");
    const undo = hidden.getByRole("button", { name: "Undo" });
    await expect(undo.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Enter");
    await toast(page, `Deals from ${victim.brand} are back`).waitFor();
    await expect.poll(() => page.getByText("Brand hidden").count()).toBe(0);
    // The card works again: its menu opens and offers the hide once more.
    await cardMenuButton(cardOfDeal(page, victim.id)).click();
    await cardMenuItem(cardOfDeal(page, victim.id), `Hide brand ${victim.brand}`).waitFor();
    await page.keyboard.press("Escape");
    const after = await fetchDashboard();
    expect(after.deals.some((deal) => deal.brandId === victim.brandId)).toBe(true);
    await page.getByRole("searchbox", { name: "Search deals" }).fill("");
  });

  it("marks where an offer can be used, as its fine print says", async () => {
    const said = { online: "Online only", inStore: "In store only", both: "Online and in store" } as const;
    const marked = filterDeals(dashboard.deals, NO_FILTERS, new Date()).filter((deal) => channelOf(deal.terms) !== null);
    // The demo mailbox's Brindlemart welcome code is online only.
    expect(marked.map((deal) => [deal.brand, channelOf(deal.terms)])).toContainEqual(["Brindlemart", "online"]);
    const search = page.getByRole("searchbox", { name: "Search deals" });
    for (const deal of marked) {
      await search.fill(deal.title);
      const card = page.locator("article").filter({ has: page.getByRole("heading", { name: deal.title, exact: true }) });
      await card.getByText(said[channelOf(deal.terms)!], { exact: true }).waitFor();
      if (deal.brand === "Brindlemart") await card.screenshot({ path: `${SCREENSHOTS_DIR}/card-channel-badge.png` });
    }
    const unmarked = filterDeals(dashboard.deals, NO_FILTERS, new Date()).find((deal) => channelOf(deal.terms) === null)!;
    await search.fill(unmarked.title);
    const card = page.locator("article").filter({ has: page.getByRole("heading", { name: unmarked.title, exact: true }) });
    await card.waitFor();
    expect(await card.getByText(/^(Online only|In store only|Online and in store)$/).count()).toBe(0);
    await search.fill("");
  });

  describe.each(["light", "dark"] as const)("in the %s colour scheme", (colorScheme) => {
    it.each([320, 390, 1280])("the cards fit %i px, pass axe (contrast included), and are saved as a screenshot", async (width) => {
      // The server's content security policy forbids inline scripts, and axe is injected as one.
      const shot = await app.newPage({ viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      await signInInBrowser(shot, app.stack, "demo@example.com");
      await dealCount(shot).filter({ hasText: countText(currentCount()) }).waitFor({ timeout: 15_000 });
      // Every card's media is a fixed box whose height the image's arrival does not change.
      const media = shot.locator("[data-index='0'] [data-media]");
      const before = (await media.boundingBox())!.height;
      await shot.waitForFunction(() => document.querySelector("[data-index='0'] [data-media]")?.getAttribute("data-media") !== "loading");
      expect((await media.boundingBox())!.height).toBeCloseTo(before, 0);
      await expect(shot.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await shot.screenshot({ path: `${SCREENSHOTS_DIR}/cards-${width}-${colorScheme}.png` });
      await expect(cardViolations(shot)).resolves.toEqual([]);
      await shot.context().close();
    });
  });
});
