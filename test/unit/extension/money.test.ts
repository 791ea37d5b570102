import { describe, expect, it } from "vitest";
import { formatAmount, parseAmount, type MoneyNotation } from "../../../extension/src/domain/money";

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
