import { describe, expect, it } from "vitest";
import { percentOffOf, ruleMatches, type AlertDeal } from "../../../src/domain/alertRules";
import { typicalPercentOff } from "../../../src/domain/dealDetail";
import { savingPercent } from "../../../src/domain/dealOrder";
import { percentsOff } from "../../../src/domain/percentOff";
import { sampleDeal } from "../../../src/ui/pages/dashboard/fixtures";

/** A discount and the percent off it states: the largest, as every figure that counts one reads it. */
const CASES = [
  ["20% off", 20],
  ["Up to 40 % OFF, extra 10% for members", 40],
  ["100% off your second item", 100],
  ["12.5% off", 12.5],
  ["Half off everything", 50],
  ["Half-price pizzas", 50],
  ["BOGO on every candle", 50],
  ["Buy one, get one free", 50],
  ["buy one, get one 50% off", 25],
  ["BOGO 40% off", 20],
  ["buy one, get one half off", 25],
  ["buy 2, get the third 30% off", 10],
  ["buy 2, get 1 free", 100 / 3],
  ["buy 2, get the third free", 100 / 3],
  ["buy 3, get 2 free", 40],
  ["150% more points on every order", null],
  ["Free shipping", null],
] as const;

const alertDeal = (discount: string): AlertDeal => ({
  id: "d1",
  brand: "Nike",
  promoCodes: [],
  discount,
  expirationDate: null,
  status: null,
  brandShown: true,
  foundAt: new Date("2026-11-27T12:00:00Z"),
});

describe("one reading of a deal's percent off, run through each figure that counts one", () => {
  it.each(CASES)("%s: %s", (discount, expected) => {
    const same = (read: number | null) => (expected === null ? expect(read).toBeNull() : expect(read).toBeCloseTo(expected, 6));
    const percents = percentsOff(discount);
    same(percents.length > 0 ? Math.max(...percents) : null);
    // Deal alerts ("30% or more"): the percent itself, and a rule at its whole percent picks the deal.
    same(percentOffOf(discount));
    if (expected !== null) {
      expect(ruleMatches({ kind: "percent", minPercent: Math.floor(expected), brand: "Nike" }, alertDeal(discount), new Set())).toBe(true);
    }
    // A brand's typical discount, of a brand with this one deal (rounded to a whole percent).
    expect(typicalPercentOff([discount])).toBe(expected === null ? null : Math.round(expected));
    // "Biggest saving": with no amount off in the text, the same number.
    same(savingPercent(sampleDeal({ title: "Winter sale", discount })));
  });

  it("reads no percent from an amount off; only 'Biggest saving' turns one into a share of the order", () => {
    expect(percentsOff("$10 off $50")).toEqual([]);
    expect(percentOffOf("$10 off $50")).toBeNull();
    expect(typicalPercentOff(["$10 off $50"])).toBeNull();
    expect(savingPercent(sampleDeal({ title: "Winter sale", discount: "$10 off $50" }))).toBe(20);
  });

  it("lists every percent in order, and none for no text", () => {
    expect(percentsOff("Up to 40 % OFF, extra 10% for members")).toEqual([40, 10]);
    expect(percentsOff(null)).toEqual([]);
    expect(percentsOff("")).toEqual([]);
  });
});
