/** Tells marketing mail from transactional and personal mail. */

export interface ClassifyInput {
  subject: string;
  body: string;
  headers: Map<string, string>;
  hasMarkup: boolean;
  fromIsSubdomain: boolean;
  fromIsPersonalProvider: boolean;
}

const TRANSACTIONAL_SUBJECT =
  /\b(?:order (?:confirm\w*|#|number|received|update|status)|your order|has shipped|shipped|shipping (?:confirmation|notice|update)|out for delivery|delivered|tracking|receipt|invoice|payment (?:received|due|confirm\w*|failed)|statement|(?:verification|login|log-in|sign-in|access|security|confirmation|one-time|2-step|authentication) code|verify your|security alert|one-time (?:code|passcode|password)|passcode|password|sign-?in|log-?in attempt|reset|2fa|alert:|transaction|purchase of|was made|account (?:update|alert|notice)|appointment (?:confirm\w*|reminder)|booking confirm\w*|reservation confirm\w*|itinerary|refund|return (?:received|label)|subscription (?:renewed|confirm\w*)|welcome to your account)\b/i;
const TRANSACTIONAL_BODY =
  /\b(?:this is a (?:transactional|service) (?:email|message|alert)|you are receiving this (?:alert|notice|email) because you (?:enrolled|requested|placed)|order total|tracking number|estimated delivery|(?:verification|login|log-in|sign-in|security|one-time) code|expires in \d+ minutes|reset (?:the|your) password|if you didn[’']t request|transaction alert|available balance|we(?:[’']ve| have) received (?:your )?order)\b/gi;
const OFFER_WORDS = /(?:\b\d{1,2}\s?% off|[$£€]\s?\d+ off|\buse code|promo code|coupon|sale|save|free shipping|bonus|deal|offer|discount|descuento|limited time|shop now)\b/gi;

/** True when the message's main purpose is marketing. */
export function isPromotional(input: ClassifyInput): boolean {
  const transactionalBodyHits = new Set((input.body.match(TRANSACTIONAL_BODY) ?? []).map((hit) => hit.toLowerCase())).size;
  if (TRANSACTIONAL_SUBJECT.test(input.subject) && !/\b\d{1,2}\s?% off\b/i.test(input.subject)) return false;
  if (transactionalBodyHits >= 2) return false;
  if (input.hasMarkup) return true;
  const bulk =
    input.headers.has("list-unsubscribe") || input.headers.has("list-id") || /bulk|list/i.test(input.headers.get("precedence") ?? "");
  if (bulk) return true;
  if (input.fromIsPersonalProvider || !input.fromIsSubdomain) return false;
  return (`${input.subject}\n${input.body}`.match(OFFER_WORDS) ?? []).length >= 3;
}
