/**
 * npm run bench:dashboard-api : the latency of GET /api/dashboard-products's first answer for a user with 5,000 and
 * with 50,000 deals, at 50 concurrent connections (autocannon), cold and warm, on PGlite, and also on PostgreSQL
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set (BENCH_DATABASES=postgres runs that one alone; BENCH_DEALS=5000
 * one size).
 *
 * Both sizes run at once, each in a deployment of its own, and are measured in turns: on a shared machine, load that
 * comes and goes then falls on both alike, and the two are compared round by round rather than minute by minute.
 * - Cold: right after a data change. Each round changes each user's data through the API (a brand hidden and shown
 *   again: two version bumps), then 50 connections ask at once, one size after the other (the order alternates).
 *   After one round each that is not counted, BENCH_COLD_ROUNDS rounds (default 30) make a repeat; BENCH_REPEATS
 *   repeats (default 3). Each repeat's p50 and p95 are printed with the load average, then every round's together,
 *   the spread of the repeats' p95s, and the ratio of the larger size's p95 to the smaller's: in each repeat, over
 *   every round, and round by round (each round's p95 over the other size's in the same round, moments apart).
 * - Warm: 50 connections asking with nothing changing, BENCH_WARM_SECONDS (default 10) for each size, in slices of
 *   2 s taken in turns.
 * Requests ask for brotli or gzip, as browsers do. The servers and the emulators each run in a process of their own.
 * It also prints the first answer's size and how long the rest of the deals take to fetch page by page, as the
 * browser's data cache does after the first paint. Figures, with the targets (p95 <= 150 ms cold, <= 30 ms warm;
 * the larger size's cold p95 within 20% of the smaller's).
 */
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { DashboardCodec, DashboardDealsPageCodec } from "../src/contract";
import { api, decode, signUpWithGmail, waitForSync } from "../test/server/support/stack";
import { openDatabase } from "../server/infrastructure/db/database";
import { migrate } from "../server/infrastructure/db/migrate";
import { SqlSyncRepository } from "../server/infrastructure/db/syncRepository";
import { median, percentile } from "./statistics";
import { startDeployment, type DatabaseKind } from "./deployment";
import { seedDeals } from "./seedDeals";


const ACCOUNT = "new.user@example.com";
const SIZES = [5_000, 50_000];
const CONNECTIONS = 50;
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 30);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 10);
const WARM_SLICE_SECONDS = 2;
const TARGET_MS = { cold: 150, warm: 30 };
/** How far the larger size's cold p95 may be from the smaller's: the answer is to be flat in the deal count. */
const FLAT_WITHIN = 0.2;

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

const loadAverage = () => `load ${loadavg().map((value) => value.toFixed(2)).join(" ")}`;

const sortedLatencies = (runs: Load[]) => runs.flatMap((run) => run.latencies).sort((a, b) => a - b);

function report(label: string, runs: Load[], target: number): string {
  const latencies = sortedLatencies(runs);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  const p95 = percentile(latencies, 0.95);
  return (
    `${label}: ${latencies.length} answers, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
    `max ${latencies.at(-1)!.toFixed(1)} ms, ${(latencies.length / seconds).toFixed(0)} requests/s` +
    `${errors > 0 ? `, ${errors} errors` : ""} (target p95 <= ${target} ms: ${p95 <= target ? "met" : "missed"})`
  );
}

/** A deployment with one user's deals, ready to be asked. */
interface Sized {
  deals: number;
  label: string;
  url: string;
  token: string;
  /** A data change: one of the user's brands hidden and shown again. */
  change(): Promise<void>;
  close(): Promise<void>;
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
        // PostgreSQL's autovacuum analyzes a table within a minute of such a load; the cold rounds would start sooner.
        // PGlite has no autovacuum: it is measured as it runs (its server analyzes once at start and then hourly).
        if (database === "postgres") await db.query("ANALYZE");
      } finally {
        await db.close();
      }
    });
    return { deployment, token };
  } catch (error) {
    await deployment.close();
    throw error;
  }
}

/** Seeds a deployment, checks its first answer, and prints that answer's size and how long the pages after it take. */
async function prepare(database: DatabaseKind, deals: number): Promise<Sized> {
  const seeding = performance.now();
  const { deployment, token } = await deploymentWith(database, deals);
  const label = `[${database}, ${deals.toLocaleString("en-US")} deals]`;
  console.info(`${label} seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  try {
    const url = `${deployment.apiUrl}/dashboard-products`;
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
    return {
      deals,
      label,
      url,
      token,
      change: async () => {
        await toggle();
        await toggle();
      },
      close: deployment.close,
    };
  } catch (error) {
    await deployment.close();
    throw error;
  }
}

/** The sizes in the order of turn `turn`: alternating, so that neither is always measured first after a pause. */
const inTurn = <T>(items: T[], turn: number): T[] => (turn % 2 === 0 ? items : [...items].reverse());

const p95Of = (runs: Load[]) => percentile(sortedLatencies(runs), 0.95);
const range = (values: number[]) => `${Math.min(...values).toFixed(1)} to ${Math.max(...values).toFixed(1)}`;

async function benchDatabase(database: DatabaseKind, sizes: number[]): Promise<void> {
  const sized: Sized[] = [];
  try {
    for (const deals of sizes) sized.push(await prepare(database, deals));
    const label = `[${database}]`;
    const names = (deals: number) => `${deals.toLocaleString("en-US")} deals`;
    // cold[size][repeat]: the rounds of one repeat.
    const cold = sized.map(() => Array.from({ length: REPEATS }, (): Load[] => []));
    // One round each first, not counted: a fresh server's first answers also compile its code and fill its caches.
    for (const one of sized) {
      await one.change();
      await load(one.url, one.token, { amount: CONNECTIONS });
    }
    console.info(`${label} cold: ${REPEATS} repeats of ${COLD_ROUNDS} rounds of ${CONNECTIONS} at once after a change, sizes in turns (${loadAverage()})`);
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      for (let round = 0; round < COLD_ROUNDS; round++) {
        for (const one of inTurn(sized, round + repeat)) {
          await one.change();
          cold[sized.indexOf(one)]![repeat]!.push(await load(one.url, one.token, { amount: CONNECTIONS }));
        }
      }
      const figures = sized.map((one, index) => {
        const latencies = sortedLatencies(cold[index]![repeat]!);
        return `${names(one.deals)} p50 ${percentile(latencies, 0.5).toFixed(1)} / p95 ${percentile(latencies, 0.95).toFixed(1)} ms`;
      });
      console.info(`${label} cold repeat ${repeat + 1}/${REPEATS}: ${figures.join("; ")} (${loadAverage()})`);
    }
    for (const [index, one] of sized.entries()) {
      const repeats = cold[index]!;
      console.info(`${one.label} ${report(`cold, all ${REPEATS * COLD_ROUNDS} rounds`, repeats.flat(), TARGET_MS.cold)}`);
      const p95s = repeats.map(p95Of);
      console.info(`${one.label} cold p95 of each repeat: ${p95s.map((value) => value.toFixed(1)).join(", ")} ms (spread ${range(p95s)}, median ${median(p95s).toFixed(1)})`);
    }
    if (sized.length === 2) {
      const ratios = Array.from({ length: REPEATS }, (_, repeat) => p95Of(cold[1]![repeat]!) / p95Of(cold[0]![repeat]!));
      const all = p95Of(cold[1]!.flat()) / p95Of(cold[0]!.flat());
      // Each round of one size beside the same round of the other, taken moments apart: the pairs share the load.
      const paired = cold[1]!.flatMap((rounds, repeat) => rounds.map((run, round) => p95Of([run]) / p95Of([cold[0]![repeat]![round]!]))).sort((a, b) => a - b);
      console.info(
        `${label} cold p95, ${names(sized[1]!.deals)} over ${names(sized[0]!.deals)}: ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")} by repeat, ` +
          `${all.toFixed(2)} over every round (within ${FLAT_WITHIN * 100}%: ${Math.abs(all - 1) <= FLAT_WITHIN ? "yes" : "no"}); ` +
          `round by round, median ${percentile(paired, 0.5).toFixed(2)} (quartiles ${percentile(paired, 0.25).toFixed(2)} to ${percentile(paired, 0.75).toFixed(2)})`,
      );
    }

    const warm = sized.map((): Load[] => []);
    const slices = Math.max(1, Math.round(WARM_SECONDS / WARM_SLICE_SECONDS));
    for (let slice = 0; slice < slices; slice++) {
      for (const one of inTurn(sized, slice)) warm[sized.indexOf(one)]!.push(await load(one.url, one.token, { duration: WARM_SECONDS / slices }));
    }
    for (const [index, one] of sized.entries()) {
      console.info(`${one.label} ${report(`warm (${CONNECTIONS} connections for ${WARM_SECONDS} s, in ${slices} turns)`, warm[index]!, TARGET_MS.warm)}`);
    }
    console.info(`${label} done (${loadAverage()})`);
  } finally {
    for (const one of sized) await one.close();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
// BENCH_DATABASES=postgres (or pglite) runs one of them.
const databases = (postgresUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const)).filter(
  (database) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(",").includes(database),
);
const sizes = process.env.BENCH_DEALS ? process.env.BENCH_DEALS.split(",").map(Number) : SIZES;
for (const database of databases) await benchDatabase(database, sizes);
