import { describe, expect, it } from "vitest";
import { channelOf, conditionsOfCode, statedMoney, type OfferCondition } from "../../../src/domain/offerConditions";
import { conditionOf } from "../../../server/extraction/codeConditions";
import { findTerms } from "../../../server/extraction/discount";

const minimum = (hundredths: number, currency = "USD"): OfferCondition => ({ kind: "minimumSpend", minimum: { hundredths, currency } });

describe("amounts as the extractor writes them", () => {
  it.each([
    ["$50", 5000, "USD"],
    ["$1,000", 100000, "USD"],
    ["$49.99", 4999, "USD"],
    ["€50", 5000, "EUR"],
    ["£7.5", 750, "GBP"],
    ["€49,99", 4999, "EUR"],
    ["49,99 €", 4999, "EUR"],
    ["50 €", 5000, "EUR"],
    ["€1,000", 100000, "EUR"],
    ["CHF\u00a0100", 10000, "CHF"],
    ["100 CHF", 10000, "CHF"],
    ["CA$75", 7500, "CAD"],
    ["A$150", 15000, "AUD"],
    ["R$100", 10000, "BRL"],
  ])("%s", (text, hundredths, currency) => {
    expect(statedMoney(text)).toEqual({ hundredths, currency });
  });

  it("finds none in words", () => {
    expect(statedMoney("free shipping")).toBeNull();
  });
});

describe("what a code asks, from its own condition and its deal's terms", () => {
  it.each<[string | null, string[], OfferCondition[]]>([
    ["$10 off $50+", [], [minimum(5000)]],
    ["$10 off $50", [], [minimum(5000)]],
    ["25% off orders $100+", [], [minimum(10000)]],
    ["€10 off orders €50+", [], [minimum(5000, "EUR")]],
    ["20% off + free shipping on orders $50+", [], []],
    ["free shipping on orders $35+", [], [minimum(3500)]],
    ["$15 off first order", [], [{ kind: "newCustomers" }]],
    ["20% off", ["Minimum spend $75"], [minimum(7500)]],
    ["$25 off $100+", ["Minimum spend $50"], [minimum(10000)]],
    [null, ["New customers only", "First order only"], [{ kind: "newCustomers" }]],
    [null, ["In store only"], [{ kind: "channel", channel: "inStore" }]],
    [null, ["Online only"], [{ kind: "channel", channel: "online" }]],
    [null, ["Online and in store"], []],
    [null, ["Excludes gift cards", "Full-price items only", "One code per order"], [{ kind: "restriction", text: "Excludes gift cards" }, { kind: "restriction", text: "Full-price items only" }]],
    [null, [], []],
  ])("%s with %j", (condition, terms, expected) => {
    expect(conditionsOfCode(condition, terms)).toEqual(expected);
  });
});

describe("the extractor's own phrases read back", () => {
  it.each<[string, OfferCondition[]]>([
    ["$10 off $50+: SAVE10", [minimum(5000)]],
    ["Use SAVE25 for 25% off orders of $100 or more", [minimum(10000)]],
    ["Spend $1,000, get $200 off with BIG200", [minimum(100000)]],
    ["10 € Rabatt ab 50 € mit CODE10", [minimum(5000, "EUR")]],
    ["Take $15 off your first order with HELLO15", [{ kind: "newCustomers" }]],
    ["Take $20 off every $100 you spend with code STACK20", [minimum(10000)]],
    ["Take $10 off your $50+ purchase with code TEN", [minimum(5000)]],
    ["CHF 20 Rabatt ab CHF 100 mit WINTER20", [minimum(10000, "CHF")]],
    ["20 CHF de réduction dès 100 CHF d'achat avec HIVER20", [minimum(10000, "CHF")]],
    ["Save C$15 on orders over C$75 with MAPLE15", [minimum(7500, "CAD")]],
    ["Save A$20 on orders of A$150 or more with AUS20", [minimum(15000, "AUD")]],
    ["20 GBP off orders over 100 GBP with CODE20", [minimum(10000, "GBP")]],
    ["10 € Rabatt ab 1.000 € Bestellwert mit CODE10", [minimum(100000, "EUR")]],
    // A minimum for free delivery is the delivery's, never the code's.
    ["20% off with SAVE20 + free shipping on orders of $50 or more", []],
    ["Free shipping on orders of $50 or more with SHIP50", [minimum(5000)]],
    ["Free shipping on orders $50+ with code SHIPIT", [minimum(5000)]],
  ])("%s", (sentence, expected) => {
    expect(conditionsOfCode(conditionOf(sentence), [])).toEqual(expected);
  });

  it("reads the terms findTerms writes", () => {
    const terms = findTerms("Valid on orders of $75 or more. New customers only. In-store only. Excludes gift cards.");
    expect(conditionsOfCode(null, terms)).toEqual([
      minimum(7500),
      { kind: "newCustomers" },
      { kind: "channel", channel: "inStore" },
      { kind: "restriction", text: "Excludes gift cards" },
    ]);
    expect(channelOf(findTerms("Shop online only, this weekend."))).toBe("online");
    expect(channelOf(findTerms("Valid online and in store."))).toBe("both");
    expect(channelOf(findTerms("Valid everywhere."))).toBeNull();
  });

  it.each<[string, OfferCondition[]]>([
    ["Minimum purchase of $50 required.", [minimum(5000)]],
    ["Min. spend: $80.", [minimum(8000)]],
    ["$75 minimum purchase.", [minimum(7500)]],
    ["Valid on orders over $60.", [minimum(6000)]],
    ["Mindestbestellwert 1.000 €.", [minimum(100000, "EUR")]],
    ["Gültig ab einem Bestellwert von CHF 80.", [minimum(8000, "CHF")]],
    ["Ab einer Bestellung von 60 € einlösbar.", [minimum(6000, "EUR")]],
    ["Commande minimum de 50 €.", [minimum(5000, "EUR")]],
    ["Pedido mínimo de 50 €.", [minimum(5000, "EUR")]],
    ["Spesa minima di 50 €.", [minimum(5000, "EUR")]],
    ["Minimale bestelwaarde van € 50.", [minimum(5000, "EUR")]],
    ["Compra mínima de R$ 100.", [minimum(10000, "BRL")]],
    // The delivery's minimum, before or after it.
    ["Free shipping on orders of $50 or more.", []],
    ["Orders over $49 ship free.", []],
    ["Livraison offerte dès 80 € d'achats.", []],
    ["Free shipping on orders of $50 or more. Minimum purchase of $75 for the code.", [minimum(7500)]],
  ])("reads the minimum findTerms writes from %s", (sentence, expected) => {
    expect(conditionsOfCode(null, findTerms(sentence))).toEqual(expected);
  });
});
