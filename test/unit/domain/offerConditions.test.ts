import { describe, expect, it } from "vitest";
import { channelOf, conditionsOfCode, statedMoney, type OfferCondition } from "../../../src/domain/offerConditions";
import { conditionOf } from "../../../server/extraction/codeConditions";
import { findTerms } from "../../../server/extraction/discount";

const minimum = (hundredths: number, sign = "$"): OfferCondition => ({ kind: "minimumSpend", minimum: { hundredths, sign } });

describe("amounts as the extractor writes them", () => {
  it.each([
    ["$50", 5000, "$"],
    ["$1,000", 100000, "$"],
    ["$49.99", 4999, "$"],
    ["€50", 5000, "€"],
    ["£7.5", 750, "£"],
    ["€49,99", 4999, "€"],
    ["49,99 €", 4999, "€"],
    ["50 €", 5000, "€"],
  ])("%s", (text, hundredths, sign) => {
    expect(statedMoney(text)).toEqual({ hundredths, sign });
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
    ["€10 off orders €50+", [], [minimum(5000, "€")]],
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
    ["10 € Rabatt ab 50 € mit CODE10", [minimum(5000, "€")]],
    ["Take $15 off your first order with HELLO15", [{ kind: "newCustomers" }]],
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
});
