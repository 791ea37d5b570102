import { CATEGORIES, categoryId } from "./category";
import type { Deal } from "./deal";
import { candidateImageUrls } from "./imageRules";

/** 1 to 5 stock images per category, 1 to 3 generic ones (docs/product.md, "Deal images"). */
export const STOCK_IMAGES_PER_CATEGORY = 5;
export const GENERIC_STOCK_IMAGES = 3;
export const STOCK_IMAGE_DIR = "/stock";

/** Every category with images of its own; Others uses the generic ones. */
const NAMED_CATEGORIES: readonly string[] = CATEGORIES.filter((category) => category !== "Others");

const stockPath = (name: string, number: number) => `${STOCK_IMAGE_DIR}/${name}-${number}.svg`;

/**
 * The stock image for a deal without a usable image of its own. `unit` is a random number in [0, 1): the caller
 * chooses the randomness, so the rule stays testable.
 */
export function stockImageUrl(category: string, unit: number): string {
  const known = NAMED_CATEGORIES.includes(category);
  const count = known ? STOCK_IMAGES_PER_CATEGORY : GENERIC_STOCK_IMAGES;
  const number = 1 + Math.min(count - 1, Math.floor(unit * count));
  return stockPath(known ? categoryId(category) : "generic", number);
}

/** Every stock image the app may ask for, so a test can check that each exists. */
export function allStockImageUrls(): string[] {
  return [
    ...NAMED_CATEGORIES.flatMap((category) =>
      Array.from({ length: STOCK_IMAGES_PER_CATEGORY }, (_, index) => stockPath(categoryId(category), index + 1)),
    ),
    ...Array.from({ length: GENERIC_STOCK_IMAGES }, (_, index) => stockPath("generic", index + 1)),
  ];
}

/**
 * A stable number in [0, 1) from a text (FNV-1a), so a deal keeps the same random pick each time its card mounts.
 */
export function unitFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}

/** Whether the deal has an image of its own worth trying; without one its card shows only a small stock picture. */
export function hasOwnImage(deal: Pick<Deal, "imageUrls">): boolean {
  return candidateImageUrls(deal.imageUrls).length > 0;
}
