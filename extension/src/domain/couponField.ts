/**
 * Which text field on a checkout page takes a coupon code: a score from what the page says about each field (its id,
 * name, placeholder, aria-label and label), in the languages of the shops people use. Pure: the page adapter reads
 * the descriptors from the DOM.
 */
export interface FieldDescriptor {
  id: string;
  name: string;
  placeholder: string;
  ariaLabel: string;
  labelText: string;
  /** The input's type attribute, lower case ("" when absent). */
  type: string;
  autocomplete: string;
}

/** Words that name a coupon field, already in the normalised form of `normalise` (lower case, no accents). */
const COUPON_WORDS = [
  "coupon", "promo", "promotion code", "promotional code", "discount", "voucher", "gift code", "offer code", "redeem code",
  "reduction code", "checkout reduction", "gutschein", "rabatt", "aktionscode", "code promo", "code de reduction",
  "bon de reduction", "cupon", "codigo promocional", "codigo de descuento", "descuento", "codice sconto", "sconto",
  "kortingscode", "korting", "rabattkod", "rabattkode", "kupon", "kod rabatowy",
];

/** Words of fields that must never receive a code, whatever else they say: addresses, cards, PINs, contact details. */
const FORBIDDEN_WORDS = [
  "postcode", "post code", "postal", "zip", "address", "street", "city", "cvc", "cvv", "csc", "security code",
  "card number", "cardnumber", "card no", "gift card number", "gift card pin", "pin", "expiry", "expiration", "email",
  "phone", "telephone", "name", "quantity", "qty", "search", "password", "iban", "plz", "code postal", "codigo postal",
  "kartennummer", "numero de carte",
];

const TEXT_TYPES = new Set(["", "text", "search"]);
const FORBIDDEN_AUTOCOMPLETE = /^(postal-code|cc-|address|street|email|tel|name|given-name|family-name|one-time-code)/;

/** Lower case, accents off, camelCase and snake_case split, so "checkout_reduction_code" and "promoCode" read as words. */
export function normalise(text: string): string {
  return ` ${text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

const mentions = (text: string, words: readonly string[]) => {
  const normal = normalise(text);
  return words.some((word) => normal.includes(` ${word} `) || normal.includes(` ${word}s `) || normal.replace(/ /g, "").includes(word.replace(/ /g, "")));
};

/** How sure we are that the field takes a coupon code: 0 for no, more for each source that says so. */
export function couponFieldScore(field: FieldDescriptor): number {
  if (!TEXT_TYPES.has(field.type)) return 0;
  if (FORBIDDEN_AUTOCOMPLETE.test(field.autocomplete.toLowerCase())) return 0;
  const sources: [string, number][] = [
    [field.labelText, 3],
    [field.ariaLabel, 3],
    [field.id, 3],
    [field.name, 3],
    [field.placeholder, 2],
  ];
  if (sources.some(([text]) => text && forbidden(text))) return 0;
  return sources.reduce((score, [text, weight]) => (text && mentions(text, COUPON_WORDS) ? score + weight : score), 0);
}

/** A forbidden word as a whole word ("zip"), or glued into an identifier ("billingPostcode", "cc_cvc"). */
function forbidden(text: string): boolean {
  const normal = normalise(text);
  return FORBIDDEN_WORDS.some((word) => normal.includes(` ${word} `) || (word.length >= 5 && normal.replace(/ /g, "").includes(word.replace(/ /g, ""))));
}

/** Below this a field is not taken for a coupon field. */
export const COUPON_FIELD_THRESHOLD = 3;

/** The index of the best-scoring coupon field, or -1 when none scores enough. */
export function bestCouponField(fields: readonly FieldDescriptor[]): number {
  let best = -1;
  let bestScore = COUPON_FIELD_THRESHOLD - 1;
  fields.forEach((field, index) => {
    const score = couponFieldScore(field);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

/** Text of a link or button that opens a collapsed coupon field ("Have a promo code?", "Gutscheincode eingeben"). */
export function opensCouponField(text: string): boolean {
  const normal = normalise(text);
  return normal.length < 60 && mentions(normal, COUPON_WORDS) && /\b(code|coupon|gutschein|cupon|voucher|kupon)/.test(normal);
}

/** Text of a button that applies the code: "Apply", "Anwenden", "Appliquer", "Aplicar", "Einlösen", "Redeem", "Use". */
export function appliesCode(text: string): boolean {
  return /\b(apply|anwenden|einlosen|appliquer|aplicar|applica|toepassen|anvand|redeem|use code|submit|ok|valider|utiliser)\b/.test(normalise(text));
}
