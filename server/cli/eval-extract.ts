import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractDeals, type ExtractedMessage } from "../extraction";

/** One labelled message, in the format of the development corpus's labels.json. */
interface Label {
  file: string;
  isPromotion: boolean;
  brandDomain: string | null;
  category: string;
  promoCodes: string[];
  expirationDate: string | null;
}

interface Tally {
  hit: number;
  total: number;
}

const ratio = (tally: Tally) => (tally.total === 0 ? 1 : tally.hit / tally.total);
const percent = (value: number) => value.toFixed(3);

function codesOf(message: ExtractedMessage): string[] {
  return [...new Set(message.deals.flatMap((deal) => deal.promoCodes))];
}

/** npm run eval:extract -- DIR [--verbose] : scores the extractor against DIR/labels.json. */
async function main(args: string[]): Promise<number> {
  const verbose = args.includes("--verbose");
  const dir = args.find((arg) => !arg.startsWith("--"));
  if (!dir) {
    process.stderr.write("usage: npm run eval:extract -- DIR [--verbose]\n");
    return 2;
  }
  const labels = JSON.parse(readFileSync(join(dir, "labels.json"), "utf8")) as Label[];
  let truePositives = 0;
  let predictedCodes = 0;
  let labelledCodes = 0;
  const expiry: Tally = { hit: 0, total: 0 };
  const brandDomain: Tally = { hit: 0, total: 0 };
  const category: Tally = { hit: 0, total: 0 };
  const promotion: Tally = { hit: 0, total: 0 };
  let dealsInNonPromotional = 0;
  const problems: string[] = [];

  for (const label of labels) {
    const message = await extractDeals(readFileSync(join(dir, label.file)));
    const codes = codesOf(message);
    const hits = codes.filter((code) => label.promoCodes.includes(code));
    truePositives += hits.length;
    predictedCodes += codes.length;
    labelledCodes += label.promoCodes.length;
    if (hits.length !== codes.length || hits.length !== label.promoCodes.length) {
      problems.push(`${label.file}: codes ${JSON.stringify(codes)} expected ${JSON.stringify(label.promoCodes)}`);
    }
    promotion.total++;
    if (message.isPromotion === label.isPromotion) promotion.hit++;
    else problems.push(`${label.file}: isPromotion ${message.isPromotion} expected ${label.isPromotion}`);
    brandDomain.total++;
    if (message.brandDomain === label.brandDomain) brandDomain.hit++;
    else problems.push(`${label.file}: brandDomain ${message.brandDomain} expected ${label.brandDomain}`);
    if (!label.isPromotion) {
      dealsInNonPromotional += message.deals.length;
      continue;
    }
    const deal = message.deals[0];
    expiry.total++;
    const date = deal?.expirationDate ?? null;
    if (date === label.expirationDate) expiry.hit++;
    else problems.push(`${label.file}: expiry ${date} expected ${label.expirationDate}`);
    category.total++;
    if (deal?.category === label.category) category.hit++;
    else problems.push(`${label.file}: category ${deal?.category ?? "(no deal)"} expected ${label.category}`);
  }

  const precision = predictedCodes === 0 ? 1 : truePositives / predictedCodes;
  const recall = labelledCodes === 0 ? 1 : truePositives / labelledCodes;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const rows: Array<[string, string, string]> = [
    ["code precision", percent(precision), `${truePositives}/${predictedCodes}`],
    ["code recall", percent(recall), `${truePositives}/${labelledCodes}`],
    ["code F1", percent(f1), ""],
    ["expiry exact", percent(ratio(expiry)), `${expiry.hit}/${expiry.total} promotions`],
    ["brandDomain", percent(ratio(brandDomain)), `${brandDomain.hit}/${brandDomain.total} messages`],
    ["category", percent(ratio(category)), `${category.hit}/${category.total} promotions`],
    ["isPromotion", percent(ratio(promotion)), `${promotion.hit}/${promotion.total} messages`],
    ["deals in non-promotional mail", String(dealsInNonPromotional), ""],
  ];
  const width = Math.max(...rows.map((row) => row[0].length));
  process.stdout.write(`${"metric".padEnd(width)} | score | count\n${"-".repeat(width)}-|-------|------\n`);
  for (const [name, score, count] of rows) process.stdout.write(`${name.padEnd(width)} | ${score.padStart(5)} | ${count}\n`);
  if (verbose) for (const problem of problems) process.stderr.write(`${problem}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
