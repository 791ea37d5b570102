import { loadavg } from "node:os";
import { Parser } from "htmlparser2";
import { readMessages } from "../server/cli/messageFiles";
import { extractDeals } from "../server/extraction";
import { HTML_PARSER_OPTIONS } from "../server/extraction/html";
import { parseMessage } from "../server/extraction/mime";
import { median } from "./statistics";

/**
 * npx tsx bench/extractionFloor.ts DIR [ROUNDS]: what the extractor's parsers cost before any rule runs, beside the
 * whole extraction, in microseconds a message over DIR's messages repeated to 5,000 (one thread). The floor is the MIME
 * parse (postal-mime, as server/extraction/mime.ts calls it) plus tokenising the HTML with htmlparser2 and handlers
 * that do nothing: no speed-up of the rules can take a message below it. Each figure is the median of ROUNDS rounds.
 */
const TARGET = 5_000;

async function microsecondsPerMessage(work: (index: number) => unknown): Promise<number> {
  const started = process.hrtime.bigint();
  for (let index = 0; index < TARGET; index++) await work(index);
  return Number(process.hrtime.bigint() - started) / 1e3 / TARGET;
}

function tokenise(html: string): void {
  const parser = new Parser({ onopentag() {}, ontext() {}, onclosetag() {} }, HTML_PARSER_OPTIONS);
  parser.write(html);
  parser.end();
}

async function main(args: string[]): Promise<number> {
  const paths = args.filter((arg) => !/^\d+$/.test(arg));
  const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);
  const raws = [...readMessages(paths)].map((message) => message.raw);
  if (raws.length === 0) {
    process.stderr.write("usage: npx tsx bench/extractionFloor.ts DIR [ROUNDS]\n");
    return 2;
  }
  const htmls = await Promise.all(raws.map(async (raw) => (await parseMessage(raw)).html ?? ""));
  const at = (index: number) => index % raws.length;
  const stages: Array<[string, (index: number) => unknown]> = [
    ["MIME parse", (index) => parseMessage(raws[at(index)]!)],
    ["HTML tokenising", (index) => tokenise(htmls[at(index)]!)],
    ["whole extraction", (index) => extractDeals(raws[at(index)]!)],
  ];
  for (const [, work] of stages) for (let index = 0; index < raws.length; index++) await work(index);
  process.stdout.write(`${raws.length} distinct messages, one thread, load before: ${loadavg().map((load) => load.toFixed(2)).join(" ")}\n`);
  const figures = new Map<string, number>();
  for (const [name, work] of stages) {
    const samples: number[] = [];
    for (let round = 0; round < rounds; round++) samples.push(await microsecondsPerMessage(work));
    figures.set(name, median(samples));
    process.stdout.write(`${name}: ${median(samples).toFixed(0)} µs a message (rounds: ${samples.map((us) => us.toFixed(0)).join(", ")})\n`);
  }
  const floor = figures.get("MIME parse")! + figures.get("HTML tokenising")!;
  const whole = figures.get("whole extraction")!;
  process.stdout.write(
    `floor (MIME + HTML): ${floor.toFixed(0)} µs, at most ${(1e6 / floor).toFixed(0)} messages/s; ` +
      `the rules and rendering: ${(whole - floor).toFixed(0)} µs (${(((whole - floor) / whole) * 100).toFixed(0)}% of the whole); ` +
      `load after: ${loadavg().map((load) => load.toFixed(2)).join(" ")}\n`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
