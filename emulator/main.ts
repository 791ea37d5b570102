import { type GoogleEmulator, startGoogleEmulator } from "./googleEmulator";
import { loadTestAccounts } from "./accounts";

/** Runs the Google emulator on its own (`npm run emulator`) with the demo client the product's demo mode uses. */
const DEFAULT_PORT = 8081;

/** EMULATOR_QUOTA_UNITS_PER_MINUTE: Gmail units per user per minute; 0 turns the quota off (benches). */
function quotaFromEnvironment(): number | undefined {
  const value = process.env.EMULATOR_QUOTA_UNITS_PER_MINUTE;
  if (value === undefined || value === "") return undefined;
  const units = Number(value);
  if (!Number.isFinite(units) || units < 0) throw new Error(`Invalid EMULATOR_QUOTA_UNITS_PER_MINUTE: ${value}`);
  return units;
}

function portFromEnvironment(): number {
  const value = process.env.EMULATOR_PORT ?? process.env.PORT;
  if (value === undefined || value === "") return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${value}`);
  return port;
}

async function start(): Promise<GoogleEmulator> {
  const quotaUnitsPerMinute = quotaFromEnvironment();
  return startGoogleEmulator({
    host: process.env.EMULATOR_HOST ?? "127.0.0.1",
    port: portFromEnvironment(),
    clients: [
      {
        clientId: "deal-finder-demo",
        clientSecret: "demo-secret",
        redirectUris: [
          "http://127.0.0.1:8080/api/google-signin/callback",
          "http://localhost:8080/api/google-signin/callback",
          // More callbacks, e.g. a server on another port: comma-separated.
          ...(process.env.EMULATOR_REDIRECT_URIS ?? "").split(",").map((uri) => uri.trim()).filter(Boolean),
        ],
        name: "Deal Finder",
      },
    ],
    ...(process.env.DEMO_MBOX ? { demoMboxPath: process.env.DEMO_MBOX } : {}),
    ...(quotaUnitsPerMinute !== undefined ? { quotaUnitsPerMinute } : {}),
    log: process.env.EMULATOR_VERBOSE ? (line) => console.info(line) : undefined,
    // EMULATOR_LOAD_ACCOUNTS: that many more accounts with empty mailboxes, load.user1@example.com and on (tests).
    extraAccounts: loadTestAccounts(Number(process.env.EMULATOR_LOAD_ACCOUNTS ?? 0) || 0),
  });
}

// An mbox that cannot be served, or a bad setting, is the person's to fix: say what, without a stack trace.
const emulator = await start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

console.info(`Google emulator listening on ${emulator.baseUrl}`);

const shutdown = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
