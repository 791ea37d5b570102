import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { AxeResults } from "axe-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { BrandPageCodec } from "../../src/contract";
import { codeConditionOf, promoCodesOf, type Deal } from "../../src/domain/deal";
import { DEAL_SOURCE_LABELS } from "../../src/domain/dealDetail";
import { api, decode, startStack, waitForSync, type Stack } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { launchChromium, registerWithGoogle, SCREENSHOTS_DIR, settledAnimations } from "./support/browser";
import { cardMenuChecked, cardOfDeal, chooseInCardMenu } from "./support/cards";

/** Saves the page in the light and the dark theme, then leaves it light. */
async function screenshotBothThemes(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await settledAnimations(page);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}-${theme}.png`, ...options });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe over the page as Chromium lays it out, colour contrast included: the serious and critical findings. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Element) => Promise<AxeResults> } };
    const results = await axe.run(document.querySelector("main") ?? document.body);
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  });
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

  /** A deal with a code, the one with the most to show: conditions on its codes, fine print, a link. */
  const dealWithCodes = async (): Promise<Deal> => {
    const withCodes = (await wholeDashboard(stack, token)).deals.filter((deal) => promoCodesOf(deal).length > 0);
    const richness = (deal: Deal) => Number(deal.codeConditions.length > 0) + Number(deal.terms.length > 0) + Number(deal.dealUrl !== null);
    return withCodes.sort((a, b) => richness(b) - richness(a))[0]!;
  };

  beforeAll(async () => {
    stack = await startStack({ staticDir: resolve("dist") });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Copy writes to the clipboard, and the tests read it back.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.baseUrl });
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
    await chooseInCardMenu(card, "Details");
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

    // The modal keeps focus inside; Escape closes it and focus returns to the card's menu button, where Details was chosen.
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`More actions: ${title}`);
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
    await chooseInCardMenu(card, "Details");
    const dialog = phonePage.getByRole("dialog", { name: title });
    // On a phone where it came from is folded, under the code, the end and the buttons.
    await dialog.getByText("Where it came from").click();
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
    await chooseInCardMenu(card, "Used it");
    await page.locator(`#deal-${id}`).waitFor({ state: "detached" });
    await page.getByText(`Moved "${title}" to Used.`).waitFor();
    await expect.poll(() => statusOf(id)).toBe("used");
    // The pressed button left with its card: the question of what it saved takes the focus, and once skipped
    // (Escape) the Undo has it.
    const question = page.getByRole("form", { name: `How much did “${title}” save you?` });
    await question.waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe("Amount");
    await page.keyboard.press("Escape");
    await question.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Undo");
    await page.getByRole("button", { name: "Undo" }).click();
    await page.locator(`#deal-${id}`).waitFor();
    await expect.poll(() => statusOf(id)).toBeNull();

    await chooseInCardMenu(cardOfDeal(page, id), "Used it");
    await expect.poll(() => statusOf(id)).toBe("used");
    await page.reload();
    await page.locator("article").first().waitFor({ timeout: 15_000 });
    expect(await page.locator(`#deal-${id}`).count()).toBe(0);
    await page.getByRole("radio", { name: "Used" }).check();
    const used = page.locator("article", { has: page.locator(`#deal-${id}`) });
    expect(await cardMenuChecked(used, "Used it")).toBe(true);
    await screenshotBothThemes(page, "deal-used-list-1280");
    await chooseInCardMenu(used, "Used it");
    await page.locator(`#deal-${id}`).waitFor({ state: "detached" });
    await expect.poll(() => statusOf(id)).toBeNull();
    await page.getByRole("radio", { name: "Current" }).check();
    await page.locator(`#deal-${id}`).waitFor();
  });

  it("marks a deal that didn't work, lists it under Didn't work, and takes it back", async () => {
    const { card, id, title } = await firstCard(page);
    await chooseInCardMenu(card, "Didn't work");
    await page.getByText(`Marked "${title}" as not working.`).waitFor();
    await expect.poll(() => statusOf(id)).toBe("not_working");
    await page.getByRole("radio", { name: "Didn't work" }).check();
    const marked = page.locator("article", { has: page.locator(`#deal-${id}`) });
    await chooseInCardMenu(marked, "Didn't work");
    await expect.poll(() => statusOf(id)).toBeNull();
    await page.getByRole("radio", { name: "Current" }).check();
    await page.locator(`#deal-${id}`).waitFor();
  });

  it("copies a code from the detail dialog, as from its card", async () => {
    const deal = await dealWithCodes();
    const code = promoCodesOf(deal)[0]!;
    await page.getByRole("searchbox", { name: "Search deals" }).fill(code);
    const card = page.locator("article", { has: page.locator(`#deal-${deal.id}`) });
    await chooseInCardMenu(card, "Details");
    const dialog = page.getByRole("dialog", { name: deal.title });
    const codes = dialog.getByRole("list", { name: "Promo codes" });
    for (const each of promoCodesOf(deal)) {
      const condition = codeConditionOf(deal, each);
      await codes.getByText(condition ? `${each} · ${condition}` : each, { exact: true }).waitFor();
    }
    await codes.getByRole("button", { name: `Copy code ${code}`, exact: true }).click();
    expect(await codes.getByRole("button", { name: `Copied ${code}`, exact: true }).textContent()).toBe("Copied!");
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("searchbox", { name: "Search deals" }).fill("");
  });

  it("opens a brand's page from a card, with its figures and its switch, also when loaded directly", async () => {
    // The card of a deal with codes, found by its first code.
    const deal = await dealWithCodes();
    const code = promoCodesOf(deal)[0]!;
    await page.getByRole("searchbox", { name: "Search deals" }).fill(code);
    const card = page.locator("article", { has: page.locator(`#deal-${deal.id}`) });
    const brandLink = card.getByRole("link").first();
    const brandName = (await brandLink.textContent())!;
    await brandLink.click();
    await page.waitForURL(/\/brands\/[0-9a-f-]+$/);
    const brandId = page.url().split("/").at(-1)!;
    await page.getByRole("heading", { level: 1, name: brandName }).waitFor();
    const expected = decode(BrandPageCodec, (await api(stack, "GET", `/brands/${brandId}`, { token })).body);
    await page.getByText(expected.typicalPercentOff === null ? "No percent deals yet" : `${expected.typicalPercentOff}% off`, { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Current deals" }).waitFor();

    const toggle = page.getByRole("switch");
    await toggle.click();
    await page.getByRole("switch", { name: "Hidden from your dashboard" }).waitFor();
    await expect.poll(async () => decode(BrandPageCodec, (await api(stack, "GET", `/brands/${brandId}`, { token })).body).brand.isActive).toBe(false);
    await page.getByRole("switch", { name: "Hidden from your dashboard" }).click();
    await page.getByRole("switch", { name: "Shown on your dashboard" }).waitFor();

    const response = await page.goto(`${stack.baseUrl}/brands/${brandId}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: brandName }).waitFor({ timeout: 15_000 });

    // The deal's codes, each with its condition and a Copy button that names it, as on the card.
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: deal.title, exact: true }) });
    const codes = row.getByRole("list", { name: "Promo codes" });
    for (const each of promoCodesOf(deal)) {
      const condition = codeConditionOf(deal, each);
      await codes.getByText(condition ? `${each} · ${condition}` : each, { exact: true }).waitFor();
      await codes.getByRole("button", { name: `Copy code ${each}`, exact: true }).waitFor();
    }
    if (deal.terms.length > 0) expect(await row.getByText("Fine print:").locator("..").textContent()).toBe(`Fine print: ${deal.terms.join(" · ")}`);
    if (deal.dealUrl) expect(await row.getByRole("link", { name: `View deal for ${deal.title}` }).getAttribute("href")).toBe(deal.dealUrl);
    // A past deal's code has nothing to copy.
    for (const past of expected.pastDeals.flatMap(promoCodesOf)) expect(await page.getByRole("button", { name: `Copy code ${past}`, exact: true }).count()).toBe(0);

    // Reached with the keyboard (its focus ring shows in the screenshots), Copy says 'Copied!' once the clipboard has the code.
    const copy = codes.getByRole("button", { name: `Copy code ${code}`, exact: true });
    for (let step = 0; step < 80 && !(await copy.evaluate((button) => button === document.activeElement)); step++) await page.keyboard.press("Tab");
    expect(await copy.evaluate((button) => button === document.activeElement && button.matches(":focus-visible"))).toBe(true);
    await screenshotBothThemes(page, "brand-page-1280", { fullPage: true });
    await page.keyboard.press("Enter");
    const copied = codes.getByRole("button", { name: `Copied ${code}`, exact: true });
    await copied.waitFor();
    expect(await copied.textContent()).toBe("Copied!");
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);

    // A clipboard that refuses the code: never 'Copied!', the button says it failed and a toast says how to copy by hand.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    });
    await codes.getByRole("button", { name: `Copy code ${code}`, exact: true }).waitFor();
    await codes.getByRole("button", { name: `Copy code ${code}`, exact: true }).click();
    await page.getByText(`Select the code ${code} and copy it by hand.`).waitFor();
    await codes.getByRole("button", { name: `Copy failed: copy code ${code} again`, exact: true }).waitFor();
    expect(await page.getByText("Copied!").count()).toBe(0);

    await page.reload();
    await row.waitFor({ timeout: 15_000 });
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await screenshotBothThemes(page, `brand-page-${width}`, { fullPage: true });
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("lays out a brand's codes with enough contrast in both colour schemes, on a phone and a desktop", async () => {
    const { brandId } = await dealWithCodes();
    const session = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [320, 1280]) {
        // The server's content security policy forbids inline scripts, and axe is injected as one.
        const shot = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
        const brandPage = await shot.newPage();
        await brandPage.goto(stack.baseUrl);
        await brandPage.evaluate((items) => {
          for (const [key, item] of Object.entries(items)) localStorage.setItem(key, item);
        }, session);
        await brandPage.goto(`${stack.baseUrl}/brands/${brandId}`);
        await brandPage.getByRole("list", { name: "Promo codes" }).first().waitFor({ timeout: 15_000 });
        await settledAnimations(brandPage);
        expect(await axeViolations(brandPage), `${colorScheme} at ${width} px`).toEqual([]);
        await shot.close();
      }
    }
  });
});
