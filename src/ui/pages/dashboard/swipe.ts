import { sameCategory } from "../../../domain/category";
/** What counts as a swipe between categories on a phone (docs/product.md, "Swipe between categories"). */
export const SWIPE_MIN_DISTANCE_PX = 50;
export const SWIPE_MAX_VERTICAL_PX = 30;
export const SWIPE_MIN_SPEED_PX_PER_MS = 0.3;
export const SWIPE_INDICATOR_PX = 15;

export interface SwipeMovement {
  /** Horizontal movement, positive to the right. */
  dx: number;
  dy: number;
  durationMs: number;
}

/** "next" for a swipe to the left (the next category comes in from the right), "previous" for one to the right. */
export type SwipeDirection = "next" | "previous";

export function swipeDirection({ dx, dy, durationMs }: SwipeMovement): SwipeDirection | null {
  const distance = Math.abs(dx);
  if (distance <= SWIPE_MIN_DISTANCE_PX || Math.abs(dy) >= SWIPE_MAX_VERTICAL_PX) return null;
  const speed = distance / Math.max(durationMs, 1);
  if (speed <= SWIPE_MIN_SPEED_PX_PER_MS) return null;
  return dx < 0 ? "next" : "previous";
}

/** While a finger moves, the indicator shows once it has gone more than 15 px sideways. */
export function showsSwipeIndicator(dx: number): boolean {
  return Math.abs(dx) > SWIPE_INDICATOR_PX;
}

/**
 * The category a swipe leads to, in the chips' order where null ("All") comes first; null at either end stays put
 * by answering the current one.
 */
export function swipedCategory(
  categories: readonly string[],
  current: string | null,
  direction: SwipeDirection,
): string | null {
  const order = [null, ...categories];
  const index = Math.max(0, order.findIndex((category) => sameCategory(category, current)));
  const next = direction === "next" ? Math.min(index + 1, order.length - 1) : Math.max(index - 1, 0);
  return order[next] ?? null;
}
