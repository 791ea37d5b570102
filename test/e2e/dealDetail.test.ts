import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { BrandPageCodec } from "../../src/contract";
import { DEAL_SOURCE_LABELS } from "../../src/domain/dealDetail";
import { api, decode, startStack, waitForSync, type Stack } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { launchChromium, registerWithGoogle, SCREENSHOTS_DIR, settledAnimations } from "./support/browser";

/** Saves the page in the light and the dark theme, then leaves it light. */
async function screenshotBothThemes(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await settledAnimations(page);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}-${theme}.png`, ...options });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The first deal card in the grid, and its deal's id (from its title's id, "deal-<id>"). */
async function firstCard(page: Page): Promise<{ card: Locator; id: string; title: string }> {
  const card = page.locator("article").first();
  await card.waitFor();
  const heading = card.getByRole("heading", { level: 3 });
  const id = (await heading.getAttribute("id"))!.replace(/^deal-/, "");
  return { card, id, title: (await heading.textContent())! };
}

describe("a deal's source, its status and brand pages, in Chromium", () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  const statusOf = async (dealId: string) =>
    (await wholeDashboard(stack, token)).deals.find((deal) => deal.id === dealId)!.status;

  beforeAll(async () => {
    stack = await startStack({ staticDir: resolve("dist") });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await registerWithGoogle(page, { app: stack.baseUrl, google: stack.emulator.baseUrl }, "demo@example.com");
    token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    await waitForSync(stack, token);
    await page.reload();
    await page.locator("article").first().waitFor({ timeout: 15_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("shows where a deal came from, opens the message in the emulator, and gives focus back on Escape", async () => {
    const { card, title } = await firstCard(page);
    const details = card.getByRole("button", { name: `Details: ${title}` });
    await details.click();
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByRole("heading", { name: "Where it came from" }).waitFor();
    const found = await dialog.locator("dt:has-text('How we found it') + dd").textContent();
    expect(Object.values(DEAL_SOURCE_LABELS)).toContain(found);
    const subject = (await dialog.locator("dt:has-text('Subject') + dd").textContent())!;
    const link = dialog.getByRole("link", { name: "Open in Gmail" });
    const href = (await link.getAttribute("href"))!;
    expect(href.startsWith(`${stack.emulator.baseUrl}/mail/messages/`)).toBe(true);
    await screenshotBothThemes(page, "deal-detail-1280");

    const message = await context.newPage();
    await message.goto(href);
    expect(await message.getByRole("heading", { level: 1 }).textContent()).toBe(subject);
    await message.close();

    // The modal keeps focus inside; Escape closes it and focus returns to the card's Details button.
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Details");
  });

  it("shows the detail as a sheet on a phone", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(stack.baseUrl);
    await phonePage.evaluate((value) => {
      for (const [key, item] of Object.entries(value)) localStorage.setItem(key, item);
    }, await page.evaluate(() => Object.fromEntries(Object.entries(localStorage))));
    await phonePage.goto(`${stack.baseUrl}/dashboard`);
    const { card, title } = await firstCard(phonePage);
    await card.getByRole("button", { name: `Details: ${title}` }).click();
    const dialog = phonePage.getByRole("dialog", { name: title });
    await dialog.getByRole("link", { name: "Open in Gmail" }).waitFor();
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(Math.round(box.width)).toBe(390);
    await screenshotBothThemes(phonePage, "deal-detail-390");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    await phone.close();
  });

  it("moves a deal to Used and back with Undo, lists it under Used, and keeps it after a reload", async () => {
    const { card, id, title } = await firstCard(page);
    await card.getByRole("button", { name: `Used it: ${title}` }).click();
    await page.locator(`#deal-${id}`).waitFor({ state: "detached" });
    await page.getByText(`Moved "${title}" to Used.`).waitFor();
    await expect.poll(() => statusOf(id)).toBe("used");
    // The pressed button left with its card: keyboard focus is on the Undo.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Undo");
    await page.getByRole("button", { name: "Undo" }).click();
    await page.locator(`#deal-${id}`).waitFor();
    await expect.poll(() => statusOf(id)).toBeNull();

    await page.locator("article", { has: page.locator(`#deal-${id}`) }).getByRole("button", { name: `Used it: ${title}` }).click();
    await expect.poll(() => statusOf(id)).toBe("used");
    await page.reload();
    await page.locator("article").first().waitFor({ timeout: 15_000 });
    expect(await page.locator(`#deal-${id}`).count()).toBe(0);
    await page.getByRole("radio", { name: "Used" }).check();
    const used = page.locator("article", { has: page.locator(`#deal-${id}`) });
    expect(await used.getByRole("button", { name: `Used it: ${title}` }).getAttribute("aria-pressed")).toBe("true");
    await screenshotBothThemes(page, "deal-used-list-1280");
    await used.getByRole("button", { name: `Used it: ${title}` }).click();
    await page.locator(`#deal-${id}`).waitFor({ state: "detached" });
    await expect.poll(() => statusOf(id)).toBeNull();
    await page.getByRole("radio", { name: "Active" }).check();
    await page.locator(`#deal-${id}`).waitFor();
  });

  it("marks a deal that didn't work, lists it under Didn't work, and takes it back", async () => {
    const { card, id, title } = await firstCard(page);
    await card.getByRole("button", { name: `Didn't work: ${title}` }).click();
    await page.getByText(`Marked "${title}" as not working.`).waitFor();
    await expect.poll(() => statusOf(id)).toBe("not_working");
    await page.getByRole("radio", { name: "Didn't work" }).check();
    const marked = page.locator("article", { has: page.locator(`#deal-${id}`) });
    await marked.getByRole("button", { name: `Didn't work: ${title}` }).click();
    await expect.poll(() => statusOf(id)).toBeNull();
    await page.getByRole("radio", { name: "Active" }).check();
    await page.locator(`#deal-${id}`).waitFor();
  });

  it("opens a brand's page from a card, with its figures and its switch, also when loaded directly", async () => {
    const { card } = await firstCard(page);
    const brandLink = card.getByRole("link").first();
    const brandName = (await brandLink.textContent())!;
    await brandLink.click();
    await page.waitForURL(/\/brands\/[0-9a-f-]+$/);
    const brandId = page.url().split("/").at(-1)!;
    await page.getByRole("heading", { level: 1, name: brandName }).waitFor();
    const expected = decode(BrandPageCodec, (await api(stack, "GET", `/brands/${brandId}`, { token })).body);
    await page.getByText(expected.typicalPercentOff === null ? "No percent deals yet" : `${expected.typicalPercentOff}% off`, { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Active deals" }).waitFor();

    const toggle = page.getByRole("switch");
    await toggle.click();
    await page.getByRole("switch", { name: "Hidden from your dashboard" }).waitFor();
    await expect.poll(async () => decode(BrandPageCodec, (await api(stack, "GET", `/brands/${brandId}`, { token })).body).brand.isActive).toBe(false);
    await page.getByRole("switch", { name: "Hidden from your dashboard" }).click();
    await page.getByRole("switch", { name: "Shown on your dashboard" }).waitFor();

    const response = await page.goto(`${stack.baseUrl}/brands/${brandId}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: brandName }).waitFor({ timeout: 15_000 });
    await screenshotBothThemes(page, "brand-page-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotBothThemes(page, "brand-page-390", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
