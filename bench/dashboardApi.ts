/**
 * npm run bench:dashboard-api : the latency of GET /api/dashboard-products's first answer for a user with 5,000 and
 * with 50,000 deals, at 50 concurrent connections (autocannon), cold and warm, on PGlite, and also on PostgreSQL
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 *
 * - Cold: right after a data change. Each round changes the user's data through the API (a brand hidden and shown
 *   again: two version bumps), then 50 connections ask at once; BENCH_COLD_ROUNDS rounds (default 20).
 * - Warm: 50 connections asking for BENCH_WARM_SECONDS (default 10) with nothing changing.
 * Requests ask for brotli or gzip, as browsers do. The server and the emulator each run in a process of their own.
 * It also prints the first answer's size and how long the rest of the deals take to fetch page by page, as the
 * browser's data cache does after the first paint. Figures, with the targets (p95 <= 150 ms cold, <= 30 ms warm).
 */
import autocannon from "autocannon";
import { DashboardCodec, DashboardDealsPageCodec } from "../src/contract";
import { api, decode, signUpWithGmail, waitForSync } from "../test/server/support/stack";
import { openDatabase } from "../server/infrastructure/db/database";
import { migrate } from "../server/infrastructure/db/migrate";
import { SqlSyncRepository } from "../server/infrastructure/db/syncRepository";
import { percentile } from "./statistics";
import { startDeployment, type DatabaseKind } from "./deployment";
import { seedDeals } from "./seedDeals";


const ACCOUNT = "new.user@example.com";
const SIZES = [5_000, 50_000];
const CONNECTIONS = 50;
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 20);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 10);
const TARGET_MS = { cold: 150, warm: 30 };

interface Load {
  latencies: number[];
  seconds: number;
  errors: number;
}

/** Fires requests through autocannon, keeping every response's latency; `options` says how many or for how long. */
function load(url: string, token: string, options: { amount: number } | { duration: number }): Promise<Load> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let errors = 0;
    // From the run's start to its last answer: autocannon's own start and stop are not the server's time.
    const began = performance.now();
    let lastAnswer = began;
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        headers: { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip" },
        ...options,
      },
      (error) => (error ? reject(error) : resolve({ latencies, seconds: (lastAnswer - began) / 1000, errors })),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      lastAnswer = performance.now();
      if (statusCode === 200) latencies.push(responseTime);
      else errors++;
    });
    instance.on("reqError", () => errors++);
  });
}

function report(label: string, runs: Load[], target: number): string {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  const p95 = percentile(latencies, 0.95);
  return (
    `${label}: ${latencies.length} answers, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
    `max ${latencies.at(-1)!.toFixed(1)} ms, ${(latencies.length / seconds).toFixed(0)} requests/s` +
    `${errors > 0 ? `, ${errors} errors` : ""} (target p95 <= ${target} ms: ${p95 <= target ? "met" : "missed"})`
  );
}

/** A server and an emulator in processes of their own, on a fresh database, with `deals` deals for one user. */
async function deploymentWith(database: DatabaseKind, deals: number) {
  const deployment = await startDeployment(database, { ACCESS_TOKEN_TTL_SECONDS: "3600" });
  try {
    const { access_token: token, user } = await signUpWithGmail(deployment, ACCOUNT);
    await waitForSync(deployment, token);
    // Seeded with the server stopped: a PGlite folder has one owner.
    await deployment.restartServer(async () => {
      const db = await openDatabase(deployment.location);
      try {
        await migrate(db);
        await seedDeals(new SqlSyncRepository(db), user.id, deals);
        // PostgreSQL's autovacuum analyzes a table within a minute of such a load, and the first answer's plans need
        // those statistics; the cold rounds would start sooner. PGlite has no autovacuum: it is measured as it runs.
        if (database === "postgres") await db.query("ANALYZE");
      } finally {
        await db.close();
      }
    });
    return { apiUrl: deployment.apiUrl, token, close: deployment.close };
  } catch (error) {
    await deployment.close();
    throw error;
  }
}

async function benchSize(database: DatabaseKind, deals: number): Promise<void> {
  const seeding = performance.now();
  const deployment = await deploymentWith(database, deals);
  const label = `[${database}, ${deals.toLocaleString("en-US")} deals]`;
  console.info(`${label} seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  try {
    const { token, apiUrl } = deployment;
    const url = `${apiUrl}/dashboard-products`;
    const first = await fetch(url, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "br" } });
    // fetch decompresses the body: the bytes sent are the header's.
    const brotliBytes = Number(first.headers.get("content-length"));
    await first.arrayBuffer();
    const answer = decode(DashboardCodec, (await api(deployment, "GET", "/dashboard-products", { token })).body);
    if (answer.totalDeals !== deals) throw new Error(`Expected ${deals} deals, the answer says ${answer.totalDeals}`);
    const jsonBytes = Buffer.byteLength(JSON.stringify(answer));
    console.info(
      `${label} first answer: ${answer.deals.length} of ${answer.totalDeals} deals, ${(jsonBytes / 1024).toFixed(1)} KB JSON, ` +
        `${(brotliBytes / 1024).toFixed(1)} KB brotli`,
    );

    // The rest as the browser's data cache fetches it after the first paint: one page after another.
    const pagesBegan = performance.now();
    let pages = 0;
    for (let cursor = answer.nextCursor; cursor !== null; pages++) {
      cursor = decode(DashboardDealsPageCodec, (await api(deployment, "GET", `/dashboard-products/deals?after=${cursor}`, { token })).body).nextCursor;
    }
    console.info(`${label} the other ${deals - answer.deals.length} deals: ${pages} pages in ${((performance.now() - pagesBegan) / 1000).toFixed(2)} s, one at a time`);

    const brandId = answer.deals[0]!.brandId;
    const toggle = async () => {
      const toggled = await api(deployment, "POST", `/api/toggle_brand/${brandId}`, { token });
      if (toggled.status !== 200) throw new Error(`Toggling a brand answered ${toggled.status}`);
    };
    const cold: Load[] = [];
    for (let round = 0; round < COLD_ROUNDS; round++) {
      await toggle();
      await toggle();
      cold.push(await load(url, token, { amount: CONNECTIONS }));
    }
    console.info(`${label} ${report(`cold (after a change, ${COLD_ROUNDS} rounds of ${CONNECTIONS} at once)`, cold, TARGET_MS.cold)}`);
    const warm = await load(url, token, { duration: WARM_SECONDS });
    console.info(`${label} ${report(`warm (${CONNECTIONS} connections for ${WARM_SECONDS} s)`, [warm], TARGET_MS.warm)}`);
  } finally {
    await deployment.close();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const databases: DatabaseKind[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];
const sizes = process.env.BENCH_DEALS ? process.env.BENCH_DEALS.split(",").map(Number) : SIZES;
for (const database of databases) for (const deals of sizes) await benchSize(database, deals);
