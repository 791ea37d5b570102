import { describe, expect, it } from "vitest";
import type { OfferCondition } from "../../../src/domain/offerConditions";
import { cartMeets, codeOffersOf, planRun, standingOf, type CodeOffer } from "../../../extension/src/domain/cartConditions";
import { formatRoundAmount, parseAmount, type Amount } from "../../../src/domain/money";

/** A cart total as a checkout prints it. */
const cart = (text: string): Amount => parseAmount(text)!;
const minimum = (hundredths: number, currency = "USD"): OfferCondition => ({ kind: "minimumSpend", minimum: { hundredths, currency } });

describe("does this cart meet a minimum spend", () => {
  it.each<[string, OfferCondition, ReturnType<typeof cartMeets>]>([
    ["$42.00", minimum(5000), { kind: "unmet", reason: "needs $50+, your cart is $42: add $8" }],
    ["$41.50", minimum(5000), { kind: "unmet", reason: "needs $50+, your cart is $41.50: add $8.50" }],
    ["$50.00", minimum(5000), { kind: "met" }],
    ["$49.99", minimum(5000), { kind: "unmet", reason: "needs $50+, your cart is $49.99: add $0.01" }],
    ["$50.01", minimum(5000), { kind: "met" }],
    ["$1,234.56", minimum(200000), { kind: "unmet", reason: "needs $2,000+, your cart is $1,234.56: add $765.44" }],
    ["US$ 42.00", minimum(5000), { kind: "unmet", reason: "needs US$ 50+, your cart is US$ 42: add US$ 8" }],
    ["$42.00 USD", minimum(5000), { kind: "unmet", reason: "needs $50 USD+, your cart is $42 USD: add $8 USD" }],
    ["42,00 €", minimum(5000, "EUR"), { kind: "unmet", reason: "needs 50 €+, your cart is 42 €: add 8 €" }],
    ["1.234,50 €", minimum(100000, "EUR"), { kind: "met" }],
    ["EUR 42,00", minimum(5000, "EUR"), { kind: "unmet", reason: "needs EUR 50+, your cart is EUR 42: add EUR 8" }],
    ["£30", minimum(3000, "GBP"), { kind: "met" }],
    ["GBP 29.99", minimum(3000, "GBP"), { kind: "unmet", reason: "needs GBP 30+, your cart is GBP 29.99: add GBP 0.01" }],
    ["CHF 42.00", minimum(5000, "CHF"), { kind: "unmet", reason: "needs CHF 50+, your cart is CHF 42: add CHF 8" }],
    ["52.00 CHF", minimum(5000, "CHF"), { kind: "met" }],
    // A checkout's plain "$" is its own country's dollar, whichever the mail wrote.
    ["$42.00", minimum(5000, "CAD"), { kind: "unmet", reason: "needs $50+, your cart is $42: add $8" }],
    ["CA$ 60.00", minimum(5000), { kind: "met" }],
    // Another currency, or a figure without a sign, is not compared: the shop decides.
    ["42,00 €", minimum(5000), { kind: "unknown" }],
    ["CHF 42.00", minimum(5000, "EUR"), { kind: "unknown" }],
    ["£42", minimum(5000), { kind: "unknown" }],
    ["42.00", minimum(5000), { kind: "unknown" }],
  ])("a cart of %s, %j", (total, condition, verdict) => {
    expect(cartMeets(condition, cart(total))).toEqual(verdict);
  });

  it("is unknown, not unmet, when the page shows no cart total", () => {
    expect(cartMeets(minimum(5000), null)).toEqual({ kind: "unknown" });
  });
});

describe("the other conditions", () => {
  it("an online checkout meets online only, and never in store only", () => {
    expect(cartMeets({ kind: "channel", channel: "online" }, cart("$10"))).toEqual({ kind: "met" });
    expect(cartMeets({ kind: "channel", channel: "inStore" }, cart("$10"))).toEqual({ kind: "unmet", reason: "in store only" });
    expect(cartMeets({ kind: "channel", channel: "inStore" }, null)).toEqual({ kind: "unmet", reason: "in store only" });
  });

  it("new customers and category limits cannot be told from a total", () => {
    expect(cartMeets({ kind: "newCustomers" }, cart("$500"))).toEqual({ kind: "unknown" });
    expect(cartMeets({ kind: "restriction", text: "Excludes gift cards" }, cart("$500"))).toEqual({ kind: "unknown" });
  });
});

describe("where a code stands", () => {
  it("qualifies only when every condition is met, and says every reason it cannot apply", () => {
    expect(standingOf({ code: "A", conditions: [] }, null)).toMatchObject({ standing: "qualifies", reasons: [] });
    expect(standingOf({ code: "A", conditions: [minimum(5000), { kind: "channel", channel: "online" }] }, cart("$60"))).toMatchObject({ standing: "qualifies", minimumMet: true });
    expect(standingOf({ code: "A", conditions: [{ kind: "channel", channel: "online" }] }, cart("$60"))).toMatchObject({ standing: "qualifies", minimumMet: false });
    expect(standingOf({ code: "A", conditions: [minimum(5000), { kind: "restriction", text: "Excludes sale items" }] }, cart("$60"))).toEqual({
      code: "A",
      standing: "qualifies",
      reasons: [],
      newCustomersOnly: false,
      restrictions: ["Excludes sale items"],
      minimumMet: true,
    });
    expect(standingOf({ code: "A", conditions: [minimum(5000), { kind: "channel", channel: "inStore" }] }, cart("$42"))).toMatchObject({
      standing: "cannotApply",
      reasons: ["needs $50+, your cart is $42: add $8", "in store only"],
    });
    // Only the shop knows a new customer: the code is flagged, never held back.
    expect(standingOf({ code: "N", conditions: [{ kind: "newCustomers" }] }, cart("$42"))).toMatchObject({ standing: "qualifies", newCustomersOnly: true, minimumMet: false });
    expect(standingOf({ code: "A", conditions: [minimum(5000), { kind: "restriction", text: "Excludes sale items" }] }, null)).toMatchObject({ standing: "unknown" });
  });
});

describe("the order a run tries codes in", () => {
  const offers: CodeOffer[] = [
    { code: "WELCOME15", conditions: [{ kind: "newCustomers" }] },
    { code: "SAVE60", conditions: [minimum(20000)] },
    { code: "NOTES", conditions: [{ kind: "restriction", text: "Excludes gift cards" }] },
    { code: "SAVE10", conditions: [minimum(5000)] },
    { code: "PLAIN", conditions: [] },
    { code: "SHOPONLY", conditions: [{ kind: "channel", channel: "inStore" }] },
  ];

  it("qualifying codes first, new customers last; those that cannot apply are skipped", () => {
    const plan = planRun(offers, cart("$120.00"));
    expect(plan.tryOrder).toEqual(["NOTES", "SAVE10", "PLAIN", "WELCOME15"]);
    expect(plan.skipped.map((skip) => [skip.code, skip.reasons])).toEqual([
      ["SAVE60", ["needs $200+, your cart is $120: add $80"]],
      ["SHOPONLY", ["in store only"]],
    ]);
  });

  it("a threshold equal to the cart qualifies", () => {
    expect(planRun(offers, cart("$200.00")).tryOrder).toEqual(["SAVE60", "NOTES", "SAVE10", "PLAIN", "WELCOME15"]);
  });

  it("without a cart total every minimum is unknown: those codes are tried, after the qualifying ones", () => {
    const plan = planRun(offers, null);
    expect(plan.tryOrder).toEqual(["NOTES", "PLAIN", "SAVE60", "SAVE10", "WELCOME15"]);
    expect(plan.skipped.map((skip) => skip.code)).toEqual(["SHOPONLY"]);
  });

  it("a new-customers-only code that also misses the minimum is skipped, and a code listed twice is tried once", () => {
    const plan = planRun([{ code: "HELLO", conditions: [{ kind: "newCustomers" }, minimum(5000)] }, { code: "A", conditions: [] }, { code: "A", conditions: [] }], cart("$20"));
    expect(plan).toMatchObject({ tryOrder: ["A"], skipped: [{ code: "HELLO", newCustomersOnly: true }] });
  });
});

describe("codes of the site's deals, with what they ask", () => {
  it("reads each code's condition and its deal's terms; deals kept without terms still give their codes' own", () => {
    const base = { id: "d", brand: "Brindlemart", brandDomain: "brindlemart.com", title: "t", discount: null, expirationDate: null };
    expect(
      codeOffersOf([
        { ...base, codes: [{ code: "SAVE10", condition: "$10 off $50+" }], terms: ["Excludes gift cards"] },
        { ...base, codes: [{ code: "HELLO15", condition: "$15 off first order" }] },
      ]),
    ).toEqual([
      { code: "SAVE10", conditions: [minimum(5000), { kind: "restriction", text: "Excludes gift cards" }] },
      { code: "HELLO15", conditions: [{ kind: "newCustomers" }] },
    ]);
  });
});

describe("round amounts", () => {
  it.each([
    [5000, "$50"],
    [5050, "$50.50"],
    [123400, "$1,234"],
  ])("%i hundredths", (hundredths, text) => {
    expect(formatRoundAmount(hundredths, cart("$1,000.00").notation)).toBe(text);
  });

  it("keeps a comma's cents and a sign after the figure", () => {
    expect(formatRoundAmount(5000, cart("1.000,00 €").notation)).toBe("50 €");
    expect(formatRoundAmount(5000, null)).toBe("50");
  });
});
