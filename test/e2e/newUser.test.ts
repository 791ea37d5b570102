import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { promoCodesOf } from "../../src/domain/deal";
import { startStack, waitForSync, type Stack } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { launchChromium, registerWithGoogle, SCREENSHOTS_DIR } from "./support/browser";

describe("a new user", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({ staticDir: resolve("dist") });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("registers with Google, allows Gmail access and sees deals with their codes", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await registerWithGoogle(page, { app: stack.baseUrl, google: stack.emulator.baseUrl }, "demo@example.com");
    const token = await page.evaluate(() => localStorage.getItem("authToken"));
    expect(token).toBeTruthy();
    await waitForSync(stack, token!);
    const dashboard = await wholeDashboard(stack, token!);
    const codes = dashboard.deals.flatMap((deal) => promoCodesOf(deal));
    expect(codes.length).toBeGreaterThan(5);

    await page.reload();
    for (const code of codes.slice(0, 3)) {
      await page.getByText(code, { exact: true }).first().waitFor({ timeout: 15_000 });
    }
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard.png` });
  });
});
