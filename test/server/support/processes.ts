import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const OUTPUT_KEPT = 64 * 1024;

/** A program of ours in a process of its own: as a deployment runs it, and killable like a crash. */
export interface ChildProgram {
  process: ChildProcess;
  /** The tail of what it printed, for failure messages. */
  output(): string;
  /** Resolves when it has exited and all it printed is read (the reason it stopped included). */
  exited: Promise<void>;
  /** SIGTERM (a clean stop) or SIGKILL (a crash), then waits for the exit. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

/**
 * Runs a TypeScript entry point with node and tsx's loader (no npx or tsx CLI process in between, so the pid is the
 * program's own), waiting until it prints `ready`. Its output is drained continuously: a full pipe would stall it.
 */
export async function startProgram(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
  options: { nodeArgs?: string[]; timeoutMs?: number; args?: string[] } = {},
): Promise<ChildProgram & { readyMatch: RegExpExecArray }> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", entry, ...(options.args ?? [])], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const program: ChildProgram = {
    process: child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const match = ready.exec(output);
    if (match) return { ...program, readyMatch: match };
    if (child.exitCode !== null || Date.now() > deadline) {
      await program.stop("SIGKILL");
      // With what it printed: startedOnFreePort starts it again on another port when that says EADDRINUSE.
      throw new Error(`${entry} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The Google emulator in its own process, accepting sign-in redirects to the given server port. */
export async function startEmulatorProcess(serverPort: number, env: Record<string, string> = {}): Promise<ChildProgram & { baseUrl: string }> {
  const program = await startProgram(
    "emulator/main.ts",
    { EMULATOR_PORT: "0", EMULATOR_REDIRECT_URIS: `http://127.0.0.1:${serverPort}/api/google-signin/callback`, ...env },
    /Google emulator listening on (http:\/\/\S+)/,
  );
  return { ...program, baseUrl: program.readyMatch[1]! };
}

/** Adds messages to a running emulator process through its control route, a few at a time. */
export async function addMessagesOverHttp(emulatorUrl: string, account: string, raws: string[], labelIds: string[]): Promise<string[]> {
  const ids: string[] = new Array<string>(raws.length);
  let next = 0;
  const add = async () => {
    while (next < raws.length) {
      const index = next++;
      const response = await fetch(`${emulatorUrl}/__emulator/mailboxes/${encodeURIComponent(account)}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ raw: Buffer.from(raws[index]!, "utf8").toString("base64url"), labelIds }),
      });
      if (!response.ok) throw new Error(`The emulator refused message ${index}: ${response.status} ${await response.text()}`);
      ids[index] = ((await response.json()) as { id: string }).id;
    }
  };
  await Promise.all(Array.from({ length: 8 }, add));
  return ids;
}

/** The real server (server/main.ts) in its own process, in demo mode against an emulator already running. */
export async function startServerProcess(
  options: { port: number; dataDir: string; emulatorUrl: string; databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[] },
): Promise<ChildProgram> {
  return startProgram(
    "server/main.ts",
    {
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      GOOGLE_EMULATOR_URL: options.emulatorUrl,
      SYNC_INTERVAL_MINUTES: "0",
      STATIC_DIR: `${options.dataDir}/no-static`,
      // Empty, not inherited: a DATABASE_URL or GOOGLE_CLIENT_ID in the caller's environment must not leak in.
      DATABASE_URL: options.databaseUrl ?? "",
      GOOGLE_CLIENT_ID: "",
      ...options.env,
    },
    /Deal Finder is running/,
    options.nodeArgs ? { nodeArgs: options.nodeArgs } : {},
  );
}

/**
 * The environment every process of one split deployment shares, as its operator would set it: one PostgreSQL
 * database, the Google emulator, the same secrets (each process signs and reads the others' tokens), no background
 * schedule unless a test asks.
 */
export function splitDeploymentEnv(options: { databaseUrl: string; emulatorUrl: string; dataDir: string }): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    GOOGLE_CLIENT_ID: "",
    GOOGLE_EMULATOR_URL: options.emulatorUrl,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SESSION_SIGNING_KEY: randomBytes(32).toString("base64"),
    DATA_DIR: options.dataDir,
    STATIC_DIR: join(options.dataDir, "no-static"),
    SYNC_INTERVAL_MINUTES: "0",
  };
}

/** An API process (`--role api`) on `port`, started once it listens. */
export async function startApiProcess(env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<ChildProgram & { apiUrl: string }> {
  const program = await startProgram("server/main.ts", { ...env, PORT: String(port) }, /Deal Finder is running at/, { args: ["--role", "api"], nodeArgs });
  return { ...program, apiUrl: `http://127.0.0.1:${port}/api` };
}

/** A worker process (`--role worker`), started once it takes jobs. */
export function startWorkerProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ChildProgram> {
  return startProgram("server/main.ts", env, /Deal Finder is running as a worker/, { args: ["--role", "worker"], nodeArgs });
}
