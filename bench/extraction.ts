import { readMessages } from "../server/cli/messageFiles";
import { extractDeals } from "../server/extraction";

/** npx tsx bench/extraction.ts DIR : messages per second on one core, over DIR's messages repeated to 5,000. */
const TARGET = 5_000;

async function main(paths: string[]): Promise<number> {
  if (paths.length === 0) {
    process.stderr.write("usage: npx tsx bench/extraction.ts DIR\n");
    return 2;
  }
  const messages = [...readMessages(paths)].map((message) => message.raw);
  if (messages.length === 0) {
    process.stderr.write("no .eml or .mbox messages found\n");
    return 1;
  }
  for (const raw of messages) await extractDeals(raw);
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  let deals = 0;
  for (let index = 0; index < TARGET; index++) deals += (await extractDeals(messages[index % messages.length]!)).deals.length;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(
    `${TARGET} messages (${messages.length} distinct), ${deals} deals\n` +
      `wall: ${seconds.toFixed(2)} s = ${(TARGET / seconds).toFixed(0)} messages/s (one thread; lower when the machine is busy)\n` +
      `cpu:  ${cpuSeconds.toFixed(2)} s = ${(TARGET / cpuSeconds).toFixed(0)} messages per CPU-second (includes GC threads)\n`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
