import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { conditionOf, findCodeConditions } from "../../../server/extraction/codeConditions";
import { findTerms } from "../../../server/extraction/discount";
import { buildEmail } from "./email";

describe("conditionOf: one benefit, normalised", () => {
  it.each([
    ["SAVE10 — $10 off $50", "$10 off $50"],
    ["Use SAVE25 for $25.00 off $100+", "$25 off $100+"],
    ["$25 off $100 or more", "$25 off $100+"],
    ["Take 25% off orders of $100 or more", "25% off orders $100+"],
    ["20% off when you spend $80", "20% off orders $80+"],
    ["Spend $75, get $15 off", "$15 off orders $75+"],
    ["15 % off your first order", "15% off first order"],
    ["10 € Rabatt ab 50 €", "€10 off orders €50+"],
    ["Extra 30% off sale styles", "30% off"],
    ["Free shipping on orders over $35", "free shipping on orders $35+"],
    ["20% off + free shipping", "20% off + free shipping"],
    // A percent after a verb of saving, or written as a minus, in each language we read.
    ["Use code PAGE50 to save 50% on your first year", "50% off"],
    ["Mit WINTER10 sparst du 10 % auf Jacken", "10% off"],
    ["Mit dem Gutscheincode HERBST15 sparen Sie 15 % auf alle Töpfe", "15% off"],
    ["Avec le code BRISE25, profitez de -25 % sur les manteaux", "25% off"],
    ["Save 15% with code PAWS15, plus free shipping over $49", "15% off + free shipping on orders $49+"],
    // A minimum after free shipping is the delivery's ("20% off orders $50+" would hold the code back from smaller carts).
    ["20% off with SAVE20 + free shipping on orders of $50 or more", "20% off + free shipping on orders $50+"],
    ["10 € Rabatt mit WINTER10 und kostenloser Versand ab 50 €", "€10 off + free shipping"],
    ["Spare 15 € ab einem Einkauf von 75 € mit dem Code HERBST15", "€15 off orders €75+"],
    ["10 € offerts dès 50 € d'achat avec le code AUTOMNE10", "€10 off orders €50+"],
    ["Use code SAVE20 for 20 percent off", "20% off"],
    ["Take $20 off every $100 you spend with code STACK20", "$20 off every $100"],
    // A saving with the spend it needs, "up to" kept, and money as the product writes it whatever the currency.
    ["Save $20 when you spend $100 with code TWENTY", "$20 off orders $100+"],
    ["Save 15% on orders over $75 with code FIFTEEN", "15% off orders $75+"],
    ["Up to 50% off with code HALF", "up to 50% off"],
    ["CHF 20 Rabatt ab CHF 100 mit dem Code ZUERICH", "CHF\u00a020 off orders CHF\u00a0100+"],
    ["Save C$15 on orders over C$75 with code MAPLE", "CA$15 off orders CA$75+"],
    ["£20 off when you spend £100", "£20 off orders £100+"],
    ["20 GBP off with code TWENTY", "£20 off"],
    ["10 € Rabatt ab 1.000 € Bestellwert", "€10 off orders €1,000+"],
    ["Avec le code AUTOMNE, 10 € de réduction à partir de 60 €", "€10 off orders €60+"],
    // A multi-buy's percent is one item's: the condition says so, as the discount does.
    ["Use code BOGO50: BOGO 50% off", "buy one, get one 50% off"],
    ["Buy one, get one half off with code PAIR", "buy one, get one half off"],
    ["Code SHIPFAST for free 2-day shipping", "free shipping"],
  ])("%s gives %s", (clause, condition) => {
    expect(conditionOf(clause)).toBe(condition);
  });

  it("gives nothing for two discounts, whose owner is not plain, nor for a clause without a benefit", () => {
    expect(conditionOf("$10 off $50 and $25 off $100")).toBeNull();
    expect(conditionOf("-10 % sur les vestes, -20 % sur les manteaux")).toBeNull();
    expect(conditionOf("Up to 70% off + an extra 20% with code EXTRA20")).toBeNull();
    expect(conditionOf("Use code HELLO at checkout")).toBeNull();
  });
});

describe("findCodeConditions", () => {
  it("ties each code to the tier on its own line, whichever side the code is on", () => {
    const body = "Spend more, save more\n$10 off $50+: use code BRONZE10\nSILVER25 – $25 off $100+\nEnds Monday.";
    expect(findCodeConditions(body, ["BRONZE10", "SILVER25"])).toEqual([
      { code: "BRONZE10", condition: "$10 off $50+" },
      { code: "SILVER25", condition: "$25 off $100+" },
    ]);
  });

  it("cuts a line that lists several tiers between them", () => {
    expect(findCodeConditions("Use SAVE10 for $10 off $50 or SAVE20 for $20 off $100", ["SAVE10", "SAVE20"])).toEqual([
      { code: "SAVE10", condition: "$10 off $50" },
      { code: "SAVE20", condition: "$20 off $100" },
    ]);
    expect(findCodeConditions("$10 off $50 with TIER1X; $20 off $100 with TIER2X", ["TIER1X", "TIER2X"])).toEqual([
      { code: "TIER1X", condition: "$10 off $50" },
      { code: "TIER2X", condition: "$20 off $100" },
    ]);
  });

  it("ties codes alone in boxes to their tier lines when every box has its tier on the same side", () => {
    const above = "$10 off $50+\nSAVE10\n$25 off $100+\nSAVE25\nShop now";
    const below = "Pick your reward\nSAVE10\n$10 off $50+\nSAVE25\n$25 off $100+";
    const expected = [
      { code: "SAVE10", condition: "$10 off $50+" },
      { code: "SAVE25", condition: "$25 off $100+" },
    ];
    expect(findCodeConditions(above, ["SAVE10", "SAVE25"])).toEqual(expected);
    expect(findCodeConditions(below, ["SAVE10", "SAVE25"])).toEqual(expected);
  });

  it("reads a labelled code line as a box, and a tier in the fine print's long line sentence by sentence", () => {
    const body = [
      "$20 off $100+",
      "Use code GRAB20",
      "$50 off $200+",
      "Use code GRAB50",
      "Offer ends Sunday. Use code GRAB20 for $20 off a qualifying order of $100 or more, or code GRAB50 for $50 off a qualifying order of $200 or more, before taxes and shipping. Limit one code per order.",
    ].join("\n");
    expect(findCodeConditions(body, ["GRAB20", "GRAB50"])).toEqual([
      { code: "GRAB20", condition: "$20 off orders $100+" },
      { code: "GRAB50", condition: "$50 off orders $200+" },
    ]);
    expect(findCodeConditions("Spend $100+ $15 off use GIFT15\nSpend $200+ $40 off use GIFT40", ["GIFT15", "GIFT40"])).toEqual([
      { code: "GIFT15", condition: "$15 off orders $100+" },
      { code: "GIFT40", condition: "$40 off orders $200+" },
    ]);
  });

  it("takes no cap for a condition: the code's sentence states none", () => {
    expect(findCodeConditions("Enter promo FEAST40 at checkout. Max $15 off per order.", ["FEAST40"])).toEqual([]);
  });

  it("ties nothing where the layout could be read either way", () => {
    // Each box has a tier line above and below it: which one is its own is not plain.
    const body = "$10 off $50+\nSAVE10\n$25 off $100+\nSAVE25\n$40 off $150+";
    expect(findCodeConditions(body, ["SAVE10", "SAVE25"])).toEqual([]);
  });

  it("ties nothing when the code and the benefit are in different sentences on different lines", () => {
    expect(findCodeConditions("Use code HELLO at checkout.\nEverything is 30% off this week.", ["HELLO"])).toEqual([]);
  });

  it("gives nothing for a code that is not in the body as a whole word", () => {
    expect(findCodeConditions("Use SAVE100 for $10 off $50", ["SAVE10"])).toEqual([]);
  });
});

describe("extractDeals: codeConditions", () => {
  it("reads the tiers of an ESP table, one cell per tier", async () => {
    const html = `<table role="presentation">
      <tr><td style="padding:12px"><p>$15 off $75+</p></td><td><div style="border:2px dashed #333">MAPLE15</div></td></tr>
      <tr><td style="padding:12px"><p>$40 off $150+</p></td><td><div style="border:2px dashed #333">MAPLE40</div></td></tr>
      </table><p>Use your code at checkout. Ends Sunday.</p>`;
    const deal = (await extractDeals(buildEmail({ subject: "Spend more, save more", html }))).deals[0];
    expect(deal?.promoCodes).toEqual(["MAPLE15", "MAPLE40"]);
    expect(deal?.codeConditions).toEqual([
      { code: "MAPLE15", condition: "$15 off $75+" },
      { code: "MAPLE40", condition: "$40 off $150+" },
    ]);
  });

  it("takes a markup offer's own description as its code's condition", async () => {
    const jsonLd = '{"@context":"http://schema.org/","@type":"DiscountOffer","discountCode":"MARK25","description":"25% off orders over $120"}';
    const html = `<script type="application/ld+json">${jsonLd}</script><p>Our spring event is on. Use code MARK25 at checkout.</p>`;
    expect((await extractDeals(buildEmail({ html }))).deals[0]?.codeConditions).toEqual([{ code: "MARK25", condition: "25% off orders $120+" }]);
  });

  it("is empty when the mail ties no condition to its code", async () => {
    const html = "<h1>Our biggest sale: 30% off everything</h1><p>Already a member? Use code HELLOAGAIN at checkout.</p>";
    const deal = (await extractDeals(buildEmail({ html }))).deals[0];
    expect(deal?.promoCodes).toEqual(["HELLOAGAIN"]);
    expect(deal?.codeConditions).toEqual([]);
  });

  it("reads the tiers of the hand-written fixture", async () => {
    const raw = readFileSync(new URL("../../fixtures/extraction/tiered-codes.eml", import.meta.url));
    expect((await extractDeals(raw)).deals[0]?.codeConditions).toEqual([
      { code: "BRONZE10", condition: "$10 off $50+" },
      { code: "SILVER25", condition: "$25 off $100+" },
    ]);
  });
});

describe("findTerms: the fine print a card shows, as short phrases", () => {
  it("names each kind of term once, in its own words", () => {
    const fine =
      "Valid on orders of $75 or more. New customers only. One code per order. Cannot be combined with other offers. " +
      "Full-price items only. Members only.";
    expect(findTerms(fine)).toEqual([
      "Minimum spend $75",
      "New customers only",
      "Members only",
      "One code per order",
      "Cannot be combined with other offers",
      "Full-price items only",
    ]);
    expect(findTerms("Limit one per household while supplies last.")).toEqual(["One per household", "While supplies last"]);
  });

  it("keeps an exclusion list whole to its sentence's end, prices and abbreviations included", () => {
    expect(findTerms("Excludes samples ($4.99 each), quarts and primers. Ends Sunday.")).toEqual(["Excludes samples ($4.99 each), quarts and primers"]);
    expect(findTerms("Excludes gift cards, e.g. digital cards. Ends Sunday.")).toEqual(["Excludes gift cards, e.g. digital cards"]);
  });

  it("cuts a long exclusion list at a word, without a bracket left open", () => {
    const long = `Excludes ${"items of a long named collection, ".repeat(3)}(see the full list on our site for every excluded item) and gift cards.`;
    const [term] = findTerms(long);
    expect(term!.length).toBeLessThanOrEqual(120);
    expect(term).not.toMatch(/[(,\s]$/);
    expect(term!.split("(").length).toBe(term!.split(")").length);
  });
});
