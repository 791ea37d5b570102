/**
 * npm run bench:server : prints the sync throughput against the Google emulator (quota throttle off) and the latency
 * of GET /dashboard-products at 50 concurrent connections for a user with 5,000 deals, on PGlite, and also on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. `sync` or `dashboard` as argument runs one of them.
 *
 * The server and the emulator each run in a process of their own, as a deployment runs them; this process only loads
 * mail, drives the sign-up and generates the load. BENCH_RUNS (default 3) rounds are run and printed, then the best
 * and the median, because a shared machine's noise only ever slows a round down. BENCH_NODE_ARGS (e.g. --cpu-prof)
 * is passed to the server's node.
 */
import http from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api, freePort, freshPostgresSchema, signUpWithGmail, waitForSync } from "../test/server/support/stack";
import { addMessagesOverHttp, startEmulatorProcess, startServerProcess, type ChildProgram } from "../test/server/support/processes";
import { generatedPromotion } from "../test/server/support/generatedMail";
import { median, percentile } from "./statistics";
import { openDatabase, type DatabaseLocation } from "../server/infrastructure/db/database";
import { migrate } from "../server/infrastructure/db/migrate";
import { SqlSyncRepository } from "../server/infrastructure/db/syncRepository";
import type { ExtractedDeal } from "../server/extraction";

type DatabaseKind = "pglite" | "postgres";

const ACCOUNT = "new.user@example.com";
const SYNC_MESSAGES = 2_000;
const DASHBOARD_DEALS = 5_000;
const CONNECTIONS = 50;
const DASHBOARD_SECONDS = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** CPU seconds a process (all its threads) has used, from /proc; null where there is no /proc. */
function cpuSeconds(pid: number): number | null {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
  const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A server and an emulator in processes of their own, on a fresh database. */
async function startDeployment(database: DatabaseKind, env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-bench-"));
  const postgres = database === "postgres" ? await freshPostgresSchema() : null;
  const emulator = await startEmulatorProcess(port, { EMULATOR_QUOTA_UNITS_PER_MINUTE: "0" });
  const serverOptions = {
    port,
    dataDir,
    emulatorUrl: emulator.baseUrl,
    ...(postgres ? { databaseUrl: postgres.url } : {}),
    env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0", ...env },
    nodeArgs: NODE_ARGS,
  };
  let server: ChildProgram | null = await startServerProcess(serverOptions);
  const location: DatabaseLocation = postgres ? { databaseUrl: postgres.url } : { dataDir };
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    emulator,
    location,
    serverPid: () => server?.process.pid ?? 0,
    async restartServer(between?: () => Promise<void>) {
      await server?.stop();
      server = null;
      await between?.();
      server = await startServerProcess(serverOptions);
    },
    async close() {
      await server?.stop();
      await emulator.stop();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchSync(database: DatabaseKind, run: number): Promise<number> {
  const deployment = await startDeployment(database);
  try {
    const start = Date.now() - 86_400_000;
    const raws = Array.from({ length: SYNC_MESSAGES }, (_, index) => generatedPromotion(index, new Date(start + index * 1000)));
    await addMessagesOverHttp(deployment.emulator.baseUrl, ACCOUNT, raws, ["CATEGORY_PROMOTIONS"]);
    const cpu = () => [cpuSeconds(deployment.serverPid()), cpuSeconds(deployment.emulator.process.pid!)];
    const cpuBefore = cpu();
    const began = performance.now();
    const { access_token: token } = await signUpWithGmail(deployment, ACCOUNT);
    const status = await waitForSync(deployment, token, 600_000);
    const seconds = (performance.now() - began) / 1000;
    const cpuAfter = cpu();
    const used = cpuAfter.map((after, index) => (after !== null && cpuBefore[index] !== null ? (after - cpuBefore[index]!).toFixed(1) : "?"));
    const rate = SYNC_MESSAGES / seconds;
    console.info(
      `[${database}] sync run ${run}: ${SYNC_MESSAGES} messages in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} messages/s end to end ` +
        `(${status.gmail_sync_progress}); CPU used: server ${used[0]} s, emulator ${used[1]} s`,
    );
    return rate;
  } finally {
    await deployment.close();
  }
}

function benchDeal(index: number): ExtractedDeal {
  const brand = `Brand ${index % 120}`;
  return {
    brand,
    brandDomain: `brand${index % 120}.test`,
    title: `${10 + (index % 50)}% off offer ${index}`,
    description: `Save on everything at ${brand} with this offer.`,
    category: (["Fashion", "Home", "Beauty", "Pets", "Health", "Shopping"] as const)[index % 6]!,
    promoCodes: [`CODE${index}`],
    discount: `${10 + (index % 50)}% off`,
    terms: [],
    codeConditions: [],
    expirationDate: new Date(Date.now() + ((index % 40) - 10) * 86_400_000).toISOString().slice(0, 10),
    dealUrl: `https://brand${index % 120}.test/sale`,
    imageUrls: [],
    source: "text",
  };
}

/** Seeds the deals through the sync's own storage path, with the server stopped (a PGlite folder has one owner). */
async function seedDeals(location: DatabaseLocation, userId: string): Promise<void> {
  const db = await openDatabase(location);
  try {
    await migrate(db);
    const repository = new SqlSyncRepository(db);
    const ids = Array.from({ length: DASHBOARD_DEALS }, (_, index) => `bench-${index}`);
    await repository.addPending(userId, ids);
    for (let index = 0; index < DASHBOARD_DEALS; index += 100) {
      await repository.storeBatch(
        userId,
        ids.slice(index, index + 100).map((gmailId, offset) => {
          const deal = benchDeal(index + offset);
          return {
            message: { gmailId, sender: deal.brand, subject: `Offer ${index + offset}`, sentAt: new Date(Date.now() - ((index + offset) % 60) * 86_400_000) },
            deals: [deal],
          };
        }),
        [],
        new Date(),
      );
    }
  } finally {
    await db.close();
  }
}

interface Latencies {
  p50: number;
  p95: number;
  p99: number;
}

async function loadDashboard(apiUrl: string, token: string, serverPid: number, database: DatabaseKind, run: number): Promise<Latencies> {
  const cpuBefore = cpuSeconds(serverPid);
  const clientCpuBefore = process.cpuUsage();
  const latencies: number[] = [];
  const deadline = performance.now() + DASHBOARD_SECONDS * 1000;
  const url = new URL(`${apiUrl}/dashboard-products`);
  // node:http with keep-alive, reading the body as sent (gzip, as a browser asks for it) without decoding it here,
  // so the measuring client takes as little as possible of the CPU the server runs on.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let bytes = 0;
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } }, (response) => {
        let size = 0;
        response.on("data", (chunk: Buffer) => (size += chunk.length));
        response.on("end", () => (response.statusCode === 200 ? resolve(size) : reject(new Error(`dashboard answered ${response.statusCode}`))));
      });
      request.on("error", reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const began = performance.now();
        bytes = await get();
        latencies.push(performance.now() - began);
      }
    }),
  );
  agent.destroy();
  const cpuAfter = cpuSeconds(serverPid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  // The server's own CPU per request: a figure the machine's other load hardly moves, unlike the latencies.
  const cpu = cpuBefore !== null && cpuAfter !== null ? `, server CPU ${((1000 * (cpuAfter - cpuBefore)) / latencies.length).toFixed(2)} ms per request` : "";
  const loadCpu = `, load generator CPU ${((clientCpu.user + clientCpu.system) / 1000 / latencies.length).toFixed(2)} ms per request`;
  latencies.sort((a, b) => a - b);
  const result = { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99) };
  console.info(
    `[${database}] dashboard run ${run}: ${CONNECTIONS} connections, ${DASHBOARD_SECONDS} s, ${(bytes / 1024).toFixed(0)} KB gzip per response, ` +
      `${latencies.length} requests, ${(latencies.length / DASHBOARD_SECONDS).toFixed(0)}/s, ` +
      `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms${cpu}${loadCpu}`,
  );
  return result;
}

async function benchDashboard(database: DatabaseKind): Promise<void> {
  const deployment = await startDeployment(database);
  try {
    const { access_token: token, user } = await signUpWithGmail(deployment, ACCOUNT);
    await waitForSync(deployment, token);
    await deployment.restartServer(() => seedDeals(deployment.location, user.id));
    const check = await api(deployment, "GET", "/dashboard-products", { token });
    console.info(`[${database}] dashboard: ${(check.body as { deals: unknown[] }).deals.length} deals`);
    const runs: Latencies[] = [];
    for (let run = 1; run <= RUNS; run++) runs.push(await loadDashboard(deployment.apiUrl, token, deployment.serverPid(), database, run));
    const summary = (key: keyof Latencies) =>
      `${key} best ${Math.min(...runs.map((r) => r[key])).toFixed(1)} ms, median ${median(runs.map((r) => r[key])).toFixed(1)} ms`;
    console.info(`[${database}] dashboard over ${RUNS} runs: ${summary("p50")}; ${summary("p95")}; ${summary("p99")}`);
  } finally {
    await deployment.close();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const databases: DatabaseKind[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];
const only = process.argv[2];
for (const database of databases) {
  if (only !== "dashboard") {
    const rates: number[] = [];
    for (let run = 1; run <= RUNS; run++) rates.push(await benchSync(database, run));
    console.info(`[${database}] sync over ${RUNS} runs: best ${Math.max(...rates).toFixed(0)} messages/s, median ${median(rates).toFixed(0)} messages/s`);
  }
  if (only !== "sync") await benchDashboard(database);
}
