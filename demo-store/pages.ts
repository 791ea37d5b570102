import type { DemoStore } from "./stores";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The coupon part of each checkout shape, in the markup the real platforms use. */
const COUPON_MARKUP: Record<DemoStore["shape"], string> = {
  plain: `
    <form id="promo-form" class="promo">
      <label for="promo">Promo code</label>
      <div class="inline"><input id="promo" name="promo" type="text" autocomplete="off"><button type="submit">Apply</button></div>
      <p id="promo-error" class="error" role="alert"></p>
    </form>`,
  react: `
    <div class="promo" id="react-root">
      <label for="discountCode">Discount code</label>
      <div class="inline"><input id="discountCode" type="text" aria-describedby="discountCode-error"><button type="button" id="react-apply">Apply</button></div>
      <p id="discountCode-error" class="error" role="alert"></p>
    </div>`,
  shopify: `
    <form class="order-summary__section order-summary__section--discount" id="promo-form">
      <div class="field">
        <label class="field__label" for="checkout_reduction_code">Discount code or gift card</label>
        <div class="inline"><input placeholder="Discount code or gift card" class="field__input" aria-label="Discount code or gift card" type="text" id="checkout_reduction_code" name="checkout[reduction_code]">
        <button type="submit" class="field__input-btn btn"><span class="btn__content">Apply</span></button></div>
      </div>
      <p class="field__message field__message--error" id="error-for-reduction_code"></p>
    </form>`,
  woocommerce: `
    <form class="woocommerce-cart-form" id="promo-form">
      <div class="woocommerce-notices-wrapper" id="notices"></div>
      <div class="coupon inline">
        <label for="coupon_code" class="screen-reader-text">Coupon:</label>
        <input type="text" name="coupon_code" class="input-text" id="coupon_code" value="" placeholder="Coupon code">
        <button type="submit" class="button" name="apply_coupon" value="Apply coupon">Apply coupon</button>
      </div>
    </form>`,
  collapsed: `
    <div class="promo">
      <button type="button" class="link" id="reveal" aria-expanded="false" aria-controls="promo-section">Have a promo code?</button>
      <form id="promo-form" hidden>
        <label for="promo">Promo code</label>
        <div class="inline"><input id="promo" name="promo" type="text"><button type="submit">Apply</button></div>
        <p id="promo-error" class="error" role="alert"></p>
      </form>
    </div>`,
  none: "",
  rejecting: `
    <form id="promo-form" class="promo">
      <label for="voucher">Voucher code</label>
      <div class="inline"><input id="voucher" name="voucher" type="text"><button type="submit">Redeem</button></div>
      <p id="promo-error" class="error" role="alert"></p>
    </form>`,
};

/** Fields a coupon must never go into: the traps of every page. */
const TRAPS = `
  <fieldset>
    <legend>Shipping and payment</legend>
    <label for="postcode">Postcode</label><input id="postcode" name="billing_postcode" autocomplete="postal-code">
    <label for="card-number">Card number</label><input id="card-number" name="cardnumber" autocomplete="cc-number">
    <label for="cvc">Security code (CVC)</label><input id="cvc" name="cvc" autocomplete="cc-csc">
    <label for="gift-card">Gift card number</label><input id="gift-card" name="gift_card_number">
  </fieldset>`;

/**
 * The page's script. Every shape sends the code to the shop's own /apply and shows the new total or the error. The
 * "react" shape behaves as React's controlled inputs do: React tracks the value set through the element's own `value`
 * setter, so a script that sets `input.value = code` is ignored, and only the native setter plus an input event (as
 * typing does) changes its state.
 */
const SCRIPT = (store: DemoStore, subtotal: number) => `
const BASE = ${subtotal};
const EXTRAS = ${JSON.stringify(store.extras ?? []).replace(/</g, "\\u003c")};
const added = [];
const subtotal = () => added.reduce((sum, name) => sum + EXTRAS.find((extra) => extra.name === name).cents, BASE);
const money = (cents) => "$" + (cents / 100).toFixed(2);
function showTotals(discount) {
  document.getElementById("subtotal").textContent = money(subtotal());
  document.getElementById("discount").textContent = discount ? "-" + money(discount) : money(0);
  document.getElementById("order-total").textContent = money(subtotal() - discount);
}
async function apply(code) {
  const response = await fetch("/apply", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code, items: added }) });
  const answer = await response.json();
  if ("error" in answer) return answer.error;
  showTotals(answer.cents);
  return null;
}
const shape = ${JSON.stringify(store.shape)};
const form = document.getElementById("promo-form");
const field = form && form.querySelector("input");
const errorBox = document.getElementById("promo-error") || document.getElementById("error-for-reduction_code");
function showError(message) {
  if (shape === "woocommerce") {
    document.getElementById("notices").innerHTML = message ? '<ul class="woocommerce-error" role="alert"><li></li></ul>' : "";
    if (message) document.querySelector("#notices li").textContent = message;
  } else if (errorBox) {
    errorBox.textContent = message || "";
  }
}
if (form && field) {
  field.addEventListener("input", () => showError(null));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = field.value.trim();
    showError(code ? await apply(code) : "Enter a code.");
  });
}
for (const button of document.querySelectorAll("[data-add]")) {
  button.addEventListener("click", () => {
    const extra = EXTRAS[Number(button.dataset.add)];
    added.push(extra.name);
    const item = document.createElement("li");
    item.textContent = extra.name + " \u2014 " + money(extra.cents);
    document.getElementById("items").append(item);
    // As many shops do, a changed cart drops the code applied: the shopper applies one again.
    showTotals(0);
    document.getElementById("cart-note").textContent = "Your cart changed: apply your code again.";
  });
}
const reveal = document.getElementById("reveal");
if (reveal) reveal.addEventListener("click", () => {
  form.hidden = false;
  reveal.setAttribute("aria-expanded", "true");
  field.focus();
});
if (shape === "react") {
  const input = document.getElementById("discountCode");
  const error = document.getElementById("discountCode-error");
  const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
  let tracked = "";
  let state = "";
  Object.defineProperty(input, "value", {
    configurable: true,
    get() { return native.get.call(this); },
    set(value) { tracked = String(value); native.set.call(this, value); },
  });
  const render = () => { native.set.call(input, state); tracked = state; };
  input.addEventListener("input", () => {
    const value = native.get.call(input);
    if (value === tracked) return;
    tracked = value;
    state = value;
    error.textContent = "";
    render();
  });
  document.getElementById("react-apply").addEventListener("click", async () => {
    render();
    error.textContent = state.trim() ? (await apply(state.trim())) || "" : "Enter a discount code.";
  });
}
`;

const STYLE = `
  body { font: 16px/1.5 Georgia, serif; margin: 0; background: #f6f1ea; color: #222; }
  header { background: #3b2f2a; color: #fff; padding: 12px 24px; }
  main { max-width: 760px; margin: 24px auto; padding: 0 24px; display: grid; gap: 24px; }
  section, fieldset { background: #fff; border: 1px solid #d9cfc3; border-radius: 6px; padding: 16px; }
  fieldset { display: grid; gap: 4px; }
  .inline { display: flex; gap: 8px; }
  input { padding: 8px; border: 1px solid #888; font: inherit; }
  button { padding: 8px 14px; font: inherit; background: #3b2f2a; color: #fff; border: 0; cursor: pointer; }
  button.link { background: none; color: #3b2f2a; text-decoration: underline; padding: 0; }
  .error, .woocommerce-error { color: #a00; margin: 4px 0 0; }
  dl { display: grid; grid-template-columns: 1fr auto; margin: 0; }
  dd { margin: 0; text-align: right; }
  .screen-reader-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

/** The checkout page of a demo store. */
export function checkoutPage(store: DemoStore): string {
  const subtotal = store.items.reduce((sum, item) => sum + item.cents, 0);
  const items = store.items.map((item) => `<li>${escape(item.name)} — ${money(item.cents)}</li>`).join("");
  const extras = (store.extras ?? [])
    .map((extra, index) => `<li>${escape(extra.name)} — ${money(extra.cents)} <button type="button" data-add="${index}" aria-label="Add ${escape(extra.name)} to cart">Add to cart</button></li>`)
    .join("");
  const addSection = extras ? `<section aria-label="Add to your order"><h2>Add to your order</h2><ul>${extras}</ul><p id="cart-note" role="status"></p></section>` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout — ${escape(store.brand)}</title><style>${STYLE}</style></head>
<body>
  <header><strong>${escape(store.brand)}</strong> · Checkout</header>
  <main>
    <section aria-label="Your order"><h1>Your order</h1><ul id="items">${items}</ul>${COUPON_MARKUP[store.shape]}
      <dl class="summary">
        <dt>Subtotal</dt><dd id="subtotal">${money(subtotal)}</dd>
        <dt>Discount</dt><dd id="discount">${money(0)}</dd>
        <dt>Total</dt><dd id="order-total">${money(subtotal)}</dd>
      </dl>
    </section>
    ${addSection}
    ${TRAPS}
  </main>
  <script>${SCRIPT(store, subtotal)}</script>
</body></html>`;
}
