import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../server/support/stack";
import { createAccount, signInInBrowser, startE2eApp, storedSession, type E2eApp } from "./support/app";

const ACCOUNT = "new.user@example.com";

describe("sign-out", () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    await createAccount(app.stack, ACCOUNT);
  });

  afterAll(() => app?.close());

  it("works the user menu by keyboard and signs out: the server session ends and the stored one is cleared", async () => {
    const { stack } = app;
    const page = await app.newPage();
    await signInInBrowser(page, stack, ACCOUNT);
    const { authToken } = await storedSession(page);

    const trigger = page.getByRole("button", { name: "Account menu for New User" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => trigger.getAttribute("aria-expanded")).toBe("true");
    await page.getByText(ACCOUNT, { exact: true }).waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Settings");
    await page.keyboard.press("Escape");
    await expect.poll(() => trigger.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(0);
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await trigger.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");

    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Logout");
    await page.keyboard.press("Enter");

    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByRole("link", { name: "Login" }).waitFor();
    expect(await storedSession(page)).toEqual({ authToken: null, refreshToken: null, user: null });
    expect((await api(stack, "GET", "/auth/me", { token: authToken! })).status).toBe(401);

    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/login`);
  });
});
