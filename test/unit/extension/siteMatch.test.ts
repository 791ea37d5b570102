import { describe, expect, it } from "vitest";
import { codeCount, currentDeals, dealsForHost, newDeals, personToday, registrableDomainOf, searchDeals, type SiteDeal } from "../../../extension/src/domain/siteMatch";

const deal = (overrides: Partial<SiteDeal>): SiteDeal => ({
  id: "d1",
  brand: "Brindlemart",
  brandDomain: "brindlemart.com",
  title: "Tiered savings",
  discount: "$10 off $50",
  expirationDate: null,
  codes: [{ code: "SAVE10", condition: "$10 off $50" }],
  ...overrides,
});

const today = new Date("2026-03-10T12:00:00Z");

describe("matching the current site, locally", () => {
  it("reduces hosts to their registrable domain", () => {
    expect(registrableDomainOf("www.shop.brindlemart.co.uk")).toBe("brindlemart.co.uk");
    expect(registrableDomainOf("127.0.0.1")).toBeNull();
    expect(registrableDomainOf("localhost")).toBeNull();
  });

  it("offers the brand's live deals on any of its hosts, never another brand's or an expired one", () => {
    const deals = [
      deal({ id: "live" }),
      deal({ id: "ended", expirationDate: "2026-03-09" }),
      deal({ id: "other", brandDomain: "linenbay.com" }),
      deal({ id: "lookalike", brandDomain: "brindlemart.com.evil.example" }),
    ];
    expect(dealsForHost(deals, "checkout.brindlemart.com", today).map((found) => found.id)).toEqual(["live"]);
    expect(dealsForHost(deals, "brindlemart.com.evil.example", today).map((found) => found.id)).toEqual([]);
    expect(dealsForHost(deals, "127.0.0.1", today)).toEqual([]);
  });

  it("counts codes for the badge", () => {
    expect(codeCount([deal({}), deal({ codes: [{ code: "A", condition: null }, { code: "B", condition: null }] })])).toBe(3);
  });

  it("searches brand, title and codes with every word", () => {
    const deals = [deal({ id: "a" }), deal({ id: "b", brand: "Linenbay", brandDomain: "linenbay.com", title: "Sheets", codes: [{ code: "SLEEP20", condition: null }] })];
    expect(searchDeals(deals, "sleep").map((found) => found.id)).toEqual(["b"]);
    expect(searchDeals(deals, "brindle save10").map((found) => found.id)).toEqual(["a"]);
    expect(searchDeals(deals, "  ").map((found) => found.id)).toEqual(["a", "b"]);
  });

  it("finds the deals that are new since the last sync", () => {
    expect(newDeals(["a"], [deal({ id: "a" }), deal({ id: "b" })]).map((found) => found.id)).toEqual(["b"]);
  });
});

describe("the person's day for the codes kept", () => {
  const lastDay = deal({ id: "last-day", expirationDate: "2026-03-10" });

  it("is their day in the zone the server sent, not UTC's, so a code is offered until their own midnight", () => {
    // 2026-03-11 01:00 UTC is still the 10th in Los Angeles, and already the 11th in Auckland at 2026-03-10 11:30 UTC.
    const inLosAngeles = { today: "2026-03-10", timeZone: "America/Los_Angeles" };
    expect(personToday(inLosAngeles, new Date("2026-03-11T01:00:00Z"))).toEqual(new Date("2026-03-10T00:00:00Z"));
    expect(currentDeals([lastDay], personToday(inLosAngeles, new Date("2026-03-11T01:00:00Z"))).map((found) => found.id)).toEqual(["last-day"]);
    const inAuckland = { today: "2026-03-10", timeZone: "Pacific/Auckland" };
    expect(personToday(inAuckland, new Date("2026-03-10T11:30:00Z"))).toEqual(new Date("2026-03-11T00:00:00Z"));
    expect(dealsForHost([lastDay], "brindlemart.com", personToday(inAuckland, new Date("2026-03-10T11:30:00Z")))).toEqual([]);
  });

  it("is the server's day when this browser does not know the zone, and UTC's for codes kept before answers had one", () => {
    expect(personToday({ today: "2026-03-10", timeZone: "Mars/Olympus" }, new Date("2026-03-12T00:00:00Z"))).toEqual(new Date("2026-03-10T00:00:00Z"));
    expect(personToday({}, new Date("2026-03-11T01:00:00Z"))).toEqual(new Date("2026-03-11T00:00:00Z"));
    expect(personToday(null, new Date("2026-03-11T01:00:00Z"))).toEqual(new Date("2026-03-11T00:00:00Z"));
  });
});
