/**
 * A brand's category, decided over all of its mail (docs/product.md, "Categories"): one odd mail does not move a
 * brand, and a mail's own guess is what a deal has until its brand's mail says enough.
 */
import { CATEGORIES, type Category } from "./category";

/** What one mail says about its sender's trade. */
export interface MailCategoryEvidence {
  /** The share of each category in the mail's words (its products, its site, its name), summing to 1; empty when its words point nowhere. */
  words: Partial<Record<Category, number>>;
  /** The categories the sender's schema.org markup names by type (a Restaurant, a ClothingStore), each once. */
  markup: Category[];
}

/** The evidence of a brand's stored mail, summed. */
export interface BrandCategoryEvidence {
  /** How many mails gave evidence. */
  mails: number;
  /** The mails' word shares, summed per category. */
  words: Partial<Record<Category, number>>;
  /** The mails' markup votes, summed per category (a mail naming two categories gives each half). */
  markup: Partial<Record<Category, number>>;
}

export interface BrandCategoryDecision {
  category: Category;
  /** Enough mail agrees: the category is every deal's of the brand, whatever each mail guessed. */
  decisive: boolean;
}

/** A type the sender declared outweighs what its words suggest: one markup mail counts as three mails' words. */
export const MARKUP_WEIGHT = 3;
/** Fewer mails than this never override a mail's own guess. */
export const MIN_DECISIVE_MAILS = 3;
/** The leading category needs more than this share of the brand's weighted votes. */
export const MIN_LEADING_SHARE = 0.5;

export const NO_EVIDENCE: BrandCategoryEvidence = { mails: 0, words: {}, markup: {} };

/** Whether a mail says anything about its sender's trade. */
export function hasEvidence(mail: MailCategoryEvidence): boolean {
  return mail.markup.length > 0 || Object.values(mail.words).some((share) => (share ?? 0) > 0);
}

function added(into: Partial<Record<Category, number>>, from: Partial<Record<Category, number>>): Partial<Record<Category, number>> {
  const sum = { ...into };
  for (const category of CATEGORIES) if (from[category]) sum[category] = (sum[category] ?? 0) + from[category]!;
  return sum;
}

/** The brand's evidence with one more mail's; a mail that says nothing changes nothing. */
export function withMailEvidence(brand: BrandCategoryEvidence, mail: MailCategoryEvidence): BrandCategoryEvidence {
  if (!hasEvidence(mail)) return brand;
  const markup = [...new Set(mail.markup)];
  const markupVotes = Object.fromEntries(markup.map((category) => [category, 1 / markup.length])) as Partial<Record<Category, number>>;
  return { mails: brand.mails + 1, words: added(brand.words, mail.words), markup: added(brand.markup, markupVotes) };
}

/**
 * The brand's category: the category with the most votes, a mail's words giving one vote shared among the
 * categories they point to and its markup three. It is decisive once at least MIN_DECISIVE_MAILS mails gave evidence
 * and it holds more than half of the votes; with less it is only a leaning, which a mail that says nothing follows.
 * Null when no category leads.
 */
export function decideBrandCategory(evidence: BrandCategoryEvidence): BrandCategoryDecision | null {
  const votes = CATEGORIES.map((category) => (evidence.words[category] ?? 0) + MARKUP_WEIGHT * (evidence.markup[category] ?? 0));
  const total = votes.reduce((sum, vote) => sum + vote, 0);
  if (total <= 0) return null;
  const best = Math.max(...votes);
  const leaders = CATEGORIES.filter((_, index) => votes[index] === best);
  if (leaders.length !== 1 || best / total <= MIN_LEADING_SHARE) return null;
  return { category: leaders[0]!, decisive: evidence.mails >= MIN_DECISIVE_MAILS };
}

/**
 * A deal's category: its brand's when the brand's mail decides, else its own mail's guess, and the brand's leaning
 * when its own mail pointed nowhere (`mailGuess` null). Others when nothing points anywhere.
 */
export function dealCategory(brand: BrandCategoryDecision | null, mailGuess: Category | null): Category {
  if (brand?.decisive) return brand.category;
  return mailGuess ?? brand?.category ?? "Others";
}

/** Whether dealCategory answers the brand's category rather than the mail's own guess (its evidence is the brand's mail). */
export function categoryFromBrand(brand: BrandCategoryDecision | null, mailGuess: Category | null): boolean {
  return brand !== null && (brand.decisive || mailGuess === null);
}

/**
 * dealCategory for every guess a mail can make, keyed by the guess ("" for none), and whether it is the brand's: what a
 * store applies to a brand's deals at once when the brand's decision changes.
 */
export function dealCategoryByGuess(brand: BrandCategoryDecision | null): Record<string, { category: Category; fromBrand: boolean }> {
  const byGuess: Record<string, { category: Category; fromBrand: boolean }> = {};
  for (const guess of [null, ...CATEGORIES]) {
    byGuess[guess ?? ""] = { category: dealCategory(brand, guess), fromBrand: categoryFromBrand(brand, guess) };
  }
  return byGuess;
}

/** Whether two decisions give every deal the same category. */
export function sameDecision(a: BrandCategoryDecision | null, b: BrandCategoryDecision | null): boolean {
  return a?.category === b?.category && a?.decisive === b?.decisive;
}

const isCategory = (value: unknown): value is Category => typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
const isShare = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value > 0 && value <= 1;

/** A mail's evidence with only known categories and shares between 0 and 1: what a boundary lets through. */
export function cleanMailCategoryEvidence(evidence: MailCategoryEvidence): MailCategoryEvidence {
  const words: Partial<Record<Category, number>> = {};
  for (const [category, share] of Object.entries(evidence.words ?? {})) if (isCategory(category) && isShare(share)) words[category] = share;
  const markup = Array.isArray(evidence.markup) ? [...new Set(evidence.markup.filter(isCategory))] : [];
  return { words, markup };
}

/** Stored brand evidence as read back: counts that are not finite and non-negative become none. */
export function cleanBrandCategoryEvidence(value: unknown): BrandCategoryEvidence {
  if (!value || typeof value !== "object") return NO_EVIDENCE;
  const record = value as Record<string, unknown>;
  const sums = (from: unknown): Partial<Record<Category, number>> => {
    const sum: Partial<Record<Category, number>> = {};
    if (from && typeof from === "object") {
      for (const [category, count] of Object.entries(from)) {
        if (isCategory(category) && typeof count === "number" && Number.isFinite(count) && count > 0) sum[category] = count;
      }
    }
    return sum;
  };
  const mails = typeof record.mails === "number" && Number.isInteger(record.mails) && record.mails > 0 ? record.mails : 0;
  return { mails, words: sums(record.words), markup: sums(record.markup) };
}

/** A deal's own mail's guess: its category, or null when its mail's words pointed nowhere (it fell to Others). */
export function mailGuessOf(category: Category, evidence: MailCategoryEvidence | null | undefined): Category | null {
  return category === "Others" && Object.keys(evidence?.words ?? {}).length === 0 ? null : category;
}
