import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { composeServer, type ComposedServer } from "../../server/compose";
import { DATABASES, listeningOnFreePort, freshPostgresSchema } from "./support/stack";
import { routesOf } from "./support/routeTable";

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** Sends bytes as they are over a connection of its own; answers what came back before the server closed it. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer));
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

/** A route's path with its parameters filled in. */
const pathOf = (route: string) =>
  route
    .split(" ")[1]!
    .replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000")
    .replace("*", "signature/target");

describe.each(DATABASES)("the log, when clients send malformed requests, on %s", (database) => {
  const lines: LogLine[] = [];
  let server: ComposedServer;
  let port: number;
  let dataDir: string;
  let dropSchema: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "deal-finder-log-"));
    const schema = database === "postgres" ? await freshPostgresSchema() : null;
    dropSchema = schema?.drop;
    ({ server, port } = await listeningOnFreePort((port) => {
      const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, SYNC_INTERVAL_MINUTES: "0" });
      config.staticDir = null;
      config.database = schema ? { databaseUrl: schema.url } : { inMemory: true };
      // The server's own log lines, as `npm start` prints them.
      return composeServer(config, { checkReplies: true, logger: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } });
    }));
  });
  afterAll(async () => {
    await server?.close();
    await dropSchema?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a chunked body with a bad chunk size on every route with a 400, and writes no error and no stack", async () => {
    const routes = routesOf(server.app).filter((route) => route.split(" ")[1]!.startsWith("/api/"));
    // The rate-limited routes are among them: their limit used to read the address of a connection already closed.
    expect(routes).toEqual(expect.arrayContaining(["POST /api/auth/refresh", "GET /api/google-signin", "POST /api/early-access", "GET /api/images/*"]));
    for (const route of routes) {
      const [method] = route.split(" ");
      const answer = await rawRequest(
        port,
        `${method} ${pathOf(route)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      );
      expect({ route, status: answer.split("\r\n")[0] }).toEqual({ route, status: "HTTP/1.1 400 Bad Request" });
    }
    // What runs on after the answer (the routes' hooks) has had time to fail.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The log is read for real: the server's start is in it.
    expect(lines.map((line) => line.msg)).toContainEqual(expect.stringMatching(/^Server listening/));
    const loud = lines.filter((line) => line.level >= 50 || JSON.stringify(line).includes('"stack"'));
    expect(loud).toEqual([]);
  });
});
