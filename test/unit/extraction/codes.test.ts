import { describe, expect, it } from "vitest";
import { findBoxedCodes, findCodes, findColumnCodes, isCodeShaped } from "../../../server/extraction/codes";

const codes = (text: string) => findCodes(text).map((found) => found.code);

describe("findCodes: cues that introduce a code", () => {
  it.each([
    ["Use code SPRING24 for 20% off", ["SPRING24"]],
    ["Promo code: MAPLE10", ["MAPLE10"]],
    ["PROMO CODE: MAPLE10", ["MAPLE10"]],
    ["Coupon code:\nOTTER-5", ["OTTER-5"]],
    ["Your code\nHELLO15\nCopy it at checkout", ["HELLO15"]],
    ["Enter QUILL30 at checkout to save", ["QUILL30"]],
    ["Enter code QUILL30 at checkout", ["QUILL30"]],
    ["Mention code CLINIC15 when you call", ["CLINIC15"]],
    ["Apply TEAPOT12 in your cart", ["TEAPOT12"]],
    ["30% off with code LANTERN", ["LANTERN"]],
    ["Offer code FOXGLOVE7 on the funding page", ["FOXGLOVE7"]],
    ["Usa el código PINO20 al pagar", ["PINO20"]],
    ["Enter promo code at checkout: SEASIDE9", ["SEASIDE9"]],
    ["Use code [BIRCH25] today", ["BIRCH25"]],
    ["Enter “MAPLEWOOD” at checkout for 15% off", ["MAPLEWOOD"]],
    ["Apply 'Fern9' in your cart", ["Fern9"]],
    ["Here's 15% off your first order: HELLO15", ["HELLO15"]],
    ["$10 off orders over $50: Take10 (one per customer)", ["Take10"]],
    ["20% off everything: SHOP NOW", []],
    ["40% off outerwear: Style KO-2291", []],
  ])("%j gives %j", (text, expected) => {
    expect(codes(text)).toEqual(expected);
  });

  it("keeps the case the shopper must type", () => {
    expect(codes("Use code Welcome10 on your first order")).toEqual(["Welcome10"]);
  });

  it("finds every tier and every listed code, in reading order", () => {
    expect(codes("Spend $100 and use code TIERONE; spend $200 and use code TIERTWO.")).toEqual(["TIERONE", "TIERTWO"]);
    expect(codes("Codes SAVE5 and SHIPIT may be combined.")).toEqual(["SAVE5", "SHIPIT"]);
  });
});

describe("findCodes: things that are not promo codes", () => {
  it.each([
    "No code needed: prices as marked.",
    "No promo code required.",
    "Use code at checkout to save.",
    "USE CODE BELOW",
    "Your verification code: 902114",
    "Your verification code is AB12CD",
    "Enter the security code 55120 to sign in",
    "The buzzer code is 7781.",
    "ZIP code 94110",
    "Order code: ORD-55120",
    "Dress code: FORMAL",
    "Style code: KT-2291",
    "Promo code GRAB5 −$5.00",
    "Discount code SAVE10 applied",
    "FREE SHIPPING on orders over $50",
    "SKU 20418-BLU · Item #448-2210",
    "Call (555) 010-1234 or visit store #0412",
    "Colours: #5E7F5A and #EDE4D3",
    "One code per order. Cannot be combined with other codes.",
  ])("%j gives nothing", (text) => {
    expect(codes(text)).toEqual([]);
  });
});

describe("isCodeShaped", () => {
  it("accepts letters with digits and all-caps words", () => {
    expect(isCodeShaped("SAVE20")).toBe(true);
    expect(isCodeShaped("GIFTBOX")).toBe(true);
    expect(isCodeShaped("XK-7Q2-M9")).toBe(true);
    expect(isCodeShaped("FACE25")).toBe(true);
  });
  it("rejects numbers, hex colours, measurements, marketing words and ordinary words", () => {
    for (const token of ["482913", "5E7F5A", "EDE4D3", "3B3F42", "50ml", "SALE", "BOGO", "FREE", "checkout", "Below", "AT"]) expect(isCodeShaped(token)).toBe(false);
  });
});

describe("findCodes: tier lines", () => {
  it("reads a code set beside its tier's discount when the email speaks of codes", () => {
    const text = "Spend more, save more\n$10 off $50+ TIER10\n$25 off $100+ TIER25\nSAVE40 – 40% off $200+\nOne code per order.";
    expect(codes(text)).toEqual(["TIER10", "TIER25", "SAVE40"]);
  });
  it("ignores the same shape when nothing mentions a code", () => {
    expect(codes("$10 off $50+ KO-2291\nPrices as marked.")).toEqual([]);
    expect(codes("40% OFF\nStyle KO-2291")).toEqual([]);
  });
});

describe("findCodes: tier lines are only a discount and a code", () => {
  it("does not take a style number after a discount tag", () => {
    expect(codes("Use code SAVE5 for more.\n40% OFF Style # KO-2291\n50% OFF KO-3120 jacket")).toEqual(["SAVE5"]);
  });
});

describe("findCodes: headings after a code label", () => {
  it.each(["PROMO DETAILS", "COUPON TERMS apply", "PROMO CODE:\nENTER AT CHECKOUT", "Code: SEE BELOW"])("%j gives nothing", (text) => {
    expect(codes(text)).toEqual([]);
  });
});

describe("findColumnCodes: cells of a column headed Code", () => {
  const text = "Spend Save Code\nSpend $100 Save $15 TIERA15\nSpend $200 Save $40 TIERB40\nPromo code TIERC applied -$5.00";
  it("takes each code-shaped cell shown in the text, in the text's order", () => {
    expect(findColumnCodes(text, ["TIERB40", "TIERA15"]).map((found) => found.code)).toEqual(["TIERB40", "TIERA15"]);
  });

  it("leaves out cells that are sentences, plain numbers or codes already applied in a receipt", () => {
    expect(findColumnCodes(text, ["See terms below", "100", "TIERC"])).toEqual([]);
  });
});

describe("findBoxedCodes: a styled box after an action verb", () => {
  it("takes the box an action verb presents, even with no code word nearby", () => {
    const text = "Spend $50+ $5 off use OTTER5\nSpend $90+ $12 off use OTTER12";
    expect(findBoxedCodes(text, ["OTTER5", "OTTER12"]).map((found) => found.code)).toEqual(["OTTER5", "OTTER12"]);
  });
  it("still needs a cue: a box alone is not a code", () => {
    expect(findBoxedCodes("Our bestseller\nRQ4410\nin oak", ["RQ4410"])).toEqual([]);
  });
});
