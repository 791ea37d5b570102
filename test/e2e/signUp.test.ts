import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, decode } from "../server/support/stack";
import { AuthMeCodec, UserPreferencesCodec } from "../../src/contract";
import { continueWithGoogle, signUpInBrowser, startE2eApp, storedSession, type E2eApp } from "./support/app";
import { SCREENSHOTS_DIR } from "./support/browser";

describe("sign-up", () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(() => app?.close());

  it("creates an account with Google, greets the person and opens their dashboard signed in", async () => {
    const { stack } = app;
    const page = await app.newPage();
    await page.goto(stack.baseUrl);
    await page.getByRole("link", { name: "Register" }).first().click();
    await page.waitForURL(`${stack.baseUrl}/register`);
    await continueWithGoogle(page, stack, "new.user@example.com");

    await page.getByRole("heading", { name: "Success!" }).waitFor();
    await page.getByText("Welcome New! Your account has been created with Google.").waitFor();
    await page.waitForURL(`${stack.baseUrl}/dashboard`);
    await page.getByRole("button", { name: "Account menu for New User" }).waitFor();
    expect(await page.getByRole("link", { name: "Login" }).count()).toBe(0);

    const session = await storedSession(page);
    expect(session.user?.email).toBe("new.user@example.com");
    expect(session.refreshToken).toBeTruthy();
    const me = await api(stack, "GET", "/auth/me", { token: session.authToken! });
    expect(me.status).toBe(200);
    expect(decode(AuthMeCodec, me.body).user.email).toBe("new.user@example.com");
  });

  it("keeps the time zone of the browser the person signed up in for their emails", async () => {
    const { stack } = app;
    const page = await app.newPage({ timezoneId: "America/New_York" });
    await signUpInBrowser(page, stack, "other.user@example.com");
    const session = await storedSession(page);
    const settings = await api(stack, "GET", "/user/settings", { token: session.authToken! });
    expect(decode(UserPreferencesCodec, settings.body).settings.timeZone).toBe("America/New_York");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [390, 1280]) {
      it(`says what is read and kept before Google's page, at ${width} px in the ${colorScheme} scheme`, async () => {
        const page = await app.newPage({ viewport: { width, height: 844 }, colorScheme });
        await page.goto(`${app.stack.baseUrl}/register`);
        await page.getByRole("button", { name: "Continue with Google" }).click();
        const heading = page.getByRole("heading", { level: 1, name: "Before you go to Google" });
        await heading.waitFor();
        // Focus follows the step, so a screen reader starts at its heading.
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Before you go to Google");
        await page.getByText(/Google will ask to "View your email messages and settings"/).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const goOn = page.getByRole("button", { name: "Continue to Google" });
        const box = (await goOn.boundingBox())!;
        expect(box.y + box.height, "Continue to Google is on the first screen").toBeLessThanOrEqual(844);
        await page.screenshot({ path: `${SCREENSHOTS_DIR}/register-consent-${width}-${colorScheme}.png` });
        // Back returns to the first step, focus on the button that opened this one.
        await page.getByRole("button", { name: "Back" }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Continue with Google");
        await page.context().close();
      });
    }
  }
});
