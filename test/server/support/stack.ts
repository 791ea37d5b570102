import { createServer } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { isLeft } from "fp-ts/lib/Either";
import type * as t from "io-ts";
import { PathReporter } from "io-ts/lib/PathReporter";
import { startGoogleEmulator, type GoogleEmulator, type GoogleEmulatorOptions } from "../../../emulator/googleEmulator";
import { DEMO_CLIENT, emulatorEndpoints, loadConfig, type ServerConfig } from "../../../server/config";
import { composeServer, type ComposedServer } from "../../../server/compose";
import type { LogDestination } from "../../../server/http/app";
import type { Clock } from "../../../server/application/ports";
import { openDatabase, type Database } from "../../../server/infrastructure/db/database";
import { migrate } from "../../../server/infrastructure/db/migrate";
import { consentAtGoogle, type ConsentChoice } from "./googleConsent";
import { BrowserCookies } from "./browserCookies";

type DatabaseKind = "pglite" | "postgres";

/**
 * The databases the integration tests run on: PGlite and the PostgreSQL server of TEST_DATABASE_URL, which the server
 * tests' global set-up (support/postgresServer.ts) starts when it is not given. TEST_DATABASES=postgres (or pglite)
 * narrows a run to one of them on purpose, as CI's second Node line does; anything else there is refused.
 */
export const DATABASES: DatabaseKind[] = chosenDatabases(process.env.TEST_DATABASES);

function chosenDatabases(setting: string | undefined): DatabaseKind[] {
  if (!setting) return ["pglite", "postgres"];
  const chosen = setting.split(",").map((name) => name.trim());
  const known = chosen.filter((name): name is DatabaseKind => name === "pglite" || name === "postgres");
  if (known.length === 0 || known.length !== chosen.length) throw new Error(`TEST_DATABASES must name pglite, postgres or both, not "${setting}".`);
  return known;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A schema of its own on the PostgreSQL server, so that test runs never see each other's rows. */
export async function freshPostgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set: run the server tests through vitest's server project, which starts a PostgreSQL server.");
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** An empty database of the kind under test: in-memory PGlite, or a schema of its own on the PostgreSQL server. */
export async function openTestDatabase(database: "pglite" | "postgres"): Promise<{ db: Database; drop?: () => Promise<void> }> {
  if (database === "pglite") return { db: await openDatabase({ inMemory: true }) };
  const schema = await freshPostgresSchema();
  return { db: await openDatabase({ databaseUrl: schema.url }), drop: schema.drop };
}

/** openTestDatabase with the product's schema in it, as a server would find it after starting. */
export async function openMigratedTestDatabase(database: "pglite" | "postgres"): Promise<{ db: Database; drop?: () => Promise<void> }> {
  const opened = await openTestDatabase(database);
  await migrate(opened.db);
  return opened;
}

export interface Stack {
  baseUrl: string;
  apiUrl: string;
  emulator: GoogleEmulator;
  server: ComposedServer;
  config: ServerConfig;
  close(): Promise<void>;
}

export interface StackOptions {
  database?: "pglite" | "postgres";
  env?: Record<string, string>;
  emulator?: Partial<GoogleEmulatorOptions>;
  /** Serve the built SPA from this folder, as `npm start` does. */
  staticDir?: string;
  /** Offer the unpacked extension in this folder for download, as `npm start` offers extension/dist. */
  extensionDir?: string;
  /** Receives the HTTP server's log lines (pino's JSON, one a call), as `npm start` prints them; none are written otherwise. */
  logger?: LogDestination;
  /** Receives the server's log lines (message and detail), as server/main.ts prints them. */
  log?: (message: string, detail?: unknown) => void;
  /** The server's clock (the system's by default). */
  clock?: Clock;
  /** A local mail sink the server sends to and whose outbox it links, as server/main.ts wires one in demo mode. */
  mailSink?: { smtpUrl: string; outboxUrl: string };
}

/**
 * The real server on a free port, talking HTTP to a Google emulator of its own, on PGlite or PostgreSQL. A port found
 * free can be taken by a parallel test before the server listens on it; then the stack starts again on another.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  return startedOnFreePort(() => startStackOnce(options));
}

/**
 * Starts what listens on a port chosen by freePort a while before it listens, again (up to three times) when another
 * test file took that port meanwhile; `start` chooses its port(s) anew each time, and builds anew what names them.
 * `cleanUp` undoes a failed start first, when `start` leaves that to its caller. The same for servers in this process
 * and for child processes (support/processes.ts, the compiled-server test), whose failed start says EADDRINUSE.
 */
export async function startedOnFreePort<T>(start: () => Promise<T>, cleanUp: () => Promise<void> = async () => {}): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      await cleanUp();
      if (attempt >= 3 || !portTaken(error)) throw error;
    }
  }
}

/** A listen here fails with code EADDRINUSE; a child process's failed start, with an error holding what it printed. */
function portTaken(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "EADDRINUSE" || (error instanceof Error && error.message.includes("EADDRINUSE"));
}

/**
 * A server composed for a port freePort chose, listening on it; composed again for another when a parallel test file
 * took the port while this one was being composed (which migrates a database, and takes a while).
 */
export async function listeningOnFreePort(compose: (port: number) => Promise<ComposedServer>): Promise<{ server: ComposedServer; port: number }> {
  let composed: ComposedServer | null = null;
  return startedOnFreePort(
    async () => {
      const port = await freePort();
      const server = await compose(port);
      composed = server;
      await server.app.listen({ host: "127.0.0.1", port });
      return { server, port };
    },
    async () => {
      await composed?.close();
      composed = null;
    },
  );
}

async function startStackOnce(options: StackOptions): Promise<Stack> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-test-"));
  const postgres = options.database === "postgres" ? await freshPostgresSchema() : null;
  const emulator = await startGoogleEmulator({
    port: 0,
    clients: [{ ...DEMO_CLIENT, redirectUris: [`${publicUrl}/api/google-signin/callback`] }],
    ...options.emulator,
  });
  const config = loadConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    GMAIL_BACKOFF_BASE_MS: "20",
    SYNC_INTERVAL_MINUTES: "0",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    ...options.env,
  });
  config.database = postgres ? { databaseUrl: postgres.url } : { inMemory: true };
  config.staticDir = options.staticDir ?? null;
  // What the app serves comes from what the test gives it, never from what an earlier build left on disk.
  config.extensionDir = options.extensionDir ?? null;
  config.google.endpoints = emulatorEndpoints(emulator.baseUrl);
  if (options.mailSink) {
    config.mail.smtpUrl = options.mailSink.smtpUrl;
    config.mail.outboxUrl = options.mailSink.outboxUrl;
  }
  // Every JSON reply of every server test is checked against the wire contract: one that breaks it answers a 500.
  const server = await composeServer(config, {
    checkReplies: true,
    ...(options.log ? { log: options.log } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const close = async () => {
    await server.close();
    await emulator.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await server.app.listen({ host: "127.0.0.1", port });
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl: publicUrl, apiUrl: `${publicUrl}/api`, emulator, server, config, close };
}

/** Decodes a response body with a wire-contract codec, failing the test with the reason when it does not fit. */
export function decode<C extends t.Mixed>(codec: C, value: unknown): t.TypeOf<C> {
  const result = codec.decode(value);
  if (isLeft(result)) throw new Error(`Response does not fit ${codec.name}: ${PathReporter.report(result).join("; ")}\n${JSON.stringify(value)}`);
  return result.right;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

export async function api(
  stack: Pick<Stack, "apiUrl">,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; cookies?: BrowserCookies } = {},
): Promise<ApiResponse> {
  const url = `${stack.apiUrl}${path}`;
  const headers: Record<string, string> = { ...options.cookies?.headersFor(url) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    redirect: "manual",
  });
  options.cookies?.keep(response.headers, url);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

export interface GoogleFlowEnd {
  /** The SPA URL the callback redirected to. */
  landing: URL;
  /** The state the start answered, which the SPA keeps to complete the sign-in. */
  state: string;
  /** The browser's cookies: the start's binding cookie went to the callback, which cleared it. */
  cookies: BrowserCookies;
}

/**
 * Runs a Google flow as one browser would: the start (whose binding cookie the browser keeps), the consent pages, and
 * Google's redirect to the callback, which carries that cookie back.
 */
export async function googleFlow(stack: Pick<Stack, "apiUrl">, startPath: string, choice: ConsentChoice, token?: string): Promise<GoogleFlowEnd> {
  const cookies = new BrowserCookies();
  const start = await api(stack, "GET", startPath, { cookies, ...(token ? { token } : {}) });
  const { authUrl, state } = start.body as { authUrl: string; state: string };
  const callback = await consentAtGoogle(authUrl, choice);
  const response = await fetch(callback, { redirect: "manual", headers: cookies.headersFor(callback) });
  cookies.keep(response.headers, callback);
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`The callback answered ${response.status}: ${await response.text()}`);
  return { landing: new URL(location), state, cookies };
}

/** Runs a Google flow from its start endpoint through the consent pages; answers the SPA URL the server redirected to. */
export async function runGoogleFlow(stack: Pick<Stack, "apiUrl">, startPath: string, choice: ConsentChoice, token?: string): Promise<URL> {
  return (await googleFlow(stack, startPath, choice, token)).landing;
}

/** Runs a sign-in (or sign-up) flow and completes it as the SPA does, with the code and the state it kept; answers our tokens. */
export async function signInWithGoogle(stack: Pick<Stack, "apiUrl">, startPath: string, choice: ConsentChoice) {
  const { landing, state } = await googleFlow(stack, startPath, choice);
  const tokens = landing.searchParams.get("tokens");
  if (!tokens) throw new Error(`No tokens in ${landing}`);
  const completed = await api(stack, "POST", "/auth/complete", { body: { tokens, state } });
  if (completed.status !== 200) throw new Error(`/auth/complete answered ${completed.status}: ${JSON.stringify(completed.body)}`);
  return { landing, ...(completed.body as { access_token: string; refresh_token: string; user: { id: string; email: string } }) };
}

/** Signs a person up (or in) with Gmail access and answers our tokens. */
export function signUpWithGmail(stack: Pick<Stack, "apiUrl">, account: string, choice: Partial<ConsentChoice> = {}) {
  return signInWithGoogle(stack, "/google-gmail-signin", { account, ...choice });
}

export async function waitForSync(stack: Pick<Stack, "apiUrl">, token: string, timeoutMs = 60_000): Promise<{ gmail_sync_progress: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await api(stack, "GET", "/sync-gmail", { token });
    const body = status.body as { gmail_sync_status: string; gmail_sync_progress: string };
    if (body.gmail_sync_status === "idle") return body;
    if (Date.now() > deadline) throw new Error(`Sync still running: ${body.gmail_sync_progress}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
