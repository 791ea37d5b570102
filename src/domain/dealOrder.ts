import type { Deal } from "./deal";
import { expiryStatus, sortDeals } from "./deal";
import { percentsOff } from "./percentOff";

/** The orders the dashboard offers; "ending-soon" is the default (docs/product.md, "Deal order"). */
export const SORT_ORDERS = ["ending-soon", "newest", "saving", "brand"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT: SortOrder = "ending-soon";

export const SORT_LABELS: Readonly<Record<SortOrder, string>> = {
  "ending-soon": "Ending soonest",
  newest: "Newest",
  saving: "Biggest saving",
  brand: "Brand A–Z",
};

/** The order a URL's `sort` parameter asks for; a missing or unknown value means the default. */
export function parseSortOrder(value: string | null | undefined): SortOrder {
  return SORT_ORDERS.find((order) => order === value) ?? DEFAULT_SORT;
}

/** An amount of money as mails write it: "$10", "£ 20", "€10,50", "$1,000.00", "CHF 20"; the number is captured. */
const MONEY = String.raw`(?:[$£€]|CHF)\s?(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:[.,]\d{1,2})?)`;
/** Words between an amount off and the spend it needs ("off orders over"), with no other figure among them. */
const BETWEEN = String.raw`[^$£€\d%]{0,30}?`;
const AMOUNT_OFF = new RegExp(String.raw`(?:${MONEY}\s*off\b|\bsave\s+${MONEY})(?:${BETWEEN}${MONEY})?`, "giu");
const SPEND_THEN_SAVE = new RegExp(String.raw`\bspend\s+${MONEY}\+?${BETWEEN}\b(?:get|save|take)\s+${MONEY}`, "giu");

/** Without a spend stated, an amount off counts as its share of an order of this size. */
export const REFERENCE_ORDER = 100;

const money = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const value = Number(text.replace(/,(?=\d{3}\b)/gu, "").replace(",", "."));
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** The share of an order an amount off saves, in percent: of the spend it needs, else of a $100 order; at most 100. */
const shareOf = (amount: number | null, spend: number | null): number | null =>
  amount === null ? null : Math.min(100, (amount / (spend !== null && spend >= amount ? spend : REFERENCE_ORDER)) * 100);

function savingsIn(text: string): number[] {
  const found = percentsOff(text);
  // "Spend $200, get $60 off" is read whole first, so its "$60 off" is not read again as an amount with no spend.
  const rest = text.replace(SPEND_THEN_SAVE, (_match, spend: string, amount: string) => {
    found.push(shareOf(money(amount), money(spend)) ?? 0);
    return " ";
  });
  for (const [, offAmount, saveAmount, spend] of rest.matchAll(AMOUNT_OFF)) found.push(shareOf(money(offAmount ?? saveAmount), money(spend)) ?? 0);
  return found.filter((saving) => saving > 0);
}

/**
 * "Biggest saving" compares deals by one number, the share of an order the deal takes off, in percent:
 * - a percent off counts as itself, the largest one stated, as percentsOff (percentOff.ts) reads it for every figure:
 *   "25% off", "up to 70% off"; half off, half price, BOGO and "buy one, get one free" as 50; a discount on a
 *   multi-buy's last item spread over the items ("buy one, get one half off" as 25, "buy 2, get the third 30% off" as 10);
 * - an amount off with the spend it needs ("$10 off $50", "$10 off orders over $50", "spend $100, get $20 off") counts
 *   as its share of that spend (20);
 * - an amount off with no spend stated ("$30 off") counts as its share of a $100 order (30), at most 100.
 * It reads the headline discount, the title and each code's condition, and keeps the largest; null when none of them
 * states a saving (free shipping, a gift), and such deals come after those that do.
 */
export function savingPercent(deal: Pick<Deal, "title" | "discount" | "codeConditions">): number | null {
  const texts = [deal.discount ?? "", deal.title, ...deal.codeConditions.map((condition) => condition.condition)];
  const savings = texts.flatMap(savingsIn);
  return savings.length > 0 ? Math.max(...savings) : null;
}

type SortableDeal = Pick<Deal, "expirationDate" | "sentAt" | "brand" | "title" | "discount" | "codeConditions">;

let collator: Intl.Collator | undefined;
/** Made when a person first sorts by brand: a collator loads its locale's collation data, which the default order never needs. */
const brandCollator = () => (collator ??= new Intl.Collator(undefined, { sensitivity: "base", numeric: true }));

/**
 * An order after the default one: each deal's key, worked out once, then compared; a deal without a key comes after
 * those with one. Expired deals come last whatever the key (nothing left to save there), and deals level on the key
 * keep the default order, soonest end first (Array.prototype.sort is stable).
 */
function orderedBy<K>(keyOf: (deal: SortableDeal) => K | null, compare: (a: K, b: K) => number) {
  return <T extends SortableDeal>(byDefault: readonly T[], today: Date): T[] => {
    const keyed = byDefault.map((deal) => ({ deal, expired: expiryStatus(deal.expirationDate, today) === "expired", key: keyOf(deal) }));
    keyed.sort((a, b) => {
      if (a.expired !== b.expired) return a.expired ? 1 : -1;
      if (a.key === null || b.key === null) return a.key === b.key ? 0 : a.key === null ? 1 : -1;
      return compare(a.key, b.key);
    });
    return keyed.map(({ deal }) => deal);
  };
}

const LATER_ORDERS = {
  // ISO times order as plain strings: the latest first.
  newest: orderedBy((deal) => deal.sentAt, (a, b) => (a === b ? 0 : a < b ? 1 : -1)),
  saving: orderedBy(savingPercent, (a, b) => b - a),
  brand: orderedBy((deal) => deal.brand, (a, b) => brandCollator().compare(a, b)),
} satisfies Record<Exclude<SortOrder, "ending-soon">, unknown>;

/** The deals in the chosen order; see orderedBy for expired deals and ties. */
export function sortDealsBy<T extends SortableDeal>(deals: readonly T[], order: SortOrder, today: Date): T[] {
  const byDefault = sortDeals(deals, today);
  return order === "ending-soon" ? byDefault : LATER_ORDERS[order](byDefault, today);
}
