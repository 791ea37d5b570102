import { ratio, scoreLabelledFolder, type Portion } from "./scoring";

const score = (value: number) => value.toFixed(3);

/**
 * npm run eval:extract -- DIR [--verbose] : scores the extractor against DIR/labels.json. Deal precision and recall use
 * each label's `hasDeal`, or for sets without it, whether the label names a code, an end date or a discount.
 * Misses of the deal verdict are always listed, every other miss with --verbose.
 *
 * --dev scores only the development two thirds of DIR, --holdout only the held-out third (scoring.ts states the rule).
 * The held-out run prints the figures and no misses unless --show-misses is given, so that tuning on the development
 * part never sees what the held-out part got wrong.
 */
async function main(args: string[]): Promise<number> {
  const verbose = args.includes("--verbose");
  const portion: Portion = args.includes("--holdout") ? "holdout" : args.includes("--dev") ? "dev" : "all";
  const dir = args.find((arg) => !arg.startsWith("--"));
  if (!dir || (args.includes("--holdout") && args.includes("--dev"))) {
    process.stderr.write("usage: npm run eval:extract -- DIR [--dev | --holdout [--show-misses]] [--verbose]\n");
    return 2;
  }
  const scores = await scoreLabelledFolder(dir, portion);
  const { codes } = scores;
  const rows: Array<[string, string, string]> = [
    ["code precision", score(codes.precision), `${codes.truePositives}/${codes.predicted}`],
    ["code recall", score(codes.recall), `${codes.truePositives}/${codes.labelled}`],
    ["code F1", score(codes.f1), ""],
    ["deal precision", score(ratio(scores.dealPrecision)), `${scores.dealPrecision.hit}/${scores.dealPrecision.total} messages given a deal`],
    ["deal recall", score(ratio(scores.dealRecall)), `${scores.dealRecall.hit}/${scores.dealRecall.total} messages with an offer`],
    ["expiry exact", score(ratio(scores.expiry)), `${scores.expiry.hit}/${scores.expiry.total} messages with an offer`],
    ["brand", score(ratio(scores.brand)), `${scores.brand.hit}/${scores.brand.total} messages`],
    ["brandDomain", score(ratio(scores.brandDomain)), `${scores.brandDomain.hit}/${scores.brandDomain.total} messages`],
    ["category", score(ratio(scores.category)), `${scores.category.hit}/${scores.category.total} messages with an offer`],
    ["category (brand's mail)", score(ratio(scores.brandCategory)), `${scores.brandCategory.hit}/${scores.brandCategory.total} messages with an offer`],
    ["isPromotion", score(ratio(scores.promotion)), `${scores.promotion.hit}/${scores.promotion.total} messages`],
    ["deals in non-promotional mail", String(scores.dealsInNonPromotional), ""],
  ];
  const width = Math.max(...rows.map((row) => row[0].length));
  process.stdout.write(`${"metric".padEnd(width)} | score | count\n${"-".repeat(width)}-|-------|------\n`);
  for (const [name, value, count] of rows) process.stdout.write(`${name.padEnd(width)} | ${value.padStart(5)} | ${count}\n`);
  // The deal misses always (they are what a user sees first); every other miss with --verbose.
  if (portion === "holdout" && !args.includes("--show-misses")) {
    process.stdout.write(`\n(held-out third: ${scores.promotion.total} messages; misses not shown)\n`);
    return 0;
  }
  const shown = verbose ? scores.problems : scores.problems.filter((problem) => /: deal /.test(problem));
  if (shown.length > 0) process.stdout.write(`\nmisses:\n${shown.map((problem) => `  ${problem}\n`).join("")}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
