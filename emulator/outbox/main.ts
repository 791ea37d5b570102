/**
 * The mail sink alone, for trying emails by hand: `npx tsx emulator/outbox/main.ts [smtpPort] [httpPort]`, then
 * SMTP_URL=smtp://127.0.0.1:2525 and the outbox at http://127.0.0.1:8025.
 */
import { startMailSink } from "./mailSink";

const port = (value: string | undefined, fallback: number) => {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) throw new Error(`Not a port: ${value}`);
  return parsed;
};

const sink = await startMailSink({ smtpPort: port(process.argv[2], 2525), httpPort: port(process.argv[3], 8025) });
console.info(`Mail sink: SMTP at ${sink.smtpUrl}, outbox at ${sink.outboxUrl}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void sink.close().then(() => process.exit(0)));
