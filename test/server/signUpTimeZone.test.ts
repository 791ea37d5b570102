import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserPreferencesCodec } from "../../src/contract";
import { DATABASES, api, decode, googleFlow, startStack, type Stack } from "./support/stack";

/** docs/product.md, "Emails card": a new account's emails start in the zone of the browser it signed up in. */
describe.each(DATABASES)("the time zone a sign-up brings, on %s", (database) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ database });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Runs Google's round trip and completes it as the SPA does, with `extra` in the body; answers the status and token. */
  async function complete(startPath: string, account: string, extra: Record<string, unknown>) {
    const { landing, state } = await googleFlow(stack, startPath, { account });
    const tokens = landing.searchParams.get("tokens");
    if (!tokens) throw new Error(`No tokens in ${landing}`);
    const completed = await api(stack, "POST", "/auth/complete", { body: { tokens, state, ...extra } });
    return { status: completed.status, token: (completed.body as { access_token?: string }).access_token ?? "" };
  }
  const zoneOf = async (token: string) => decode(UserPreferencesCodec, (await api(stack, "GET", "/user/settings", { token })).body).settings.timeZone;

  it("keeps the browser's zone for a new account, and a later sign-in from another zone leaves it", async () => {
    const signUp = await complete("/google-gmail-signin", "demo@example.com", { timeZone: "America/New_York" });
    expect(signUp.status).toBe(200);
    expect(await zoneOf(signUp.token)).toBe("America/New_York");

    const signIn = await complete("/google-signin", "demo@example.com", { timeZone: "Asia/Tokyo" });
    expect(signIn.status).toBe(200);
    expect(await zoneOf(signIn.token)).toBe("America/New_York");
  });

  it("signs up all the same with a zone it does not know, or none, and keeps the default", async () => {
    const unknown = await complete("/google-signup", "other.user@example.com", { timeZone: "Mars/Olympus_Mons" });
    expect(unknown.status).toBe(200);
    expect(await zoneOf(unknown.token)).toBe("UTC");

    const none = await complete("/google-signup", "new.user@example.com", {});
    expect(none.status).toBe(200);
    expect(await zoneOf(none.token)).toBe("UTC");
  });

  it("refuses an oversized zone as a bad request, not a server error", async () => {
    const response = await api(stack, "POST", "/auth/complete", { body: { tokens: "x", state: "y", timeZone: "Z".repeat(129) } });
    expect(response.status).toBe(400);
  });
});
