/**
 * npm run bench:server : prints the sync throughput against the Google emulator (quota throttle off) and the latency
 * of GET /dashboard-products at 50 concurrent connections for a user with 5,000 deals, on PGlite, and also on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. `sync` or `dashboard` as argument runs one of them.
 * On PostgreSQL it then runs the deployment of separate processes (`scaling` as argument runs only this): the sync
 * throughput of four users at once with one and with two worker processes, and dashboard requests a second with one
 * and with two API processes, each with the CPU its processes used per synced message and per dashboard request.
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
import { addMessagesOverHttp, splitDeploymentEnv, startApiProcess, startEmulatorProcess, startWorkerProcess, type ChildProgram } from "../test/server/support/processes";
import { generatedPromotion } from "../test/server/support/generatedMail";
import { median, percentile } from "./statistics";
import { NODE_ARGS, startDeployment, type DatabaseKind } from "./deployment";
import { openDatabase, type DatabaseLocation } from "../server/infrastructure/db/database";
import { migrate } from "../server/infrastructure/db/migrate";
import { SqlSyncRepository } from "../server/infrastructure/db/syncRepository";
import type { ExtractedDeal } from "../server/extraction";


const ACCOUNT = "new.user@example.com";
const SYNC_MESSAGES = 2_000;
const DASHBOARD_DEALS = 5_000;
const CONNECTIONS = 50;
const DASHBOARD_SECONDS = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** CPU seconds a process (all its threads) has used, from /proc; null where there is no /proc. */
function cpuSeconds(pid: number): number | null {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
  const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

/** CPU seconds of several processes together; null when any cannot be read. */
function totalCpuSeconds(pids: number[]): number | null {
  const each = pids.map(cpuSeconds);
  return each.some((value) => value === null) ? null : each.reduce<number>((sum, value) => sum + value!, 0);
}

async function loadDashboard(apiUrls: string[], token: string, serverPids: number[], label: string, run: number): Promise<Latencies & { perSecond: number }> {
  const cpuBefore = totalCpuSeconds(serverPids);
  const clientCpuBefore = process.cpuUsage();
  const latencies: number[] = [];
  const deadline = performance.now() + DASHBOARD_SECONDS * 1000;
  // Connections are shared out among the API processes in turn, as a load balancer would.
  const urls = apiUrls.map((apiUrl) => new URL(`${apiUrl}/dashboard-products`));
  // node:http with keep-alive, reading the body as sent (gzip, as a browser asks for it) without decoding it here,
  // so the measuring client takes as little as possible of the CPU the server runs on.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let bytes = 0;
  const get = (url: URL) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } }, (response) => {
        let size = 0;
        response.on("data", (chunk: Buffer) => (size += chunk.length));
        response.on("end", () => (response.statusCode === 200 ? resolve(size) : reject(new Error(`dashboard answered ${response.statusCode}`))));
      });
      request.on("error", reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      while (performance.now() < deadline) {
        const began = performance.now();
        bytes = await get(urls[connection % urls.length]!);
        latencies.push(performance.now() - began);
      }
    }),
  );
  agent.destroy();
  const cpuAfter = totalCpuSeconds(serverPids);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  // The server's own CPU per request: a figure the machine's other load hardly moves, unlike the latencies.
  const cpu = cpuBefore !== null && cpuAfter !== null ? `, server CPU ${((1000 * (cpuAfter - cpuBefore)) / latencies.length).toFixed(2)} ms per request` : "";
  const loadCpu = `, load generator CPU ${((clientCpu.user + clientCpu.system) / 1000 / latencies.length).toFixed(2)} ms per request`;
  latencies.sort((a, b) => a - b);
  const result = { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99), perSecond: latencies.length / DASHBOARD_SECONDS };
  console.info(
    `[${label}] dashboard run ${run}: ${CONNECTIONS} connections, ${DASHBOARD_SECONDS} s, ${(bytes / 1024).toFixed(0)} KB gzip per response, ` +
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
    for (let run = 1; run <= RUNS; run++) runs.push(await loadDashboard([deployment.apiUrl], token, [deployment.serverPid()], database, run));
    const summary = (key: keyof Latencies) =>
      `${key} best ${Math.min(...runs.map((r) => r[key])).toFixed(1)} ms, median ${median(runs.map((r) => r[key])).toFixed(1)} ms`;
    console.info(`[${database}] dashboard over ${RUNS} runs: ${summary("p50")}; ${summary("p95")}; ${summary("p99")}`);
  } finally {
    await deployment.close();
  }
}

/** Users whose mailboxes the scaling bench syncs at once, SYNC_MESSAGES in all. */
const SCALING_USERS = 4;

/**
 * The deployment of separate processes on PostgreSQL: a Google emulator, `apis` API processes (`--role api`) and
 * `workers` worker processes (`--role worker`), as test/server/multiProcess.test.ts runs them.
 */
async function startCluster(apis: number, workers: number) {
  const ports = await Promise.all(Array.from({ length: apis }, () => freePort()));
  const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-bench-"));
  const postgres = await freshPostgresSchema();
  const emulator = await startEmulatorProcess(ports[0]!, {
    EMULATOR_QUOTA_UNITS_PER_MINUTE: "0",
    EMULATOR_LOAD_ACCOUNTS: String(SCALING_USERS),
    EMULATOR_REDIRECT_URIS: ports.map((port) => `http://127.0.0.1:${port}/api/google-signin/callback`).join(","),
  });
  const env = { ...splitDeploymentEnv({ databaseUrl: postgres.url, emulatorUrl: emulator.baseUrl, dataDir }), GMAIL_QUOTA_UNITS_PER_MINUTE: "0" };
  const startApi = (port: number) => startApiProcess(env, port, NODE_ARGS);
  const startWorker = () => startWorkerProcess(env, NODE_ARGS);
  // The first process migrates the schema; the others start beside each other.
  const apiPrograms = [await startApi(ports[0]!)];
  const [moreApis, workerPrograms] = await Promise.all([Promise.all(ports.slice(1).map(startApi)), Promise.all(Array.from({ length: workers }, startWorker))]);
  apiPrograms.push(...moreApis);
  const apiUrls = ports.map((port) => `http://127.0.0.1:${port}/api`);
  return {
    apiUrls,
    emulator,
    location: { databaseUrl: postgres.url } satisfies DatabaseLocation,
    pids: (programs: ChildProgram[]) => programs.map((program) => program.process.pid!),
    apiPrograms,
    workerPrograms,
    async close() {
      await Promise.all([...apiPrograms, ...workerPrograms].map((program) => program.stop()));
      await emulator.stop();
      await postgres.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Four users' mailboxes synced at once by `workers` worker processes: messages a second, and CPU per message. */
async function benchSyncWorkers(workers: number, run: number): Promise<number> {
  const cluster = await startCluster(1, workers);
  try {
    const start = Date.now() - 86_400_000;
    const perUser = SYNC_MESSAGES / SCALING_USERS;
    const accounts = Array.from({ length: SCALING_USERS }, (_, index) => `load.user${index + 1}@example.com`);
    for (const [user, account] of accounts.entries()) {
      const raws = Array.from({ length: perUser }, (_, offset) => generatedPromotion(user * perUser + offset, new Date(start + offset * 1000)));
      await addMessagesOverHttp(cluster.emulator.baseUrl, account, raws, ["CATEGORY_PROMOTIONS"]);
    }
    const workerPids = cluster.pids(cluster.workerPrograms);
    const apiPids = cluster.pids(cluster.apiPrograms);
    const workerCpuBefore = totalCpuSeconds(workerPids);
    const apiCpuBefore = totalCpuSeconds(apiPids);
    const began = performance.now();
    const target = { apiUrl: cluster.apiUrls[0]! };
    const tokens = await Promise.all(accounts.map(async (account) => (await signUpWithGmail(target, account)).access_token));
    for (const token of tokens) await waitForSync(target, token, 600_000);
    const seconds = (performance.now() - began) / 1000;
    const workerCpu = totalCpuSeconds(workerPids);
    const apiCpu = totalCpuSeconds(apiPids);
    const rate = SYNC_MESSAGES / seconds;
    const perMessage = (after: number | null, before: number | null) => (after !== null && before !== null ? ((1000 * (after - before)) / SYNC_MESSAGES).toFixed(2) : "?");
    console.info(
      `[postgres, ${workers} worker${workers === 1 ? "" : "s"}] sync run ${run}: ${SCALING_USERS} users, ${SYNC_MESSAGES} messages in ${seconds.toFixed(1)} s = ` +
        `${rate.toFixed(0)} messages/s; CPU per message: workers ${perMessage(workerCpu, workerCpuBefore)} ms, API ${perMessage(apiCpu, apiCpuBefore)} ms`,
    );
    return rate;
  } finally {
    await cluster.close();
  }
}

/** GET /dashboard-products at 50 connections shared out among `apis` API processes, for a user with 5,000 deals. */
async function benchDashboardApis(apis: number): Promise<number[]> {
  const cluster = await startCluster(apis, 1);
  try {
    const target = { apiUrl: cluster.apiUrls[0]! };
    const { access_token: token, user } = await signUpWithGmail(target, "load.user1@example.com");
    await waitForSync(target, token);
    await seedDeals(cluster.location, user.id);
    const label = `postgres, ${apis} API process${apis === 1 ? "" : "es"}`;
    const rates: number[] = [];
    for (let run = 1; run <= RUNS; run++) rates.push((await loadDashboard(cluster.apiUrls, token, cluster.pids(cluster.apiPrograms), label, run)).perSecond);
    console.info(`[${label}] dashboard over ${RUNS} runs: best ${Math.max(...rates).toFixed(0)} requests/s, median ${median(rates).toFixed(0)} requests/s`);
    return rates;
  } finally {
    await cluster.close();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const databases: DatabaseKind[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];
const only = process.argv[2];
for (const database of only === "scaling" ? [] : databases) {
  if (only !== "dashboard") {
    const rates: number[] = [];
    for (let run = 1; run <= RUNS; run++) rates.push(await benchSync(database, run));
    console.info(`[${database}] sync over ${RUNS} runs: best ${Math.max(...rates).toFixed(0)} messages/s, median ${median(rates).toFixed(0)} messages/s`);
  }
  if (only !== "sync") await benchDashboard(database);
}
if (postgresUrl && (only === undefined || only === "scaling")) {
  for (const workers of [1, 2]) {
    const rates: number[] = [];
    for (let run = 1; run <= RUNS; run++) rates.push(await benchSyncWorkers(workers, run));
    console.info(`[postgres, ${workers} worker${workers === 1 ? "" : "s"}] sync over ${RUNS} runs: best ${Math.max(...rates).toFixed(0)} messages/s, median ${median(rates).toFixed(0)} messages/s`);
  }
  for (const apis of [1, 2]) await benchDashboardApis(apis);
}
