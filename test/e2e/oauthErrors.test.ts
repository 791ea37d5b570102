import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { continueWithGoogle, startE2eApp, type E2eApp } from "./support/app";

/** The message /oauth-callback shows for each error code (docs/product.md, "Sign-in errors"). */
const MESSAGES = {
  invalid_state: "Invalid authentication state. Please try signing in again.",
  authorization_failed: "Google authorization failed. Please try again.",
  user_not_found: "User not found. Please try signing up instead.",
  already_linked: "This account is already linked to Google.",
  email_mismatch: "Google account email must match your account email.",
  google_account_in_use: "This Google account is already linked to another user.",
  linking_failed: "Failed to link Google account. Please try again.",
  signin_failed: "Google sign-in failed. Please try again.",
} as const;

describe("OAuth errors at /oauth-callback", () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(() => app?.close());

  /** 'Oops!' with the message; Try Again leads to /login and Go Home to /. */
  async function expectFailure(page: Page, message: string): Promise<void> {
    const { baseUrl } = app.stack;
    const result = page.getByRole("region", { name: "Oops!" });
    await result.waitFor();
    expect(await result.getByRole("alert").textContent()).toBe(message);
    const callbackUrl = page.url();
    expect(new URL(callbackUrl).pathname).toBe("/oauth-callback");

    await page.getByRole("link", { name: "Try Again" }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await page.goBack();
    await page.waitForURL(callbackUrl);
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("link", { name: "Register" }).first().waitFor();
  }

  /** Watches for the server's callback URL (code and single-use state) as Google redirects the browser to it. */
  function captureCallback(page: Page): () => string {
    let callback: string | null = null;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/google-signin/callback") callback = request.url();
    });
    return () => {
      if (!callback) throw new Error("Google never redirected to the callback");
      return callback;
    };
  }

  it("authorization_failed: the person presses Cancel at Google's consent", async () => {
    const page = await app.newPage();
    await page.goto(`${app.stack.baseUrl}/login`);
    await continueWithGoogle(page, app.stack, "demo@example.com", "Cancel");
    await page.waitForURL(`${app.stack.baseUrl}/oauth-callback?error=authorization_failed`);
    await expectFailure(page, MESSAGES.authorization_failed);
  });

  it("user_not_found, then invalid_state when Google's answer is replayed", async () => {
    const page = await app.newPage();
    const callback = captureCallback(page);
    await page.goto(`${app.stack.baseUrl}/login`);
    await continueWithGoogle(page, app.stack, "other.user@example.com");
    await page.waitForURL(`${app.stack.baseUrl}/oauth-callback?error=user_not_found`);
    await expectFailure(page, MESSAGES.user_not_found);

    const replay = await app.newPage();
    await replay.goto(callback());
    await replay.waitForURL(`${app.stack.baseUrl}/oauth-callback?error=invalid_state`);
    await expectFailure(replay, MESSAGES.invalid_state);
  });

  it("invalid_state: a callback with a state the server never issued", async () => {
    const page = await app.newPage();
    await page.goto(`${app.stack.apiUrl}/google-signin/callback?code=forged-code&state=forged-state`);
    await page.waitForURL(`${app.stack.baseUrl}/oauth-callback?error=invalid_state`);
    await expectFailure(page, MESSAGES.invalid_state);
  });

  const arriving: [query: string, message: string][] = [
    ["error=already_linked", MESSAGES.already_linked],
    ["error=email_mismatch", MESSAGES.email_mismatch],
    ["error=google_account_in_use", MESSAGES.google_account_in_use],
    ["error=linking_failed", MESSAGES.linking_failed],
    ["error=signin_failed", MESSAGES.signin_failed],
    ["error=oauth_error&message=Gmail+access+was+declined.", "Gmail access was declined."],
    ["error=oauth_error", "OAuth error occurred. Please try again."],
    ["error=temporarily_unavailable&message=Google+is+busy.", "Google is busy."],
    ["error=temporarily_unavailable", "An error occurred during OAuth. Please try again."],
  ];

  it.each(arriving)("%s arriving at /oauth-callback shows its message", async (query, message) => {
    const page = await app.newPage();
    await page.goto(`${app.stack.baseUrl}/oauth-callback?${query}`);
    await expectFailure(page, message);
  });
});
