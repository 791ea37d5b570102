import { conditionsOfCode, type OfferCondition } from "../../../src/domain/offerConditions";
import { currencyOfSign, formatRoundAmount, type Amount, type Money, type MoneyNotation } from "../../../src/domain/money";
import type { SiteDeal } from "./siteMatch";

/**
 * Whether a cart can take a code, judged from the cart's total alone. What the total cannot tell (a new customer, an
 * excluded category, a total the page does not show or shows in another currency) is unknown, never a failure: only a
 * condition the cart plainly misses keeps a code from being tried.
 */
export type ConditionVerdict = { kind: "met" } | { kind: "unmet"; reason: string } | { kind: "unknown" };

/** A code as a run tries it: the code and what it asks of the order. */
export interface CodeOffer {
  code: string;
  conditions: OfferCondition[];
}

/**
 * The dollars count as one currency here: a checkout's plain "$" is its own country's dollar, which the mail may have
 * written "$" (read as the US dollar) or "CA$".
 */
const DOLLARS: ReadonlySet<string> = new Set(["USD", "CAD", "AUD", "NZD"]);
const comparable = (currency: string) => (DOLLARS.has(currency) ? "dollar" : currency);

/** The cart's currency matches the mail's: only then are the two amounts compared. */
function sameCurrency(stated: Money, notation: MoneyNotation): boolean {
  const cartSign = `${notation.prefix}${notation.suffix}`.trim().split(/\s+/)[0]!;
  const cartCurrency = currencyOfSign(cartSign);
  return cartCurrency !== null && comparable(cartCurrency) === comparable(stated.currency);
}

/** "needs $50+, your cart is $42: add $8", every amount in the shop's own notation. */
export function shortfallReason(minimum: number, cart: Amount): string {
  const money = (hundredths: number) => formatRoundAmount(hundredths, cart.notation);
  return `needs ${money(minimum)}+, your cart is ${money(cart.hundredths)}: add ${money(minimum - cart.hundredths)}`;
}

/** Whether this cart meets this condition: the one rule the panel and the run both follow. */
export function cartMeets(condition: OfferCondition, cart: Amount | null): ConditionVerdict {
  switch (condition.kind) {
    case "minimumSpend":
      if (!cart?.notation || !sameCurrency(condition.minimum, cart.notation)) return { kind: "unknown" };
      return cart.hundredths >= condition.minimum.hundredths ? { kind: "met" } : { kind: "unmet", reason: shortfallReason(condition.minimum.hundredths, cart) };
    case "channel":
      // A checkout in the browser is the online shop.
      return condition.channel === "online" ? { kind: "met" } : { kind: "unmet", reason: "in store only" };
    case "newCustomers":
    case "restriction":
      return { kind: "unknown" };
  }
}

/** Where a code stands with this cart, and what the shop alone can judge of it. */
export interface CodeStanding {
  code: string;
  standing: "qualifies" | "cannotApply" | "unknown";
  /** Why it cannot apply; empty unless it cannot. */
  reasons: string[];
  /** Only for new customers: the shop alone knows whether the person is one, so such a code is tried last. */
  newCustomersOnly: boolean;
  /** Limits the cart's total cannot check, in the mail's words ("Excludes gift cards"). */
  restrictions: string[];
  /** The code asks a minimum spend and this cart reaches it. */
  minimumMet: boolean;
}

/** Conditions only the shop can judge: they never hold a code back, and are said beside it (and order the run). */
const judgedByShop = (condition: OfferCondition) => condition.kind === "newCustomers" || condition.kind === "restriction";

/**
 * Where a code stands with this cart: it qualifies when the cart meets every condition a total can check, cannot apply
 * when it plainly misses one, and is unknown when a minimum cannot be compared (no total, another currency).
 */
export function standingOf(offer: CodeOffer, cart: Amount | null): CodeStanding {
  const verdicts = offer.conditions.map((condition) => cartMeets(condition, cart));
  const reasons = verdicts.flatMap((verdict) => (verdict.kind === "unmet" ? [verdict.reason] : []));
  const unknown = offer.conditions.some((condition, index) => !judgedByShop(condition) && verdicts[index]!.kind === "unknown");
  const standing = reasons.length > 0 ? "cannotApply" : unknown ? "unknown" : "qualifies";
  return {
    code: offer.code,
    standing,
    reasons,
    newCustomersOnly: offer.conditions.some((condition) => condition.kind === "newCustomers"),
    restrictions: offer.conditions.flatMap((condition) => (condition.kind === "restriction" ? [condition.text] : [])),
    minimumMet: offer.conditions.some((condition, index) => condition.kind === "minimumSpend" && verdicts[index]!.kind === "met"),
  };
}

/** Qualifying codes first, then those whose minimum the page cannot judge, then new-customers-only ones; each group in its order. */
const rank = (standing: CodeStanding) => (standing.newCustomersOnly ? 2 : standing.standing === "qualifies" ? 0 : 1);

/**
 * The order a run tries the codes in and the codes it skips: those that cannot apply to this cart are not sent to the
 * shop. A code listed twice counts once.
 */
export function planRun(offers: readonly CodeOffer[], cart: Amount | null): { tryOrder: string[]; skipped: CodeStanding[] } {
  const seen = new Set<string>();
  const standings = offers.filter(({ code }) => !seen.has(code) && seen.add(code)).map((offer) => standingOf(offer, cart));
  const tried = standings.filter((standing) => standing.standing !== "cannotApply");
  return {
    tryOrder: tried.map((standing, index) => ({ standing, index })).sort((a, b) => rank(a.standing) - rank(b.standing) || a.index - b.index).map(({ standing }) => standing.code),
    skipped: standings.filter((standing) => standing.standing === "cannotApply"),
  };
}

/**
 * Each code of the site's deals with what it asks. Codes kept from before answers carried terms have none: their own
 * condition is still read.
 */
export function codeOffersOf(deals: readonly SiteDeal[]): CodeOffer[] {
  return deals.flatMap((deal) => deal.codes.map(({ code, condition }) => ({ code, conditions: conditionsOfCode(condition, deal.terms ?? []) })));
}
