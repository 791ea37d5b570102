import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GoogleAuthStartCodec } from "../../src/infrastructure/http/contract";
import { consentAtGoogle } from "./support/googleConsent";
import { DATABASES, api, decode, runGoogleFlow, signUpWithGmail, startStack, type Stack } from "./support/stack";

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
    const signUp = await runGoogleFlow(stack, "/google-signup", { account: "new.user@example.com" });
    const session = (await api(stack, "POST", "/auth/complete", { body: { tokens: signUp.searchParams.get("tokens") } })).body as { access_token: string };
    const landing = await runGoogleFlow(stack, "/connect-gmail", { account: "new.user@example.com", decline: [GMAIL_READONLY] }, session.access_token);
    expect(landing.searchParams.get("error")).toBe("oauth_error");
    expect(landing.searchParams.get("message")).toContain("read-only access to your Gmail");
  });

  it("gmail_connected: connecting the user's own Gmail", async () => {
    const landing = await runGoogleFlow(stack, "/connect-gmail", { account: "demo@example.com" }, demo.access_token);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ success: "true", action: "gmail_connected" });
  });

  it("linking_failed: the account was deleted while Google was asking", async () => {
    const doomed = await signUpWithGmail(stack, "new.user@example.com");
    const start = decode(GoogleAuthStartCodec, (await api(stack, "GET", "/link-google-account", { token: doomed.access_token })).body);
    if (!start.success) throw new Error(start.error);
    expect((await api(stack, "DELETE", "/account", { token: doomed.access_token })).status).toBe(200);
    const callback = await consentAtGoogle(start.authUrl, { account: "new.user@example.com" });
    const response = await fetch(callback, { redirect: "manual" });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("linking_failed");
  });
});
