// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { errorNear, findApplyButton, findCouponInput, findRevealTrigger, readCartTotal, readOrderTotal, typeInto } from "../../../extension/src/page/checkoutDom";

/** The test's own window's document with this body: pages in a browser have a window (computed styles, setters). */
function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

/** The checkout markups of the common platforms, trimmed to what matters, each with its traps. */
const PLATFORMS = {
  plain: `
    <form><label for="zip">Postcode</label><input id="zip" name="postcode">
      <label for="promo">Promo code</label><input id="promo" name="promo"><button>Apply</button></form>`,
  shopify: `
    <form class="order-summary__section--discount"><div class="field">
      <label class="field__label" for="checkout_reduction_code">Discount code or gift card</label>
      <input placeholder="Discount code or gift card" aria-label="Discount code or gift card" type="text" id="checkout_reduction_code" name="checkout[reduction_code]">
      <button type="submit" class="field__input-btn btn"><span class="btn__content">Apply</span></button></div></form>
    <input id="checkout_shipping_address_zip" name="checkout[shipping_address][zip]" placeholder="ZIP code" autocomplete="shipping postal-code">`,
  woocommerce: `
    <form class="woocommerce-cart-form"><div class="coupon">
      <label for="coupon_code" class="screen-reader-text">Coupon:</label>
      <input type="text" name="coupon_code" class="input-text" id="coupon_code" placeholder="Coupon code">
      <button type="submit" class="button" name="apply_coupon" value="Apply coupon">Apply coupon</button>
      </div><button type="submit" name="update_cart">Update cart</button></form>`,
  react: `
    <div id="root"><div class="sc-1x"><div class="sc-2y"><input aria-label="Gift or discount code" class="sc-3z" data-testid="promo-input"></div>
      <button class="sc-4w" type="button">Apply</button></div></div>`,
  magentoGerman: `
    <form id="discount-coupon-form"><label for="coupon_code">Gutscheincode eingeben</label>
      <input id="coupon_code" name="coupon_code" placeholder="Gutscheincode eingeben"><button type="submit" class="action apply primary">Gutschein einlösen</button></form>`,
};

describe("finding the coupon field in the markup of common checkouts", () => {
  it.each(Object.entries(PLATFORMS))("finds it on a %s checkout, with its apply button", (_platform, html) => {
    const found = findCouponInput(page(html));
    expect(found?.shown).toBe(true);
    expect(found!.input.matches("#promo, #checkout_reduction_code, #coupon_code, [data-testid='promo-input']")).toBe(true);
    expect(findApplyButton(found!.input)?.textContent).toMatch(/Apply|einlösen/);
  });

  it("finds none on a checkout with only traps: postcode, card number, CVC and gift card number", () => {
    const html = `
      <label for="a">Postcode</label><input id="a" autocomplete="postal-code">
      <label for="b">Card number</label><input id="b" name="cardnumber" autocomplete="cc-number">
      <label for="c">Security code</label><input id="c" name="cvc">
      <label for="d">Gift card number</label><input id="d" name="gift_card_number">
      <label for="e">Gift card PIN</label><input id="e" name="gift_card_pin">`;
    expect(findCouponInput(page(html))).toBeNull();
  });

  it("sees a field behind a 'Have a promo code?' link as collapsed, and finds the link", () => {
    const collapsed = page(`
      <button type="button" id="reveal">Have a promo code?</button>
      <div hidden><label for="promo">Promo code</label><input id="promo"><button>Apply</button></div>`);
    expect(findCouponInput(collapsed)?.shown).toBe(false);
    expect(findRevealTrigger(collapsed)?.id).toBe("reveal");
  });

  it("takes a field in a closed <details> for collapsed, and its summary for the trigger", () => {
    const details = page(`<details><summary>Add a discount code</summary><input name="discount_code" aria-label="Discount code"></details>`);
    expect(findCouponInput(details)?.shown).toBe(false);
    expect(findRevealTrigger(details)?.tagName).toBe("SUMMARY");
  });
});

describe("reading the order total", () => {
  it.each([
    ["an element marked as the total", `<p>Subtotal <span id="subtotal">$120.00</span></p><p>Total <span id="order-total">$95.00</span></p>`, 9500, "$"],
    ["a WooCommerce totals table", `<table><tr class="cart-subtotal"><th>Subtotal</th><td>$89.00</td></tr><tr class="order-total"><th>Total</th><td><strong><span class="amount">$80.10</span></strong></td></tr></table>`, 8010, "$"],
    ["a Total label and its amount", `<div><span>Subtotal</span><span>€40,00</span></div><div><span>Total</span><span>€36,00</span></div>`, 3600, "€"],
    ["a German Gesamtsumme", `<dl><dt>Zwischensumme</dt><dd>59,90 €</dd><dt>Gesamtsumme</dt><dd>49,90 €</dd></dl>`, 4990, " €"],
    ["a total without a sign", `<p>Total <span class="order-total">95.00</span></p>`, 9500, null],
  ])("from %s, with its currency sign", (_name, html, hundredths, sign) => {
    const total = readOrderTotal(page(html));
    expect(total?.hundredths).toBe(hundredths);
    expect(total?.notation ? total.notation.prefix + total.notation.suffix : null).toBe(sign);
  });

  it("answers null when the page shows no total", () => {
    expect(readOrderTotal(page(`<p>Your basket</p>`))).toBeNull();
  });
});

describe("reading the cart total, what a minimum spend is measured against", () => {
  it.each([
    ["an element marked as the subtotal", `<p>Subtotal <span id="subtotal">$120.00</span></p><p>Total <span id="order-total">$95.00</span></p>`, 12000, "$"],
    ["a WooCommerce totals table", `<table><tr class="cart-subtotal"><th>Subtotal</th><td>$89.00</td></tr><tr class="order-total"><th>Total</th><td>$80.10</td></tr></table>`, 8900, "$"],
    ["Shopify's data attribute", `<span class="order-summary__emphasis" data-checkout-subtotal-price-target="4200">$42.00</span><span class="payment-due__price">$47.95</span>`, 4200, "$"],
    ["a camelCase id", `<span id="cartSubtotal">£30.50</span><span id="grandTotal">£35.50</span>`, 3050, "£"],
    ["a Subtotal label and its amount", `<div><span>Subtotal</span><span>€40,00</span></div><div><span>Total</span><span>€36,00</span></div>`, 4000, "€"],
    ["a German Zwischensumme", `<dl><dt>Zwischensumme</dt><dd>59,90 €</dd><dt>Gesamtsumme</dt><dd>49,90 €</dd></dl>`, 5990, " €"],
    ["a cart total label", `<p><b>Cart total:</b> $42.00</p>`, 4200, "$"],
  ])("from %s", (_name, html, hundredths, sign) => {
    const cart = readCartTotal(page(html));
    expect(cart?.hundredths).toBe(hundredths);
    expect(cart?.notation ? cart.notation.prefix + cart.notation.suffix : null).toBe(sign);
  });

  it("answers null when the page shows only an order total, or a hidden subtotal", () => {
    expect(readCartTotal(page(`<p>Total <span id="order-total">$95.00</span></p>`))).toBeNull();
    expect(readCartTotal(page(`<p hidden>Subtotal <span id="subtotal">$95.00</span></p>`))).toBeNull();
  });
});

describe("typing and errors", () => {
  it("fills a field with the native setter and the events typing sends", () => {
    const input = page(`<input id="promo">`).querySelector("input")!;
    const seen: string[] = [];
    input.addEventListener("input", () => seen.push(`input ${input.value}`));
    input.addEventListener("change", () => seen.push(`change ${input.value}`));
    // A framework's own setter on the element, as React installs: filling must go around it.
    let frameworkSaw = "";
    Object.defineProperty(input, "value", {
      configurable: true,
      get: () => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.get!.call(input),
      set: (value: string) => (frameworkSaw = value),
    });
    typeInto(input, "GLOW20");
    expect(seen).toEqual(["input GLOW20", "change GLOW20"]);
    expect(frameworkSaw).toBe("");
  });

  it("reads an error shown near the field, and only a shown one", () => {
    const shown = page(`<form><input id="promo"><p class="error" role="alert">This code is not valid.</p><p class="error" hidden>Old</p></form>`);
    expect(errorNear(shown.querySelector("input")!)).toBe("This code is not valid.");
    const quiet = page(`<form><input id="promo"><p class="error" role="alert"></p></form>`);
    expect(errorNear(quiet.querySelector("input")!)).toBeNull();
  });
});
