import { readMultiBuys } from "./multiBuy";

/**
 * The percents off a discount text states, one reading for every figure that counts one: "Biggest saving"
 * (dealOrder.ts), deal alerts (alertRules.ts) and a brand's typical discount (dealDetail.ts).
 * - a percentage ("20% off", "Up to 40 % OFF") counts as itself; one over 100 ("150% more points") is no discount;
 * - half off, half price and a bare BOGO count as 50: a percent in words;
 * - a multi-buy's discount is spread over its items (readMultiBuys): "buy one, get one 50% off" is 25, "buy one, get
 *   one free" 50, "buy 2, get 1 free" a third.
 * Amounts off ("$10 off $50") are no percent; only "Biggest saving" turns them into a share of an order.
 */
export function percentsOff(text: string | null): number[] {
  if (!text) return [];
  const { savings, rest } = readMultiBuys(text);
  const stated = [...rest.matchAll(PERCENT)].map((match) => Number(match[1]));
  const inWords = HALF_OFF.test(rest) ? [HALF] : [];
  return [...savings, ...stated, ...inWords].filter((percent) => percent > 0 && percent <= 100);
}

/** A figure and a percent sign, the whole figure: "150%" is not read as "50%". */
const PERCENT = /(?<![\d.,])(\d{1,3}(?:\.\d+)?)\s?%/gu;
const HALF_OFF = /\bhalf[\s-](?:off|price)\b|\bbogo\b/iu;
const HALF = 50;
