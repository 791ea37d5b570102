import { describe, expect, it } from "vitest";
import { appliesCode, bestCouponField, couponFieldScore, opensCouponField, type FieldDescriptor } from "../../../extension/src/domain/couponField";

const field = (overrides: Partial<FieldDescriptor>): FieldDescriptor => ({
  id: "",
  name: "",
  placeholder: "",
  ariaLabel: "",
  labelText: "",
  type: "text",
  autocomplete: "",
  ...overrides,
});

describe("coupon field scoring", () => {
  it.each([
    ["a Shopify reduction code", field({ id: "checkout_reduction_code", name: "checkout[reduction_code]", placeholder: "Discount code or gift card" })],
    ["a WooCommerce coupon_code", field({ id: "coupon_code", name: "coupon_code", placeholder: "Coupon code", labelText: "Coupon:" })],
    ["a camelCase promoCode", field({ name: "promoCode" })],
    ["a German Gutscheincode", field({ labelText: "Gutscheincode" })],
    ["a French code promo", field({ placeholder: "Saisissez votre code promo", ariaLabel: "Code promo" })],
    ["a Spanish cupón", field({ labelText: "Código de cupón" })],
    ["a Dutch kortingscode", field({ id: "kortingscode" })],
    ["an Italian codice sconto", field({ ariaLabel: "Codice sconto" })],
    ["a voucher", field({ labelText: "Voucher code" })],
  ])("takes %s for a coupon field", (_name, descriptor) => {
    expect(couponFieldScore(descriptor)).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ["a postcode", field({ id: "billing_postcode", labelText: "Postcode / ZIP" })],
    ["a ZIP code named like a code", field({ name: "zip_code", placeholder: "ZIP code" })],
    ["a card security code", field({ id: "cvc", labelText: "Security code (CVC)", autocomplete: "cc-csc" })],
    ["a gift card number", field({ name: "gift_card_number", labelText: "Gift card number" })],
    ["a gift card PIN next to a discount word", field({ labelText: "Gift card PIN", placeholder: "Discount gift card PIN" })],
    ["a card number", field({ name: "cardnumber", autocomplete: "cc-number" })],
    ["a German PLZ", field({ labelText: "PLZ" })],
    ["an email for promotions", field({ type: "email", placeholder: "Get promo codes by email" })],
    ["a hidden promo token", field({ type: "hidden", name: "promo" })],
    ["a search box", field({ type: "search", placeholder: "Search discounts" })],
  ])("never takes %s", (_name, descriptor) => {
    expect(couponFieldScore(descriptor)).toBe(0);
  });

  it("prefers the field that says it most, and answers -1 when none does", () => {
    const fields = [field({ id: "postcode" }), field({ placeholder: "Promo" }), field({ id: "promo", labelText: "Promo code" })];
    expect(bestCouponField(fields)).toBe(2);
    expect(bestCouponField([field({ id: "first-name" }), field({ id: "postcode" })])).toBe(-1);
  });
});

describe("links and buttons around the field", () => {
  it.each(["Have a promo code?", "Add discount code", "Gutscheincode eingeben", "¿Tienes un cupón?", "Use a voucher"])("%s opens a collapsed field", (text) => {
    expect(opensCouponField(text)).toBe(true);
  });

  it.each(["Continue to shipping", "Promotions", "Read our discount policy and the terms of every offer we ever made"])("%s does not", (text) => {
    expect(opensCouponField(text)).toBe(false);
  });

  it.each(["Apply", "Apply coupon", "Anwenden", "Einlösen", "Appliquer", "Aplicar", "Redeem"])("%s applies the code", (text) => {
    expect(appliesCode(text)).toBe(true);
  });

  it("a checkout button does not apply a code", () => {
    expect(appliesCode("Continue to payment")).toBe(false);
  });
});
