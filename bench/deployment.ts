import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, freshPostgresSchema } from "../test/server/support/stack";
import { startEmulatorProcess, startServerProcess, type ChildProgram } from "../test/server/support/processes";
import type { DatabaseLocation } from "../server/infrastructure/db/database";

export type DatabaseKind = "pglite" | "postgres";

/** Extra node flags for the server process (BENCH_NODE_ARGS, e.g. --cpu-prof). */
export const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** A server and an emulator in processes of their own, on a fresh database. */
export async function startDeployment(database: DatabaseKind, env: Record<string, string> = {}) {
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
