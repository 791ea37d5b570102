import { describe, expect, it } from "vitest";
import { priceLine, priceSentence, suggestedSaving, validPrice, wasNowInLine, wasNowOfMail, type DealPrice } from "../../../src/domain/dealPrice";

const price = (currency: string, now: number, was: number): DealPrice => ({ currency, nowHundredths: now, wasHundredths: was });

describe("was/now prices a line of a mail states", () => {
  it.each<[string, DealPrice]>([
    ["$35.99 instead of $59.99", price("USD", 3599, 5999)],
    ["Only $35.99 instead of $59.99!", price("USD", 3599, 5999)],
    ["was $60 now $42", price("USD", 4200, 6000)],
    ["Was: $60.00 | Now: $42.00", price("USD", 4200, 6000)],
    ["Was $60, now only $42", price("USD", 4200, 6000)],
    ["Now €42 (was €60)", price("EUR", 4200, 6000)],
    ["Now just £12.50 - was £20", price("GBP", 1250, 2000)],
    ["Reg. price $89.99, sale price $59.99", price("USD", 5999, 8999)],
    ["Compare at $120 now $80", price("USD", 8000, 12000)],
    ["Our winter coat, reduced from $200 to $149", price("USD", 14900, 20000)],
    ["The boots: $79, down from $129", price("USD", 7900, 12900)],
    ["1.234,56 € statt 1.499,00 €", price("EUR", 123456, 149900)],
    ["Jetzt 42,00 € statt 60,00 €", price("EUR", 4200, 6000)],
    ["Maintenant 29,90 € au lieu de 49,90 €", price("EUR", 2990, 4990)],
    ["Jas: van €119,99 voor €79,99", price("EUR", 7999, 11999)],
    ["Casaco: de R$ 199,90 por R$ 129,90", price("BRL", 12990, 19990)],
    ["CHF 1'299.00 instead of CHF 1'599.00", price("CHF", 129900, 159900)],
    ["¥3,000 instead of ¥4,500", price("JPY", 300000, 450000)],
    ["Now CA$45 (was CA$60)", price("CAD", 4500, 6000)],
    ["was 60 EUR now 42 EUR", price("EUR", 4200, 6000)],
    ["Spend less: $80 instead of $100 this week", price("USD", 8000, 10000)],
    ["Merino crewneck | $104 (was $148)", price("USD", 10400, 14800)],
    ["Rain shell | $39.00 (was $65) | Style 0877", price("USD", 3900, 6500)],
    // A recommended retail price in brackets, in each language we read, is the old price.
    ["Rain shell £39 (RRP £65)", price("GBP", 3900, 6500)],
    ["Wollmantel: 168,00 € (UVP 240,00 €)", price("EUR", 16800, 24000)],
    ["Manteau en laine 168 € (prix conseillé 240 €)", price("EUR", 16800, 24000)],
    ["Abrigo de lana 168 € (PVP 240 €)", price("EUR", 16800, 24000)],
    ["Cappotto di lana 168 € (prezzo consigliato 240 €)", price("EUR", 16800, 24000)],
    ["Wollen jas €168 (adviesprijs €240)", price("EUR", 16800, 24000)],
  ])("reads %s", (line, expected) => {
    expect(wasNowInLine(line)).toEqual(expected);
  });

  it.each([
    "Save up to $60",
    "Free shipping on orders over $50",
    "$10 off $50",
    "$10 off orders of $50 or more",
    "Spend $100, get $20 off",
    "Gift cards from $25 to $500",
    "was $60 now 30% off",
    "Now $42",
    "was $42 now $60",
    "was $60 now €42",
    "Was 60 now 42",
    "Buy 2 for $30, was 3 for $40",
    "$5 now, $10 later",
    "Save $20 on orders over $100",
    "Save $20 (was $30 off)",
    "$20 (was $30 off last week)",
    "Spend $50 (was $60) for free shipping",
    "de R$ 129,90 por R$ 199,90",
  ])("reads no price in %s", (line) => {
    expect(wasNowInLine(line)).toBeNull();
  });

  it("reads two prices side by side as was/now when the old one is struck through", () => {
    const struck = new Set(["£20.00"]);
    expect(wasNowInLine("£12.00 £20.00", struck)).toEqual(price("GBP", 1200, 2000));
    expect(wasNowInLine("£20.00 £12.00", struck)).toEqual(price("GBP", 1200, 2000));
    expect(wasNowInLine("£12.00 £20.00")).toBeNull();
    // Struck but cheaper is not an old price; both struck says nothing.
    expect(wasNowInLine("£20.00 £12.00", new Set(["£12.00"]))).toBeNull();
    expect(wasNowInLine("£20.00 £12.00", new Set(["£12.00", "£20.00"]))).toBeNull();
  });
});

describe("the price of a whole mail", () => {
  it("takes the headline's, then the body's single price", () => {
    expect(wasNowOfMail(["Boots: $79 instead of $129"], ["Coats: $50 instead of $90"])).toEqual(price("USD", 7900, 12900));
    expect(wasNowOfMail(["Big sale"], ["Intro", "Coats: $50 instead of $90", "Again: $50 instead of $90"])).toEqual(price("USD", 5000, 9000));
  });

  it("reads none from a catalogue of several prices", () => {
    expect(wasNowOfMail(["Big sale"], ["Coats: $50 instead of $90", "Boots: $79 instead of $129"])).toBeNull();
  });
});

describe("a price's rules and words", () => {
  it("keeps only an old price above a new one above nothing, within the cap", () => {
    expect(validPrice(price("USD", 0, 100))).toBeNull();
    expect(validPrice(price("USD", 100, 100))).toBeNull();
    expect(validPrice(price("USD", 100, 100_000_001))).toBeNull();
    expect(validPrice(price("usd", 100, 200))).toBeNull();
    expect(validPrice(price("USD", 100.5, 200))).toBeNull();
    expect(validPrice(price("USD", 100, 200))).toEqual(price("USD", 100, 200));
  });

  it("says the line the card shows", () => {
    expect(priceLine(price("USD", 3599, 5999))).toEqual({ now: "$35.99", was: "$59.99", saving: "$24.00" });
    expect(priceLine(price("EUR", 123456, 149900))).toEqual({ now: "€1,234.56", was: "€1,499.00", saving: "€264.44" });
    expect(priceLine(price("JPY", 300000, 450000))).toEqual({ now: "¥3,000", was: "¥4,500", saving: "¥1,500" });
    expect(priceSentence(price("GBP", 1200, 2000))).toBe("£12.00, was £20.00: you save £8.00");
  });

  it("suggests what the price saves, else a stated amount off, else nothing", () => {
    expect(suggestedSaving({ price: price("USD", 3599, 5999), discount: "40% off" })).toEqual({ hundredths: 2400, currency: "USD" });
    expect(suggestedSaving({ discount: "$10 off" })).toEqual({ hundredths: 1000, currency: "USD" });
    expect(suggestedSaving({ discount: "$10 off $50" })).toEqual({ hundredths: 1000, currency: "USD" });
    expect(suggestedSaving({ discount: "€15 off" })).toEqual({ hundredths: 1500, currency: "EUR" });
    expect(suggestedSaving({ discount: "20% off" })).toBeNull();
    expect(suggestedSaving({ discount: "free shipping over $50" })).toBeNull();
    expect(suggestedSaving({ discount: null })).toBeNull();
  });
});
