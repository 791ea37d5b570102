import type { CheckoutPage, FieldPresence } from "../machines/applyMachine";
import type { Amount } from "../../../src/domain/money";
import type { PageReaction } from "../domain/outcome";
import { errorNear, findApplyButton, findCouponInput, findRevealTrigger, readCartTotal, readOrderTotal, typeInto } from "./checkoutDom";

/** How long the page has to show a changed total or an error after the apply button, and to open a collapsed field. */
export interface PageTimings {
  outcomeMs: number;
  revealMs: number;
  /** How soon after a change of the page its cart total is read again. */
  cartReadMs: number;
}

export const PAGE_TIMINGS: PageTimings = { outcomeMs: 4_000, revealMs: 2_000, cartReadMs: 150 };

/** Resolves with the first non-null answer of `probe`, checked now and after each change of the page, or null in time. */
function watch<T>(document: Document, probe: () => T | null, timeoutMs: number): Promise<T | null> {
  const first = probe();
  if (first !== null) return Promise.resolve(first);
  const view = document.defaultView!;
  return new Promise((resolve) => {
    const finish = (value: T | null) => {
      observer.disconnect();
      view.clearTimeout(timer);
      resolve(value);
    };
    const observer = new view.MutationObserver(() => {
      const value = probe();
      if (value !== null) finish(value);
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = view.setTimeout(() => finish(probe()), timeoutMs);
  });
}

/** The checkout page of the current tab, seen through the DOM: how the apply flow finds, fills and reads. */
export class DomCheckoutPage implements CheckoutPage {
  /** The error text around the field before the apply button: only a new one is the site's answer. */
  private errorBeforeSubmit: string | null = null;

  constructor(
    private readonly document: Document,
    private readonly timings: PageTimings = PAGE_TIMINGS,
  ) {}

  private field(): HTMLInputElement {
    const found = findCouponInput(this.document);
    if (!found?.shown) throw new Error("The coupon field is gone.");
    return found.input;
  }

  async findField(): Promise<FieldPresence> {
    const found = findCouponInput(this.document);
    if (found?.shown) return "visible";
    return findRevealTrigger(this.document) ? "collapsed" : "missing";
  }

  async revealField(): Promise<boolean> {
    findRevealTrigger(this.document)?.click();
    const shown = await watch(this.document, () => (findCouponInput(this.document)?.shown ? true : null), this.timings.revealMs);
    return shown === true;
  }

  async fill(code: string): Promise<number | null> {
    const totalBefore = readOrderTotal(this.document)?.hundredths ?? null;
    typeInto(this.field(), code);
    return totalBefore;
  }

  async submit(): Promise<void> {
    const input = this.field();
    this.errorBeforeSubmit = errorNear(input);
    const button = findApplyButton(input);
    if (button) {
      button.click();
      return;
    }
    const view = this.document.defaultView!;
    input.dispatchEvent(new view.KeyboardEvent("keydown", { key: "Enter", code: "Enter", bubbles: true }));
    input.form?.requestSubmit();
  }

  async readReaction(totalBefore: number | null): Promise<PageReaction> {
    const newError = () => {
      const found = findCouponInput(this.document);
      const error = found ? errorNear(found.input) : null;
      return error && error !== this.errorBeforeSubmit ? error : null;
    };
    const reactionWith = (error: string | null): PageReaction => {
      const total = readOrderTotal(this.document);
      return { total: total?.hundredths ?? null, notation: total?.notation ?? null, error };
    };
    const changed = await watch<PageReaction>(
      this.document,
      () => {
        const reaction = reactionWith(newError());
        return reaction.error || reaction.total !== totalBefore ? reaction : null;
      },
      this.timings.outcomeMs,
    );
    return changed ?? reactionWith(null);
  }

  async readCart(): Promise<Amount | null> {
    return readCartTotal(this.document);
  }

  /** Reads again at most every `cartReadMs` however busy the page is: a shop's page can change many times a second. */
  watchCart(onChange: (cart: Amount | null) => void): () => void {
    const view = this.document.defaultView!;
    const key = (cart: Amount | null) => JSON.stringify(cart);
    let last = readCartTotal(this.document);
    let pending: number | null = null;
    onChange(last);
    const reread = () => {
      pending = null;
      const cart = readCartTotal(this.document);
      if (key(cart) === key(last)) return;
      last = cart;
      onChange(cart);
    };
    const observer = new view.MutationObserver(() => {
      pending ??= view.setTimeout(reread, this.timings.cartReadMs);
    });
    observer.observe(this.document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    return () => {
      observer.disconnect();
      if (pending !== null) view.clearTimeout(pending);
    };
  }
}
