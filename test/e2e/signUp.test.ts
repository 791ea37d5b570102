import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, decode } from "../server/support/stack";
import { AuthMeCodec, UserPreferencesCodec } from "../../src/contract";
import { continueWithGoogle, signUpInBrowser, startE2eApp, storedSession, type E2eApp } from "./support/app";

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
});
