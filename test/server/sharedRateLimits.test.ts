import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec } from "../../src/contract";
import { loadConfig } from "../../server/config";
import { composeServer, type ComposedServer } from "../../server/compose";
import { SqlRateLimitCounter } from "../../server/infrastructure/db/rateLimitCounter";
import type { Database } from "../../server/infrastructure/db/database";
import { DATABASES, api, decode, listeningOnFreePort, freshPostgresSchema, openMigratedTestDatabase, startStack, type Stack } from "./support/stack";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASES)("the database's rate-limit counter, on %s", (database) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let counter: SqlRateLimitCounter;

  beforeAll(async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
    counter = new SqlRateLimitCounter(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it("counts each key in its own window and says how long the window has left", async () => {
    const first = await counter.hit("GET /api/google-signin 203.0.113.7", 60_000);
    expect(first.hits).toBe(1);
    expect(first.resetsInMs).toBeGreaterThan(59_000);
    expect(first.resetsInMs).toBeLessThanOrEqual(60_000);
    expect((await counter.hit("GET /api/google-signin 203.0.113.7", 60_000)).hits).toBe(2);
    expect((await counter.hit("GET /api/google-signin 198.51.100.1", 60_000)).hits).toBe(1);
    expect((await counter.hit("POST /api/login 203.0.113.7", 60_000)).hits).toBe(1);
  });

  it("counts hits that arrive at once exactly once each", async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => counter.hit("POST /api/auth/complete 192.0.2.1", 60_000)));
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });

  it("starts a new window once the last has ended, and purges ended windows", async () => {
    expect((await counter.hit("short 192.0.2.9", 300)).hits).toBe(1);
    expect((await counter.hit("short 192.0.2.9", 300)).hits).toBe(2);
    await sleep(400);
    expect(await counter.purgeEnded()).toBe(1);
    const after = await counter.hit("short 192.0.2.9", 300);
    expect(after.hits).toBe(1);
    expect(after.resetsInMs).toBeGreaterThan(200);
    // The minute-long windows above are still running: not purged.
    expect(await counter.purgeEnded()).toBe(0);
    expect((await db.query<{ count: number }>("SELECT count(*)::integer AS count FROM rate_limit_hits"))[0]!.count).toBe(5);
  });
});

describe.each(DATABASES)("the sign-in limits count in the database, on %s", (database) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ database, env: { AUTH_RATE_LIMIT_PER_MINUTE: "3" } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("stores each sign-in route's count per address, and leaves the image proxy's in memory", async () => {
    for (let attempt = 0; attempt < 2; attempt++) await api(stack, "GET", "/google-signin");
    await api(stack, "POST", "/auth/refresh", { body: { refresh_token: "never-issued" } });
    await api(stack, "GET", "/images/unsigned/aHR0cHM6Ly9jZG4uZXhhbXBsZS9hLnBuZw");
    const rows = await stack.server.db.query<{ key: string; hits: number }>("SELECT key, hits FROM rate_limit_hits ORDER BY key");
    expect(rows).toEqual([
      { key: "GET /api/google-signin 127.0.0.1", hits: 2 },
      { key: "POST /api/auth/refresh 127.0.0.1", hits: 1 },
    ]);
  });
});

/** GET /api/google-signin with an X-Forwarded-For header, as a load balancer (or someone pretending to be one) sends it. */
async function signInStartFrom(stack: Pick<Stack, "apiUrl">, forwardedFor: string): Promise<number> {
  const response = await fetch(`${stack.apiUrl}/google-signin`, { headers: { "x-forwarded-for": forwardedFor } });
  await response.arrayBuffer();
  return response.status;
}

describe("the client's address behind a load balancer", () => {
  const stacks: Stack[] = [];
  afterAll(async () => {
    for (const stack of stacks) await stack.close();
  });

  it("is the connection's own, whatever X-Forwarded-For claims, unless TRUST_PROXY names the balancer", async () => {
    const direct = await startStack({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "2" } });
    stacks.push(direct);
    const spoofed: number[] = [];
    for (const claimed of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) spoofed.push(await signInStartFrom(direct, claimed));
    expect(spoofed).toEqual([200, 200, 429]);

    const behindBalancer = await startStack({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY: "127.0.0.0/8,::1" } });
    stacks.push(behindBalancer);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) statuses.push(await signInStartFrom(behindBalancer, "203.0.113.1"));
    // The balancer appends the address it saw; what the client wrote before it is not believed.
    statuses.push(await signInStartFrom(behindBalancer, "198.51.100.7, 203.0.113.2"));
    expect(statuses).toEqual([200, 200, 429, 200]);
    const keys = await behindBalancer.server.db.query<{ key: string }>("SELECT key FROM rate_limit_hits ORDER BY key");
    expect(keys.map((row) => row.key)).toEqual(["GET /api/google-signin 203.0.113.1", "GET /api/google-signin 203.0.113.2"]);
  });

  it("stops the server at startup when TRUST_PROXY is malformed", () => {
    for (const value of ["10.0.0.0/33", "balancer.internal", "1", "10.0.0.1/8/2"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must list IP addresses or ranges/);
    }
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.0/8, fd00::/8 ,192.0.2.10" }).trustedProxies).toEqual(["10.0.0.0/8", "fd00::/8", "192.0.2.10"]);
  });
});

/** Two API servers composed on one PostgreSQL database (PGlite is one process's own), as two processes would run. */
describe.each(DATABASES.filter((database) => database === "postgres"))("two API servers on one database, on %s", () => {
  const LIMIT = 5;
  let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
  const servers: { server: ComposedServer; apiUrl: string; dataDir: string }[] = [];

  beforeAll(async () => {
    schema = await freshPostgresSchema();
    // One after the other: the first applies the migrations.
    for (let index = 0; index < 2; index++) {
      const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-limits-"));
      const { server, port } = await listeningOnFreePort((port) => {
        const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, SYNC_INTERVAL_MINUTES: "0", AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
        config.database = { databaseUrl: schema.url };
        config.staticDir = null;
        return composeServer(config, { checkReplies: true });
      });
      servers.push({ server, apiUrl: `http://127.0.0.1:${port}/api`, dataDir });
    }
  });
  afterAll(async () => {
    for (const { server, dataDir } of servers) {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await schema?.drop();
  });

  it("refuses the request past the limit in total, whichever server each request went to", async () => {
    const answers: { server: number; status: number; remaining: string | null }[] = [];
    for (let attempt = 0; attempt < LIMIT + 3; attempt++) {
      const server = attempt % 2;
      const response = await api(servers[server]!, "GET", "/google-signup");
      answers.push({ server, status: response.status, remaining: response.headers.get("x-ratelimit-remaining") });
      if (response.status === 429) expect(decode(ApiErrorCodec, response.body).code).toBe("rate_limited");
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers.slice(0, LIMIT).map((answer) => answer.remaining)).toEqual(["4", "3", "2", "1", "0"]);
    // Each route keeps its own count: another sign-in route is still open on either server.
    expect((await api(servers[1]!, "GET", "/google-signin")).status).toBe(200);
  });
});
