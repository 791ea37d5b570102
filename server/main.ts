import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { emulatorEndpoints, loadConfig, DEMO_CLIENT } from "./config";
import { composeServer } from "./compose";
import { startGoogleEmulator } from "../emulator/googleEmulator";

/** Starts Deal Finder: the API and the SPA on one origin, and in demo mode the Google emulator beside them. */
async function main() {
  const { values } = parseArgs({ options: { mbox: { type: "string" } }, allowPositionals: false });
  const config = loadConfig();
  let stopEmulator: () => Promise<void> = async () => {};

  if (config.demoMode && process.env.GOOGLE_EMULATOR_URL) {
    config.google.endpoints = emulatorEndpoints(process.env.GOOGLE_EMULATOR_URL.replace(/\/$/, ""));
    console.info(`Demo mode: using the Google emulator already running at ${process.env.GOOGLE_EMULATOR_URL}.`);
  } else if (config.demoMode) {
    const mbox = values.mbox ?? process.env.DEMO_MBOX;
    const emulator = await startGoogleEmulator({
      port: Number(process.env.EMULATOR_PORT ?? 8081),
      clients: [{ ...DEMO_CLIENT, redirectUris: [`${config.publicUrl}/api/google-signin/callback`] }],
      ...(mbox ? { demoMboxPath: resolve(mbox) } : {}),
    });
    config.google.endpoints = emulatorEndpoints(emulator.baseUrl);
    stopEmulator = () => emulator.close();
    console.info(`Demo mode: no GOOGLE_CLIENT_ID is set, so the Google emulator is serving sign-in and Gmail at ${emulator.baseUrl}` +
      (mbox ? ` with ${mbox} as the demo mailbox.` : " with the demo mailbox."));
  }

  const server = await composeServer(config, { logger: true, log: (message, detail) => console.error(message, detail) });
  await server.app.listen({ host: config.host, port: config.port });
  console.info(`Deal Finder is running at ${config.publicUrl} (database: ${server.db.kind}).`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await stopEmulator();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
