import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { CATEGORIES } from "../../src/domain/category";
import { expiryLabel } from "../../src/domain/deal";
import { waitForSync } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { registerWithGoogle, SCREENSHOTS_DIR, settledAnimations } from "./support/browser";
import { startE2eApp, type E2eApp } from "./support/app";
import { chooseInCardMenu } from "./support/cards";

const DAY = 86_400_000;

/** The count a category's chip shows, after opening the chips the desktop keeps behind "+N more". */
async function chipCount(page: Page, category: string): Promise<number> {
  const chips = page.getByRole("list", { name: "Categories" });
  const more = chips.getByRole("button", { name: /^\+\d+ more$/ });
  if (await more.isVisible()) await more.click();
  const chip = chips.getByRole("button", { name: new RegExp(`^${category} \\d+$`) });
  if ((await chip.count()) === 0) return 0;
  return Number((await chip.textContent())!.replace(category, "").trim());
}

async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await settledAnimations(page);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}-${theme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describe("correcting a deal from its Details, in Chromium", () => {
  let app: E2eApp;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    app = await startE2eApp();
    page = await app.newPage();
    await registerWithGoogle(page, { app: app.stack.baseUrl, google: app.stack.emulator.baseUrl }, "demo@example.com");
    token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    await waitForSync(app.stack, token);
    await page.reload();
    await page.locator("article").first().waitFor({ timeout: 15_000 });
  });

  afterAll(async () => {
    await app?.close();
  });

  it("corrects a deal's end date and category: the card and the chips change at once and after a reload", async () => {
    const dashboard = await wholeDashboard(app.stack, token);
    const shownIds = await page.locator("article h3[id^='deal-']").evaluateAll((headings) => headings.map((heading) => heading.id.slice("deal-".length)));
    const deal = dashboard.deals.find((candidate) => shownIds.includes(candidate.id))!;
    const brandDeals = dashboard.deals.filter((candidate) => candidate.brandId === deal.brandId).length;
    const present = new Set(dashboard.categories.filter((category) => category.count > 0).map((category) => category.label));
    const category = CATEGORIES.find((candidate) => candidate !== deal.category && present.has(candidate)) ?? CATEGORIES.find((candidate) => candidate !== deal.category)!;
    const endDate = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    // The demo person's day is UTC's until they choose a time zone.
    const expected = expiryLabel(endDate, new Date());
    const before = { from: await chipCount(page, deal.category), to: await chipCount(page, category) };

    const card: Locator = page.locator("article", { has: page.locator(`[id="deal-${deal.id}"]`) });
    await chooseInCardMenu(card, "Details");
    const details = page.getByRole("dialog", { name: deal.title });
    const correct = details.getByRole("button", { name: "Correct this deal" });
    await correct.click();
    const form = page.getByRole("dialog", { name: "Correct this deal" });
    await form.getByLabel("End date").waitFor();
    // Escape closes the form only, and focus goes back to "Correct this deal".
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Correct this deal");
    await expect.poll(() => details.isVisible()).toBe(true);

    await correct.click();
    await form.getByLabel("End date").fill(endDate);
    await form.getByLabel("Category").selectOption(category);
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    await details.getByText("You corrected the end date and the category.").waitFor();
    await page.getByText("Correction saved").first().waitFor();
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });

    // The deal moved down the soonest-first list: the search finds its card wherever it is.
    const search = page.getByRole("searchbox", { name: "Search deals" });
    await search.fill(deal.title);
    await card.getByText(expected).waitFor();
    await search.fill("");
    await expect.poll(() => chipCount(page, category)).toBe(before.to + brandDeals);
    expect(await chipCount(page, deal.category)).toBe(before.from - brandDeals);

    await page.reload();
    await search.fill(deal.title);
    await card.getByText(expected).waitFor({ timeout: 15_000 });
    await search.fill("");
    expect(await chipCount(page, category)).toBe(before.to + brandDeals);
    expect(await chipCount(page, deal.category)).toBe(before.from - brandDeals);

    // Undo: back to what the email said.
    await search.fill(deal.title);
    await chooseInCardMenu(card, "Details");
    await details.getByRole("button", { name: "Undo my corrections" }).click();
    await details.getByText("If the email was read wrong, correct it. Only you see your corrections.").waitFor();
    await page.keyboard.press("Escape");
    await search.fill("");
    await expect.poll(() => chipCount(page, category)).toBe(before.to);
  });

  it("fits the form on a phone (390 px) in both themes, focus inside it", async () => {
    const phone = await app.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(app.stack.baseUrl);
    await phone.evaluate((value) => {
      for (const [key, item] of Object.entries(value)) localStorage.setItem(key, item);
    }, await page.evaluate(() => Object.fromEntries(Object.entries(localStorage))));
    await phone.goto(`${app.stack.baseUrl}/dashboard`);
    const card = phone.locator("article").first();
    await card.waitFor();
    const title = (await card.getByRole("heading", { level: 3 }).textContent())!;
    await chooseInCardMenu(card, "Details");
    await phone.getByRole("dialog", { name: title }).getByRole("button", { name: "Correct this deal" }).click();
    const form = phone.getByRole("dialog", { name: "Correct this deal" });
    await form.getByLabel("Code").waitFor();
    expect(await form.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const box = (await form.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotBothThemes(phone, "deal-correction-390");
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "detached" });
  });
});
