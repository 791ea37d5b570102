import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FieldEvidence } from "../../src/domain/evidence";
import { extractDeals, type ExtractedMessage } from "../extraction";
import { NO_EVIDENCE, dealCategory, decideBrandCategory, mailGuessOf, withMailEvidence, type BrandCategoryEvidence } from "../../src/domain/brandCategory";

/** One labelled message, in the format of the development corpus's labels.json. */
export interface Label {
  file: string;
  isPromotion: boolean;
  /** Whether the mail makes a concrete offer; sets labelled before this field existed leave it out. */
  hasDeal?: boolean;
  brand: string | null;
  brandDomain: string | null;
  category: string;
  promoCodes: string[];
  expirationDate: string | null;
  discount?: string | null;
}

export interface Tally {
  hit: number;
  total: number;
}

/** How the extractor fares on a labelled folder, and what it got wrong, one line per mistake. */
export interface Scores {
  codes: { truePositives: number; predicted: number; labelled: number; precision: number; recall: number; f1: number };
  /** Messages given a deal that should have one, over messages given a deal. */
  dealPrecision: Tally;
  /** Messages that should have a deal and got one, over messages that should. */
  dealRecall: Tally;
  expiry: Tally;
  brand: Tally;
  brandDomain: Tally;
  category: Tally;
  /**
   * The category a deal gets once its brand's category is decided over all of the brand's messages in the set
   * (src/domain/brandCategory.ts), where the label expects a deal.
   */
  brandCategory: Tally;
  promotion: Tally;
  dealsInNonPromotional: number;
  problems: string[];
}

export const ratio = (tally: Tally) => (tally.total === 0 ? 1 : tally.hit / tally.total);

/** Which rule gave a value, for a miss: its evidence kind and confidence, or that no rule did. */
export function ruleOf(evidence: FieldEvidence | null | undefined): string {
  return evidence ? `rule: ${evidence.kind}, ${evidence.confidence}` : "rule: none";
}

function codesOf(message: ExtractedMessage): string[] {
  return [...new Set(message.deals.flatMap((deal) => deal.promoCodes))];
}

/** The brand's rule, which a deal keeps; a message without a deal keeps no evidence. */
function brandRule(message: ExtractedMessage): string {
  const deal = message.deals[0];
  if (!deal) return message.brand === null ? "rule: none" : "rule: not kept without a deal";
  return ruleOf(deal.evidence?.brand);
}

/**
 * Whether the label expects a deal: its `hasDeal`, or, for sets labelled without it, a promotion that names a code,
 * an end date or a discount (every promotion of those sets does; their non-promotions make no deal).
 */
export function expectsDeal(label: Label): boolean {
  if (label.hasDeal !== undefined) return label.hasDeal;
  return label.isPromotion && (label.promoCodes.length > 0 || label.expirationDate !== null || Boolean(label.discount));
}

/**
 * Which part of a labelled folder to score. The held-out third is fixed by a rule written down before any rule was
 * tuned: sort the labelled file names, number them from 0, and hold out every name whose number mod 3 is 2. The
 * development two thirds are the rest. A folder's new files shift the split, so the rule is stated, not a list.
 */
export type Portion = "all" | "dev" | "holdout";

export function inPortion(portion: Portion, index: number): boolean {
  if (portion === "all") return true;
  return (index % 3 === 2) === (portion === "holdout");
}

/** The labels of the portion, by the rule above. */
export function portionOf(labels: readonly Label[], portion: Portion): Label[] {
  const names = labels.map((label) => label.file).sort();
  const kept = new Set(names.filter((_, index) => inPortion(portion, index)));
  return labels.filter((label) => kept.has(label.file));
}

/** Runs the extractor over every file DIR/labels.json names (or the portion asked for) and compares with its label. */
export async function scoreLabelledFolder(dir: string, portion: Portion = "all"): Promise<Scores> {
  const labels = portionOf(JSON.parse(readFileSync(join(dir, "labels.json"), "utf8")) as Label[], portion);
  let truePositives = 0;
  let predicted = 0;
  let labelled = 0;
  const tally = (): Tally => ({ hit: 0, total: 0 });
  const [dealPrecision, dealRecall, expiry, brand, brandDomain, category, promotion] = [tally(), tally(), tally(), tally(), tally(), tally(), tally()];
  let dealsInNonPromotional = 0;
  const problems: string[] = [];
  /** The deals the brand-level rule is scored on, and every message's evidence for its brand. */
  const expectedDeals: Array<{ file: string; expected: string; message: ExtractedMessage }> = [];
  const brandEvidence = new Map<string, BrandCategoryEvidence>();
  // A miss names the rule that gave the wrong value (its evidence kind), or says none did.
  const compare = (counter: Tally, file: string, field: string, actual: unknown, expected: unknown, rule?: string) => {
    counter.total++;
    if (actual === expected) counter.hit++;
    else problems.push(`${file}: ${field} ${JSON.stringify(actual)} expected ${JSON.stringify(expected)}${rule ? ` (${rule})` : ""}`);
  };

  for (const label of labels) {
    const message = await extractDeals(readFileSync(join(dir, label.file)));
    const codes = codesOf(message);
    const hits = codes.filter((code) => label.promoCodes.includes(code));
    truePositives += hits.length;
    predicted += codes.length;
    labelled += label.promoCodes.length;
    if (hits.length !== codes.length || hits.length !== label.promoCodes.length) {
      const found = message.deals.flatMap((deal) => deal.evidence?.codes ?? []);
      const wrong = codes.filter((code) => !label.promoCodes.includes(code));
      const rules = wrong.map((code) => `${code}: ${ruleOf(found.find((evidence) => evidence.code === code))}`);
      const missed = label.promoCodes.filter((code) => !codes.includes(code)).map((code) => `${code}: rule: none`);
      problems.push(`${label.file}: codes ${JSON.stringify(codes)} expected ${JSON.stringify(label.promoCodes)} (${[...rules, ...missed].join("; ")})`);
    }
    compare(promotion, label.file, "isPromotion", message.isPromotion, label.isPromotion);
    compare(brandDomain, label.file, "brandDomain", message.brandDomain, label.brandDomain);
    if (label.brand !== undefined) compare(brand, label.file, "brand", message.brand, label.brand, brandRule(message));
    if (!label.isPromotion) dealsInNonPromotional += message.deals.length;
    if (message.isPromotion && message.brandDomain && message.categoryEvidence) {
      brandEvidence.set(message.brandDomain, withMailEvidence(brandEvidence.get(message.brandDomain) ?? NO_EVIDENCE, message.categoryEvidence));
    }

    const gotDeal = message.deals.length > 0;
    const wantsDeal = expectsDeal(label);
    if (gotDeal) compare(dealPrecision, label.file, "deal", true, wantsDeal);
    if (wantsDeal) compare(dealRecall, label.file, "deal", gotDeal, true);
    // End date and category are a deal's: scored where the label expects one.
    if (!wantsDeal) continue;
    const deal = message.deals[0];
    compare(expiry, label.file, "expiry", deal?.expirationDate ?? null, label.expirationDate, ruleOf(deal?.evidence?.endDate));
    compare(category, label.file, "category", deal?.category ?? "(no deal)", label.category, ruleOf(deal?.evidence?.category));
    expectedDeals.push({ file: label.file, expected: label.category, message });
  }
  const brandCategory = tally();
  for (const { file, expected, message } of expectedDeals) {
    const deal = message.deals[0];
    const decision = message.brandDomain ? decideBrandCategory(brandEvidence.get(message.brandDomain) ?? NO_EVIDENCE) : null;
    const actual = deal ? dealCategory(decision, mailGuessOf(deal.category, message.categoryEvidence)) : "(no deal)";
    compare(brandCategory, file, "category (brand's mail)", actual, expected, decision?.decisive ? "rule: brand-mail" : undefined);
  }

  const precision = predicted === 0 ? 1 : truePositives / predicted;
  const recall = labelled === 0 ? 1 : truePositives / labelled;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    codes: { truePositives, predicted, labelled, precision, recall, f1 },
    dealPrecision,
    dealRecall,
    expiry,
    brand,
    brandDomain,
    category,
    brandCategory,
    promotion,
    dealsInNonPromotional,
    problems,
  };
}
