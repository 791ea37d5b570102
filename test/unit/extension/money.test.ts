import { describe, expect, it } from "vitest";
import { formatAmount, parseAmount } from "../../../extension/src/domain/money";

describe("amounts as checkouts print them", () => {
  it.each([
    ["$1,234.56", 123456],
    ["1.234,56 €", 123456],
    ["£12", 1200],
    ["CHF 1'299.00", 129900],
    ["Total: $189.00 USD", 18900],
    ["12,5 €", 1250],
    ["$0.99", 99],
  ])("reads %s", (text, hundredths) => {
    expect(parseAmount(text)).toBe(hundredths);
  });

  it("answers null for a text without an amount", () => {
    expect(parseAmount("Calculated at next step")).toBeNull();
  });

  it("prints hundredths as a figure", () => {
    expect(formatAmount(2550)).toBe("25.50");
  });
});
