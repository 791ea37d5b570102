// @module-tag runtime
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, DashboardCodec, SyncStatusCodec } from "../../src/contract";
import { openDatabase, type Database } from "../../server/infrastructure/db/database";
import { DATABASES, api, decode, freePort, signUpWithGmail, startedOnFreePort } from "./support/stack";
import { addMessagesOverHttp, splitDeploymentEnv, startApiProcess, startEmulatorProcess, startWorkerProcess, type ChildProgram } from "./support/processes";
import { generatedCode, generatedPromotion } from "./support/generatedMail";

/**
 * The deployment the issue asks for, as real processes on one PostgreSQL database: a Google emulator, two API processes
 * (`--role api`) and two worker processes (`--role worker`), each started as `node --import tsx server/main.ts`.
 */
const LEASE_SECONDS = 3;
const RATE_LIMIT = 20;
const account = (index: number) => `load.user${index}@example.com`;
const codes = (from: number, count: number) => Array.from({ length: count }, (_, offset) => generatedCode(from + offset)).sort();

describe.each(DATABASES.filter((database) => database === "postgres"))("API and worker processes on one %s database", () => {
  const databaseName = `deal_finder_mp_${randomBytes(5).toString("hex")}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-mp-"));
  let emulator: (ChildProgram & { baseUrl: string }) | undefined;
  const apis: (ChildProgram & { apiUrl: string })[] = [];
  const workers: ChildProgram[] = [];
  let db: Database;
  let env: Record<string, string>;

  const startApi = async (port: number) => {
    apis.push(await startApiProcess(env, port));
  };
  const startWorker = async () => {
    workers.push(await startWorkerProcess(env));
  };

  async function fill(index: number, from: number, count: number): Promise<void> {
    const start = Date.now() - 86_400_000;
    const raws = Array.from({ length: count }, (_, offset) => generatedPromotion(from + offset, new Date(start + (from + offset) * 1000)));
    await addMessagesOverHttp(emulator!.baseUrl, account(index), raws, ["CATEGORY_PROMOTIONS", "INBOX"]);
  }

  const status = async (target: { apiUrl: string }, token: string) => decode(SyncStatusCodec, (await api(target, "GET", "/sync-gmail", { token })).body);

  async function storedCodes(userId: string): Promise<string[]> {
    const rows = await db.query<{ code: string }>("SELECT unnest(promo_codes) AS code FROM deals WHERE user_id = $1", [userId]);
    return rows.map((row) => row.code).sort();
  }

  async function untilIdle(token: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (let poll = 0; ; poll++) {
      // Asked of either API process in turn: both read the same state.
      const answer = await status(apis[poll % 2]!, token);
      if (answer.gmail_sync_status === "idle") return answer;
      if (Date.now() > deadline) throw new Error(`Sync still running: ${answer.gmail_sync_progress}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const onAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(sql);
    await admin.end();
  };

  /**
   * The deployment on a new database. The API processes' ports are chosen free a while before they listen, and the
   * emulator's sign-in redirects name them: when another test file took one meanwhile, startedOnFreePort stops it all
   * (stopDeployment) and starts it again on new ports and a new database.
   */
  async function startDeployment() {
    await onAdmin(`CREATE DATABASE ${databaseName}`);
    const ports = [await freePort(), await freePort()] as const;
    emulator = await startEmulatorProcess(ports[0], {
      EMULATOR_REDIRECT_URIS: ports.map((port) => `http://127.0.0.1:${port}/api/google-signin/callback`).join(","),
      EMULATOR_LOAD_ACCOUNTS: "7",
      // Google's per-user quota paces each mailbox at about 5 messages a second: time to act mid-sync.
      EMULATOR_QUOTA_UNITS_PER_MINUTE: "6000",
    });
    env = {
      ...splitDeploymentEnv({ databaseUrl, emulatorUrl: emulator.baseUrl, dataDir }),
      SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
      GMAIL_QUOTA_UNITS_PER_MINUTE: "6000",
      GMAIL_BACKOFF_BASE_MS: "50",
      EXTRACTION_THREADS: "1",
      AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    };
    // All start at once on the new database, as in a deployment: they race to migrate it and to install the queue.
    // Each is waited for, so that a failed start leaves none starting behind stopDeployment's back.
    const started = await Promise.allSettled([startApi(ports[0]), startApi(ports[1]), startWorker()]);
    const failed = started.find((start): start is PromiseRejectedResult => start.status === "rejected");
    if (failed) throw failed.reason;
  }

  async function stopDeployment() {
    await Promise.all([...apis.splice(0), ...workers.splice(0)].map((program) => program.stop("SIGKILL")));
    await emulator?.stop("SIGKILL");
    emulator = undefined;
    await onAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }

  beforeAll(async () => {
    await startedOnFreePort(startDeployment, stopDeployment);
    db = await openDatabase({ databaseUrl });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await stopDeployment();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("finishes on the other worker, with exactly the deals of an uninterrupted run, a sync whose worker was killed", async () => {
    await fill(1, 0, 100);
    const { access_token: token, user } = await signUpWithGmail(apis[0]!, account(1));
    // Only one worker runs so far, so it is the one holding the sync. It is killed at once: its replacement starts
    // after, since a worker takes seconds to start and the sync could be over by then.
    await expect.poll(async () => (await status(apis[1]!, token)).progress?.processed ?? 0, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(10);
    await workers[0]!.stop("SIGKILL");
    const [left] = await db.query<{ pending: number }>("SELECT count(*)::int AS pending FROM gmail_messages WHERE user_id = $1 AND state = 'pending'", [user.id]);
    expect(left!.pending).toBeGreaterThan(0);
    await startWorker();

    const finished = await untilIdle(token);
    // Counted over the whole sync, the run before the kill included.
    expect(finished.gmail_sync_progress).toBe("Sync completed: 100 new deals");
    expect(await storedCodes(user.id)).toEqual(codes(0, 100));
    // A replacement, as a deployment restarts a worker that died: two workers again for what follows.
    workers.splice(0, 1);
    await startWorker();
  });

  it("syncs five users at once to exactly their deals, and answers 409 on the other API process to a second start", async () => {
    const users = [2, 3, 4, 5, 6];
    await Promise.all(users.map((index) => fill(index, index * 100, 15)));
    const signedUp = await Promise.all(users.map((index) => signUpWithGmail(apis[index % 2]!, account(index))));

    const again = await api(apis[1]!, "POST", "/sync-gmail", { token: signedUp[0]!.access_token });
    expect(again.status).toBe(409);
    expect(decode(ApiErrorCodec, again.body).message).toBe("Sync is already in progress. Please wait for it to complete.");
    const fromEach = await Promise.all(apis.map((target) => status(target, signedUp[0]!.access_token)));
    expect(fromEach.map((answer) => answer.gmail_sync_status)).toEqual(["syncing", "syncing"]);

    for (const [position, index] of users.entries()) {
      const { access_token: token, user } = signedUp[position]!;
      expect((await untilIdle(token)).gmail_sync_progress).toBe("Sync completed: 15 new deals");
      expect(await storedCodes(user.id)).toEqual(codes(index * 100, 15));
    }
  });

  it("has a worker stopped with SIGTERM mid-sync store what it read and give the sync back, for another worker to finish", async () => {
    await fill(7, 0, 100);
    const { access_token: token, user } = await signUpWithGmail(apis[1]!, account(7));
    await expect.poll(async () => (await status(apis[0]!, token)).progress?.processed ?? 0, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(10);
    // Whichever of the two holds it stops, and the other too; a worker started after takes it up.
    const stopping = workers.splice(0);
    await Promise.all(stopping.map((worker) => worker.stop("SIGTERM")));
    expect(stopping.map((worker) => worker.process.exitCode)).toEqual([0, 0]);
    const [row] = await db.query<{ status: string; pending: number }>(
      "SELECT s.status, (SELECT count(*)::int FROM gmail_messages m WHERE m.user_id = s.user_id AND m.state = 'pending') AS pending FROM gmail_sync_state s WHERE s.user_id = $1",
      [user.id],
    );
    expect(row!.pending).toBeGreaterThan(0);
    expect(row!.status).not.toBe("idle");
    await startWorker();

    // Counted over the whole sync, what the stopped worker stored included.
    expect((await untilIdle(token)).gmail_sync_progress).toBe("Sync completed: 100 new deals");
    expect(await storedCodes(user.id)).toEqual(codes(0, 100));
  });

  it("drops a brand toggled through one API process from the dashboard the other serves, at once", async () => {
    const { access_token: token } = await signUpWithGmail(apis[0]!, account(2));
    const before = decode(DashboardCodec, (await api(apis[1]!, "GET", "/dashboard-products", { token })).body);
    const brandId = before.deals[0]!.brandId;
    const ofBrand = (await db.query<{ count: number }>("SELECT count(*)::int AS count FROM deals WHERE brand_id = $1", [brandId]))[0]!.count;
    expect(ofBrand).toBeGreaterThan(0);

    expect((await api(apis[0]!, "POST", `/api/toggle_brand/${brandId}`, { token })).status).toBe(200);
    const after = decode(DashboardCodec, (await api(apis[1]!, "GET", "/dashboard-products", { token })).body);
    expect(after.deals.filter((deal) => deal.brandId === brandId)).toEqual([]);
    expect(after.totalDeals).toBe(before.totalDeals - ofBrand);
  });

  it("counts sign-in requests sent to both API processes against one limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < RATE_LIMIT + 2; attempt++) statuses.push((await api(apis[attempt % 2]!, "POST", "/login", { body: {} })).status);
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(200), 429, 429]);
  });
});
