import { describe, expect, it } from "vitest";
import { codeConditionOf, headlineDiscount } from "../../../src/domain/deal";
import { DEFAULT_SORT, parseSortOrder, savingPercent, sortDealsBy, SORT_ORDERS } from "../../../src/domain/dealOrder";
import { tallyCategories, NO_FILTERS } from "../../../src/domain/dealSearch";
import { hasOwnImage } from "../../../src/domain/stockImages";
import { sampleDeal as deal } from "../../../src/ui/pages/dashboard/fixtures";

const TODAY = new Date("2025-10-10T12:00:00Z");
const ids = (deals: readonly { id: string }[]) => deals.map((each) => each.id);

describe("the sort order in the URL", () => {
  it("reads each known order and falls back to ending soonest for anything else", () => {
    for (const order of SORT_ORDERS) expect(parseSortOrder(order)).toBe(order);
    expect(parseSortOrder(null)).toBe("ending-soon");
    expect(parseSortOrder("")).toBe(DEFAULT_SORT);
    expect(parseSortOrder("NEWEST")).toBe(DEFAULT_SORT);
    expect(parseSortOrder("<script>")).toBe(DEFAULT_SORT);
  });
});

describe("the saving a deal states, as a share of an order in percent", () => {
  it.each([
    ["25% off everything", null, 25],
    ["Up to 70% off, today only", null, 70],
    ["Summer sale", "15 % off", 15],
    ["$10 off $50", null, 20],
    ["$10 off orders over $50", null, 20],
    ["£20 off when you spend £100", null, 20],
    ["Spend $200, get $60 off", null, 30],
    ["Save €5 on €25", null, 20],
    // As the extractor writes money in other currencies ("CHF 20", "CA$15").
    ["Winter sale", "CHF\u00a020 off CHF\u00a0100", 20],
    ["Winter sale", "CA$15 off CA$75", 20],
    ["$30 off your next visit", null, 30],
    ["$1,000 off a new sofa", null, 100],
    ["Half price pizzas", null, 50],
    ["BOGO on every candle", null, 50],
    ["Buy one, get one free", null, 50],
    ["Vitamins: buy one, get one half off", null, 25],
    ["BOGO 50% off all socks", null, 25],
    ["Tees", "buy one, get one 40% off", 20],
    ["Candles", "buy 2, get the third 30% off", 10],
    ["Boots", "buy one, get one half off", 25],
    ["20% off, or $10 off $25", null, 40],
    ["Free shipping this weekend", null, null],
    ["A gift with every order", null, null],
  ] as const)("%s (discount %s) counts as %s", (title, discount, expected) => {
    expect(savingPercent(deal({ title, discount }))).toBe(expected);
  });

  it("keeps the largest of the title, the discount and each code's condition", () => {
    const tiered = deal({
      title: "Save more when you spend more",
      codeConditions: [
        { code: "SAVE10", condition: "$10 off $50" },
        { code: "SAVE25", condition: "$25 off $100" },
        { code: "SAVE60", condition: "$60 off $200" },
      ],
    });
    expect(savingPercent(tiered)).toBe(30);
  });

  it("never takes an amount off as more than the spend it needs", () => {
    expect(savingPercent(deal({ title: "$80 off $50 gift cards" }))).toBe(80);
  });
});

describe("the dashboard's orders", () => {
  const deals = [
    deal({ id: "expired-big", brand: "Alder", title: "90% off", expirationDate: "2025-10-01", sentAt: "2025-10-09T10:00:00.000Z" }),
    deal({ id: "undated", brand: "beacon", title: "10% off", sentAt: "2025-10-08T10:00:00.000Z" }),
    deal({ id: "later", brand: "Cobalt", title: "$30 off", expirationDate: "2025-12-01", sentAt: null }),
    deal({ id: "soon", brand: "alder", title: "Free shipping", expirationDate: "2025-10-12", sentAt: "2025-10-01T10:00:00.000Z" }),
    deal({ id: "soonest", brand: "Brook", title: "50% off", expirationDate: "2025-10-11", sentAt: "2025-10-09T10:00:00.000Z" }),
  ];

  it("ending soonest is the default order: soonest first, undated after dated, expired last", () => {
    expect(ids(sortDealsBy(deals, "ending-soon", TODAY))).toEqual(["soonest", "soon", "later", "undated", "expired-big"]);
  });

  it("newest puts the latest email first, deals without a date after, ties in the default order, expired last", () => {
    expect(ids(sortDealsBy(deals, "newest", TODAY))).toEqual(["soonest", "undated", "soon", "later", "expired-big"]);
  });

  it("biggest saving puts the largest share first and deals stating none after, expired last", () => {
    expect(ids(sortDealsBy(deals, "saving", TODAY))).toEqual(["soonest", "later", "undated", "soon", "expired-big"]);
  });

  it("brand A–Z ignores case, keeps one brand's deals in the default order, expired last", () => {
    const sorted = sortDealsBy([...deals, deal({ id: "alder-later", brand: "Alder", expirationDate: "2025-11-01" })], "brand", TODAY);
    expect(ids(sorted)).toEqual(["soon", "alder-later", "undated", "soonest", "later", "expired-big"]);
  });

  it("leaves the list it was given alone", () => {
    const given = [...deals];
    sortDealsBy(given, "saving", TODAY);
    expect(given).toEqual(deals);
  });
});

describe("a card's codes and headline", () => {
  const tiered = deal({
    title: "Up to $60 off",
    discount: "$10 off $50",
    promoCode: "SAVE10,SAVE25",
    codeConditions: [
      { code: "SAVE10", condition: "$10 off $50" },
      { code: "save25", condition: "$25 off $100" },
    ],
  });

  it("finds each code's condition, whatever its case, and none for a code without one", () => {
    expect(codeConditionOf(tiered, "SAVE25")).toBe("$25 off $100");
    expect(codeConditionOf(tiered, "OTHER")).toBeNull();
  });

  it("shows no headline discount when codes have tiers, which would contradict all but one of them", () => {
    expect(headlineDiscount(tiered)).toBeNull();
    expect(headlineDiscount(deal({ discount: "25% off" }))).toBe("25% off");
    expect(headlineDiscount(deal({ discount: "$10 off $50", codeConditions: [{ code: "SAVE10", condition: "$10 off $50" }] }))).toBe("$10 off $50");
  });

  it("knows a deal with no image of its own worth trying", () => {
    expect(hasOwnImage(deal({ imageUrls: [] }))).toBe(false);
  });
});

describe("the category chips' counts", () => {
  const deals = [
    deal({ id: "a", category: "Home", title: "Sofa sale", expirationDate: "2025-10-12" }),
    deal({ id: "b", category: "Home", title: "Rugs", expirationDate: "2025-12-01" }),
    deal({ id: "c", category: "Pets", title: "Sofa for cats", promoCode: "PURR5" }),
  ];

  it("count every deal with no filter", () => {
    const tally = tallyCategories(deals, NO_FILTERS, TODAY);
    expect(tally.total).toBe(3);
    expect(Object.fromEntries(tally.byCategory)).toEqual({ home: 2, pets: 1 });
  });

  it("follow the search and expiring-only, but not the category chosen", () => {
    const searched = tallyCategories(deals, { ...NO_FILTERS, search: "sofa", category: "Home" }, TODAY);
    expect(searched.total).toBe(2);
    expect(Object.fromEntries(searched.byCategory)).toEqual({ home: 1, pets: 1 });
    const byCode = tallyCategories(deals, { ...NO_FILTERS, search: "purr" }, TODAY);
    expect(Object.fromEntries(byCode.byCategory)).toEqual({ pets: 1 });
    const expiring = tallyCategories(deals, { ...NO_FILTERS, expiringOnly: true }, TODAY);
    expect(expiring.total).toBe(1);
    expect(Object.fromEntries(expiring.byCategory)).toEqual({ home: 1 });
  });
});
