/**
 * A mail's was/now price: from the sender's markup first (a PromotionCard's price less its discountValue, an Offer's
 * price beside its list or strike-through price), then from what a reader sees (src/domain/dealPrice.ts reads the
 * words, and the old price struck through). The money rules are the domain's (src/domain/money.ts).
 */
import { validPrice, wasNowOfMail, type DealPrice } from "../../src/domain/dealPrice";
import { currencyOfSign, isCurrencyCode, moneyIn, parseAmount } from "../../src/domain/money";
import type { PromotionMarkup } from "./markup";
import type { Rendering } from "./rendering";

/** How many of the body's lines are read for a price: a mail's offer is stated in its first screens. */
const PRICE_LINES = 400;

/** A markup amount ("59.99", "$59.99", 59.99) with its currency: the markup's ISO code, else the amount's own sign. */
function markupAmount(value: string | null, currency: string | null): { hundredths: number; currency: string } | null {
  if (value === null || value.length > 40 || value.includes("%")) return null;
  const amount = parseAmount(value);
  if (!amount) return null;
  const code = currency?.trim().toUpperCase() ?? "";
  const signed = amount.notation ? currencyOfSign(amount.notation.prefix || amount.notation.suffix) : null;
  const chosen = isCurrencyCode(code) ? code : signed;
  return chosen ? { hundredths: amount.hundredths, currency: chosen } : null;
}

/** The markup's was/now price, or null: a card's price and the discountValue taken off it, or an offer's two prices. */
export function markupPrice(markup: PromotionMarkup | null): DealPrice | null {
  for (const card of markup?.cards ?? []) {
    const was = markupAmount(card.price, card.priceCurrency);
    const off = markupAmount(card.discountValue, card.priceCurrency ?? was?.currency ?? null);
    if (!was || !off || off.currency !== was.currency) continue;
    const price = validPrice({ currency: was.currency, wasHundredths: was.hundredths, nowHundredths: was.hundredths - off.hundredths });
    if (price) return price;
  }
  for (const offer of markup?.prices ?? []) {
    const now = markupAmount(offer.price, offer.currency);
    const was = markupAmount(offer.listPrice, offer.currency ?? now?.currency ?? null);
    if (!now || !was || now.currency !== was.currency) continue;
    const price = validPrice({ currency: now.currency, nowHundredths: now.hundredths, wasHundredths: was.hundredths });
    if (price) return price;
  }
  return null;
}

/** The amounts a mail strikes through, as moneyIn writes them ("£20.00"), to tell its old prices. */
function struckAmounts(rendering: Rendering): Set<string> {
  return new Set((rendering.html?.struck ?? []).flatMap((text) => moneyIn(text).map((amount) => amount.text)));
}

/** The deal's was/now price: the markup's, else the headline's, else the one price the body states. */
export function findPrice(markup: PromotionMarkup | null, rendering: Rendering, subject: string): DealPrice | null {
  const fromMarkup = markupPrice(markup);
  if (fromMarkup) return fromMarkup;
  // Most mail states no price at all: lines without a digit are never read.
  const lines = rendering.body.split("\n", PRICE_LINES).filter((line) => /\d/.test(line));
  if (lines.length === 0 && !/\d/.test(subject)) return null;
  return wasNowOfMail([subject, rendering.preheader], lines, struckAmounts(rendering));
}
