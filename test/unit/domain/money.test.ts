import { describe, expect, it } from "vitest";
import { currencyOfSign, formatAmount, formatMoney, mayHoldTwoAmounts, moneyIn, parseAmount, type MoneyNotation } from "../../../src/domain/money";

describe("amounts as checkouts print them", () => {
  it.each([
    ["$1,234.56", 123456],
    ["1.234,56 €", 123456],
    ["£12", 1200],
    ["CHF 1'299.00", 129900],
    ["CHF 1’299.00", 129900],
    ["Total: $189.00 USD", 18900],
    ["12,5 €", 1250],
    ["$0.99", 99],
    ["1\u202f234,56\u00a0€", 123456],
  ])("reads %s", (text, hundredths) => {
    expect(parseAmount(text)?.hundredths).toBe(hundredths);
  });

  it("answers null for a text without an amount", () => {
    expect(parseAmount("Calculated at next step")).toBeNull();
    expect(parseAmount("€")).toBeNull();
    expect(parseAmount("")).toBeNull();
  });
});

describe("how a shop writes money", () => {
  it.each<[string, MoneyNotation]>([
    ["$1,234.56", { prefix: "$", suffix: "", decimalMark: ".", groupMark: "," }],
    ["$95.00", { prefix: "$", suffix: "", decimalMark: ".", groupMark: "" }],
    ["£12", { prefix: "£", suffix: "", decimalMark: ".", groupMark: "" }],
    ["1.234,56 €", { prefix: "", suffix: " €", decimalMark: ",", groupMark: "." }],
    ["€36,00", { prefix: "€", suffix: "", decimalMark: ",", groupMark: "" }],
    ["1.299 €", { prefix: "", suffix: " €", decimalMark: ",", groupMark: "." }],
    ["1\u202f234,56\u00a0€", { prefix: "", suffix: " €", decimalMark: ",", groupMark: " " }],
    ["CHF 1'299.00", { prefix: "CHF ", suffix: "", decimalMark: ".", groupMark: "'" }],
    ["Total: US$ 49.99", { prefix: "US$ ", suffix: "", decimalMark: ".", groupMark: "" }],
    ["Total: $189.00 USD", { prefix: "$", suffix: " USD", decimalMark: ".", groupMark: "" }],
    ["199,00 kr", { prefix: "", suffix: " kr", decimalMark: ",", groupMark: "" }],
  ])("reads %s", (text, notation) => {
    expect(parseAmount(text)?.notation).toEqual(notation);
  });

  it("finds no sign in a label's words, nor in a total without one", () => {
    expect(parseAmount("Total 95.00")).toEqual({ hundredths: 9500, notation: null });
    expect(parseAmount("TOTAL 95.00")).toEqual({ hundredths: 9500, notation: null });
    expect(parseAmount("36,00")).toEqual({ hundredths: 3600, notation: null });
  });

  it("reads negative and odd texts without failing", () => {
    expect(parseAmount("-$25.00")).toEqual({ hundredths: 2500, notation: { prefix: "$", suffix: "", decimalMark: ".", groupMark: "" } });
    expect(parseAmount("−25,00 €")?.notation?.suffix).toBe(" €");
    expect(parseAmount("$-25.00")).toEqual({ hundredths: 2500, notation: null });
    expect(parseAmount("9".repeat(400))).toBeNull();
    expect(parseAmount("$$$ 5 $$$")?.hundredths).toBe(500);
    expect(parseAmount("Free")).toBeNull();
  });
});

describe("a saving written as the shop writes money", () => {
  const on = (total: string) => parseAmount(total)!.notation;

  it.each([
    ["$95.00", 2500, "$25.00"],
    ["$1,234.56", 123456, "$1,234.56"],
    ["£12", 250, "£2.50"],
    ["1.234,56 €", 2500, "25,00 €"],
    ["1.234,56 €", 123400, "1.234,00 €"],
    ["€36,00", 400, "€4,00"],
    ["CHF 1'299.00", 129900, "CHF 1'299.00"],
    ["1 234,56 €", 150000, "1 500,00 €"],
    ["Total: $189.00 USD", 890, "$8.90 USD"],
  ])("on a page whose total reads %s, %i hundredths read %s", (total, hundredths, text) => {
    expect(formatAmount(hundredths, on(total))).toBe(text);
  });

  it("is a plain figure when the page's total showed no sign", () => {
    expect(formatAmount(2550, null)).toBe("25.50");
    expect(formatAmount(2550, on("36,00"))).toBe("25.50");
  });

  it("leaves out thousands separators the total did not show", () => {
    expect(formatAmount(160000, on("$900.00"))).toBe("$1600.00");
  });
});

describe("amounts of money in a mail's text", () => {
  it.each<[string, Array<[number, string, string]>]>([
    ["$35.99 instead of $59.99", [[3599, "USD", "$35.99"], [5999, "USD", "$59.99"]]],
    ["1.234,56 € statt 1.500,00 €", [[123456, "EUR", "1.234,56 €"], [150000, "EUR", "1.500,00 €"]]],
    ["CHF 1'299.00", [[129900, "CHF", "CHF 1'299.00"]]],
    ["¥3,000", [[300000, "JPY", "¥3,000"]]],
    ["US$ 12.50 or A$20", [[1250, "USD", "US$ 12.50"], [2000, "AUD", "A$20"]]],
    ["WAS 60 EUR NOW 40 EUR", [[6000, "EUR", "60 EUR"], [4000, "EUR", "40 EUR"]]],
    ["Was 60 now 40, 12kr", []],
  ])("finds the signed amounts of %s", (text, expected) => {
    expect(moneyIn(text).map((amount) => [amount.hundredths, amount.currency, amount.text])).toEqual(expected);
  });

  it("names the currency of a sign, and none for a shared or unknown one", () => {
    expect(["$", "€", "£", "CHF", "C$", "kr", "NOW"].map(currencyOfSign)).toEqual(["USD", "EUR", "GBP", "CHF", "CAD", null, null]);
  });

  it("writes money the same way everywhere", () => {
    expect([formatMoney({ hundredths: 2400, currency: "USD" }), formatMoney({ hundredths: 129900, currency: "CHF" }), formatMoney({ hundredths: 300000, currency: "JPY" })]).toEqual([
      "$24.00",
      "CHF\u00a01,299.00",
      "¥3,000",
    ]);
  });
});

describe("signs enough for two amounts, before reading them", () => {
  it.each([
    "Was $60, now $42",
    "Now 42 € (was 60 €)",
    "WAS 60 EUR NOW 42 EUR",
    "CHF 1'299.00 instead of CHF 1'499.00",
    "199 zł, wcześniej 299 zł",
    "£12 or 15 USD",
  ])("%s may hold two", (text) => {
    expect(mayHoldTwoAmounts(text)).toBe(true);
    expect(moneyIn(text).length).toBe(2);
  });

  it.each(["Save $20 today", "20% off everything", "Ends 12/31", "Only 5 € left"])("%s cannot", (text) => {
    expect(mayHoldTwoAmounts(text)).toBe(false);
    expect(moneyIn(text).length).toBeLessThan(2);
  });
});
