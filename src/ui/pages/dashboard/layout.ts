/** Masonry columns by viewport width, and the size of deal images (docs/product.md, "Dashboard layout"). */
const COLUMN_BREAKPOINTS: readonly { maxWidth: number; columns: number }[] = [
  { maxWidth: 350, columns: 1 },
  { maxWidth: 700, columns: 2 },
  { maxWidth: 1100, columns: 3 },
];
export const DEFAULT_COLUMNS = 4;

export function columnsForWidth(viewportWidth: number): number {
  return COLUMN_BREAKPOINTS.find(({ maxWidth }) => viewportWidth <= maxWidth)?.columns ?? DEFAULT_COLUMNS;
}

/** Phones: swipes change the category, hiding a brand asks first, and every category chip is shown. */
export const MOBILE_MAX_WIDTH = 767;

/** The same width as a stylesheet's media query, so what the script and the styles call a phone is one width. */
export const MOBILE_MEDIA = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

export function isMobileWidth(viewportWidth: number): boolean {
  return viewportWidth <= MOBILE_MAX_WIDTH;
}

export const DEAL_IMAGE_MAX_HEIGHT_PX = 500;
export const DEAL_IMAGE_BASE_WIDTH_PX = 300;
export const SMALL_SCREEN_IMAGE_SCALE = 0.7;

/** The width deal images are requested and laid out at: 300 px, scaled by 0.7 on small screens. */
export function dealImageWidth(viewportWidth: number): number {
  return Math.round(DEAL_IMAGE_BASE_WIDTH_PX * (isMobileWidth(viewportWidth) ? SMALL_SCREEN_IMAGE_SCALE : 1));
}

/** Category chips shown on desktop before the '+N more' toggle. */
export const DESKTOP_VISIBLE_CATEGORIES = 6;

/** The chips to show, and how many the '+N more' toggle would add. */
export function visibleCategories<T>(categories: readonly T[], expanded: boolean, mobile: boolean): { shown: T[]; hidden: number } {
  if (mobile || expanded || categories.length <= DESKTOP_VISIBLE_CATEGORIES) return { shown: [...categories], hidden: 0 };
  return {
    shown: categories.slice(0, DESKTOP_VISIBLE_CATEGORIES),
    hidden: categories.length - DESKTOP_VISIBLE_CATEGORIES,
  };
}
