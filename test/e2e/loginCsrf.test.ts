import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { AuthMeCodec } from "../../src/contract";
import { SIGN_IN_STARTED_ELSEWHERE } from "../../server/application/messages";
import { api, decode } from "../server/support/stack";
import { continueWithGoogle, createAccount, signInInBrowser, startE2eApp, storedSession, type E2eApp } from "./support/app";

const PERSON = "new.user@example.com";
const GREETING = "Time to score some deals, New!";
const ATTACKER = "other.user@example.com";
const INVALID_STATE = "Invalid authentication state. Please try signing in again.";

/**
 * Login CSRF: an attacker runs a sign-in for their own account in their own browser, stops where they hold a link
 * that would finish it, and gets a signed-in person to open that link. The person must stay signed in as themselves.
 */
describe("links from someone else's sign-in", () => {
  let app: E2eApp;
  let person: Page;

  beforeAll(async () => {
    app = await startE2eApp();
    await createAccount(app.stack, PERSON);
    await createAccount(app.stack, ATTACKER);
    person = await app.newPage();
    await signInInBrowser(person, app.stack, PERSON);
  });

  afterAll(() => app?.close());

  /** The attacker's `/oauth-callback?success=true&action=signin&tokens=...` link; their own page never spends it. */
  async function attackersSignInLink(): Promise<string> {
    const attacker = await app.newPage();
    await attacker.route((url) => url.pathname === "/api/auth/complete", (route) => route.abort());
    await attacker.goto(`${app.stack.baseUrl}/login`);
    await continueWithGoogle(attacker, app.stack, ATTACKER);
    await attacker.waitForURL((url) => url.pathname === "/oauth-callback" && url.searchParams.has("tokens"));
    return attacker.url();
  }

  /** The attacker's Google callback URL (code and state): Google's redirect to it is taken, never followed. */
  async function attackersCallbackUrl(): Promise<string> {
    const attacker = await app.newPage();
    let callback: string | null = null;
    // A followed redirect is not routed, so Google's (the emulator's) answers are fetched here and the redirect kept.
    await attacker.route(
      (url) => url.origin === app.stack.emulator.baseUrl,
      async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        const location = response.headers().location;
        if (location && new URL(location).pathname === "/api/google-signin/callback") {
          callback = location;
          return route.fulfill({ status: 200, contentType: "text/plain", body: "Stopped before the callback." });
        }
        return route.fulfill({ response });
      },
    );
    await attacker.goto(`${app.stack.baseUrl}/login`);
    await continueWithGoogle(attacker, app.stack, ATTACKER);
    await expect.poll(() => callback).not.toBeNull();
    return callback!;
  }

  async function expectOAuthError(page: Page, message: string): Promise<void> {
    const result = page.getByRole("region", { name: "Oops!" });
    await result.waitFor();
    expect(await result.getByRole("alert").textContent()).toBe(message);
    expect(new URL(page.url()).pathname).toBe("/oauth-callback");
  }

  /** The same stored session, its dashboard greeting the person, and the server still naming them for its token. */
  async function expectStillSignedInAsThePerson(page: Page, sessionBefore: Awaited<ReturnType<typeof storedSession>>): Promise<void> {
    await page.goto(`${app.stack.baseUrl}/dashboard`);
    await page.getByRole("heading", { name: GREETING }).waitFor();
    const session = await storedSession(page);
    expect(session).toEqual(sessionBefore);
    expect(session.user?.email).toBe(PERSON);
    const me = decode(AuthMeCodec, (await api(app.stack, "GET", "/auth/me", { token: session.authToken! })).body);
    expect(me.user.email).toBe(PERSON);
  }

  it("a sign-in link from the attacker's flow ends on the OAuth error page, the person still signed in as themselves", async () => {
    const before = await storedSession(person);
    const link = await attackersSignInLink();
    await person.goto(link);
    await expectOAuthError(person, INVALID_STATE);
    await expectStillSignedInAsThePerson(person, before);
  });

  it("the Google callback URL of the attacker's flow ends on the OAuth error page, the person still signed in as themselves", async () => {
    const before = await storedSession(person);
    const callback = await attackersCallbackUrl();
    await person.goto(callback);
    await person.waitForURL(`${app.stack.baseUrl}/oauth-callback?error=invalid_state`);
    await expectOAuthError(person, INVALID_STATE);
    await expectStillSignedInAsThePerson(person, before);
  });

  it("neither link works in a browser holding a flow of its own and a cookie the attacker had it start", async () => {
    // The person starts connecting Gmail and leaves Google's page: this browser keeps that flow's state and cookie.
    await person.goto(`${app.stack.baseUrl}/settings`);
    await person.getByRole("button", { name: "Connect Gmail" }).click();
    await person.getByRole("button", { name: "Continue to Google" }).click();
    await person.waitForURL((url) => url.origin === app.stack.emulator.baseUrl);
    await person.goto(`${app.stack.baseUrl}/dashboard`);
    await person.getByRole("heading", { name: GREETING }).waitFor();
    expect(await person.evaluate(() => localStorage.getItem("oauth_state"))).not.toBeNull();
    // A page of the attacker's opens a sign-in start in this browser: a cookie is set here, its state unseen.
    await person.goto(`${app.stack.apiUrl}/google-signin`);
    const before = await storedSession(person);

    await person.goto(await attackersSignInLink());
    await expectOAuthError(person, SIGN_IN_STARTED_ELSEWHERE);
    await expectStillSignedInAsThePerson(person, before);

    await person.goto(await attackersCallbackUrl());
    await person.waitForURL(`${app.stack.baseUrl}/oauth-callback?error=invalid_state`);
    await expectOAuthError(person, INVALID_STATE);
    await expectStillSignedInAsThePerson(person, before);
  });
});
