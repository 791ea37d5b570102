import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractDeals, type ExtractedMessage } from "../extraction";

/** One labelled message, in the format of the development corpus's labels.json. */
export interface Label {
  file: string;
  isPromotion: boolean;
  brand: string | null;
  brandDomain: string | null;
  category: string;
  promoCodes: string[];
  expirationDate: string | null;
}

export interface Tally {
  hit: number;
  total: number;
}

/** How the extractor fares on a labelled folder, and what it got wrong, one line per mistake. */
export interface Scores {
  codes: { truePositives: number; predicted: number; labelled: number; precision: number; recall: number; f1: number };
  expiry: Tally;
  brand: Tally;
  brandDomain: Tally;
  category: Tally;
  promotion: Tally;
  dealsInNonPromotional: number;
  problems: string[];
}

export const ratio = (tally: Tally) => (tally.total === 0 ? 1 : tally.hit / tally.total);

function codesOf(message: ExtractedMessage): string[] {
  return [...new Set(message.deals.flatMap((deal) => deal.promoCodes))];
}

/** Runs the extractor over every file DIR/labels.json names and compares with its label. */
export async function scoreLabelledFolder(dir: string): Promise<Scores> {
  const labels = JSON.parse(readFileSync(join(dir, "labels.json"), "utf8")) as Label[];
  let truePositives = 0;
  let predicted = 0;
  let labelled = 0;
  const tally = (): Tally => ({ hit: 0, total: 0 });
  const expiry = tally();
  const brand = tally();
  const brandDomain = tally();
  const category = tally();
  const promotion = tally();
  let dealsInNonPromotional = 0;
  const problems: string[] = [];
  const compare = (counter: Tally, file: string, field: string, actual: unknown, expected: unknown) => {
    counter.total++;
    if (actual === expected) counter.hit++;
    else problems.push(`${file}: ${field} ${JSON.stringify(actual)} expected ${JSON.stringify(expected)}`);
  };

  for (const label of labels) {
    const message = await extractDeals(readFileSync(join(dir, label.file)));
    const codes = codesOf(message);
    const hits = codes.filter((code) => label.promoCodes.includes(code));
    truePositives += hits.length;
    predicted += codes.length;
    labelled += label.promoCodes.length;
    if (hits.length !== codes.length || hits.length !== label.promoCodes.length) {
      problems.push(`${label.file}: codes ${JSON.stringify(codes)} expected ${JSON.stringify(label.promoCodes)}`);
    }
    compare(promotion, label.file, "isPromotion", message.isPromotion, label.isPromotion);
    compare(brandDomain, label.file, "brandDomain", message.brandDomain, label.brandDomain);
    if (label.brand !== undefined) compare(brand, label.file, "brand", message.brand, label.brand);
    if (!label.isPromotion) {
      dealsInNonPromotional += message.deals.length;
      continue;
    }
    const deal = message.deals[0];
    compare(expiry, label.file, "expiry", deal?.expirationDate ?? null, label.expirationDate);
    compare(category, label.file, "category", deal?.category ?? "(no deal)", label.category);
  }

  const precision = predicted === 0 ? 1 : truePositives / predicted;
  const recall = labelled === 0 ? 1 : truePositives / labelled;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    codes: { truePositives, predicted, labelled, precision, recall, f1 },
    expiry,
    brand,
    brandDomain,
    category,
    promotion,
    dealsInNonPromotional,
    problems,
  };
}
