// @module-tag runtime
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiErrorCodec, SyncStatusCodec } from "../../src/contract";
import { promoCodesOf } from "../../src/domain/deal";
import { startGoogleEmulator, type GoogleEmulator } from "../../emulator/googleEmulator";
import { DEMO_CLIENT } from "../../server/config";
import { openDatabase, type Database } from "../../server/infrastructure/db/database";
import {
  DATABASES,
  api,
  decode,
  freePort,
  freshPostgresSchema,
  signInWithGoogle,
  signUpWithGmail,
  startStack,
  startedOnFreePort,
  waitForSync,
  type Stack,
} from "./support/stack";
import { startServerProcess, type ChildProgram } from "./support/processes";
import { generatedCode, generatedPromotion } from "./support/generatedMail";
import { wholeDashboard } from "./support/dashboard";

const ACCOUNT = "new.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];
const RESUME_TIMEOUT_MS = 120_000;

function fillMailbox(emulator: GoogleEmulator, from: number, count: number): string[] {
  const start = Date.now() - 3 * 86_400_000;
  return Array.from({ length: count }, (_, offset) =>
    emulator.addMessage(ACCOUNT, generatedPromotion(from + offset, new Date(start + (from + offset) * 1000)), PROMOTIONS),
  );
}

async function codesOnDashboard(stack: Pick<Stack, "apiUrl">, token: string): Promise<string[]> {
  const dashboard = await wholeDashboard(stack, token);
  return dashboard.deals.flatMap((deal) => promoCodesOf(deal)).sort();
}

const expectedCodes = (count: number) => Array.from({ length: count }, (_, index) => generatedCode(index)).sort();

describe.each(DATABASES)("sync at scale and under failure, on %s", (database) => {
  let stack: Stack;
  afterEach(async () => {
    await stack?.close();
  });

  it("syncs a 2,000-message mailbox in full, then only what is new", async () => {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
    fillMailbox(stack.emulator, 0, 2000);
    const { access_token: token } = await signUpWithGmail(stack, ACCOUNT);

    const whileRunning = await api(stack, "POST", "/sync-gmail", { token });
    expect(whileRunning.status).toBe(409);
    expect(decode(ApiErrorCodec, whileRunning.body).message).toBe("Sync is already in progress. Please wait for it to complete.");

    const full = decode(SyncStatusCodec, await waitForSync(stack, token, 240_000));
    expect(full.gmail_sync_progress).toBe("Sync completed: 2000 new deals");
    expect(await codesOnDashboard(stack, token)).toEqual(expectedCodes(2000));

    fillMailbox(stack.emulator, 2000, 7);
    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(200);
    const incremental = decode(SyncStatusCodec, await waitForSync(stack, token));
    expect(incremental.gmail_sync_progress).toBe("Sync completed: 7 new deals");
    // Only the new messages were fetched.
    expect(incremental.progress).toEqual({ processed: 7, total: 7 });
    expect(await codesOnDashboard(stack, token)).toEqual(expectedCodes(2007));
  });

  it("answers the sync status of someone who never synced without writing to the database", async () => {
    stack = await startStack({ database });
    const { access_token: token, user } = await signInWithGoogle(stack, "/google-signup", { account: ACCOUNT });
    for (let poll = 0; poll < 3; poll++) {
      const status = decode(SyncStatusCodec, (await api(stack, "GET", "/sync-gmail", { token })).body);
      expect(status).toMatchObject({ gmail_sync_status: "idle", gmail_sync_progress: "", progress: null });
    }
    expect(await stack.server.db.query("SELECT user_id FROM gmail_sync_state WHERE user_id = $1", [user.id])).toEqual([]);
  });

  // About 5 messages a second under Google's quota (20 units a messages.get), which demo mode leaves off unless asked
  // for, so there is time to act mid-sync.
  const SLOW_MAILBOX = 30;

  /** A mailbox that takes a few seconds to read under Google's quota, and the token of the person who connected it. */
  async function slowSync(emulatorClock: () => Date) {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "6000" }, emulator: { now: emulatorClock } });
    fillMailbox(stack.emulator, 0, SLOW_MAILBOX);
    const { access_token: token } = await signUpWithGmail(stack, ACCOUNT);
    for (;;) {
      const status = decode(SyncStatusCodec, (await api(stack, "GET", "/sync-gmail", { token })).body);
      if ((status.progress?.processed ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return token;
  }

  it("refreshes an access token that expires during a long sync, and completes", async () => {
    let skewMs = 0;
    const token = await slowSync(() => new Date(Date.now() + skewMs));
    skewMs = 2 * 3_600_000;
    const status = decode(SyncStatusCodec, await waitForSync(stack, token));
    expect(status.gmail_sync_progress).toBe(`Sync completed: ${SLOW_MAILBOX} new deals`);
    expect(await codesOnDashboard(stack, token)).toEqual(expectedCodes(SLOW_MAILBOX));
  });

  it("stops a sync whose access is withdrawn at Google, keeps what it stored and says what to do", async () => {
    const token = await slowSync(() => new Date());
    stack.emulator.revokeAccess(ACCOUNT);
    const status = decode(SyncStatusCodec, await waitForSync(stack, token));
    expect(status.gmail_sync_progress).toBe("Sync failed: Gmail access was withdrawn at Google. Connect Gmail again in Settings to keep finding deals.");
    // The colour comes from this, never from the word "failed" in the sentence.
    expect(status.outcome).toBe("failed");
    const stored = await codesOnDashboard(stack, token);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(SLOW_MAILBOX);
    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(400);
  });

  it("falls back to a full sync when Gmail's history has expired, without doubling anything", async () => {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
    fillMailbox(stack.emulator, 0, 20);
    const { access_token: token } = await signUpWithGmail(stack, ACCOUNT);
    await waitForSync(stack, token);
    fillMailbox(stack.emulator, 20, 3);
    stack.emulator.expireHistory(ACCOUNT);
    await api(stack, "POST", "/sync-gmail", { token });
    const status = decode(SyncStatusCodec, await waitForSync(stack, token));
    expect(status.gmail_sync_progress).toBe("Sync completed: 3 new deals");
    expect(await codesOnDashboard(stack, token)).toEqual(expectedCodes(23));
  });

  it("completes despite 10% of Gmail calls failing with 429 and 500", async () => {
    stack = await startStack({
      database,
      env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0", GMAIL_BACKOFF_BASE_MS: "5", GMAIL_MAX_RETRIES: "8" },
      emulator: { quotaUnitsPerMinute: 0 },
    });
    fillMailbox(stack.emulator, 0, 300);
    stack.emulator.setFaults({ rate: 0.1, statuses: [429, 500], seed: 7 });
    const { access_token: token } = await signUpWithGmail(stack, ACCOUNT);
    const status = decode(SyncStatusCodec, await waitForSync(stack, token, 120_000));
    expect(status.gmail_sync_progress).toBe("Sync completed: 300 new deals");
    expect(await codesOnDashboard(stack, token)).toEqual(expectedCodes(300));
  });
});

describe("extraction on worker threads", () => {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it("skips and counts a message whose extraction throws in its thread, and the pool stops with the server", async () => {
    stack = await startStack({ env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0", EXTRACTION_THREADS: "2" }, emulator: { quotaUnitsPerMinute: 0 } });
    fillMailbox(stack.emulator, 0, 20);
    stack.emulator.addMessage(ACCOUNT, "This is not an email: no headers at all.", PROMOTIONS);
    const { access_token: token } = await signUpWithGmail(stack, ACCOUNT);
    const status = decode(SyncStatusCodec, await waitForSync(stack, token));
    expect(status.gmail_sync_progress).toBe("Sync completed: 20 new deals (1 email could not be read and was skipped)");
    expect(status.progress).toEqual({ processed: 21, total: 21 });
    expect(await codesOnDashboard(stack, token)).toEqual(expectedCodes(20));

    const { extraction } = stack.server;
    expect(extraction.threads).toBe(2);
    await stack.close();
    stack = undefined;
    // The count drops as each thread's exit is observed, so zero means every thread has ended.
    expect(extraction.threads).toBe(0);
    await expect(extraction.extract(new Uint8Array(), {})).rejects.toThrow("shut down");
  });
});

describe.each(DATABASES)("a sync killed halfway, on %s", (database) => {
  let emulator: GoogleEmulator | undefined;
  let server: ChildProgram | null = null;
  let postgres: { url: string; drop: () => Promise<void> } | null = null;
  let dataDir: string;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "deal-finder-crash-"));
    postgres = database === "postgres" ? await freshPostgresSchema() : null;
  });
  afterEach(async () => {
    await server?.stop("SIGKILL");
    server = null;
    await emulator?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Syncs 1,500 messages in a server process, SIGKILLs it once `killAt` messages are committed, lets `inspect` look at
   * the database of the dead process, then restarts it and checks that the sync ends with exactly every deal once.
   * Its tests have RESUME_TIMEOUT_MS: a start that lost its port costs about ten seconds before it is tried again.
   */
  async function killAndResume(env: Record<string, string>, killAt: number, inspect: (db: Database) => Promise<void> = async () => {}) {
    const target = { apiUrl: "" };
    // The server process is started on a port chosen free a while before it listens, named by the sign-in redirect the
    // emulator accepts: when another test file took it meanwhile, startedOnFreePort starts both again on another port.
    const startServer = (port: number) => {
      target.apiUrl = `http://127.0.0.1:${port}/api`;
      return startServerProcess({
        port,
        dataDir,
        emulatorUrl: emulator!.baseUrl,
        ...(postgres ? { databaseUrl: postgres.url } : {}),
        // On PostgreSQL the restarted server cannot know the first one died until its lease runs out.
        env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0", GMAIL_FETCH_CONCURRENCY: "4", SYNC_LEASE_SECONDS: "3", ...env },
      });
    };
    server = await startedOnFreePort(
      async () => {
        const port = await freePort();
        emulator = await startGoogleEmulator({
          port: 0,
          quotaUnitsPerMinute: 0,
          clients: [{ ...DEMO_CLIENT, redirectUris: [`http://127.0.0.1:${port}/api/google-signin/callback`] }],
        });
        fillMailbox(emulator, 0, 1500);
        return startServer(port);
      },
      async () => {
        await emulator?.close();
        emulator = undefined;
      },
    );
    const { access_token: token } = await signUpWithGmail(target, ACCOUNT);
    for (;;) {
      const status = decode(SyncStatusCodec, (await api(target, "GET", "/sync-gmail", { token })).body);
      if ((status.progress?.processed ?? 0) >= killAt) break;
      expect(status.gmail_sync_status).toBe("syncing");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await server.stop("SIGKILL");

    const db = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir });
    try {
      // The kill really came mid-sync.
      const [left] = await db.query<{ pending: number }>("SELECT count(*)::int AS pending FROM gmail_messages WHERE state = 'pending'");
      expect(left!.pending).toBeGreaterThan(0);
      await inspect(db);
    } finally {
      await db.close();
    }

    // On a port chosen again (the killed one's may have been taken meanwhile): what the rest of the sync needs names none.
    server = await startedOnFreePort(async () => startServer(await freePort()));
    const finished = decode(SyncStatusCodec, await waitForSync(target, token, 240_000));
    expect(finished.gmail_sync_progress).toMatch(/^Sync completed: \d+ new deals$/);
    expect(await codesOnDashboard(target, token)).toEqual(expectedCodes(1500));
    await server.stop("SIGTERM");
    expect(server.process.exitCode).toBe(0);
    server = null;
  }

  it("resumes after a restart and ends with exactly the deals of an uninterrupted run", async () => {
    await killAndResume({}, 400);
  }, RESUME_TIMEOUT_MS);

  it("killed between group commits, has stored whole groups only, each message with its deals", async () => {
    // Groups of 100 that only ever fill (no timed flush), so every commit is a whole group.
    await killAndResume({ SYNC_COMMIT_BATCH_SIZE: "100", SYNC_COMMIT_DELAY_MS: "600000" }, 300, async (db) => {
      const [messages] = await db.query<{ processed: number; pending: number }>(
        "SELECT count(*) FILTER (WHERE state = 'processed')::int AS processed, count(*) FILTER (WHERE state = 'pending')::int AS pending FROM gmail_messages",
      );
      const [deals] = await db.query<{ deals: number; messages: number; unmarked: number }>(
        `SELECT count(*)::int AS deals, count(DISTINCT d.gmail_id)::int AS messages,
           count(*) FILTER (WHERE m.state IS DISTINCT FROM 'processed')::int AS unmarked
         FROM deals d LEFT JOIN gmail_messages m ON m.user_id = d.user_id AND m.gmail_id = d.gmail_id`,
      );
      expect(messages!.processed).toBeGreaterThanOrEqual(300);
      expect(messages!.processed % 100).toBe(0);
      expect(messages!.processed + messages!.pending).toBe(1500);
      // Every generated promotion has one code: one deal per processed message, none for a message not marked.
      expect(deals).toEqual({ deals: messages!.processed, messages: messages!.processed, unmarked: 0 });
    });
  }, RESUME_TIMEOUT_MS);
});
