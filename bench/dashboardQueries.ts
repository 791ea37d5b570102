/**
 * npm run bench:dashboard-queries : what each query of the dashboard's first answer costs, in process, for a user with
 * 5,000 and with 50,000 deals (BENCH_DEALS), on PGlite or, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), PostgreSQL
 * (BENCH_DATABASES picks). The deals are stored through the sync's own path (seedDeals), so all of them were stored
 * today, as after a first sync; PostgreSQL is analyzed after, as its autovacuum would be, PGlite is not (ANALYZE=1
 * analyzes it too). DashboardService.dashboard runs BENCH_ROUNDS times (default 30) with every query timed, which
 * prints each query's median and slowest; EXPLAIN=1 also prints each query's EXPLAIN (ANALYZE, BUFFERS). The queries
 * of one answer run at once, on one connection each on PostgreSQL and one after another on PGlite, so a query's time
 * includes its wait for the others.
 */
import { loadavg } from "node:os";
import { freshPostgresSchema } from "../test/server/support/stack";
import { openDatabase, type Database } from "../server/infrastructure/db/database";
import { migrate } from "../server/infrastructure/db/migrate";
import { SqlSyncRepository } from "../server/infrastructure/db/syncRepository";
import { SqlDealsRepository } from "../server/infrastructure/db/dealsRepository";
import { SqlPreferencesRepository } from "../server/infrastructure/db/preferencesRepository";
import { SqlSavingsRepository } from "../server/infrastructure/db/savingsRepository";
import { DashboardService } from "../server/application/dashboard";
import { PersonDays } from "../server/application/personDay";
import { SavedTotalsReader } from "../server/application/savings";
import { ImageLinks } from "../server/application/images/imageLinks";
import { median } from "./statistics";
import { seedDeals } from "./seedDeals";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SIZES = process.env.BENCH_DEALS ? process.env.BENCH_DEALS.split(",").map(Number) : [5_000, 50_000];

interface Timings {
  ms: number[];
  params: readonly unknown[];
}

/** The database, with every query's time kept by its SQL. */
function timed(db: Database, timings: Map<string, Timings>): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === "query") {
        return async (sql: string, params: readonly unknown[] = []) => {
          const began = performance.now();
          try {
            return await target.query(sql, params);
          } finally {
            const entry = timings.get(sql) ?? { ms: [], params };
            entry.ms.push(performance.now() - began);
            timings.set(sql, entry);
          }
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function benchSize(database: "pglite" | "postgres", deals: number): Promise<void> {
  const schema = database === "postgres" ? await freshPostgresSchema() : null;
  const db = await openDatabase(schema ? { databaseUrl: schema.url } : { inMemory: true });
  const label = `[${database}, ${deals.toLocaleString("en-US")} deals]`;
  try {
    await migrate(db);
    const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('queries@example.com') RETURNING id");
    await seedDeals(new SqlSyncRepository(db), user!.id, deals);
    if (database === "postgres" || process.env.ANALYZE) await db.query("ANALYZE");
    const timings = new Map<string, Timings>();
    const measured = timed(db, timings);
    const service = new DashboardService(
      new SqlDealsRepository(measured),
      new PersonDays(new SqlPreferencesRepository(measured), { now: () => new Date() }),
      new ImageLinks(Buffer.alloc(32, 1)),
      new SavedTotalsReader(new SqlSavingsRepository(measured)),
    );
    const answers: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const began = performance.now();
      await service.dashboard(user!.id, {});
      answers.push(performance.now() - began);
    }
    console.info(`${label} the first answer: median ${median(answers).toFixed(1)} ms over ${ROUNDS} (load ${loadavg().map((value) => value.toFixed(2)).join(" ")})`);
    for (const [sql, { ms, params }] of timings) {
      console.info(`${label}   median ${median(ms).toFixed(2)} ms, slowest ${Math.max(...ms).toFixed(1)} ms: ${sql.replace(/\s+/g, " ").slice(0, 100)}`);
      if (process.env.EXPLAIN) {
        const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.info(plan.map((row) => Object.values(row)[0]).join("\n"));
      }
    }
  } finally {
    await db.close();
    await schema?.drop();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const databases = (postgresUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const)).filter(
  (database) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(",").includes(database),
);
for (const database of databases) for (const deals of SIZES) await benchSize(database, deals);
