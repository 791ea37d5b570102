import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RefreshResponseCodec } from "../../src/contract";
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

/**
 * A refresh whose answer is lost on its way (the connection drops after the server rotated the token) leaves the
 * browser holding the token it spent. Asking again with it is forgiven while the replacement never reached anyone;
 * every other second use still ends the session (docs/product.md, "Token refresh").
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

  const refresh = (refreshToken: string) => api(stack, "POST", "/auth/refresh", { body: { refresh_token: refreshToken } });
  const rotated = async (refreshToken: string) => {
    const answer = await refresh(refreshToken);
    expect(answer.status).toBe(200);
    return decode(RefreshResponseCodec, answer.body);
  };
  const profileStatus = async (accessToken: string) => (await api(stack, "GET", "/auth/me", { token: accessToken })).status;

  it("gives the spent token a new pair while its replacement was never used, and retires that replacement", async () => {
    const session = await signUpWithGmail(stack, "demo@example.com");
    const lost = await rotated(session.refresh_token);
    const retried = await rotated(session.refresh_token);
    expect(retried.refresh_token).not.toBe(lost.refresh_token);
    expect(await profileStatus(retried.access_token)).toBe(200);
    // The session goes on from the retried pair, rotating as usual.
    const next = await rotated(retried.refresh_token);
    expect(await profileStatus(next.access_token)).toBe(200);
    // The retired replacement, shown later, was in someone else's hands: the session ends.
    expect((await refresh(lost.refresh_token)).status).toBe(401);
    expect(await profileStatus(next.access_token)).toBe(401);
  });

  it("ends the session when the retired answer's access token is used after the retry", async () => {
    const session = await signUpWithGmail(stack, "demo@example.com");
    const lost = await rotated(session.refresh_token);
    const retried = await rotated(session.refresh_token);
    expect(await profileStatus(lost.access_token)).toBe(401);
    expect(await profileStatus(retried.access_token)).toBe(401);
    expect((await refresh(retried.refresh_token)).status).toBe(401);
  });

  it("ends the session when the spent token comes back after its replacement was used to refresh", async () => {
    const session = await signUpWithGmail(stack, "demo@example.com");
    const delivered = await rotated(session.refresh_token);
    const next = await rotated(delivered.refresh_token);
    expect((await refresh(session.refresh_token)).status).toBe(401);
    expect(await profileStatus(next.access_token)).toBe(401);
    expect((await refresh(next.refresh_token)).status).toBe(401);
  });

  it("ends the session when the spent token comes back after the access token issued with its replacement was used", async () => {
    const session = await signUpWithGmail(stack, "demo@example.com");
    const delivered = await rotated(session.refresh_token);
    expect(await profileStatus(delivered.access_token)).toBe(200);
    expect((await refresh(session.refresh_token)).status).toBe(401);
    expect(await profileStatus(delivered.access_token)).toBe(401);
    expect((await refresh(delivered.refresh_token)).status).toBe(401);
  });

  it("ends the session when the spent token comes back after the retry window, even unseen", async () => {
    const session = await signUpWithGmail(stack, "demo@example.com");
    const lost = await rotated(session.refresh_token);
    clock.offsetMs = REFRESH_RETRY_WINDOW_MS + 60_000;
    expect((await refresh(session.refresh_token)).status).toBe(401);
    expect((await refresh(lost.refresh_token)).status).toBe(401);
  });
});
