import { describe, expect, it } from "vitest";
import { emailsPerWeek, matchesShowFilter, typicalPercentOff, type DealShowFilter } from "../../../src/domain/dealDetail";
import { filterDeals, NO_FILTERS } from "../../../src/domain/dealSearch";

describe("a brand's typical discount", () => {
  it("is the median of each deal's largest percent, whole, ignoring deals without one", () => {
    expect(typicalPercentOff(["20% off", "Free shipping", null, "Up to 40% off", "30% off"])).toBe(30);
    expect(typicalPercentOff(["15% off", "20% off"])).toBe(18);
    expect(typicalPercentOff(["$10 off", null])).toBeNull();
    expect(typicalPercentOff([])).toBeNull();
  });
});

describe("how often a brand mails", () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

  it("is its emails per week over the period, at least one week", () => {
    expect(emailsPerWeek(6, day("2026-10-01"), day("2026-10-29"))).toBe(1.5);
    expect(emailsPerWeek(3, day("2026-10-01"), day("2026-10-02"))).toBe(3);
    expect(emailsPerWeek(1, day("2026-01-01"), day("2026-12-31"))).toBe(0);
    expect(emailsPerWeek(0, day("2026-10-01"), day("2026-10-29"))).toBe(0);
    expect(emailsPerWeek(4, null, null)).toBe(0);
  });
});

describe("the Show filter", () => {
  const today = new Date("2026-11-20T00:00:00Z");
  it("lists usable deals in the current view, expired ones in their own, and each mark under its own list", () => {
    expect(matchesShowFilter({ status: null, expirationDate: null }, "current", today)).toBe(true);
    expect(matchesShowFilter({ status: null, expirationDate: "2026-11-19" }, "current", today)).toBe(false);
    expect(matchesShowFilter({ status: null, expirationDate: "2026-11-19" }, "expired", today)).toBe(true);
    expect(matchesShowFilter({ status: "used", expirationDate: null }, "current", today)).toBe(false);
    expect(matchesShowFilter({ status: "used", expirationDate: "2026-11-19" }, "expired", today)).toBe(false);
    expect(matchesShowFilter({ status: "used", expirationDate: null }, "used", today)).toBe(true);
    expect(matchesShowFilter({ status: "not_working", expirationDate: null }, "used", today)).toBe(false);
    expect(matchesShowFilter({ status: "not_working", expirationDate: null }, "not_working", today)).toBe(true);
  });
});

describe("the dashboard's filters with the Show filter", () => {
  const deals = [
    { id: "a", status: null, expirationDate: null },
    { id: "x", status: null, expirationDate: "2026-11-19" },
    { id: "u", status: "used" as const, expirationDate: null },
    { id: "n", status: "not_working" as const, expirationDate: null },
  ].map((deal) => ({ ...deal, title: "Boots", description: "", brand: "Nike", brandDomain: "nike.com", category: "Fashion" as const, promoCode: null }));
  const ids = (show?: DealShowFilter) => filterDeals(deals, { ...NO_FILTERS, ...(show ? { show } : {}) }, new Date("2026-11-20T00:00:00Z")).map((deal) => deal.id);

  it("shows the current deals unless asked for another list; never an expired one among them", () => {
    expect(ids()).toEqual(["a"]);
    expect(ids("current")).toEqual(["a"]);
    expect(ids("expired")).toEqual(["x"]);
    expect(ids("used")).toEqual(["u"]);
    expect(ids("not_working")).toEqual(["n"]);
  });
});
