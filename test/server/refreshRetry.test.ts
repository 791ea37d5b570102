import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ExtensionTokensCodec, PairingCodeCodec, RefreshResponseCodec } from "../../src/contract";
import { REFRESH_RETRY_WINDOW_MS } from "../../server/application/auth/tokens";
import type { Clock } from "../../server/application/ports";
import { DATABASES, api, decode, signUpWithGmail, startStack, type Stack } from "./support/stack";

/** The system's time, moved on by the test. */
class MovableClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

interface TokenPair {
  access: string;
  refresh: string;
}

/** One kind of session, seen from its client: how it starts, refreshes and uses its access token. */
interface SessionClient {
  name: string;
  start(stack: Stack): Promise<TokenPair>;
  refresh(stack: Stack, refreshToken: string): Promise<{ status: number; pair: TokenPair | null }>;
  /** The status of a request made with the access token. */
  use(stack: Stack, accessToken: string): Promise<number>;
}

const webApp: SessionClient = {
  name: "the web app",
  start: async (stack) => {
    const session = await signUpWithGmail(stack, "demo@example.com");
    return { access: session.access_token, refresh: session.refresh_token };
  },
  refresh: async (stack, refreshToken) => {
    const answer = await api(stack, "POST", "/auth/refresh", { body: { refresh_token: refreshToken } });
    if (answer.status !== 200) return { status: answer.status, pair: null };
    const tokens = decode(RefreshResponseCodec, answer.body);
    return { status: 200, pair: { access: tokens.access_token, refresh: tokens.refresh_token } };
  },
  use: async (stack, accessToken) => (await api(stack, "GET", "/auth/me", { token: accessToken })).status,
};

const extension: SessionClient = {
  name: "the extension",
  start: async (stack) => {
    const { access } = await webApp.start(stack);
    const { code } = decode(PairingCodeCodec, (await api(stack, "POST", "/extension/pairing-codes", { token: access })).body);
    const tokens = decode(ExtensionTokensCodec, (await api(stack, "POST", "/extension/sessions", { body: { code } })).body);
    return { access: tokens.accessToken, refresh: tokens.refreshToken };
  },
  refresh: async (stack, refreshToken) => {
    const answer = await api(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken } });
    if (answer.status !== 200) return { status: answer.status, pair: null };
    const tokens = decode(ExtensionTokensCodec, answer.body);
    return { status: 200, pair: { access: tokens.accessToken, refresh: tokens.refreshToken } };
  },
  use: async (stack, accessToken) => (await api(stack, "GET", "/extension/codes", { token: accessToken })).status,
};

/**
 * A refresh whose answer is lost on its way (the connection drops after the server rotated the token) leaves the client
 * holding the token it spent. Asking again with it is forgiven while the replacement never reached anyone; every other
 * second use still ends the session (docs/product.md, "Token refresh"). One rule for the web app's sessions and the
 * extension's, so the same cases run through both.
 */
describe.each(DATABASES)("a refresh whose answer was lost, on %s", (database) => {
  let stack: Stack;
  const clock = new MovableClock();
  beforeAll(async () => {
    stack = await startStack({ database, clock });
  });
  afterAll(async () => {
    await stack?.close();
  });
  afterEach(() => {
    clock.offsetMs = 0;
  });

  /** A refresh that must be answered with a new pair. */
  async function rotated(client: SessionClient, refreshToken: string): Promise<TokenPair> {
    const { status, pair } = await client.refresh(stack, refreshToken);
    expect(status).toBe(200);
    return pair!;
  }

  describe.each([webApp, extension])("for $name", (client) => {
    const refreshStatus = async (refreshToken: string) => (await client.refresh(stack, refreshToken)).status;

    it("gives the spent token a new pair while its replacement was never used, and retires that replacement", async () => {
      const first = await client.start(stack);
      const lost = await rotated(client, first.refresh);
      const retried = await rotated(client, first.refresh);
      expect(retried.refresh).not.toBe(lost.refresh);
      expect(await client.use(stack, retried.access)).toBe(200);
      // The session goes on from the retried pair, rotating as usual.
      const next = await rotated(client, retried.refresh);
      expect(await client.use(stack, next.access)).toBe(200);
      // The retired replacement, shown later, was in someone else's hands: the session ends.
      expect(await refreshStatus(lost.refresh)).toBe(401);
      expect(await client.use(stack, next.access)).toBe(401);
    });

    it("ends the session when the spent token comes back after its replacement was used to refresh", async () => {
      const first = await client.start(stack);
      const delivered = await rotated(client, first.refresh);
      const next = await rotated(client, delivered.refresh);
      expect(await refreshStatus(first.refresh)).toBe(401);
      expect(await client.use(stack, next.access)).toBe(401);
      expect(await refreshStatus(next.refresh)).toBe(401);
    });

    it("ends the session when the spent token comes back after the access token issued with its replacement was used", async () => {
      const first = await client.start(stack);
      const delivered = await rotated(client, first.refresh);
      expect(await client.use(stack, delivered.access)).toBe(200);
      expect(await refreshStatus(first.refresh)).toBe(401);
      expect(await client.use(stack, delivered.access)).toBe(401);
      expect(await refreshStatus(delivered.refresh)).toBe(401);
    });

    it("ends the session when the spent token comes back after the retry window, even unseen", async () => {
      const first = await client.start(stack);
      const lost = await rotated(client, first.refresh);
      clock.offsetMs = REFRESH_RETRY_WINDOW_MS + 60_000;
      expect(await refreshStatus(first.refresh)).toBe(401);
      expect(await refreshStatus(lost.refresh)).toBe(401);
    });
  });

  // The web app's access tokens are signed, not stored, so the lost one would still verify: its use ends the session.
  // The extension keeps only its session's current access token, so the lost one no longer opens anything.
  it.each([
    { client: webApp, retriedAfterwards: 401, outcome: "ends the session" },
    { client: extension, retriedAfterwards: 200, outcome: "is refused, and the session goes on" },
  ])("for $client.name, the retired answer's access token $outcome", async ({ client, retriedAfterwards }) => {
    const first = await client.start(stack);
    const lost = await rotated(client, first.refresh);
    const retried = await rotated(client, first.refresh);
    expect(await client.use(stack, lost.access)).toBe(401);
    expect(await client.use(stack, retried.access)).toBe(retriedAfterwards);
  });
});
