import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { checkoutPage } from "../../../demo-store/pages";
import { DEMO_STORES, discountFor, type DemoStore } from "../../../demo-store/stores";
import { codeInProgress, provideApplyMachine, runResult } from "../../../extension/src/machines/applyMachine";
import { DomCheckoutPage } from "../../../extension/src/page/checkoutPage";
import { summaryOf } from "../../../extension/src/ui/PanelView";

/** jsdom ships no type declarations here (no @types/jsdom): the little of its API this test uses. */
const JSDOM_MODULE = "jsdom";
const { JSDOM } = (await import(JSDOM_MODULE)) as {
  JSDOM: new (html: string, options: { runScripts: "dangerously"; url: string; beforeParse: (window: Window) => void }) => { window: Window };
};

const store = (domain: string) => DEMO_STORES.find((candidate) => candidate.domain === domain)!;

/** A demo store's checkout in jsdom, its script running, its /apply answered as the demo server does. */
function openCheckout(demo: DemoStore): Document {
  const subtotal = demo.items.reduce((sum, item) => sum + item.cents, 0);
  const dom = new JSDOM(checkoutPage(demo), {
    runScripts: "dangerously",
    url: `http://www.${demo.domain}/checkout`,
    beforeParse(window) {
      window.fetch = (async (_url: string, init: { body: string }) => {
        const { code } = JSON.parse(init.body) as { code: string };
        return { json: async () => discountFor(demo, code, subtotal) };
      }) as never;
    },
  });
  return dom.window.document;
}

async function run(document: Document, event: { type: "APPLY"; code: string } | { type: "TRY_ALL"; codes: string[] }) {
  const actor = createActor(provideApplyMachine(new DomCheckoutPage(document, { outcomeMs: 300, revealMs: 300 }))).start();
  actor.send(event);
  const done = await waitFor(actor, (snapshot) => runResult(snapshot) !== null && codeInProgress(snapshot) === null, { timeout: 5_000 });
  return { state: done.value, result: runResult(done)!, total: document.getElementById("order-total")!.textContent };
}

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
    const outcome = await run(openCheckout(store("brindlemart.com")), { type: "TRY_ALL", codes: ["SAVE10", "SAVE25", "SAVE60", "EARLY25"] });
    expect(outcome.state).toBe("applied");
    expect(outcome.result.best).toMatchObject({ kind: "applied", code: "SAVE25", saving: 2500 });
    expect(summaryOf(outcome.result.best, outcome.result.noField)).toBe("SAVE25 applied: you save $25.00.");
    expect(outcome.total).toBe("$95.00");
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
