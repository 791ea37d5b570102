import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SyncStatusCodec, type SyncStatus } from "../../src/contract";
import { DATABASES, api, decode, googleFlow, signInWithGoogle, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";

/** Slow enough that a sync started by a sign-in is still running when the first status is asked for. */
const GMAIL_LATENCY_MS = 300;
const INTERVAL_MINUTES = 30;

async function syncStatus(stack: Stack, token: string): Promise<SyncStatus> {
  const response = await api(stack, "GET", "/sync-gmail", { token });
  expect(response.status).toBe(200);
  return decode(SyncStatusCodec, response.body);
}

async function finishedSync(stack: Stack, token: string): Promise<SyncStatus> {
  await waitForSync(stack, token);
  return syncStatus(stack, token);
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe.each(DATABASES)("the first sync (%s)", (database) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ database, env: { SYNC_INTERVAL_MINUTES: String(INTERVAL_MINUTES) } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it("starts when a person signs up with Gmail, before the dashboard opens, and says when the next one runs", async () => {
    stack.emulator.setFaults({ rate: 0, latencyMs: GMAIL_LATENCY_MS });
    try {
      const signUp = await signUpWithGmail(stack, "new.user@example.com");
      expect(signUp.landing.searchParams.get("action")).toBe("signup");
      const first = await syncStatus(stack, signUp.access_token);
      expect(first.gmail_sync_status).toBe("syncing");
      expect(first.progress).not.toBeNull();
      expect(first.next_sync_at).toBeNull();

      const finished = await finishedSync(stack, signUp.access_token);
      expect(finished.gmail_sync_progress).toBe("Sync completed: 0 new deals");
      expect(finished.last_sync_failed).toBe(false);
      expect(minutesBetween(finished.last_sync_at!, finished.next_sync_at!)).toBe(INTERVAL_MINUTES);

      const saved = await api(stack, "PUT", "/user/settings", { token: signUp.access_token, body: { weeklyReport: true, syncIntervalMinutes: 120 } });
      expect(saved.status).toBe(200);
      const later = await syncStatus(stack, signUp.access_token);
      expect(minutesBetween(later.last_sync_at!, later.next_sync_at!)).toBe(120);
    } finally {
      stack.emulator.setFaults({ rate: 0 });
    }
  });

  it("starts again at sign-in when the first one failed, and only then", async () => {
    stack.emulator.setFaults({ rate: 1, statuses: [500] });
    const signUp = await signUpWithGmail(stack, "other.user@example.com");
    const failed = await finishedSync(stack, signUp.access_token);
    expect(failed.last_sync_failed).toBe(true);
    expect(failed.last_sync_at).toBeNull();
    expect(failed.next_sync_at).toBeNull();
    expect(failed.gmail_sync_progress).toMatch(/^Sync failed: /);

    stack.emulator.setFaults({ rate: 0, latencyMs: GMAIL_LATENCY_MS });
    try {
      // The plain sign-in asks Google for no Gmail access: the grant from the sign-up is what syncs.
      const signIn = await signInWithGoogle(stack, "/google-signin", { account: "other.user@example.com" });
      expect(signIn.landing.searchParams.get("action")).toBe("signin");
      expect((await syncStatus(stack, signIn.access_token)).gmail_sync_status).toBe("syncing");
      const finished = await finishedSync(stack, signIn.access_token);
      expect(finished.gmail_sync_progress).toMatch(/^Sync completed: [1-9]\d* new deals?$/);
      expect(finished.last_sync_failed).toBe(false);

      const again = await signInWithGoogle(stack, "/google-signin", { account: "other.user@example.com" });
      const untouched = await syncStatus(stack, again.access_token);
      expect(untouched.gmail_sync_status).toBe("idle");
      expect(untouched.last_sync_at).toBe(finished.last_sync_at);
    } finally {
      stack.emulator.setFaults({ rate: 0 });
    }
  });

  it("does not start for a person who has not connected Gmail", async () => {
    const signUp = await googleFlow(stack, "/google-signup", { account: "demo@example.com" });
    expect(signUp.landing.searchParams.get("action")).toBe("signup");
    const signIn = await signInWithGoogle(stack, "/google-signin", { account: "demo@example.com" });
    const status = await syncStatus(stack, signIn.access_token);
    expect(status).toMatchObject({ gmail_sync_status: "idle", progress: null, last_sync_at: null, last_sync_failed: false, next_sync_at: null });
  });
});
