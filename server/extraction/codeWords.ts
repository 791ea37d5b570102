/**
 * The nouns a code label may start with ("code", "coupon code", "código", "Gutscheincode", ...), in each language we
 * read. A module of its own so that the code reader (codes.ts) and the discount reader (discount.ts), which codes.ts
 * imports, share one list.
 */
export const CODE_NOUN =
  "(?:promo(?:tional)?\\s+code|promotion(?:al)?\\s+code|priority\\s+code|coupon\\s+code|discount\\s+code|offer\\s+code|voucher\\s+code|gift\\s+code|promo|coupon|voucher|c[oó]digo(?:\\s+(?:de\\s+)?(?:descuento|desconto|promocional|cup[oó]n|cupom|cup[aã]o))?|cupom|cup[aã]o|cup[oó]n|code\\s+(?:promo|de\\s+réduction)|gutscheincode|gutschein|rabattcode|aktionscode|kortingscode|actiecode|promotiecode|codice(?:\\s+(?:sconto|promozionale))?|kod|codes?)";
