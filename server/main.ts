import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { emulatorEndpoints, loadConfig, serverRole, DEMO_CLIENT } from "./config";
import { composeServer } from "./compose";
import { errorLogRecord } from "./application/errorLogRecord";
import { startGoogleEmulator } from "../emulator/googleEmulator";
import { startMailSink, type MailSink } from "../emulator/outbox/mailSink";

/**
 * Starts Deal Finder: the API and the SPA on one origin, and in demo mode the Google emulator beside them. `--role api`
 * serves HTTP and sends jobs, `--role worker` runs the jobs (syncs, schedules, cleanups) and listens on no port, and
 * `--role all` (the default) does both.
 */
async function main() {
  const { values } = parseArgs({ options: { mbox: { type: "string" }, role: { type: "string" } }, allowPositionals: false });
  const config = loadConfig();
  config.role = serverRole(values.role ?? process.env.ROLE, process.env.DATABASE_URL);
  let stopEmulator: () => Promise<void> = async () => {};
  // The demo mail's images are the emulator's (a local address): in demo mode only, the image proxy may fetch from it.
  // The demo mail's images and its one-click unsubscribe URLs lead to the emulator, which serves the one and
  // records the other.
  // Its host and port: no other service on that machine is let through with it.
  const allowEmulatorHost = (origin: string) => {
    const host = new URL(origin).host;
    for (const hosts of [config.imageProxyAllowedHosts, config.unsubscribeAllowedHosts]) if (!hosts.includes(host)) hosts.push(host);
  };

  if (config.demoMode && process.env.GOOGLE_EMULATOR_URL) {
    config.google.endpoints = emulatorEndpoints(process.env.GOOGLE_EMULATOR_URL.replace(/\/$/, ""));
    allowEmulatorHost(process.env.GOOGLE_EMULATOR_URL);
    console.info(`Demo mode: using the Google emulator already running at ${process.env.GOOGLE_EMULATOR_URL}.`);
  } else if (config.demoMode) {
    const mbox = values.mbox ?? process.env.DEMO_MBOX;
    const emulator = await startGoogleEmulator({
      port: Number(process.env.EMULATOR_PORT ?? 8081),
      clients: [{ ...DEMO_CLIENT, redirectUris: [`${config.publicUrl}/api/google-signin/callback`] }],
      ...(mbox ? { demoMboxPath: resolve(mbox) } : {}),
    });
    config.google.endpoints = emulatorEndpoints(emulator.baseUrl);
    allowEmulatorHost(emulator.baseUrl);
    stopEmulator = () => emulator.close();
    console.info(`Demo mode: no GOOGLE_CLIENT_ID is set, so the Google emulator is serving sign-in and Gmail at ${emulator.baseUrl}` +
      (mbox ? ` with ${mbox} as the demo mailbox.` : " with the demo mailbox."));
  }

  const sink = config.demoMode && !config.mail.smtpUrl && config.role === "all" ? await startDemoMailSink() : null;
  if (sink) {
    config.mail.smtpUrl = sink.smtpUrl;
    config.mail.outboxUrl = sink.outboxUrl;
    console.info(`Outbox (emails the demo sends): ${sink.outboxUrl}`);
  }

  const server = await composeServer(config, { logger: true, log: (message, detail) => console.error(message, detail) });
  if (config.role === "worker") {
    console.info(`Deal Finder is running as a worker (database: ${server.db.kind}).`);
  } else {
    await server.app.listen({ host: config.host, port: config.port });
    console.info(`Deal Finder is running at ${config.publicUrl} (database: ${server.db.kind}, role: ${config.role}).`);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await sink?.close();
    await stopEmulator();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/**
 * Demo mode's local mail sink, where the reports and reminders go instead of anyone's inbox. Its usual ports
 * (OUTBOX_SMTP_PORT, OUTBOX_PORT; 2525 and 8025) or, when another program holds one, free ones: the address is printed.
 */
async function startDemoMailSink(): Promise<MailSink> {
  const smtpPort = Number(process.env.OUTBOX_SMTP_PORT ?? 2525);
  const httpPort = Number(process.env.OUTBOX_PORT ?? 8025);
  try {
    return await startMailSink({ smtpPort, httpPort });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return startMailSink();
  }
}

// pg-boss 10 leaves the promise of marking a finished job done unawaited: a database blip at that moment would
// otherwise end the process. Logged, not fatal: the job's expiry or the sync's lease puts the work back.
process.on("unhandledRejection", (reason) => console.error("Unhandled rejection", errorLogRecord(reason)));

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
