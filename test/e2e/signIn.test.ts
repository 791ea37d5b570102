import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { continueWithGoogle, createAccount, startE2eApp, storedSession, toast, type E2eApp } from "./support/app";

const ACCOUNT = "new.user@example.com";

describe("sign-in", () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    await createAccount(app.stack, ACCOUNT);
  });

  afterAll(() => app?.close());

  it("signs a returning person in with Google and opens their dashboard", async () => {
    const { stack } = app;
    const page = await app.newPage();
    await page.goto(stack.baseUrl);
    await page.getByRole("link", { name: "Login" }).click();
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await continueWithGoogle(page, stack, ACCOUNT);

    await page.getByText("Welcome back New!").waitFor();
    await page.waitForURL(`${stack.baseUrl}/dashboard`);
    await page.getByRole("heading", { name: "Time to score some deals, New!" }).waitFor();
    expect((await storedSession(page)).user?.email).toBe(ACCOUNT);
  });

  it("sends a signed-out visitor of /settings to /login, and back to /settings after signing in", async () => {
    const { stack } = app;
    const page = await app.newPage();
    await page.goto(`${stack.baseUrl}/settings`);
    await page.waitForURL(`${stack.baseUrl}/login`);
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();

    await continueWithGoogle(page, stack, ACCOUNT);
    await page.waitForURL(`${stack.baseUrl}/settings`, { timeout: 30_000 });
    await page.getByRole("heading", { name: "Settings", exact: true }).waitFor();
    await expect.poll(() => page.getByLabel("Email Address").inputValue()).toBe(ACCOUNT);
  });

  it("keeps a signed-in person out of /login and /register", async () => {
    const { stack } = app;
    const page = await app.newPage();
    await page.goto(`${stack.baseUrl}/login`);
    await continueWithGoogle(page, stack, ACCOUNT);
    await page.waitForURL(`${stack.baseUrl}/dashboard`);

    for (const guestPage of ["/login", "/register", "/"]) {
      await page.goto(`${stack.baseUrl}${guestPage}`);
      await page.waitForURL(`${stack.baseUrl}/dashboard`);
    }
  });

  // Last: it stops the server.
  it("says 'Failed to initiate Google sign-in' when the server cannot start the Google round trip", async () => {
    const { stack } = app;
    const page = await app.newPage();
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await app.stopServer();

    await page.getByRole("button", { name: "Continue with Google" }).click();
    const failure = toast(page, "Error");
    await failure.waitFor();
    expect(await failure.textContent()).toContain("Failed to initiate Google sign-in");
    expect(await page.getByRole("button", { name: "Continue with Google" }).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
