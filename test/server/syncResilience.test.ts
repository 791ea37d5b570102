import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, DashboardCodec, SyncStatusCodec } from "../../src/infrastructure/http/contract";
import { promoCodesOf } from "../../src/domain/deal";
import { startGoogleEmulator, type GoogleEmulator } from "../../emulator/googleEmulator";
import { DEMO_CLIENT } from "../../server/config";
import { DATABASES, api, decode, freePort, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { generatedCode, generatedPromotion } from "./support/generatedMail";

const ACCOUNT = "new.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];

function fillMailbox(emulator: GoogleEmulator, from: number, count: number): string[] {
  const start = Date.now() - 3 * 86_400_000;
  return Array.from({ length: count }, (_, offset) =>
    emulator.addMessage(ACCOUNT, generatedPromotion(from + offset, new Date(start + (from + offset) * 1000)), PROMOTIONS),
  );
}

async function codesOnDashboard(stack: Pick<Stack, "apiUrl">, token: string): Promise<string[]> {
  const dashboard = decode(DashboardCodec, (await api(stack, "GET", "/dashboard-products", { token })).body);
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

describe("a sync killed halfway", () => {
  let emulator: GoogleEmulator;
  let dataDir: string;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "deal-finder-crash-"));
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    await emulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The real server as its own process, so that it can be killed like a crash. */
  async function startServerProcess(port: number): Promise<ChildProcess> {
    const server = spawn("npx", ["tsx", "server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        GOOGLE_EMULATOR_URL: emulator.baseUrl,
        GMAIL_QUOTA_UNITS_PER_MINUTE: "0",
        GMAIL_FETCH_CONCURRENCY: "4",
        SYNC_INTERVAL_MINUTES: "0",
        STATIC_DIR: join(dataDir, "no-static"),
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    while (!output.includes("Deal Finder is running")) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return server;
  }

  it("resumes after a restart and ends with exactly the deals of an uninterrupted run", async () => {
    const port = await freePort();
    emulator = await startGoogleEmulator({
      port: 0,
      quotaUnitsPerMinute: 0,
      clients: [{ ...DEMO_CLIENT, redirectUris: [`http://127.0.0.1:${port}/api/google-signin/callback`] }],
    });
    fillMailbox(emulator, 0, 1500);
    const target = { apiUrl: `http://127.0.0.1:${port}/api` };

    child = await startServerProcess(port);
    const { access_token: token } = await signUpWithGmail(target, ACCOUNT);
    for (;;) {
      const status = decode(SyncStatusCodec, (await api(target, "GET", "/sync-gmail", { token })).body);
      if ((status.progress?.processed ?? 0) >= 400) break;
      expect(status.gmail_sync_status).toBe("syncing");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(-child.pid!, "SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));

    child = await startServerProcess(port);
    const finished = decode(SyncStatusCodec, await waitForSync(target, token, 240_000));
    expect(finished.gmail_sync_progress).toMatch(/^Sync completed: \d+ new deals$/);
    expect(await codesOnDashboard(target, token)).toEqual(expectedCodes(1500));
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((resolve) => child!.once("exit", resolve));
    child = null;
  });
});
