import { CATEGORIES, categoryId, type Category } from "./category";

/** SPEC section 9: 1 to 5 stock images per category, 1 to 3 generic ones. */
export const STOCK_IMAGES_PER_CATEGORY = 5;
export const GENERIC_STOCK_IMAGES = 3;
export const STOCK_IMAGE_DIR = "/stock";

/**
 * The stock image for a deal without a usable image of its own. `unit` is a random number in [0, 1): the caller
 * chooses the randomness, so the rule stays testable.
 */
export function stockImageUrl(category: string, unit: number): string {
  const known = (CATEGORIES as readonly string[]).includes(category) && category !== "Others";
  const count = known ? STOCK_IMAGES_PER_CATEGORY : GENERIC_STOCK_IMAGES;
  const number = 1 + Math.min(count - 1, Math.floor(unit * count));
  return `${STOCK_IMAGE_DIR}/${known ? categoryId(category) : "generic"}-${number}.svg`;
}

/** Every stock image the app may ask for, so a test can check that each exists. */
export function allStockImageUrls(): string[] {
  const named = CATEGORIES.filter((category): category is Exclude<Category, "Others"> => category !== "Others");
  return [
    ...named.flatMap((category) =>
      Array.from({ length: STOCK_IMAGES_PER_CATEGORY }, (_, index) => `${STOCK_IMAGE_DIR}/${categoryId(category)}-${index + 1}.svg`),
    ),
    ...Array.from({ length: GENERIC_STOCK_IMAGES }, (_, index) => `${STOCK_IMAGE_DIR}/generic-${index + 1}.svg`),
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
