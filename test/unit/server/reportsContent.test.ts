import { describe, expect, it } from "vitest";
import {
  dashboardPathOf,
  MAX_LISTED_PER_SECTION,
  reminderContent,
  reportWindow,
  weeklyReport,
  type ReportDeal,
} from "../../../server/application/reports/reportContent";
import { reportDealMaker } from "../../fixtures/reportDeals";

// Monday 30 November 2026, 8:00 in New York (13:00Z): "today" there is 2026-11-30.
const NOW = new Date("2026-11-30T13:00:00Z");
const ZONE = "America/New_York";
const LAST_REPORT = new Date("2026-11-23T13:00:00Z");

const deal = reportDealMaker((serial) => ({
  title: `Deal ${serial}`,
  brandId: "b-torq",
  promoCodes: [`CODE${serial}`],
  discount: "20% off",
  foundAt: new Date("2026-11-25T10:00:00Z"),
}));

const report = (deals: ReportDeal[], lastReportAt: Date | null = LAST_REPORT, now = NOW, timeZone = ZONE) => {
  const built = weeklyReport({ deals, lastReportAt, now, timeZone });
  if (built.kind !== "report") throw new Error("expected a report");
  return built;
};
const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe("the weekly report", () => {
  it("lists codes ending in the next 7 days first, soonest first, then new deals, newest first", () => {
    const later = deal({ title: "ends in 7", expirationDate: "2026-12-07", foundAt: new Date("2026-10-01T00:00:00Z") });
    const today = deal({ title: "ends today", expirationDate: "2026-11-30", foundAt: new Date("2026-10-01T00:00:00Z") });
    const newer = deal({ title: "newer", foundAt: new Date("2026-11-29T00:00:00Z") });
    const older = deal({ title: "older", expirationDate: "2026-12-20", foundAt: new Date("2026-11-24T00:00:00Z") });
    const built = report([later, older, today, newer]);
    expect(titles(built.expiringSoon.items)).toEqual(["ends today", "ends in 7"]);
    expect(built.expiringSoon.items.map((item) => item.daysLeft)).toEqual([0, 7]);
    expect(titles(built.newDeals.items)).toEqual(["newer", "older"]);
    expect(built.dealCount).toBe(4);
  });

  it("lists a new deal that ends soon once, among the ending ones", () => {
    const both = deal({ title: "new and ending", expirationDate: "2026-12-02", foundAt: new Date("2026-11-29T00:00:00Z") });
    const built = report([both]);
    expect(titles(built.expiringSoon.items)).toEqual(["new and ending"]);
    expect(built.newDeals.items).toEqual([]);
  });

  it("leaves out deals of brands switched off, deals marked used or not working, and ended deals", () => {
    const kept = deal({ title: "kept" });
    const built = report([
      kept,
      deal({ title: "brand off", brandActive: false }),
      deal({ title: "used", status: "used" }),
      deal({ title: "did not work", status: "not_working", expirationDate: "2026-12-01" }),
      deal({ title: "ended yesterday", expirationDate: "2026-11-29" }),
    ]);
    expect([...titles(built.expiringSoon.items), ...titles(built.newDeals.items)]).toEqual(["kept"]);
  });

  it("leaves out deals found before the last report unless they end soon", () => {
    const old = deal({ title: "old", foundAt: new Date("2026-11-20T00:00:00Z") });
    const oldEnding = deal({ title: "old, ending", expirationDate: "2026-12-03", foundAt: new Date("2026-11-01T00:00:00Z") });
    const built = report([old, oldEnding]);
    expect(titles(built.expiringSoon.items)).toEqual(["old, ending"]);
    expect(built.newDeals.items).toEqual([]);
  });

  it("reads today in the person's time zone: a deal ending on the UTC date is not yet over in New York", () => {
    // 03:00Z on 1 December is still 30 November in New York, but 1 December in Berlin.
    const lateNight = new Date("2026-12-01T03:00:00Z");
    const endsNov30 = deal({ title: "ends 30 Nov", expirationDate: "2026-11-30", foundAt: new Date("2026-10-01T00:00:00Z") });
    expect(titles(report([endsNov30], LAST_REPORT, lateNight, "America/New_York").expiringSoon.items)).toEqual(["ends 30 Nov"]);
    expect(weeklyReport({ deals: [endsNov30], lastReportAt: LAST_REPORT, now: lateNight, timeZone: "Europe/Berlin" })).toEqual({ kind: "nothing" });
  });

  it("counts 8 days ahead as not ending soon (the dashboard's 7-day window)", () => {
    const eightDays = deal({ title: "8 days", expirationDate: "2026-12-08", foundAt: new Date("2026-10-01T00:00:00Z") });
    expect(weeklyReport({ deals: [eightDays], lastReportAt: LAST_REPORT, now: NOW, timeZone: ZONE })).toEqual({ kind: "nothing" });
  });

  it("with no report sent yet, counts the last week's finds as new", () => {
    expect(reportWindow(null, NOW, ZONE)).toEqual({ today: "2026-11-30", foundSince: new Date("2026-11-23T13:00:00Z") });
    const lastWeek = deal({ title: "found 3 days ago", foundAt: new Date("2026-11-27T00:00:00Z") });
    const lastMonth = deal({ title: "found last month", foundAt: new Date("2026-10-27T00:00:00Z") });
    expect(titles(report([lastWeek, lastMonth], null).newDeals.items)).toEqual(["found 3 days ago"]);
  });

  it("says there is nothing to send when no deal qualifies", () => {
    expect(weeklyReport({ deals: [], lastReportAt: LAST_REPORT, now: NOW, timeZone: ZONE })).toEqual({ kind: "nothing" });
    expect(weeklyReport({ deals: [deal({ brandActive: false })], lastReportAt: LAST_REPORT, now: NOW, timeZone: ZONE })).toEqual({ kind: "nothing" });
  });

  it("totals every deal of the report by category, most first, ties in the dashboard's category order", () => {
    const built = report([
      deal({ category: "Pets" }),
      deal({ category: "Beauty" }),
      deal({ category: "Pets", expirationDate: "2026-12-01" }),
      deal({ category: "Automotive" }),
      deal({ category: "Fashion", status: "used" }),
    ]);
    expect(built.totals).toEqual([
      { category: "Pets", count: 2 },
      { category: "Automotive", count: 1 },
      { category: "Beauty", count: 1 },
    ]);
  });

  it("lists at most 20 deals a section and counts the rest, which the totals still include", () => {
    const many = Array.from({ length: MAX_LISTED_PER_SECTION + 5 }, () => deal());
    const built = report(many);
    expect(built.newDeals.items).toHaveLength(MAX_LISTED_PER_SECTION);
    expect(built.newDeals.more).toBe(5);
    expect(built.totals).toEqual([{ category: "Automotive", count: MAX_LISTED_PER_SECTION + 5 }]);
  });

  it("gives each deal its codes and a link to its own address, which opens its Details", () => {
    const withCodes = deal({ promoCodes: ["SAVE10", "SAVE20"], brandDomain: "shop.example.co.uk" });
    const [item] = report([withCodes]).newDeals.items;
    expect(item!.codes).toEqual(["SAVE10", "SAVE20"]);
    expect(item!.dashboardPath).toBe(`/dashboard?deal=${withCodes.id}`);
    expect(dashboardPathOf({ id: "a&b=c" })).toBe("/dashboard?deal=a%26b%3Dc");
  });

  it("opens with up to five picks, ending soonest with the biggest saving, each listed once", () => {
    const soonSmall = deal({ title: "Soon, small", discount: "10% off", expirationDate: "2026-12-01" });
    const soonBig = deal({ title: "Soon, big", discount: "40% off", expirationDate: "2026-12-03" });
    const later = Array.from({ length: 6 }, (_, index) => deal({ title: `Later ${index}`, discount: `${20 + index}% off`, expirationDate: "2027-01-15" }));
    const built = report([...later, soonSmall, soonBig]);
    expect(titles(built.picks)).toEqual(["Soon, big", "Soon, small", "Later 5", "Later 4", "Later 3"]);
    const rest = built.brands.flatMap((group) => group.items);
    expect(titles(rest).sort()).toEqual(["Later 0", "Later 1", "Later 2"]);
    expect(built.picks.concat(rest)).toHaveLength(built.dealCount);
  });

  it("groups the rest by brand, A to Z, each brand's soonest end first, and lists at most 20 after the picks", () => {
    const zeta = deal({ title: "Zeta deal", brand: "zeta", brandId: "b-zeta", discount: null });
    const alphaLate = deal({ title: "Alpha later", brand: "Alpha", brandId: "b-alpha", discount: null, expirationDate: "2027-02-01" });
    const alphaSoon = deal({ title: "Alpha soon", brand: "Alpha", brandId: "b-alpha", discount: null, expirationDate: "2026-12-02" });
    const fillers = Array.from({ length: 5 }, (_, index) => deal({ title: `Pick ${index}`, brand: "Mid", brandId: "b-mid", discount: "50% off" }));
    const built = report([zeta, alphaLate, alphaSoon, ...fillers]);
    expect(titles(built.picks)).toEqual(expect.arrayContaining(["Alpha soon"]));
    expect(built.brands.map((group) => [group.brand, titles(group.items)])).toEqual([
      ["Alpha", ["Alpha later"]],
      ["Mid", ["Pick 4"]],
      ["zeta", ["Zeta deal"]],
    ]);

    const many = report(Array.from({ length: 30 }, () => deal()));
    expect(many.picks).toHaveLength(5);
    expect(many.brands.flatMap((group) => group.items)).toHaveLength(20);
    expect(many.more).toBe(5);
  });

  it("keeps the deals that end soonest when it cuts the list, whatever their brand's place in the alphabet", () => {
    const picks = Array.from({ length: 5 }, (_, index) =>
      deal({ title: `Pick ${index}`, brand: "Mid", brandId: "b-mid", discount: "50% off", expirationDate: "2026-12-03" }),
    );
    const lasting = Array.from({ length: 20 }, (_, index) =>
      deal({ title: `Lasting ${index}`, brand: "Aardvark", brandId: "b-aardvark", discount: null, expirationDate: "2027-01-20" }),
    );
    const endsToday = deal({ title: "Ends today", brand: "Zephyr", brandId: "b-zephyr", discount: "10% off", expirationDate: "2026-11-30" });
    const built = report([...picks, ...lasting, endsToday]);
    expect(titles(built.picks)).not.toContain("Ends today");
    expect(built.brands.map((group) => group.brand)).toEqual(["Aardvark", "Zephyr"]);
    expect(titles(built.brands.at(-1)!.items)).toEqual(["Ends today"]);
    expect(built.brands[0]!.items).toHaveLength(19);
    expect(built.more).toBe(1);
  });

  it("says which deals are new: since the last report, since joining before any, and for a test report", () => {
    expect(report([deal()]).since).toBe("last-report");
    expect(report([deal()], null).since).toBe("joined");
    const test = (weeklySentBefore: boolean) => weeklyReport({ deals: [deal()], lastReportAt: null, now: NOW, timeZone: ZONE, test: { weeklySentBefore } });
    expect(test(false)).toMatchObject({ test: true, since: "joined" });
    expect(test(true)).toMatchObject({ test: true, since: "past-week" });
    expect(report([deal()]).test).toBe(false);
  });
});

describe("a reminder", () => {
  it("carries the deal with its days left", () => {
    const starred = deal({ title: "starred", expirationDate: "2026-12-01" });
    const content = reminderContent(starred, NOW, ZONE);
    expect(content.kind).toBe("reminder");
    if (content.kind === "reminder") expect(content.item).toMatchObject({ title: "starred", daysLeft: 1, codes: starred.promoCodes });
  });

  it("is not sent for a deal marked, of a brand switched off, ended, or with no end date", () => {
    for (const changed of [
      { status: "used" as const, expirationDate: "2026-12-01" },
      { brandActive: false, expirationDate: "2026-12-01" },
      { expirationDate: "2026-11-29" },
      { expirationDate: null },
    ]) {
      expect(reminderContent(deal(changed), NOW, ZONE), JSON.stringify(changed)).toEqual({ kind: "nothing" });
    }
  });
});
