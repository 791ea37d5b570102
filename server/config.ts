import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ipaddr from "ipaddr.js";

/** Where Google's endpoints are. Production uses Google's; demo mode and tests point all of them at the emulator. */
export interface GoogleEndpoints {
  authorization: string;
  token: string;
  revocation: string;
  jwks: string;
  userinfo: string;
  issuers: string[];
  gmailApi: string;
}

export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  revocation: "https://oauth2.googleapis.com/revoke",
  jwks: "https://www.googleapis.com/oauth2/v3/certs",
  userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
  issuers: ["https://accounts.google.com", "accounts.google.com"],
  gmailApi: "https://gmail.googleapis.com",
};

/** The emulator serves Google's paths on one origin, and is its own issuer. */
export function emulatorEndpoints(baseUrl: string): GoogleEndpoints {
  return {
    authorization: `${baseUrl}/o/oauth2/v2/auth`,
    token: `${baseUrl}/token`,
    revocation: `${baseUrl}/revoke`,
    jwks: `${baseUrl}/oauth2/v3/certs`,
    userinfo: `${baseUrl}/v1/userinfo`,
    issuers: [baseUrl],
    gmailApi: baseUrl,
  };
}

export interface GmailSyncSettings {
  /** Google's per-user quota in units a minute; 0 turns the throttle off. */
  quotaUnitsPerMinute: number;
  /** Messages fetched at once. */
  fetchConcurrency: number;
  /** Messages stored per transaction (group commit), and the longest a read message waits for its group to fill. */
  commitBatchSize: number;
  commitDelayMs: number;
  /** How often connected mailboxes are synced in the background, in minutes; 0 turns it off. */
  backgroundIntervalMinutes: number;
  /** A queued or running sync with no heartbeat for this long lost its worker (it died); another worker takes it over. */
  leaseSeconds: number;
  /** Syncs one worker process runs at once. */
  concurrentSyncs: number;
  /** Retries of one Gmail call on 429, rate-limit 403 and 5xx, with exponential backoff from `backoffBaseMs`. */
  maxRetries: number;
  backoffBaseMs: number;
}

/** What a process runs: the HTTP API (sending jobs), the job handlers (syncs, schedules, cleanups), or both. */
export type ServerRole = "api" | "worker" | "all";

export interface ServerConfig {
  role: ServerRole;
  host: string;
  port: number;
  /** The origin people open; the OAuth redirect URI and the SPA links are built from it. */
  publicUrl: string;
  database: { databaseUrl: string } | { dataDir: string } | { inMemory: true };
  dataDir: string;
  staticDir: string | null;
  /** The unpacked browser extension that `/extension/deal-finder-extension.zip` offers; null offers none. */
  extensionDir: string | null;
  google: { clientId: string; clientSecret: string; endpoints: GoogleEndpoints };
  demoMode: boolean;
  /** 32-byte key that encrypts Google tokens at rest. */
  encryptionKey: Buffer;
  /** Secret that signs our access tokens (HS256). */
  sessionSigningKey: Buffer;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  authRateLimitPerMinute: number;
  sync: GmailSyncSettings;
  /** Worker threads that extract deals, off the event loop. */
  extractionThreads: number;
  /** Time budget of one message's extraction; past it the message is skipped and its thread replaced. */
  extractionTimeLimitMs: number;
  /** Where the dashboard's feedback banner leads; null hides the banner. */
  feedbackFormUrl: string | null;
  /** The weekly report and the expiry reminders; see server/application/reports. */
  mail: MailSettings;
  /** Other origins whose pages may call the API (an SPA built with VITE_API_BASE_URL); empty means same-origin only. */
  corsOrigins: string[];
  /**
   * Host names or addresses the image proxy may fetch from although they are not public (tests, the emulator);
   * matched exactly against an image address's host.
   */
  imageProxyAllowedHosts: string[];
  /**
   * Host names or addresses a sender's one-click unsubscribe URL may name although they are not public, over plain
   * HTTP too: tests, and the Google emulator in demo mode (server/main.ts adds its host). Matched exactly.
   */
  unsubscribeAllowedHosts: string[];
  /**
   * Addresses or ranges (CIDR) of the load balancers in front: from them, X-Forwarded-For names the client (its address
   * is what the rate limits count). Empty: the connection's address is the client's, and the header is ignored.
   */
  trustedProxies: string[];
}

export interface MailSettings {
  /** smtp:// or smtps:// with any login; null sends nothing (demo mode fills in its local sink's, see server/main.ts). */
  smtpUrl: string | null;
  /** The From of every email. */
  from: string;
  /** Demo mode's outbox page, which shows what the demo sent; null otherwise. */
  outboxUrl: string | null;
  /** First retry of a send that failed in a way that may pass; each next one waits twice as long. */
  retryDelaySeconds: number;
  /** How long a worker's claim on a send holds before another worker takes it for dead and sends in its place. */
  leaseSeconds: number;
}

/** Where `npm run build:extension` writes the unpacked browser extension (the same path from dist-server/, compiled). */
const EXTENSION_BUILD_DIR = fileURLToPath(new URL("../extension/dist", import.meta.url));

export const DEMO_CLIENT = { clientId: "deal-finder-demo", clientSecret: "demo-secret" };

export const DEFAULT_SYNC_SETTINGS: GmailSyncSettings = {
  quotaUnitsPerMinute: 6000,
  fetchConcurrency: 8,
  commitBatchSize: 50,
  commitDelayMs: 100,
  backgroundIntervalMinutes: 30,
  leaseSeconds: 120,
  concurrentSyncs: 4,
  maxRetries: 6,
  backoffBaseMs: 1000,
};

type Env = Record<string, string | undefined>;

/** The role from --role (or ROLE), `all` by default; api and worker share a PostgreSQL server, so PGlite runs all. */
export function serverRole(value: string | undefined, databaseUrl: string | undefined): ServerRole {
  const role = value || "all";
  if (role !== "api" && role !== "worker" && role !== "all") throw new Error(`--role must be api, worker or all, not "${role}".`);
  if (role !== "all" && !databaseUrl) {
    throw new Error(`--role ${role} needs DATABASE_URL: API and worker processes share a PostgreSQL server; the embedded database runs everything in one process (--role all).`);
  }
  return role;
}

/** One thread fewer than the cores, leaving one to the event loop (HTTP, the database driver, PGlite); 1 to 4. */
export function defaultExtractionThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}".`);
  return value;
}

/** The non-empty entries of a comma-separated setting, trimmed. */
function commaList(env: Env, name: string): string[] {
  return (env[name] ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
}

/** A comma-separated list of exact origins; anything but scheme, host and port would never match a browser's Origin. */
function originList(env: Env, name: string): string[] {
  const entries = commaList(env, name);
  for (const entry of entries) {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.origin !== entry) {
      throw new Error(`${name} must list origins such as https://deals.example.org (scheme, host and port only, no path or trailing slash), not "${entry}".`);
    }
  }
  return entries;
}

/** An http(s) address, or null when the variable is unset or empty; anything else stops the server at startup. */
function optionalWebAddress(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new Error(`${name} must be an http(s) address such as https://forms.example.org/deal-finder-feedback, not "${value}".`);
  }
  return value;
}

/** A comma-separated list of host names or IP addresses (IPv6 in brackets, as a URL writes it), lower-cased. */
function hostList(env: Env, name: string): string[] {
  const entries = commaList(env, name).map((entry) => entry.toLowerCase());
  for (const entry of entries) {
    // A host, or a host and its port (which then is the only port let through): what a URL's host is.
    if (!URL.canParse(`http://${entry}/`) || new URL(`http://${entry}/`).host !== entry) {
      throw new Error(`${name} must list host names or addresses such as 127.0.0.1, 127.0.0.1:8081, [::1] or emulator.internal, not "${entry}".`);
    }
  }
  return entries;
}

/** A comma-separated list of IP addresses or CIDR ranges (10.0.0.0/8, fd00::/8), in the four-part form for IPv4. */
function addressRangeList(env: Env, name: string): string[] {
  const entries = commaList(env, name);
  for (const entry of entries) {
    const [address = "", bits, ...rest] = entry.split("/");
    const wellFormed =
      rest.length === 0 &&
      (ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address)) &&
      (bits === undefined || ipaddr.isValidCIDR(entry));
    if (!wellFormed) throw new Error(`${name} must list IP addresses or ranges such as 10.0.0.0/8, 192.0.2.10 or fd00::/8, not "${entry}".`);
  }
  return entries;
}

function mailSettings(env: Env, host: string, port: number): MailSettings {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) throw new Error("SMTP_URL must be an smtp:// or smtps:// address such as smtps://user:password@smtp.example.org:465.");
  const origin = env.PUBLIC_URL ?? `http://${host}:${port}`;
  const hostname = URL.canParse(origin) ? new URL(origin).hostname : "";
  // An address's domain is a name; a bare IP address (a local start) is no domain a mail server takes.
  const publicHost = /^[a-z0-9.-]*[a-z][a-z0-9.-]*$/i.test(hostname) ? hostname : "localhost";
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || `Deal Finder <deals@${publicHost}>`,
    outboxUrl: null,
    retryDelaySeconds: Math.max(1, integer(env, "MAIL_RETRY_DELAY_SECONDS", 60)),
    leaseSeconds: Math.max(1, integer(env, "MAIL_LEASE_SECONDS", 120)),
  };
}

/** The rules take milliseconds a message; a language model, when configured, may take up to its own 30 s timeout. */
function extractionTimeLimit(env: Env): number {
  const limit = integer(env, "EXTRACTION_TIME_LIMIT_MS", env.LLM_BASE_URL ? 40_000 : 10_000);
  if (limit < 1) throw new Error("EXTRACTION_TIME_LIMIT_MS must be at least 1 (milliseconds).");
  return limit;
}

function keyFromEnv(env: Env, name: string): Buffer | null {
  const raw = env[name];
  if (!raw) return null;
  const key = Buffer.from(raw, "base64");
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded (openssl rand -base64 32).`);
  return key;
}

/** Demo mode keeps its generated keys in the data folder, readable by the owner only (see makeDataFolderPrivate). */
function demoSecrets(dataDir: string): { encryptionKey: Buffer; sessionSigningKey: Buffer } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, "secrets.json");
  if (!existsSync(file)) {
    const secrets = { encryptionKey: randomBytes(32).toString("base64"), sessionSigningKey: randomBytes(32).toString("base64") };
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(file, "utf8")) as { encryptionKey: string; sessionSigningKey: string };
  return { encryptionKey: Buffer.from(stored.encryptionKey, "base64"), sessionSigningKey: Buffer.from(stored.sessionSigningKey, "base64") };
}

/**
 * Reads the configuration from the environment. With no GOOGLE_CLIENT_ID the product runs in demo mode against
 * the Google emulator, whose endpoints are filled in once it has started (see server/main.ts).
 */
export function loadConfig(env: Env = process.env): ServerConfig {
  const port = integer(env, "PORT", 8080);
  const host = env.HOST ?? "127.0.0.1";
  const dataDir = resolve(env.DATA_DIR ?? "data");
  const demoMode = !env.GOOGLE_CLIENT_ID;
  const generated = demoMode ? demoSecrets(dataDir) : null;
  const encryptionKey = keyFromEnv(env, "TOKEN_ENCRYPTION_KEY") ?? generated?.encryptionKey;
  const sessionSigningKey = keyFromEnv(env, "SESSION_SIGNING_KEY") ?? generated?.sessionSigningKey;
  if (!encryptionKey || !sessionSigningKey) {
    throw new Error("With GOOGLE_CLIENT_ID set, TOKEN_ENCRYPTION_KEY and SESSION_SIGNING_KEY are required (32 bytes, base64).");
  }
  if (!demoMode && !env.GOOGLE_CLIENT_SECRET) throw new Error("GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID.");
  return {
    role: serverRole(env.ROLE, env.DATABASE_URL),
    host,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, ""),
    database: env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir },
    dataDir,
    staticDir: resolve(env.STATIC_DIR ?? "dist"),
    extensionDir: env.EXTENSION_DIR ? resolve(env.EXTENSION_DIR) : EXTENSION_BUILD_DIR,
    google: demoMode
      ? { ...DEMO_CLIENT, endpoints: emulatorEndpoints("http://unset.invalid") }
      : { clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET!, endpoints: GOOGLE_ENDPOINTS },
    demoMode,
    encryptionKey,
    sessionSigningKey,
    accessTokenTtlSeconds: integer(env, "ACCESS_TOKEN_TTL_SECONDS", 900),
    refreshTokenTtlDays: integer(env, "REFRESH_TOKEN_TTL_DAYS", 30),
    authRateLimitPerMinute: integer(env, "AUTH_RATE_LIMIT_PER_MINUTE", 60),
    sync: {
      // Demo mode talks to our own emulator, which keeps its own quota when asked for one (answering 429 with a
      // Retry-After that the client honours): pacing here too would only slow a local mbox import.
      quotaUnitsPerMinute: integer(env, "GMAIL_QUOTA_UNITS_PER_MINUTE", demoMode ? 0 : DEFAULT_SYNC_SETTINGS.quotaUnitsPerMinute),
      fetchConcurrency: Math.max(1, integer(env, "GMAIL_FETCH_CONCURRENCY", DEFAULT_SYNC_SETTINGS.fetchConcurrency)),
      commitBatchSize: Math.max(1, integer(env, "SYNC_COMMIT_BATCH_SIZE", DEFAULT_SYNC_SETTINGS.commitBatchSize)),
      commitDelayMs: integer(env, "SYNC_COMMIT_DELAY_MS", DEFAULT_SYNC_SETTINGS.commitDelayMs),
      backgroundIntervalMinutes: integer(env, "SYNC_INTERVAL_MINUTES", DEFAULT_SYNC_SETTINGS.backgroundIntervalMinutes),
      leaseSeconds: Math.max(1, integer(env, "SYNC_LEASE_SECONDS", DEFAULT_SYNC_SETTINGS.leaseSeconds)),
      concurrentSyncs: Math.max(1, integer(env, "SYNC_CONCURRENCY", DEFAULT_SYNC_SETTINGS.concurrentSyncs)),
      maxRetries: integer(env, "GMAIL_MAX_RETRIES", DEFAULT_SYNC_SETTINGS.maxRetries),
      backoffBaseMs: integer(env, "GMAIL_BACKOFF_BASE_MS", DEFAULT_SYNC_SETTINGS.backoffBaseMs),
    },
    extractionThreads: Math.max(1, integer(env, "EXTRACTION_THREADS", defaultExtractionThreads())),
    extractionTimeLimitMs: extractionTimeLimit(env),
    feedbackFormUrl: optionalWebAddress(env, "FEEDBACK_FORM_URL"),
    mail: mailSettings(env, host, port),
    corsOrigins: originList(env, "CORS_ORIGINS"),
    imageProxyAllowedHosts: hostList(env, "IMAGE_PROXY_ALLOWED_HOSTS"),
    unsubscribeAllowedHosts: hostList(env, "UNSUBSCRIBE_ALLOWED_HOSTS"),
    trustedProxies: addressRangeList(env, "TRUST_PROXY"),
  };
}
