// @module-tag runtime
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardCodec, HealthCodec, ReadyCodec } from "../../src/contract";
import { api, decode, freePort, signUpWithGmail, startedOnFreePort, waitForSync } from "./support/stack";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The pids of a process's children, from /proc (ps would count itself among them when run from the child's shell). */
function childrenOf(pid: number): number[] {
  const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return listed ? listed.split(/\s+/).map(Number) : [];
}

/**
 * A folder as a production image holds it: the compiled server, and the packages without the development ones (no
 * tsx, esbuild or vite), linked from ours.
 */
function productionFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "deal-finder-compiled-"));
  cpSync(join(ROOT, "dist-server"), join(folder, "dist-server"), { recursive: true });
  const { devDependencies } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  const development = new Set(Object.keys(devDependencies));
  mkdirSync(join(folder, "node_modules"));
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    const scoped = entry.startsWith("@");
    if (scoped) mkdirSync(join(folder, "node_modules", entry));
    for (const name of scoped ? readdirSync(join(ROOT, "node_modules", entry)).map((inScope) => `${entry}/${inScope}`) : [entry]) {
      if (development.has(name) || name.startsWith(".")) continue;
      symlinkSync(join(ROOT, "node_modules", name), join(folder, "node_modules", name));
    }
  }
  return folder;
}

/**
 * The production server as a container runs it, `node dist-server/main.js`, built by `npm run build:server`: one node
 * process, in demo mode with the Google emulator inside it, on a PGlite database of its own.
 */
describe("the compiled server", () => {
  let child: ChildProcess;
  let output = "";
  let exited: Promise<number | null>;
  let apiUrl: string;
  let folder: string;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, encoding: "utf8" });
    expect(build.status, build.stderr).toBe(0);
    folder = productionFolder();

    // Its two ports are chosen free a while before it listens: when another test file took one meanwhile, it exits
    // saying EADDRINUSE, and startedOnFreePort starts it again on new ones.
    await startedOnFreePort(async () => {
      const [port, emulatorPort] = [await freePort(), await freePort()];
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: "127.0.0.1",
        PORT: String(port),
        EMULATOR_PORT: String(emulatorPort),
        DATA_DIR: join(folder, "data"),
        SYNC_INTERVAL_MINUTES: "0",
        GMAIL_QUOTA_UNITS_PER_MINUTE: "0",
      };
      // A fresh start each time: a try that lost its port may have made the database already.
      rmSync(env.DATA_DIR!, { recursive: true, force: true });
      output = "";
      child = spawn(process.execPath, ["dist-server/main.js"], { cwd: folder, env, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
      // After the exit, once all it printed is read.
      const closed = new Promise((resolve) => child.once("close", resolve));
      const deadline = Date.now() + 30_000;
      while (!/Deal Finder is running at/.test(output)) {
        if (child.exitCode !== null) await closed;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The compiled server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      apiUrl = `http://127.0.0.1:${port}/api`;
    });
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("is one node process running JavaScript, with no child process", () => {
    const pid = child.pid!;
    expect(readlinkSync(`/proc/${pid}/exe`)).toBe(readlinkSync(`/proc/${process.pid}/exe`));
    expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean)).toEqual([process.execPath, "dist-server/main.js"]);
    expect(childrenOf(pid)).toEqual([]);
  });

  it("answers health and readiness", async () => {
    expect(decode(HealthCodec, (await api({ apiUrl }, "GET", "/health")).body)).toEqual({ status: "ok" });
    expect(decode(ReadyCodec, (await api({ apiUrl }, "GET", "/ready")).body)).toEqual({ status: "ready" });
  });

  it("syncs the demo mailbox with its compiled extraction threads (no tsx to load TypeScript) and finds its deals", async () => {
    const demo = await signUpWithGmail({ apiUrl }, "demo@example.com");
    await waitForSync({ apiUrl }, demo.access_token);
    const dashboard = decode(DashboardCodec, (await api({ apiUrl }, "GET", "/dashboard-products", { token: demo.access_token })).body);
    expect(dashboard.deals.length).toBeGreaterThan(5);
    expect(output).not.toMatch(/could not be read|ExtractionUnavailable|Cannot find module/);
    // The threads are the process's own: still no child process.
    expect(childrenOf(child.pid!)).toEqual([]);
  });

  it("stops on SIGTERM, closing gracefully with exit code 0", async () => {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
