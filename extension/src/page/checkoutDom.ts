import { appliesCode, bestCouponField, opensCouponField, type FieldDescriptor } from "../domain/couponField";
import { parseAmount, type Amount } from "../../../src/domain/money";

/** Where the page's coupon field is: shown, present but hidden (a collapsed section), or absent. */
export interface CouponInput {
  input: HTMLInputElement;
  shown: boolean;
}

const textOf = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();

/** Whether a person can see the element: no hidden ancestor, no display:none or visibility:hidden, no closed <details>. */
export function isShown(element: Element): boolean {
  const view = element.ownerDocument.defaultView;
  const closed = element.closest("details:not([open])");
  if (closed && !closed.querySelector("summary")?.contains(element)) return false;
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute("hidden") || node.getAttribute("aria-hidden") === "true") return false;
    const style = view?.getComputedStyle(node);
    if (style && (style.display === "none" || style.visibility === "hidden")) return false;
  }
  return true;
}

/** The words a page gives a field: its <label> (for= or wrapping), aria-labelledby, and its own attributes. */
export function describeField(input: HTMLInputElement): FieldDescriptor {
  const document = input.ownerDocument;
  const labels = [...(input.labels ?? [])].map(textOf);
  const labelledBy = (input.getAttribute("aria-labelledby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => textOf(document.getElementById(id)));
  return {
    id: input.id,
    name: input.name,
    placeholder: input.placeholder,
    ariaLabel: input.getAttribute("aria-label") ?? "",
    labelText: [...labels, ...labelledBy].join(" "),
    type: (input.getAttribute("type") ?? "").toLowerCase(),
    autocomplete: input.getAttribute("autocomplete") ?? "",
  };
}

/** The best coupon field of the page, shown or not; null when no field scores as one. */
export function findCouponInput(document: Document): CouponInput | null {
  const inputs = [...document.querySelectorAll("input")].filter((input) => !input.disabled && !input.readOnly);
  const best = bestCouponField(inputs.map(describeField));
  if (best < 0) return null;
  const input = inputs[best]!;
  return { input, shown: isShown(input) };
}

const CLICKABLE = "a, button, summary, [role='button'], input[type='button']";

/** A shown link or button that opens a collapsed coupon field ("Have a promo code?"). */
export function findRevealTrigger(document: Document): HTMLElement | null {
  const triggers = [...document.querySelectorAll<HTMLElement>(CLICKABLE)].filter((element) => {
    const text = textOf(element) || element.getAttribute("aria-label") || (element as HTMLInputElement).value || "";
    return isShown(element) && opensCouponField(text) && !appliesCode(text);
  });
  return triggers[0] ?? null;
}

const buttonText = (button: HTMLElement) => textOf(button) || button.getAttribute("aria-label") || (button as HTMLInputElement).value || "";

/**
 * The site's own button that applies the code: the closest button saying "Apply" (or its translation) around the
 * field; in a form of its own, the form's submit button.
 */
export function findApplyButton(input: HTMLInputElement): HTMLElement | null {
  let container: Element | null = input.parentElement;
  for (let level = 0; container && level < 5; level += 1, container = container.parentElement) {
    const buttons = [...container.querySelectorAll<HTMLElement>("button, input[type='submit'], input[type='button'], [role='button']")].filter(isShown);
    const apply = buttons.find((button) => appliesCode(buttonText(button)));
    if (apply) return apply;
    if (container === input.form) break;
  }
  const form = input.form;
  if (form && form.querySelectorAll("input:not([type='hidden'])").length <= 2) {
    return form.querySelector<HTMLElement>("button:not([type='button']), input[type='submit']");
  }
  return null;
}

/**
 * Types a code as a person would, so that React and Vue see it: the native value setter (a framework's own setter on
 * the element would swallow the change) and then the input and change events.
 */
export function typeInto(input: HTMLInputElement, code: string): void {
  const view = input.ownerDocument.defaultView!;
  const setValue = Object.getOwnPropertyDescriptor(view.HTMLInputElement.prototype, "value")!.set!;
  input.focus();
  setValue.call(input, code);
  input.dispatchEvent(new view.Event("input", { bubbles: true }));
  input.dispatchEvent(new view.Event("change", { bubbles: true }));
}

const TOTAL_LABEL = /^(order |grand |estimated )?total( due| to pay| ttc| a payer)?:?$|^(gesamt(summe|betrag)?|summe|totale|importe total|montant total)$/i;
const TOTAL_MARK = /(^|[-_\s])(grand[-_]?total|order[-_]?total|total)([-_\s]|$)/i;

/**
 * The order total as the page shows it, with how it is written: the last shown element marked as the total (by id,
 * class or a data attribute, never a subtotal), else the amount next to a "Total" label.
 */
export function readOrderTotal(document: Document): Amount | null {
  const marked = [...document.querySelectorAll<HTMLElement>("[id], [class], [data-total], [data-order-total]")].filter((element) => {
    const marks = `${element.id} ${element.getAttribute("class") ?? ""} ${element.hasAttribute("data-total") || element.hasAttribute("data-order-total") ? "total" : ""}`;
    return TOTAL_MARK.test(marks) && !/sub[-_]?total|discount|saving|shipping|tax/i.test(marks) && isShown(element) && element.children.length === 0;
  });
  const amounts = marked.map((element) => parseAmount(textOf(element))).filter((amount): amount is Amount => amount !== null);
  if (amounts.length > 0) return amounts.at(-1)!;
  const labels = [...document.querySelectorAll<HTMLElement>("dt, th, td, span, div, p, strong, b, label")].filter(
    (element) => element.children.length === 0 && TOTAL_LABEL.test(textOf(element)) && isShown(element),
  );
  for (const label of labels.reverse()) {
    const row = label.parentElement;
    const amount = parseAmount(textOf(label.nextElementSibling) || textOf(row).replace(textOf(label), ""));
    if (amount !== null) return amount;
  }
  return null;
}

const CART_LABEL = /^(cart |order |basket |bag |items? )?(sub-?total|total of items)( \(\d+ items?\))?:?$|^(cart|basket|bag|items) total:?$|^(zwischensumme|warenkorb|sous-total|subtotale|subtotaal|delsumma)$/i;
const CART_MARK = /(^|[-_\s])(sub-?total|cart[-_]?(sub)?total|basket[-_]?total|subtotal[-_]?price)([-_\s]|$)/i;

/**
 * The cart's total, before shipping, tax and discounts, as the page shows it: what a code's minimum spend is measured
 * against. The last shown element marked as the subtotal (by id, class or a data attribute), else the amount next to
 * a "Subtotal" label; null when the page shows none (the order total is no stand-in: it holds shipping and codes).
 */
export function readCartTotal(document: Document): Amount | null {
  const marked = [...document.querySelectorAll<HTMLElement>("[id], [class], [data-subtotal], [data-checkout-subtotal-price-target]")].filter((element) => {
    const dataMark = element.hasAttribute("data-subtotal") || element.hasAttribute("data-checkout-subtotal-price-target") ? "subtotal" : "";
    const marks = `${element.id.replace(/([a-z])([A-Z])/g, "$1-$2")} ${element.getAttribute("class") ?? ""} ${dataMark}`;
    return CART_MARK.test(marks) && isShown(element) && element.children.length === 0;
  });
  const amounts = marked.map((element) => parseAmount(textOf(element))).filter((amount): amount is Amount => amount !== null);
  if (amounts.length > 0) return amounts.at(-1)!;
  const labels = [...document.querySelectorAll<HTMLElement>("dt, th, td, span, div, p, strong, b, label")].filter(
    (element) => element.children.length === 0 && CART_LABEL.test(textOf(element)) && isShown(element),
  );
  for (const label of labels.reverse()) {
    const amount = parseAmount(textOf(label.nextElementSibling) || textOf(label.parentElement).replace(textOf(label), ""));
    if (amount !== null) return amount;
  }
  return null;
}

const ERROR_SELECTOR =
  "[role='alert'], [aria-live], [class*='error' i], [id*='error' i], [class*='invalid' i], [class*='notice' i], [class*='message' i]";

/** The text of error messages shown around the field: what the site says when it refuses a code. */
export function errorNear(input: HTMLInputElement): string | null {
  const described = (input.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => input.ownerDocument.getElementById(id))
    .filter((element): element is HTMLElement => element !== null && isShown(element));
  let container: Element | null = input.form ?? input.parentElement;
  for (let level = 0; container && level < 3 && !container.querySelector(ERROR_SELECTOR); level += 1) container = container.parentElement;
  const nearby = container ? [...container.querySelectorAll<HTMLElement>(ERROR_SELECTOR)].filter(isShown) : [];
  const texts = [...described, ...nearby].map(textOf).filter((text) => text.length > 0 && text.length < 300);
  return texts[0] ?? null;
}
