import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { SCREENSHOTS_DIR } from "./support/browser";
import { createAccount, signInInBrowser, startE2eApp, type E2eApp } from "./support/app";
import { GUEST_PAGES } from "./support/pages";

const NARROWEST = { width: 320, height: 640 };

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(NARROWEST.width);
}

const screenshotName = (path: string) => `narrow-${path.replace(/\?.*/, "").replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}.png`;

describe("at 320 px wide", () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(() => app?.close());

  it.each(GUEST_PAGES)("%s fits the screen", async (path, heading) => {
    const page = await app.newPage({ viewport: NARROWEST });
    await page.goto(`${app.stack.baseUrl}${path}`);
    await page.getByRole("heading", { name: heading, exact: true }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/${screenshotName(path)}`, fullPage: true });
    await expectNoSidewaysScroll(page);
  });

  it("the signed-in header and its open user menu fit the screen", async () => {
    await createAccount(app.stack, "new.user@example.com");
    const page = await app.newPage({ viewport: NARROWEST });
    await signInInBrowser(page, app.stack, "new.user@example.com");
    await page.getByRole("button", { name: "Account menu for New User" }).click();
    await page.getByRole("button", { name: "Logout" }).waitFor();
    await expectNoSidewaysScroll(page);
    const menuBox = await page.getByRole("button", { name: "Logout" }).boundingBox();
    expect(menuBox!.x).toBeGreaterThanOrEqual(0);
    expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(NARROWEST.width);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/narrow-user-menu.png` });
  });
});
