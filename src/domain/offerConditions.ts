/**
 * What a code asks of an order, read from the phrases the extractor writes: a code's own condition ("$10 off $50+",
 * "$15 off first order", "free shipping on orders $35+") and its deal's terms ("Minimum spend $75", "New customers
 * only", "In store only", "Excludes gift cards"). One reading for the extension, which decides which codes to try at a
 * checkout, and the dashboard, which says where an offer can be used.
 */
import { moneyIn, type Money } from "./money";

/** Where an offer can be used, when its terms say: only online, only in a shop, or both. */
export type OfferChannel = "online" | "inStore" | "both";

export type OfferCondition =
  | { kind: "minimumSpend"; minimum: Money }
  | { kind: "newCustomers" }
  | { kind: "channel"; channel: "online" | "inStore" }
  /** A limit a cart's total cannot tell about (categories, full-price items, members), shown in its own words. */
  | { kind: "restriction"; text: string };

/** The first amount of a phrase, in any currency src/domain/money.ts reads ("$1,000", "49,99 €", "CHF 100", "CA$75"), or null. */
export function statedMoney(text: string): Money | null {
  const [first] = moneyIn(text);
  return first ? amountOf(first) : null;
}

/** The amount alone, without where the text had it. */
const amountOf = ({ hundredths, currency }: Money): Money => ({ hundredths, currency });

/** "X off $50", "X off $50+", "X off orders $50+", "X off every $100": the minimum is the amount right after these words. */
const OFF_MINIMUM = /\boff (?:orders |every )?/i;
/** A code whose whole benefit is free shipping above an amount. */
const SHIPPING_MINIMUM = /^free shipping on orders (.+)\+$/i;
const FIRST_ORDER = /\bfirst (?:order|purchase|box)\b/i;

/** The minimum spend of a code's own condition: in its discount ("$10 off $50+"), or its only benefit's (free shipping). */
function codeMinimum(codeCondition: string): Money | null {
  const [benefit = ""] = codeCondition.split(" + ");
  const off = OFF_MINIMUM.exec(benefit);
  const [after] = off ? moneyIn(benefit.slice(off.index + off[0].length)) : [];
  if (after?.index === 0) return amountOf(after);
  const shipping = SHIPPING_MINIMUM.exec(codeCondition);
  return shipping ? statedMoney(shipping[1]!) : null;
}

const MINIMUM_TERM = /^minimum spend (.+)$/i;
const NEW_CUSTOMER_TERMS = /^(?:new customers only|first order only)$/i;
const RESTRICTION_TERMS = /^(?:excludes?\b.*|full-price items only|members only)$/i;

/** Where the deal's terms say it can be used, or null when they do not say. */
export function channelOf(terms: readonly string[]): OfferChannel | null {
  const said = new Set(terms.map((term) => term.toLowerCase()));
  if (said.has("online and in store")) return "both";
  if (said.has("online only")) return "online";
  if (said.has("in store only")) return "inStore";
  return null;
}

/**
 * Everything a code asks, from its own condition and its deal's terms. The code's own minimum wins over the deal's
 * "Minimum spend" (a mail with tiers states one per code); each kind of condition is listed once.
 */
export function conditionsOfCode(codeCondition: string | null, terms: readonly string[]): OfferCondition[] {
  const conditions: OfferCondition[] = [];
  const ownMinimum = codeCondition ? codeMinimum(codeCondition) : null;
  const termMinimum = terms.map((term) => MINIMUM_TERM.exec(term)).find(Boolean);
  const minimum = ownMinimum ?? (termMinimum ? statedMoney(termMinimum[1]!) : null);
  if (minimum) conditions.push({ kind: "minimumSpend", minimum });
  if ((codeCondition !== null && FIRST_ORDER.test(codeCondition)) || terms.some((term) => NEW_CUSTOMER_TERMS.test(term))) {
    conditions.push({ kind: "newCustomers" });
  }
  const channel = channelOf(terms);
  if (channel === "online" || channel === "inStore") conditions.push({ kind: "channel", channel });
  for (const term of terms) if (RESTRICTION_TERMS.test(term)) conditions.push({ kind: "restriction", text: term });
  return conditions;
}
