import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { filterDeals, NO_FILTERS } from "../../src/domain/dealSearch";
import { waitForSync } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { SCREENSHOTS_DIR, settledAnimations } from "./support/browser";
import { signInInBrowser, signUpInBrowser, startE2eApp, type E2eApp } from "./support/app";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The most Tab presses from the search box to the first card the issue allows. */
const MAX_TABS_TO_GRID = 15;

const dealCount = (page: Page) => page.getByRole("region", { name: "Deals" }).getByRole("status");
const countText = (count: number) => (count === 1 ? "1 deal" : `${count} deals`);
const grid = (page: Page) => page.getByRole("grid", { name: "Deals" });

/** What has focus: a card of the grid ("cell 3"), something inside one ("in cell 3"), or outside the grid. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const cell = active?.closest("[role='gridcell']");
    if (!cell) return active?.closest("[role='grid']") ? "in grid" : "outside";
    return `${active === cell ? "cell" : "in cell"} ${cell.getAttribute("data-cell")}`;
  });

/** The focused card's box, for reading order. */
const focusedBox = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement!.getBoundingClientRect();
    return { top: Math.round(box.top + window.scrollY), left: Math.round(box.left) };
  });

/** Tab presses from the search box until a deal card has focus (up to `limit`); -1 when none was reached. */
async function tabsFromSearchToGrid(page: Page, limit = 40): Promise<number> {
  await page.getByRole("searchbox", { name: "Search deals" }).focus();
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press("Tab");
    if ((await focused(page)).startsWith("cell")) return presses;
  }
  return -1;
}

/** Saves the page in the light and the dark theme, then leaves it light. */
async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await settledAnimations(page);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}-${theme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describe("the phone-first dashboard and its keyboard grid, in Chromium", () => {
  let app: E2eApp;
  let phone: Page;
  let desktop: Page;
  let currentCount: number;

  beforeAll(async () => {
    app = await startE2eApp();
    phone = await app.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await signUpInBrowser(phone, app.stack, "demo@example.com");
    const token = (await phone.evaluate(() => localStorage.getItem("authToken")))!;
    await waitForSync(app.stack, token);
    const dashboard = await wholeDashboard(app.stack, token);
    currentCount = filterDeals(dashboard.deals, NO_FILTERS, new Date()).length;
    expect(currentCount).toBeGreaterThan(8);
    // The page the person signed up on, as the first sync left it: no reload.
    await dealCount(phone).filter({ hasText: countText(currentCount) }).waitFor({ timeout: 30_000 });
    desktop = await app.newPage({ viewport: DESKTOP });
    await signInInBrowser(desktop, app.stack, "demo@example.com");
    await dealCount(desktop).filter({ hasText: countText(currentCount) }).waitFor({ timeout: 15_000 });
  });

  afterAll(() => app?.close());

  it("shows the first deal's title on a 390 x 844 phone's first screen after the first sync", async () => {
    await phone.evaluate(() => window.scrollTo(0, 0));
    const title = phone.locator("[data-cell='0'] h3");
    const box = (await title.boundingBox())!;
    const headerBottom = await phone.evaluate(() => document.querySelector("header")!.getBoundingClientRect().bottom);
    expect(box.y).toBeGreaterThanOrEqual(headerBottom);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // Nothing covers it: the title's own text is what is drawn at its middle.
    const onTop = await phone.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("h3")?.id ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(onTop).toBe(await title.getAttribute("id"));
    // The four figures fold into one row.
    const statTops = await phone.getByRole("list", { name: "Your numbers" }).getByRole("listitem").evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(statTops).toHaveLength(4);
    expect(new Set(statTops).size).toBe(1);
    // No comparison with a last month there was no data for.
    await expect(phone.getByText("No data last month").count()).resolves.toBe(0);
    await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await screenshotBothThemes(phone, "phone-first-screen-390");
  });

  it.each([
    ["1280", () => desktop],
    ["390", () => phone],
  ])("reaches the first card from the search box in at most 15 Tabs at %s px, and one Tab passes the grid", async (width, pageOf) => {
    const page = pageOf();
    const presses = await tabsFromSearchToGrid(page);
    console.info(`Tab presses from the search box to the first card at ${width} px: ${presses}`);
    expect(presses).toBeGreaterThan(0);
    expect(presses).toBeLessThanOrEqual(MAX_TABS_TO_GRID);
    await expect(focused(page)).resolves.toBe("cell 0");
    await page.keyboard.press("Tab");
    await expect(focused(page)).resolves.toBe("outside");
    await page.keyboard.press("Shift+Tab");
    await expect(focused(page)).resolves.toBe("cell 0");
    // Exactly one card is in the Tab order.
    await expect(grid(page).locator("[tabindex='0'], a[href]:not([tabindex='-1']), button:not([tabindex='-1'])").count()).resolves.toBe(1);
  });

  it.each([
    ["1280", () => desktop, 4],
    ["390", () => phone, 2],
  ])("moves between cards with the arrow keys in reading order at %s px", async (_width, pageOf, columns) => {
    const page = pageOf();
    await tabsFromSearchToGrid(page);
    const boxes = [await focusedBox(page)];
    for (let index = 1; index <= columns + 1; index++) {
      await page.keyboard.press("ArrowRight");
      await expect(focused(page)).resolves.toBe(`cell ${index}`);
      boxes.push(await focusedBox(page));
    }
    // Left to right along the first row, then the second row's first card, below and back at the left.
    for (let index = 1; index < columns; index++) {
      expect(boxes[index]!.top).toBe(boxes[0]!.top);
      expect(boxes[index]!.left).toBeGreaterThan(boxes[index - 1]!.left);
    }
    expect(boxes[columns]!.top).toBeGreaterThan(boxes[0]!.top);
    expect(boxes[columns]!.left).toBe(boxes[0]!.left);
    await page.keyboard.press("ArrowUp");
    await expect(focused(page)).resolves.toBe("cell 1");
    await page.keyboard.press("ArrowDown");
    await expect(focused(page)).resolves.toBe(`cell ${1 + columns}`);
    await page.keyboard.press("Home");
    await expect(focused(page)).resolves.toBe(`cell ${columns}`);
    await page.keyboard.press("Control+Home");
    await expect(focused(page)).resolves.toBe("cell 0");
    await page.keyboard.press("ArrowLeft");
    await expect(focused(page)).resolves.toBe("cell 0");
  });

  it.each([
    ["1280", () => desktop],
    ["390", () => phone],
  ])("goes into a card with Enter, opens its menu by keyboard, and Escape gives focus back, at %s px", async (width, pageOf) => {
    const page = pageOf();
    await tabsFromSearchToGrid(page);
    const card = page.locator("[data-cell='0']");
    const title = (await card.locator("h3").textContent())!;
    await page.keyboard.press("Enter");
    await expect(focused(page)).resolves.toBe("in cell 0");
    const menuButton = card.getByRole("button", { name: `More actions: ${title}` });
    for (let presses = 0; presses < 10 && !(await menuButton.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press("Tab");
    await expect(menuButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await expect(menuButton.getAttribute("aria-haspopup")).resolves.toBe("menu");
    await expect(menuButton.getAttribute("aria-expanded")).resolves.toBe("false");

    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: `More actions: ${title}` });
    await menu.waitFor();
    await expect(menuButton.getAttribute("aria-expanded")).resolves.toBe("true");
    const focusedItem = () => page.evaluate(() => document.activeElement?.textContent?.replace(/[☆★]/g, "").trim());
    await expect(focusedItem()).resolves.toBe("Details");
    await page.keyboard.press("End");
    await expect(focusedItem()).resolves.toBe("Hide brand");
    await page.keyboard.press("ArrowDown");
    await expect(focusedItem()).resolves.toBe("Details");
    await page.keyboard.press("ArrowUp");
    await expect(focusedItem()).resolves.toBe("Hide brand");
    await expect(menu.getByRole("menuitemcheckbox", { name: "Used it" }).getAttribute("aria-checked")).resolves.toBe("false");
    await settledAnimations(page);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/phone-first-menu-${width}.png` });

    await page.keyboard.press("Escape");
    await expect(menu.count()).resolves.toBe(0);
    await expect(menuButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await expect(menuButton.getAttribute("aria-expanded")).resolves.toBe("false");
    // Escape once more leaves the card's controls for the card itself.
    await page.keyboard.press("Escape");
    await expect(focused(page)).resolves.toBe("cell 0");

    // Details from the menu: the code and the shop first, the source last; closing gives focus back to the menu button.
    await page.keyboard.press("Enter");
    for (let presses = 0; presses < 10 && !(await menuButton.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await menu.waitFor();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByText("Where it came from").waitFor();
    const order = await dialog.evaluate((element) =>
      ["Use this deal", "When it ends", "Did you use it?", "Where it came from"].map((name) =>
        [...element.querySelectorAll("section, details, h3, summary")].findIndex((node) => node.getAttribute("aria-label") === name || node.textContent?.trim() === name),
      ),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await screenshotBothThemes(page, `phone-first-details-${width}`);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect(menuButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
  });

  it("saves the dashboard at 1280 px in both themes", async () => {
    await desktop.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await screenshotBothThemes(desktop, "phone-first-dashboard-1280");
  });
});
