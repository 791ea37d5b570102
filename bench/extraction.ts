import { availableParallelism, loadavg } from "node:os";
import { readMessages } from "../server/cli/messageFiles";
import { extractDeals } from "../server/extraction";
import { median } from "./statistics";

/**
 * npx tsx bench/extraction.ts DIR [ROUNDS]: messages per second on one core (one thread, sequential), over DIR's
 * messages repeated to 5,000. Runs ROUNDS rounds (default 3) and prints each, then the best and the median, because a
 * shared machine's noise only ever slows a round down. Each round prints the machine's load (1, 5 and 15 minute averages),
 * since a figure from a busy machine says little without it, and its rate per second of the process's CPU time.
 */
const TARGET = 5_000;

const load = (): string => loadavg().map((average) => average.toFixed(2)).join(" ");

async function round(messages: ReadonlyArray<Uint8Array | string>): Promise<{ seconds: number; cpuSeconds: number; deals: number }> {
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  let deals = 0;
  for (let index = 0; index < TARGET; index++) deals += (await extractDeals(messages[index % messages.length]!)).deals.length;
  const cpu = process.cpuUsage(cpuStarted);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, cpuSeconds: (cpu.user + cpu.system) / 1e6, deals };
}

async function main(args: string[]): Promise<number> {
  const paths = args.filter((arg) => !/^\d+$/.test(arg));
  const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);
  if (paths.length === 0) {
    process.stderr.write("usage: npx tsx bench/extraction.ts DIR [ROUNDS]\n");
    return 2;
  }
  const messages = [...readMessages(paths)].map((message) => message.raw);
  if (messages.length === 0) {
    process.stderr.write("no .eml or .mbox messages found\n");
    return 1;
  }
  for (const raw of messages) await extractDeals(raw);
  process.stdout.write(`one thread on a machine of ${availableParallelism()} cores, load before: ${load()}\n`);
  const rates: number[] = [];
  for (let index = 1; index <= rounds; index++) {
    const { seconds, cpuSeconds, deals } = await round(messages);
    rates.push(TARGET / seconds);
    process.stdout.write(
      `round ${index}: ${TARGET} messages (${messages.length} distinct, ${deals} deals) in ${seconds.toFixed(2)} s wall, ` +
        `${cpuSeconds.toFixed(2)} s CPU (GC threads included): ${(TARGET / seconds).toFixed(0)} messages/s ` +
        `(${(TARGET / cpuSeconds).toFixed(0)} per CPU second), load ${load()}\n`,
    );
  }
  process.stdout.write(`messages per second on one core: best ${Math.max(...rates).toFixed(0)}, median ${median(rates).toFixed(0)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
