import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GoogleAuthStartCodec } from "../../src/contract";
import { GMAIL_SCOPE_DECLINED } from "../../server/application/messages";
import { consentAtGoogle } from "./support/googleConsent";
import { BrowserCookies } from "./support/browserCookies";
import { DATABASES, api, decode, runGoogleFlow, signInWithGoogle, signUpWithGmail, startStack, type Stack } from "./support/stack";

const GMAIL_READONLY = "https://www.googleapis.com/auth/gmail.readonly";

describe.each(DATABASES)("each OAuth error code comes from the situation it names, on %s", (database) => {
  let stack: Stack;
  let demo: Awaited<ReturnType<typeof signUpWithGmail>>;

  beforeAll(async () => {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" } });
    demo = await signUpWithGmail(stack, "demo@example.com");
    await signUpWithGmail(stack, "other.user@example.com");
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The browser that starts the flows below and follows Google's redirects back. */
  const browser = new BrowserCookies();
  /** Starts a sign-in so that the server holds a live state, as when a person has just been sent to Google. */
  const liveState = async () => {
    const start = decode(GoogleAuthStartCodec, (await api(stack, "GET", "/google-signin", { cookies: browser })).body);
    if (!start.success) throw new Error(start.error);
    return start.state;
  };
  const callbackAt = async (query: Record<string, string>) => {
    const url = `${stack.apiUrl}/google-signin/callback?${new URLSearchParams(query)}`;
    const response = await fetch(url, { redirect: "manual", headers: browser.headersFor(url) });
    browser.keep(response.headers, url);
    expect(response.status).toBe(302);
    return new URL(response.headers.get("location")!);
  };

  it("invalid_state: a state the server never issued, and a callback replayed after it was used", async () => {
    const forged = await callbackAt({ code: "whatever", state: "not-a-state" });
    expect(Object.fromEntries(forged.searchParams)).toEqual({ error: "invalid_state" });
    expect((await callbackAt({ code: "whatever" })).searchParams.get("error")).toBe("invalid_state");

    const start = decode(GoogleAuthStartCodec, (await api(stack, "GET", "/google-signin", { cookies: browser })).body);
    if (!start.success) throw new Error(start.error);
    const callback = await consentAtGoogle(start.authUrl, { account: "demo@example.com" });
    // The replay carries the flow's cookie too, so only the state's single use refuses it.
    const boundBrowser = browser.headersFor(callback);
    const first = await fetch(callback, { redirect: "manual", headers: boundBrowser });
    expect(new URL(first.headers.get("location")!).searchParams.get("action")).toBe("signin");
    const replay = await fetch(callback, { redirect: "manual", headers: boundBrowser });
    expect(new URL(replay.headers.get("location")!).searchParams.get("error")).toBe("invalid_state");
  });

  it("authorization_failed: the person cancels at Google, or Google refuses the code", async () => {
    const cancelled = await runGoogleFlow(stack, "/google-signup", { account: "new.user@example.com", decision: "cancel" });
    expect(Object.fromEntries(cancelled.searchParams)).toEqual({ error: "authorization_failed" });
    const refused = await callbackAt({ code: "4/0-not-a-code-google-issued", state: await liveState() });
    expect(Object.fromEntries(refused.searchParams)).toEqual({ error: "authorization_failed" });
    const noCode = await callbackAt({ state: await liveState() });
    expect(Object.fromEntries(noCode.searchParams)).toEqual({ error: "authorization_failed" });
  });

  it("user_not_found: signing in with a Google account that never signed up", async () => {
    const landing = await runGoogleFlow(stack, "/google-signin", { account: "new.user@example.com" });
    expect(Object.fromEntries(landing.searchParams)).toEqual({ error: "user_not_found" });
  });

  it("signin_failed: Google has not verified the account's email, so nobody is signed up or in with it", async () => {
    for (const start of ["/google-signup", "/google-gmail-signin", "/google-signin"]) {
      const landing = await runGoogleFlow(stack, start, { account: "unverified.user@example.com" });
      expect(landing.pathname).toBe("/oauth-callback");
      expect({ start, query: Object.fromEntries(landing.searchParams) }).toEqual({ start, query: { error: "signin_failed" } });
    }
    expect(await stack.server.db.query("SELECT id FROM users WHERE email = $1", ["unverified.user@example.com"])).toEqual([]);
  });

  it("oauth_error with Google's message: Google answers the callback with an error of its own", async () => {
    const landing = await callbackAt({ state: await liveState(), error: "temporarily_unavailable", error_description: "Google is busy." });
    expect(Object.fromEntries(landing.searchParams)).toEqual({ error: "oauth_error", message: "Google is busy." });
    const bare = await callbackAt({ state: await liveState(), error: "server_error" });
    expect(Object.fromEntries(bare.searchParams)).toEqual({ error: "oauth_error", message: "Google reported: server_error" });
  });

  it("already_linked: linking the Google account the user already has", async () => {
    const landing = await runGoogleFlow(stack, "/link-google-account", { account: "demo@example.com" }, demo.access_token);
    expect(landing.searchParams.get("error")).toBe("already_linked");
  });

  it("google_account_in_use: linking a Google account that belongs to another user", async () => {
    const landing = await runGoogleFlow(stack, "/link-google-account", { account: "other.user@example.com" }, demo.access_token);
    expect(landing.searchParams.get("error")).toBe("google_account_in_use");
  });

  it("email_mismatch: connecting the Gmail of another Google account", async () => {
    const landing = await runGoogleFlow(stack, "/connect-gmail", { account: "other.user@example.com" }, demo.access_token);
    expect(landing.searchParams.get("error")).toBe("email_mismatch");
  });

  it("oauth_error with its message: Gmail access declined on the consent page", async () => {
    // A person who signed up without Gmail, so that no earlier grant of gmail.readonly is carried over.
    const session = await signInWithGoogle(stack, "/google-signup", { account: "new.user@example.com" });
    const landing = await runGoogleFlow(stack, "/connect-gmail", { account: "new.user@example.com", decline: [GMAIL_READONLY] }, session.access_token);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ error: "oauth_error", message: GMAIL_SCOPE_DECLINED });
  });

  it("gmail_connected: connecting the user's own Gmail", async () => {
    const landing = await runGoogleFlow(stack, "/connect-gmail", { account: "demo@example.com" }, demo.access_token);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ success: "true", action: "gmail_connected" });
  });

  it("linking_failed: the account was deleted while Google was asking", async () => {
    const doomed = await signUpWithGmail(stack, "new.user@example.com");
    const start = decode(GoogleAuthStartCodec, (await api(stack, "GET", "/link-google-account", { token: doomed.access_token, cookies: browser })).body);
    if (!start.success) throw new Error(start.error);
    expect((await api(stack, "DELETE", "/account", { token: doomed.access_token })).status).toBe(200);
    const callback = await consentAtGoogle(start.authUrl, { account: "new.user@example.com" });
    const response = await fetch(callback, { redirect: "manual", headers: browser.headersFor(callback) });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("linking_failed");
  });
});
