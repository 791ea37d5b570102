import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { checkoutPage } from "../../../demo-store/pages";
import { DEMO_STORES, discountFor, subtotalFor, type DemoStore } from "../../../demo-store/stores";
import { codeOffersOf, type CodeOffer } from "../../../extension/src/domain/cartConditions";
import { cartOf, codeInProgress, provideApplyMachine, runResult } from "../../../extension/src/machines/applyMachine";
import { DomCheckoutPage } from "../../../extension/src/page/checkoutPage";
import { summaryOf } from "../../../extension/src/ui/PanelView";

/** jsdom ships no type declarations here (no @types/jsdom): the little of its API this test uses. */
const JSDOM_MODULE = "jsdom";
const { JSDOM } = (await import(JSDOM_MODULE)) as {
  JSDOM: new (html: string, options: { runScripts: "dangerously"; url: string; beforeParse: (window: Window) => void }) => { window: Window };
};

const store = (domain: string) => DEMO_STORES.find((candidate) => candidate.domain === domain)!;

/** A demo store's checkout in jsdom, its script running, its /apply answered as the demo server does. */
function openCheckout(demo: DemoStore, codesSent: string[] = []): Document {
  const subtotal = demo.items.reduce((sum, item) => sum + item.cents, 0);
  const dom = new JSDOM(checkoutPage(demo), {
    runScripts: "dangerously",
    url: `http://www.${demo.domain}/checkout`,
    beforeParse(window) {
      window.fetch = (async (_url: string, init: { body: string }) => {
        const { code, items } = JSON.parse(init.body) as { code: string; items: string[] };
        codesSent.push(code);
        return { json: async () => discountFor(demo, code, subtotalFor(demo, items) ?? subtotal) };
      }) as never;
    },
  });
  return dom.window.document;
}

const TIMINGS = { outcomeMs: 300, revealMs: 300, cartReadMs: 10 };

async function run(document: Document, event: { type: "APPLY"; code: string } | { type: "TRY_ALL"; offers: CodeOffer[] }) {
  const actor = createActor(provideApplyMachine(new DomCheckoutPage(document, TIMINGS))).start();
  actor.send(event);
  const done = await waitFor(actor, (snapshot) => runResult(snapshot) !== null && codeInProgress(snapshot) === null, { timeout: 5_000 });
  actor.stop();
  return { state: done.value, result: runResult(done)!, total: document.getElementById("order-total")!.textContent };
}

/** Try all codes with these codes and what each asks, as the extractor phrases it. */
const tryAll = (codes: Record<string, string | null>, terms: string[] = []) => ({
  type: "TRY_ALL" as const,
  offers: codeOffersOf([
    {
      id: "d",
      brand: "Brindlemart",
      brandDomain: "brindlemart.com",
      title: "t",
      discount: null,
      expirationDate: null,
      codes: Object.entries(codes).map(([code, condition]) => ({ code, condition })),
      terms,
    },
  ]),
});

describe("applying codes on the demo store's checkouts (jsdom)", () => {
  it.each([
    // The panel's sentences are the ones the end-to-end test waits for (test/e2e/extension.test.ts).
    ["plain", "torqhaven.com", "BRAKES30", 3000, "BRAKES30 applied: you save $30.00.", "$159.00"],
    ["React-controlled", "velvetfern.com", "GLOW20", 1200, "GLOW20 applied: you save $12.00.", "$48.00"],
    ["Shopify-like", "rivetline.com", "DENIM25", 2500, "DENIM25 applied: you save $25.00.", "$103.00"],
    ["WooCommerce-like", "whiskerloft.com", "PURR10", 890, "PURR10 applied: you save $8.90.", "$80.10"],
    ["collapsed", "linenbay.com", "SLEEP20", 2380, "SLEEP20 applied: you save $23.80.", "$95.20"],
  ])("applies a code on the %s checkout and reads the saving", async (_shape, domain, code, saving, saying, total) => {
    const outcome = await run(openCheckout(store(domain)), { type: "APPLY", code });
    expect(outcome.state).toBe("applied");
    expect(outcome.result.best).toMatchObject({ kind: "applied", code, saving });
    expect(summaryOf(outcome.result.best, outcome.result.noField)).toBe(saying);
    expect(outcome.total).toBe(total);
  });

  it("reports the error of a checkout that refuses the code", async () => {
    const outcome = await run(openCheckout(store("tailbound.com")), { type: "APPLY", code: "TAILS30" });
    expect(outcome.state).toBe("rejected");
    expect(outcome.result.best).toEqual({ kind: "rejected", code: "TAILS30", message: "This code is not valid." });
  });

  it("reports the Shopify-like error in Shopify's words", async () => {
    const outcome = await run(openCheckout(store("rivetline.com")), { type: "APPLY", code: "NOPE" });
    expect(outcome.result.best).toEqual({ kind: "rejected", code: "NOPE", message: "Enter a valid discount code or gift card" });
  });

  it("tries all codes and ends on the best, applying it once more when the last one tried was not it", async () => {
    // The cart total of $120 reaches SAVE25's $100, so SAVE60 ($200) is skipped and EARLY25 is a code without conditions.
    const outcome = await run(openCheckout(store("brindlemart.com")), tryAll({ SAVE10: null, SAVE25: null, SAVE60: null, EARLY25: null }));
    expect(outcome.state).toBe("applied");
    expect(outcome.result.best).toMatchObject({ kind: "applied", code: "SAVE25", saving: 2500 });
    expect(summaryOf(outcome.result.best, outcome.result.noField)).toBe("SAVE25 applied: you save $25.00.");
    expect(outcome.total).toBe("$95.00");
  });

  it("does not send a code the cart is under the minimum of, says by how much, and tries the new customers' code last", async () => {
    const sent: string[] = [];
    const document = openCheckout(store("brindlemart.com"), sent);
    const codes = { WELCOME15: "$15 off first order", SAVE60: "$60 off $200+", SAVE10: "$10 off $50+", SAVE25: "$25 off $100+" };
    const outcome = await run(document, tryAll(codes));
    expect(sent).toEqual(["SAVE10", "SAVE25", "WELCOME15", "SAVE25"]);
    expect(outcome.result.best).toMatchObject({ kind: "applied", code: "SAVE25", saving: 2500 });
    expect(summaryOf(outcome.result.best, outcome.result.noField, outcome.result.skipped)).toBe(
      "SAVE25 applied: you save $25.00. Skipped SAVE60: needs $200+, your cart is $120: add $80.",
    );

    // The shopper adds the mixer: the cart is $209.99, the code applied is dropped, and now SAVE60 is sent and applies.
    const actor = createActor(provideApplyMachine(new DomCheckoutPage(document, TIMINGS))).start();
    (document.querySelector("[data-add]") as HTMLButtonElement).click();
    await waitFor(actor, (snapshot) => cartOf(snapshot)?.hundredths === 20999, { timeout: 2_000 });
    actor.stop();
    sent.length = 0;
    const after = await run(document, tryAll(codes));
    expect(sent).toEqual(["SAVE60", "SAVE10", "SAVE25", "WELCOME15", "SAVE60"]);
    expect(after.result).toMatchObject({ best: { kind: "applied", code: "SAVE60", saving: 6000 }, skipped: [] });
    expect(after.total).toBe("$149.99");
  });

  it("sends nothing when no code can apply, and still applies one the person picks", async () => {
    const sent: string[] = [];
    const document = openCheckout(store("brindlemart.com"), sent);
    const none = await run(document, tryAll({ SAVE60: "$60 off $200+" }));
    expect(none.state).toBe("nothingToTry");
    expect(summaryOf(none.result.best, none.result.noField, none.result.skipped)).toBe(
      "No code can apply to this cart yet. Skipped SAVE60: needs $200+, your cart is $120: add $80. You can still try one.",
    );
    expect(sent).toEqual([]);
    const byHand = await run(document, { type: "APPLY", code: "SAVE60" });
    expect(sent).toEqual(["SAVE60"]);
    expect(byHand.result.best).toEqual({ kind: "rejected", code: "SAVE60", message: "This code needs an order of at least $200.00." });
  });

  it("finds no field on a checkout without one", async () => {
    const outcome = await run(openCheckout(store("cloudhem.com")), { type: "APPLY", code: "WARM10" });
    expect(outcome.state).toBe("noField");
  });

  it("the React-like checkout ignores a value set without typing, as React does", async () => {
    const document = openCheckout(store("velvetfern.com"));
    (document.getElementById("discountCode") as HTMLInputElement).value = "GLOW20";
    (document.getElementById("react-apply") as HTMLButtonElement).click();
    await new Promise((settle) => setTimeout(settle, 50));
    expect(document.getElementById("discountCode-error")!.textContent).toBe("Enter a discount code.");
    expect(document.getElementById("order-total")!.textContent).toBe("$60.00");
  });

  it("never types a code into the traps", async () => {
    const document = openCheckout(store("torqhaven.com"));
    await run(document, { type: "APPLY", code: "BRAKES30" });
    const traps = ["postcode", "card-number", "cvc", "gift-card"].map((id) => (document.getElementById(id) as HTMLInputElement).value);
    expect(traps).toEqual(["", "", "", ""]);
  });
});
