import { ratio, scoreLabelledFolder } from "./scoring";

const score = (value: number) => value.toFixed(3);

/** npm run eval:extract -- DIR [--verbose] : scores the extractor against DIR/labels.json. */
async function main(args: string[]): Promise<number> {
  const verbose = args.includes("--verbose");
  const dir = args.find((arg) => !arg.startsWith("--"));
  if (!dir) {
    process.stderr.write("usage: npm run eval:extract -- DIR [--verbose]\n");
    return 2;
  }
  const scores = await scoreLabelledFolder(dir);
  const { codes } = scores;
  const rows: Array<[string, string, string]> = [
    ["code precision", score(codes.precision), `${codes.truePositives}/${codes.predicted}`],
    ["code recall", score(codes.recall), `${codes.truePositives}/${codes.labelled}`],
    ["code F1", score(codes.f1), ""],
    ["expiry exact", score(ratio(scores.expiry)), `${scores.expiry.hit}/${scores.expiry.total} promotions`],
    ["brand", score(ratio(scores.brand)), `${scores.brand.hit}/${scores.brand.total} messages`],
    ["brandDomain", score(ratio(scores.brandDomain)), `${scores.brandDomain.hit}/${scores.brandDomain.total} messages`],
    ["category", score(ratio(scores.category)), `${scores.category.hit}/${scores.category.total} promotions`],
    ["isPromotion", score(ratio(scores.promotion)), `${scores.promotion.hit}/${scores.promotion.total} messages`],
    ["deals in non-promotional mail", String(scores.dealsInNonPromotional), ""],
  ];
  const width = Math.max(...rows.map((row) => row[0].length));
  process.stdout.write(`${"metric".padEnd(width)} | score | count\n${"-".repeat(width)}-|-------|------\n`);
  for (const [name, value, count] of rows) process.stdout.write(`${name.padEnd(width)} | ${value.padStart(5)} | ${count}\n`);
  if (verbose) for (const problem of scores.problems) process.stderr.write(`${problem}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
