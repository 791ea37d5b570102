import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Dashboard } from "../../src/domain/dashboard";
import { expiryStatus, promoCodesOf } from "../../src/domain/deal";
import { filterDeals, NO_FILTERS } from "../../src/domain/dealSearch";
import { startStack, waitForSync, type Stack } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { launchChromium, registerWithGoogle, SCREENSHOTS_DIR } from "./support/browser";
import { answerGoogle, createAccount, signInInBrowser } from "./support/app";
import { cardMenuButton, cardOfDeal, chooseInCardMenu } from "./support/cards";

/** Waits until every image on screen has loaded, its own or, after failures, a stock one. */
const imagesSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.images]
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete && image.naturalWidth > 0),
  );

/** Pairs of mounted deal cards whose boxes overlap: once cards are measured after their images load, there are none. */
const overlappingCards = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll("[data-index]")].map((card) => ({ index: card.getAttribute("data-index"), box: card.getBoundingClientRect() }));
    return boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1 && a.box.top < b.box.bottom - 1 && b.box.top < a.box.bottom - 1)
        .map((b) => `${a.index}/${b.index}`),
    );
  });

/** The screen reader's count of the deals the filters let through, e.g. '12 deals'. */
const dealCount = (page: Page) => page.getByRole("region", { name: "Deals" }).getByRole("status");
const countText = (count: number) => (count === 1 ? "1 deal" : `${count} deals`);

describe("the dashboard in Chromium", () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let dashboard: Dashboard;

  const fetchDashboard = () => wholeDashboard(stack, token);
  /** The deals of the current view, which the dashboard lists unless asked for another: those that can still be used. */
  const currentOf = (whole: Dashboard) => filterDeals(whole.deals, NO_FILTERS, new Date());

  beforeAll(async () => {
    // The feedback banner shows only with a configured address.
    stack = await startStack({ staticDir: resolve("dist"), env: { FEEDBACK_FORM_URL: "https://forms.example.org/deal-finder" } });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.baseUrl });
    page = await context.newPage();

    await registerWithGoogle(page, { app: stack.baseUrl, google: stack.emulator.baseUrl }, "demo@example.com");
    token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    await waitForSync(stack, token);
    dashboard = await fetchDashboard();
    expect(dashboard.deals.length).toBeGreaterThan(5);
    await page.reload();
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length) }).waitFor({ timeout: 15_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("shows the greeting, the stat cards and the feedback banner", async () => {
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/new deals today|Time to score some deals/);
    const stats = page.getByRole("list", { name: "Your numbers" });
    await expect(stats.textContent()).resolves.toContain(`Active Promos${dashboard.stats.activePromos.value}`);
    await expect(page.getByRole("link", { name: "Share your feedback" }).getAttribute("href")).resolves.toMatch(/^https?:/);
    await imagesSettled(page);
    await expect.poll(() => overlappingCards(page), { timeout: 5_000 }).toEqual([]);
    // The demo's images live on hosts this closed network cannot reach, so each card falls back to a stock image.
    const sources = await page.evaluate(() =>
      [...document.images].filter((image) => image.getBoundingClientRect().top < window.innerHeight && image.closest("article")).map((image) => image.src),
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(new URL(source).pathname).toMatch(/^\/stock\/[a-z-]+-[1-5]\.svg$/);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-desktop.png` });
  });

  it("searches by the start of words, in the browser", async () => {
    const target = dashboard.deals.find((deal) => deal.brand.length >= 4)!;
    const prefix = target.brand.split(/\s+/)[0]!.slice(0, 4);
    const expected = filterDeals(dashboard.deals, { ...NO_FILTERS, search: prefix }, new Date());
    const search = page.getByRole("searchbox", { name: "Search deals" });
    await search.fill(prefix);
    await dealCount(page).filter({ hasText: countText(expected.length) }).waitFor();
    await page.getByRole("heading", { level: 3, name: target.title, exact: true }).first().waitFor();
    // A run of letters from inside a word finds nothing unless some word starts with it.
    await search.fill("zqxj");
    await page.getByText("No deals match your filters.").waitFor();
    await search.fill("");
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length) }).waitFor();
  });

  it("pre-fills the search from the from_domain parameter", async () => {
    const domain = dashboard.deals[0]!.brandDomain;
    const expected = filterDeals(dashboard.deals, { ...NO_FILTERS, search: domain }, new Date());
    await page.goto(`${stack.baseUrl}/dashboard?from_domain=${encodeURIComponent(domain)}`);
    await dealCount(page).filter({ hasText: countText(expected.length) }).waitFor({ timeout: 15_000 });
    await expect(page.getByRole("searchbox", { name: "Search deals" }).inputValue()).resolves.toBe(domain);
    await page.goto(`${stack.baseUrl}/dashboard`);
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length) }).waitFor({ timeout: 15_000 });
  });

  it("filters by a category chip, with the server's count", async () => {
    const category = dashboard.categories[0]!;
    await page.getByRole("button", { name: `${category.label} ${category.current}`, exact: true }).click();
    await dealCount(page).filter({ hasText: countText(category.current) }).waitFor();
    await page.getByRole("button", { name: `All ${currentOf(dashboard).length}`, exact: true }).click();
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length) }).waitFor();
  });

  it("toggles the Expiring Soon filter", async () => {
    const today = new Date();
    const expiring = dashboard.deals.filter((deal) => expiryStatus(deal.expirationDate, today) === "expiring-soon");
    const toggle = page.getByRole("button", { name: /Expiring Soon/ });
    await expect(toggle.textContent()).resolves.toContain("Show only these");
    await toggle.click();
    await expect(toggle.textContent()).resolves.toContain("Showing only these");
    if (expiring.length > 0) await dealCount(page).filter({ hasText: countText(expiring.length) }).waitFor();
    else await page.getByText("No deals match your filters.").waitFor();
    await toggle.click();
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length) }).waitFor();
  });

  it("copies a promo code to the clipboard", async () => {
    const code = promoCodesOf(dashboard.deals.find((deal) => promoCodesOf(deal).length > 0)!)[0]!;
    await page.getByRole("searchbox", { name: "Search deals" }).fill("");
    const copy = page.getByRole("button", { name: `Copy code ${code}`, exact: true }).first();
    await copy.scrollIntoViewIfNeeded();
    await copy.click();
    await page.getByRole("button", { name: `Copied ${code}`, exact: true }).first().waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
  });

  it("never says 'Copied!' when the clipboard refuses a code", async () => {
    const code = promoCodesOf(dashboard.deals.find((deal) => promoCodesOf(deal).length > 0)!)[0]!;
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    });
    const copy = page.getByRole("button", { name: `Copy code ${code}`, exact: true }).first();
    await copy.scrollIntoViewIfNeeded();
    await copy.click();
    await page.getByText(`Select the code ${code} and copy it by hand.`).waitFor();
    await page.getByRole("button", { name: `Copy failed: copy code ${code} again`, exact: true }).first().waitFor();
    await expect(page.getByText("Copied!").count()).resolves.toBe(0);
    await page.reload();
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length) }).waitFor({ timeout: 15_000 });
  });

  it("finds a deal by its promo code, the same deals in the browser as on the server", async () => {
    const withCode = dashboard.deals.find((deal) => promoCodesOf(deal).length > 0)!;
    const query = promoCodesOf(withCode)[0]!.toLowerCase();
    const expected = filterDeals(dashboard.deals, { ...NO_FILTERS, search: query }, new Date());
    expect(expected.map((deal) => deal.id)).toContain(withCode.id);
    const fromServer = await wholeDashboard(stack, token, `search=${encodeURIComponent(query)}`);
    expect(fromServer.deals.map((deal) => deal.id)).toEqual(expected.map((deal) => deal.id));
    const search = page.getByRole("searchbox", { name: "Search deals" });
    await search.fill(query);
    await dealCount(page).filter({ hasText: countText(expected.length) }).waitFor();
    await page.getByRole("heading", { level: 3, name: withCode.title, exact: true }).first().waitFor();
    await search.fill("");
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length) }).waitFor();
  });

  it("hides a brand: the card greys at once, and its deals are gone after a refresh", async () => {
    const victim = currentOf(dashboard)[0]!;
    const brandDeals = currentOf(dashboard).filter((deal) => deal.brandId === victim.brandId).length;
    await page.getByRole("searchbox", { name: "Search deals" }).fill(victim.title);
    await chooseInCardMenu(cardOfDeal(page, victim.id), `Hide brand ${victim.brand}`);
    await page.getByText(`All deals from ${victim.brand} hidden`).waitFor();
    await page.getByText("You can show them again in Settings.").waitFor();
    await page.getByText("Brand hidden").first().waitFor();

    await page.getByRole("searchbox", { name: "Search deals" }).fill("");
    await page.getByRole("button", { name: "Refresh" }).click();
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length - brandDeals) }).waitFor();
    await expect(page.getByRole("link", { name: victim.brand, exact: true }).count()).resolves.toBe(0);

    await page.reload();
    await dealCount(page).filter({ hasText: countText(currentOf(dashboard).length - brandDeals) }).waitFor({ timeout: 15_000 });
    const after = await fetchDashboard();
    expect(after.deals.some((deal) => deal.brandId === victim.brandId)).toBe(false);
  });

  it("welcomes a person with no promos and starts a Gmail sync from there", async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const newcomer = await fresh.newPage();
    await registerWithGoogle(newcomer, { app: stack.baseUrl, google: stack.emulator.baseUrl }, "new.user@example.com");
    await waitForSync(stack, (await newcomer.evaluate(() => localStorage.getItem("authToken")))!);
    await newcomer.getByRole("heading", { name: "Welcome to Deal Finder!" }).waitFor();
    await expect(newcomer.getByRole("searchbox").count()).resolves.toBe(0);
    // The first sync ran at sign-up and found nothing; the progress, not a toast, says how the next one goes.
    await newcomer.getByRole("button", { name: "Sync again now" }).click();
    await newcomer.getByRole("region", { name: "Gmail sync" }).getByText("Sync completed: 0 new deals").waitFor();
    await fresh.close();
  });

  it("connects Gmail from the welcome panel only after saying what is read and kept", async () => {
    const account = "other.user@example.com";
    await createAccount(stack, account);
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const person = await fresh.newPage();
    await signInInBrowser(person, stack, account);
    await person.getByRole("heading", { name: "Welcome to Deal Finder!" }).waitFor();
    await person.getByRole("button", { name: "Connect Gmail" }).click();
    const consent = person.getByRole("dialog", { name: "Before you go to Google" });
    await consent.getByText(/Only the emails in your Gmail Promotions, read-only/).waitFor();
    expect(new URL(person.url()).pathname).toBe("/dashboard");
    await consent.getByRole("button", { name: "Continue to Google" }).click();
    await answerGoogle(person, stack, account);
    await person.waitForURL(`${stack.baseUrl}/dashboard`);
    // Connected: the first sync runs, and nothing asks for Gmail any more.
    await waitForSync(stack, (await person.evaluate(() => localStorage.getItem("authToken")))!);
    await person.getByRole("heading", { level: 1, name: /, Other!$/ }).waitFor();
    await expect(person.getByRole("button", { name: "Connect Gmail" }).count()).resolves.toBe(0);
    await fresh.close();
  });

  it("fits a 375 px phone, where a swipe changes the category", async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    await phone.addInitScript(
      ([access, refresh, user]) => {
        localStorage.setItem("authToken", access!);
        localStorage.setItem("refreshToken", refresh!);
        localStorage.setItem("user", user!);
      },
      await page.evaluate(() => [localStorage.getItem("authToken"), localStorage.getItem("refreshToken"), localStorage.getItem("user")]),
    );
    const mobile = await phone.newPage();
    await mobile.goto(`${stack.baseUrl}/dashboard`);
    const visible = currentOf(await fetchDashboard()).length;
    await dealCount(mobile).filter({ hasText: countText(visible) }).waitFor({ timeout: 15_000 });
    const scrollWidth = await mobile.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await imagesSettled(mobile);
    await mobile.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-phone.png` });
    await mobile.evaluate(() => window.scrollTo(0, 900));
    await imagesSettled(mobile);
    await expect.poll(() => overlappingCards(mobile), { timeout: 5_000 }).toEqual([]);
    await mobile.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-phone-cards.png` });

    const deals = mobile.getByRole("region", { name: "Deals" });
    const box = (await deals.boundingBox())!;
    const y = box.y + 100;
    await deals.dispatchEvent("touchstart", { touches: [{ identifier: 1, clientX: 300, clientY: y }] });
    await deals.dispatchEvent("touchmove", { touches: [{ identifier: 1, clientX: 280, clientY: y }] });
    const first = (await fetchDashboard()).categories[0]!;
    await mobile.getByText(`${first.label} ›`).waitFor();
    await deals.dispatchEvent("touchend", { changedTouches: [{ identifier: 1, clientX: 180, clientY: y }] });
    await mobile.getByRole("button", { name: `${first.label} ${first.current}`, pressed: true }).waitFor();
    await dealCount(mobile).filter({ hasText: countText(first.current) }).waitFor();

    // On a phone, hiding a brand asks first.
    const card = mobile.locator("article").first();
    await cardMenuButton(card).click();
    const hideItem = card.getByRole("menuitem", { name: /^Hide brand / });
    const brand = (await hideItem.getAttribute("aria-label"))!.replace("Hide brand ", "");
    await hideItem.click();
    const confirm = mobile.getByRole("alertdialog", { name: `Hide all deals from ${brand}?` });
    await confirm.getByRole("button", { name: "Hide brand" }).click();
    await mobile.getByText(`All deals from ${brand} hidden`).waitFor();
    await expect(confirm.count()).resolves.toBe(0);
    await phone.close();
  });
});
