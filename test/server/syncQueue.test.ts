// @module-tag runtime
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SyncStatusCodec } from "../../src/contract";
import { loadTestAccounts } from "../../emulator/accounts";
import { startGoogleEmulator, type GoogleEmulator } from "../../emulator/googleEmulator";
import { DEMO_CLIENT, emulatorEndpoints, loadConfig } from "../../server/config";
import { composeServer, type ComposedServer } from "../../server/compose";
import { SYNC_JOBS } from "../../server/application/gmail/syncJobs";
import { HOUSEKEEPING_JOBS } from "../../server/application/housekeeping";
import { LOGO_CHECK_JOBS } from "../../server/application/images/logoCheckJobs";
import { openDatabase, type Database } from "../../server/infrastructure/db/database";
import { INPUT_LIMITS } from "../../server/extraction/limits";
import { DATABASES, api, decode, freePort, freshPostgresSchema, signUpWithGmail, startStack, startedOnFreePort, waitForSync, type Stack } from "./support/stack";
import { generatedCode, generatedPromotion } from "./support/generatedMail";

const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];
const [FIRST, SECOND] = loadTestAccounts(2).map((account) => account.email) as [string, string];

/** Fills a mailbox with generated promotions numbered from `from`; each brings one deal with a known code. */
function fillMailbox(emulator: GoogleEmulator, account: string, from: number, count: number): void {
  const start = Date.now() - 3 * 86_400_000;
  for (let index = from; index < from + count; index++) emulator.addMessage(account, generatedPromotion(index, new Date(start + index * 1000)), PROMOTIONS);
}

const codes = (from: number, count: number) => Array.from({ length: count }, (_, offset) => generatedCode(from + offset)).sort();

/** Every code stored for the user, once per deal: what an uninterrupted run stores, with nothing lost or doubled. */
async function storedCodes(db: Database, userId: string): Promise<string[]> {
  const rows = await db.query<{ code: string }>("SELECT unnest(promo_codes) AS code FROM deals WHERE user_id = $1", [userId]);
  return rows.map((row) => row.code).sort();
}

async function syncStatus(target: Pick<Stack, "apiUrl">, token: string) {
  return decode(SyncStatusCodec, (await api(target, "GET", "/sync-gmail", { token })).body);
}

/** The schema pg-boss keeps its tables in: `pgboss`, or ours when the connection has a schema of its own. */
async function queueSchema(db: Database): Promise<string> {
  const [row] = await db.query<{ schema: string }>("SELECT current_schema() AS schema");
  return row!.schema === "public" ? "pgboss" : row!.schema;
}

describe.each(DATABASES)("the sync job queue on %s", (database) => {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it("answers already-running to a second start while a sync waits or runs, and runs two users' syncs side by side", async () => {
    // Google's quota paces each mailbox at about 5 messages a second, so both syncs take a few seconds.
    stack = await startStack({
      database,
      env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "6000" },
      emulator: { extraAccounts: loadTestAccounts(2) },
    });
    fillMailbox(stack.emulator, FIRST, 0, 20);
    fillMailbox(stack.emulator, SECOND, 100, 20);
    const first = await signUpWithGmail(stack, FIRST);
    // Asked at once, the first sync is still waiting for a worker or running.
    const again = await api(stack, "POST", "/sync-gmail", { token: first.access_token });
    expect(again.status).toBe(409);
    const second = await signUpWithGmail(stack, SECOND);
    expect((await api(stack, "POST", "/sync-gmail", { token: second.access_token })).status).toBe(409);

    let overlapped = false;
    for (;;) {
      const [a, b] = await Promise.all([syncStatus(stack, first.access_token), syncStatus(stack, second.access_token)]);
      if ((a.progress?.processed ?? 0) > 0 && (b.progress?.processed ?? 0) > 0 && a.gmail_sync_status === "syncing" && b.gmail_sync_status === "syncing") {
        overlapped = true;
      }
      if (a.gmail_sync_status === "idle" && b.gmail_sync_status === "idle") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(overlapped).toBe(true);
    expect((await syncStatus(stack, first.access_token)).gmail_sync_progress).toBe("Sync completed: 20 new deals");
    expect(await storedCodes(stack.server.db, first.user.id)).toEqual(codes(0, 20));
    expect(await storedCodes(stack.server.db, second.user.id)).toEqual(codes(100, 20));
    // Over, a sync may start again.
    expect((await api(stack, "POST", "/sync-gmail", { token: first.access_token })).status).toBe(200);
    await waitForSync(stack, first.access_token);
  });

  it("queues a sync for each user due when the background job runs, and has it on a schedule", async () => {
    stack = await startStack({ database, env: { SYNC_INTERVAL_MINUTES: "30", GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
    fillMailbox(stack.emulator, "new.user@example.com", 0, 5);
    const { access_token: token, user } = await signUpWithGmail(stack, "new.user@example.com");
    await waitForSync(stack, token);
    const { db } = stack.server;
    const schedules = await db.query<{ name: string; cron: string }>(`SELECT name, cron FROM ${await queueSchema(db)}.schedule ORDER BY name`);
    expect(schedules).toEqual([
      { name: SYNC_JOBS.backgroundSync, cron: "* * * * *" },
      { name: HOUSEKEEPING_JOBS.cleanup, cron: "17 * * * *" },
      { name: LOGO_CHECK_JOBS.logoSweep, cron: "*/5 * * * *" },
    ]);

    // Synced a moment ago: not due. An hour ago: due, with the default interval of 30 minutes.
    const lastSyncAt = async () => (await db.query<{ last_sync_at: Date }>("SELECT last_sync_at FROM gmail_sync_state WHERE user_id = $1", [user.id]))[0]!.last_sync_at;
    const before = await lastSyncAt();
    const check = await stack.server.jobs.send(SYNC_JOBS.backgroundSync, {});
    const jobState = async () => (await db.query<{ state: string }>(`SELECT state FROM ${await queueSchema(db)}.job WHERE id = $1`, [check]))[0]?.state;
    await expect.poll(jobState, { timeout: 15_000, interval: 100 }).toBe("completed");
    expect(await lastSyncAt()).toEqual(before);
    expect((await syncStatus(stack, token)).gmail_sync_status).toBe("idle");

    fillMailbox(stack.emulator, "new.user@example.com", 5, 2);
    await db.query("UPDATE gmail_sync_state SET last_sync_at = now() - interval '1 hour' WHERE user_id = $1", [user.id]);
    await stack.server.jobs.send(SYNC_JOBS.backgroundSync, {});
    await expect.poll(async () => (await syncStatus(stack!, token)).gmail_sync_progress, { timeout: 15_000, interval: 100 }).toBe("Sync completed: 2 new deals");
    expect(await storedCodes(db, user.id)).toEqual(codes(0, 7));
  });

  it("runs the cleanup as a job", async () => {
    stack = await startStack({ database });
    const { db } = stack.server;
    await db.query(
      "INSERT INTO oauth_states (state_hash, flow, code_verifier, nonce, browser_binding_hash, expires_at) VALUES ('expired', 'signin', 'v', 'n', 'b', now() - interval '1 minute'), ('live', 'signin', 'v', 'n', 'b', now() + interval '5 minutes')",
    );
    await stack.server.jobs.send(HOUSEKEEPING_JOBS.cleanup, {});
    await expect.poll(async () => (await db.query<{ state_hash: string }>("SELECT state_hash FROM oauth_states")).map((row) => row.state_hash), { timeout: 15_000, interval: 100 }).toEqual(["live"]);
  });

  it("stops a worker whose sync was taken over after it missed its lease; the sync still ends with exactly its deals", async () => {
    const logged: string[] = [];
    stack = await startStack({
      database,
      env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "6000", SYNC_LEASE_SECONDS: "2" },
      emulator: { extraAccounts: loadTestAccounts(1) },
      log: (message) => logged.push(message),
    });
    fillMailbox(stack.emulator, FIRST, 0, 30);
    const { user, access_token: token } = await signUpWithGmail(stack, FIRST);
    await expect.poll(async () => (await syncStatus(stack!, token)).progress?.processed ?? 0, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);

    // Another worker takes the sync over, as if this one had stalled past its lease.
    const { syncState } = stack.server.services;
    expect(await syncState.requeueStale(new Date(Date.now() + 60_000), 0)).toHaveLength(1);
    const takenOver = await syncState.claim(user.id, new Date());
    expect(takenOver).not.toBeNull();
    await expect.poll(() => logged.includes("Sync taken over by another worker after this one missed its lease"), { timeout: 5_000, interval: 50 }).toBe(true);
    // The stalled worker's late writes changed nothing: the sync is still the other worker's.
    const [row] = await stack.server.db.query<{ status: string; sync_lease: string | null }>("SELECT status, sync_lease FROM gmail_sync_state WHERE user_id = $1", [user.id]);
    expect(row).toEqual({ status: "syncing", sync_lease: takenOver });

    // The other worker never sends a heartbeat: past its lease, the sync is resumed here and ends complete.
    await waitForSync(stack, token, 60_000);
    expect(await storedCodes(stack.server.db, user.id)).toEqual(codes(0, 30));
  });
});

describe.each(DATABASES)("a sync cut off by a stopping server, on %s", (database) => {
  let emulator: GoogleEmulator | undefined;
  const servers: ComposedServer[] = [];
  let dataDir: string | undefined;
  let postgres: { url: string; drop: () => Promise<void> } | null = null;
  const cleanUp = async () => {
    for (const server of servers.splice(0)) await server.close().catch(() => {});
    await emulator?.close();
    emulator = undefined;
    await postgres?.drop();
    postgres = null;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  };
  afterEach(cleanUp);

  /**
   * The first server, listening on the port its sign-in redirect names. The port is chosen before the mailbox is filled
   * and the server composed, and another test file may take it meanwhile: startedOnFreePort starts it all again then.
   */
  async function startFirstServer() {
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), "deal-finder-queue-"));
    postgres = database === "postgres" ? await freshPostgresSchema() : null;
    emulator = await startGoogleEmulator({
      port: 0,
      quotaUnitsPerMinute: 0,
      clients: [{ ...DEMO_CLIENT, redirectUris: [`http://127.0.0.1:${port}/api/google-signin/callback`] }],
    });
    // An email the extractor refuses at each end of the listing (ids grow with the Date header): the first server
    // skips the earliest, the second the latest, and the closing line counts both.
    const tooDeep = "<div>".repeat(INPUT_LIMITS.htmlDepth + 10);
    emulator.addMessage(
      "new.user@example.com",
      `From: Deep Shop <news@deep-shop.test>\r\nDate: ${new Date(Date.now() - 4 * 86_400_000).toUTCString()}\r\nSubject: Nested\r\nContent-Type: text/html\r\n\r\n${tooDeep}`,
      PROMOTIONS,
    );
    fillMailbox(emulator, "new.user@example.com", 0, 600);
    emulator.addMessage("new.user@example.com", "This is not an email: no headers at all.", PROMOTIONS);
    const config = loadConfig({
      PORT: String(port),
      DATA_DIR: dataDir,
      SYNC_INTERVAL_MINUTES: "0",
      GMAIL_QUOTA_UNITS_PER_MINUTE: "0",
      GMAIL_FETCH_CONCURRENCY: "2",
      SYNC_COMMIT_BATCH_SIZE: "20",
    });
    config.database = postgres ? { databaseUrl: postgres.url } : { dataDir };
    config.staticDir = null;
    config.google.endpoints = emulatorEndpoints(emulator.baseUrl);
    const first = await composeServer(config);
    servers.push(first);
    await first.app.listen({ host: "127.0.0.1", port });
    return { config, first, target: { apiUrl: `http://127.0.0.1:${port}/api` } };
  }

  it("is given back with what it stored, and a new server on the same database resumes it to exactly the deals of an uninterrupted run", async () => {
    const { config, first, target } = await startedOnFreePort(startFirstServer, cleanUp);
    const { access_token: token, user } = await signUpWithGmail(target, "new.user@example.com");
    await expect.poll(async () => (await syncStatus(target, token)).progress?.processed ?? 0, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(100);

    await first.close();
    servers.splice(0);
    const stopped = await openDatabase(config.database);
    try {
      const [row] = await stopped.query<{ status: string; job: string; processed: number; pending: number; failed: number }>(
        `SELECT s.status, s.sync_job_id AS job, count(*) FILTER (WHERE m.state = 'processed')::int AS processed,
           count(*) FILTER (WHERE m.state = 'pending')::int AS pending, count(*) FILTER (WHERE m.state = 'failed')::int AS failed
         FROM gmail_sync_state s JOIN gmail_messages m USING (user_id) WHERE s.user_id = $1 GROUP BY s.status, s.sync_job_id`,
        [user.id],
      );
      // Stopped mid-sync: what it read is stored, and the sync and its job are back in the queue.
      expect(row).toMatchObject({ status: "queued", failed: 1 });
      expect(row!.processed).toBeGreaterThanOrEqual(100);
      expect(row!.pending).toBeGreaterThan(0);
      const [job] = await stopped.query<{ state: string }>(`SELECT state FROM ${await queueSchema(stopped)}.job WHERE id = $1`, [row!.job]);
      expect(job).toEqual({ state: "retry" });
    } finally {
      await stopped.close();
    }

    const second = await composeServer({ ...config, port: 0 });
    servers.push(second);
    const { db } = second;
    await expect.poll(async () => (await second.services.syncState.state(user.id)).progressMessage, { timeout: 60_000, interval: 100 }).toMatch(/^Sync completed: /);
    expect((await second.services.syncState.state(user.id)).progressMessage).toBe(
      "Sync completed: 600 new deals (2 emails could not be read and were skipped)",
    );
    expect(await storedCodes(db, user.id)).toEqual(codes(0, 600));
  });
});

describe("roles on the embedded database", () => {
  it("refuses --role worker without DATABASE_URL, saying why, before starting anything", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-role-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--role", "worker"], {
        env: { ...process.env, DATABASE_URL: "", GOOGLE_CLIENT_ID: "", DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain("--role worker needs DATABASE_URL");
      expect(output).not.toContain("Deal Finder is running");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
