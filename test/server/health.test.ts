import { createServer, connect, type AddressInfo, type Server, type Socket } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HealthCodec, NotReadyCodec, ReadyCodec } from "../../src/contract";
import { loadConfig } from "../../server/config";
import { composeServer, type ComposedServer } from "../../server/compose";
import { DATABASES, api, decode, listeningOnFreePort, freshPostgresSchema, startStack, type Stack } from "./support/stack";

describe.each(DATABASES)("health and readiness, on %s", (database) => {
  let stack: Stack;

  beforeAll(async () => {
    // A sign-in limit of 2 a minute: the probes must not be counted against anything.
    stack = await startStack({ database, env: { AUTH_RATE_LIMIT_PER_MINUTE: "2" } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("answers live and ready without a token, never cached, however often it is asked", async () => {
    for (let probe = 0; probe < 30; probe++) {
      const health = await api(stack, "GET", "/health");
      expect(health.status).toBe(200);
      expect(decode(HealthCodec, health.body)).toEqual({ status: "ok" });
      expect(health.headers.get("cache-control")).toBe("no-store");
      const ready = await api(stack, "GET", "/ready");
      expect(ready.status).toBe(200);
      expect(decode(ReadyCodec, ready.body)).toEqual({ status: "ready" });
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(ready.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });
});

/** A TCP relay to the PostgreSQL server that the test can cut (every connection dropped, none accepted) and restore. */
async function relayTo(target: URL): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  // A port the system gives the first listen (none chosen ahead, that another test file could take), kept for restore.
  let port = 0;
  let server: Server | null = null;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = async () => {
    const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.destroy();
    await closing;
    server = null;
  };
  await open();
  return { port, cut, restore: open, close: cut };
}

// PGlite runs inside the process: only a database server can be out of reach while the process lives.
describe.each(DATABASES.filter((database) => database === "postgres"))("readiness follows the database server, on %s", () => {
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
  let server: ComposedServer;
  let apiUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    schema = await freshPostgresSchema();
    const direct = new URL(schema.url);
    relay = await relayTo(direct);
    const throughRelay = new URL(schema.url);
    throughRelay.hostname = "127.0.0.1";
    throughRelay.port = String(relay.port);
    dataDir = mkdtempSync(join(tmpdir(), "deal-finder-ready-"));
    // An API process, as a load balancer probes it: no job workers polling a database the test takes away.
    const { server: composed, port } = await listeningOnFreePort((port) => {
      const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, SYNC_INTERVAL_MINUTES: "0", DATABASE_URL: throughRelay.toString(), ROLE: "api" });
      config.staticDir = null;
      return composeServer(config, { checkReplies: true });
    });
    server = composed;
    apiUrl = `http://127.0.0.1:${port}/api`;
  });
  afterAll(async () => {
    await relay?.restore().catch(() => undefined);
    await server?.close();
    await relay?.close();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 with the reason while the database is unreachable, and ready again once it is back; live throughout", async () => {
    expect((await api({ apiUrl }, "GET", "/ready")).status).toBe(200);

    await relay.cut();
    const unready = await api({ apiUrl }, "GET", "/ready");
    expect(unready.status).toBe(503);
    const body = decode(NotReadyCodec, unready.body);
    expect(body.status).toBe("unavailable");
    expect(body.error).toMatch(/^The database does not answer \(\w+\)\.$/);
    // The driver's message names where the database is; the answer must not.
    expect(body.error).not.toContain(String(relay.port));
    expect((await api({ apiUrl }, "GET", "/health")).status).toBe(200);

    await relay.restore();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) status = (await api({ apiUrl }, "GET", "/ready")).status;
    expect(status).toBe(200);
  });
});
