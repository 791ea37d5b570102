/**
 * npm run bench:fuzz : the route fuzz of the server tests (test/server/support/routeFuzzing.ts) at scale. FUZZ_REQUESTS
 * generated requests (default 100,000, shared out among every route of the server's own route table, plus a tenth more
 * to paths that are no route), with and without a live session, to a server of its own on 127.0.0.1 only, on PGlite or,
 * with BENCH_DATABASE_URL, PostgreSQL. It stops after FUZZ_SECONDS (default 1,800) whatever it has sent. Prints the
 * answers by status, what broke the tests' oracle (a 5xx, a reply off the contract, a 4xx without a message, a file that
 * is not the app's), and the server's log lines by level: a client's malformed request must not write an error.
 * FUZZ_SEED changes the requests. Exits 1 when anything broke the oracle or was logged as an error.
 */
import { checkAnswer, fuzzEveryRoute, startFuzzTarget } from "../test/server/support/routeFuzzing";

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 1_800);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
/** Pino's levels, as the server logs them. */
const LEVELS: Record<number, string> = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };

const logLevels = new Map<string, number>();
const errorSamples: string[] = [];
const target = await startFuzzTarget(database, {
  logger: {
    write(line: string) {
      const { level, msg } = JSON.parse(line) as { level: number; msg: string };
      const name = LEVELS[level] ?? String(level);
      logLevels.set(name, (logLevels.get(name) ?? 0) + 1);
      if (level >= 50 && errorSamples.length < 5) errorSamples.push(msg);
    },
  },
});

const statuses = new Map<number, number>();
const violations: string[] = [];
let violationCount = 0;
const started = Date.now();
let lastReport = started;
console.info(`Route fuzz on ${database}: ${REQUESTS} route requests and ${Math.round(REQUESTS / 10)} to no route, seed ${SEED}, at most ${SECONDS} s.`);
const { sent, routes } = await fuzzEveryRoute(target, {
  seed: SEED,
  routeRequests: REQUESTS,
  oddPathRequests: Math.round(REQUESTS / 10),
  deadline: started + SECONDS * 1000,
  onAnswer(route, request, answer) {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    try {
      checkAnswer(route, request, answer, target.folders.files);
    } catch (error) {
      violationCount++;
      if (violations.length < 5) violations.push((error as Error).message);
    }
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
      console.info(`  ${total} answered after ${((lastReport - started) / 1000).toFixed(0)} s`);
    }
  },
});
const seconds = (Date.now() - started) / 1000;
await target.close();

console.info(`\n${sent} requests to ${routes.length} routes and to no route in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)} a second).`);
console.info("Answers by status:");
for (const [status, count] of [...statuses].sort(([a], [b]) => a - b)) console.info(`  ${status}: ${count}`);
const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
console.info(`5xx: ${fiveHundreds}`);
console.info(`Oracle violations: ${violationCount}`);
for (const violation of violations) console.info(`  ${violation.split("\n").join("\n    ")}`);
console.info(`Server log lines by level: ${[...logLevels].map(([level, count]) => `${level} ${count}`).join(", ") || "none"}`);
for (const sample of errorSamples) console.info(`  error: ${sample}`);
if (violationCount > 0 || (logLevels.get("error") ?? 0) + (logLevels.get("fatal") ?? 0) > 0) process.exit(1);
