import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { AlertRulesCodec } from "../../src/contract";
import { api, decode } from "../server/support/stack";
import { signUpInBrowser, startE2eApp, storedSession, type E2eApp } from "./support/app";

/** Settings' reminder lead time and Deal alerts card in Chromium, against the real server, used with the keyboard. */
describe("alerts a person chooses, in Chromium", () => {
  let app: E2eApp;
  let page: Page;

  beforeAll(async () => {
    app = await startE2eApp();
    page = await app.newPage({ viewport: { width: 390, height: 844 } });
    await signUpInBrowser(page, app.stack, "demo@example.com");
  });

  afterAll(async () => {
    await app?.close();
  });

  it("chooses a reminder lead time and adds and removes an alert rule with the keyboard, and both are kept", async () => {
    // The card lists the brands as the page opens: it opens once the first sync has stored some.
    const { authToken } = await storedSession(page);
    const brandsNow = async () => decode(AlertRulesCodec, (await api(app.stack, "GET", "/alert-rules", { token: authToken! })).body).brands.length;
    await expect.poll(brandsNow, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.goto(`${app.stack.baseUrl}/settings`);
    const emails = page.getByRole("region", { name: "Emails" });
    const leadTime = emails.getByLabel("Remind me");
    await leadTime.waitFor();
    await expect.poll(() => leadTime.inputValue()).toBe("1");
    await leadTime.selectOption({ label: "3 days before" });

    const alerts = page.getByRole("region", { name: "Deal alerts" });
    await alerts.getByText("No alerts yet").waitFor();
    expect(await alerts.getByLabel("From").locator("option").count()).toBeGreaterThan(1);
    await alerts.getByLabel("Alert me about").focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => alerts.getByLabel("Alert me about").inputValue()).toBe("code");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Add alert");
    await page.keyboard.press("Enter");
    await alerts.getByText("Any code from brands you follow").waitFor();

    await page.reload();
    await expect.poll(() => page.getByRole("region", { name: "Emails" }).getByLabel("Remind me").inputValue()).toBe("3");
    const kept = page.getByRole("region", { name: "Deal alerts" });
    await kept.getByText("Any code from brands you follow").waitFor();
    const { authToken: token } = await storedSession(page);
    const rules = decode(AlertRulesCodec, (await api(app.stack, "GET", "/alert-rules", { token: token! })).body).rules;
    expect(rules).toMatchObject([{ kind: "code", brand: null }]);

    await kept.getByRole("button", { name: "Remove alert: Any code from brands you follow" }).click();
    await kept.getByText("No alerts yet").waitFor();
  });
});
