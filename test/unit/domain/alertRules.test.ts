import { describe, expect, it } from "vitest";
import {
  alertBatch,
  alertPeriodKey,
  brandKey,
  checkNewRule,
  describeRule,
  MAX_ALERT_DEALS,
  MAX_ALERT_RULES,
  mayAlertAt,
  percentOffOf,
  reminderLeadLabel,
  ruleMatches,
  type AlertDeal,
  type AlertRule,
} from "../../../src/domain/alertRules";

let serial = 0;
const deal = (fields: Partial<AlertDeal> = {}): AlertDeal => ({
  id: `d${String(++serial).padStart(3, "0")}`,
  brand: "Nike",
  promoCodes: [],
  discount: null,
  expirationDate: "2026-12-20",
  status: null,
  brandShown: true,
  foundAt: new Date(`2026-11-27T${String(serial % 24).padStart(2, "0")}:00:00Z`),
  ...fields,
});

const NOBODY_FOLLOWED = new Set<string>();
const percentRule = (minPercent: number, brand: string | null): AlertRule => ({ kind: "percent", minPercent, brand });
const codeRule = (brand: string | null): AlertRule => ({ kind: "code", brand });

describe("which deal a rule picks", () => {
  it("takes a percent below the threshold out, and one at or above it in", () => {
    const rule = percentRule(30, "Nike");
    expect(ruleMatches(rule, deal({ discount: "29% off" }), NOBODY_FOLLOWED)).toBe(false);
    expect(ruleMatches(rule, deal({ discount: "30% off" }), NOBODY_FOLLOWED)).toBe(true);
    expect(ruleMatches(rule, deal({ discount: "Up to 45% OFF everything" }), NOBODY_FOLLOWED)).toBe(true);
    expect(ruleMatches(rule, deal({ discount: "100% free gift" }), NOBODY_FOLLOWED)).toBe(true);
  });

  it("gives a percent rule nothing to read in a deal that states no percent", () => {
    const rule = percentRule(5, "Nike");
    expect(ruleMatches(rule, deal({ discount: "$10 off $50" }), NOBODY_FOLLOWED)).toBe(false);
    expect(ruleMatches(rule, deal({ discount: null }), NOBODY_FOLLOWED)).toBe(false);
    expect(percentOffOf("10% off, or 25% off two")).toBe(25);
    expect(percentOffOf("Free shipping")).toBeNull();
    // Half off the second of two is a quarter off the pair, as the dashboard's "Biggest saving" reads it.
    expect(percentOffOf("buy one, get one 50% off")).toBe(25);
  });

  it("picks a deal with a code for a code rule, and never a sale without one", () => {
    const rule = codeRule("Nike");
    expect(ruleMatches(rule, deal({ promoCodes: ["SAVE10"] }), NOBODY_FOLLOWED)).toBe(true);
    expect(ruleMatches(rule, deal({ promoCodes: [], discount: "50% off" }), NOBODY_FOLLOWED)).toBe(false);
    expect(ruleMatches(rule, deal({ promoCodes: ["  "] }), NOBODY_FOLLOWED)).toBe(false);
  });

  it("reads brand names whatever their case, width and spacing, and no other brand", () => {
    const rule = codeRule("nike");
    expect(ruleMatches(rule, deal({ brand: "NIKE", promoCodes: ["A"] }), NOBODY_FOLLOWED)).toBe(true);
    expect(ruleMatches(rule, deal({ brand: "  Nike ", promoCodes: ["A"] }), NOBODY_FOLLOWED)).toBe(true);
    expect(ruleMatches(rule, deal({ brand: "ＮＩＫＥ", promoCodes: ["A"] }), NOBODY_FOLLOWED)).toBe(true);
    expect(ruleMatches(rule, deal({ brand: "Nike Golf", promoCodes: ["A"] }), NOBODY_FOLLOWED)).toBe(false);
    expect(brandKey("Marks  &  Spencer")).toBe(brandKey("marks & spencer"));
  });

  it("reads 'brands I follow' as the brands the person follows, in any case", () => {
    const followed = new Set([brandKey("Adidas")]);
    const rule = percentRule(30, null);
    expect(ruleMatches(rule, deal({ brand: "ADIDAS", discount: "40% off" }), followed)).toBe(true);
    expect(ruleMatches(rule, deal({ brand: "Nike", discount: "40% off" }), followed)).toBe(false);
    expect(ruleMatches(codeRule(null), deal({ brand: "adidas", promoCodes: ["X"] }), followed)).toBe(true);
  });
});

describe("one day's alert", () => {
  const today = "2026-11-27";

  it("holds the matching deals the person can still use, newest first, and leaves out expired, used and hidden ones", () => {
    const rules = [percentRule(30, "Nike")];
    const older = deal({ discount: "30% off", foundAt: new Date("2026-11-27T08:00:00Z") });
    const newer = deal({ discount: "50% off", foundAt: new Date("2026-11-27T09:00:00Z") });
    const endsToday = deal({ discount: "35% off", expirationDate: today, foundAt: new Date("2026-11-27T07:00:00Z") });
    const expired = deal({ discount: "70% off", expirationDate: "2026-11-26" });
    const used = deal({ discount: "70% off", status: "used" });
    const hidden = deal({ discount: "70% off", brandShown: false });
    const below = deal({ discount: "20% off" });
    const batch = alertBatch({ rules, deals: [older, expired, used, hidden, below, newer, endsToday], followed: NOBODY_FOLLOWED, alerted: new Set(), today });
    expect(batch.deals.map((picked) => picked.id)).toEqual([newer.id, older.id, endsToday.id]);
    expect(batch.more).toBe(0);
  });

  it("never carries a deal an earlier alert carried, nor one deal twice", () => {
    const first = deal({ promoCodes: ["A"] });
    const second = deal({ promoCodes: ["B"] });
    const batch = alertBatch({ rules: [codeRule("Nike"), percentRule(5, null)], deals: [first, second, first], followed: new Set([brandKey("Nike")]), alerted: new Set([first.id]), today });
    expect(batch.deals.map((picked) => picked.id)).toEqual([second.id]);
  });

  it("is empty without rules or without matches, so nothing is sent", () => {
    expect(alertBatch({ rules: [], deals: [deal({ promoCodes: ["A"] })], followed: NOBODY_FOLLOWED, alerted: new Set(), today }).deals).toEqual([]);
    expect(alertBatch({ rules: [codeRule("Adidas")], deals: [deal({ promoCodes: ["A"] })], followed: NOBODY_FOLLOWED, alerted: new Set(), today }).deals).toEqual([]);
  });

  it("lists at most MAX_ALERT_DEALS and counts the rest", () => {
    const deals = Array.from({ length: MAX_ALERT_DEALS + 3 }, () => deal({ promoCodes: ["A"] }));
    const batch = alertBatch({ rules: [codeRule("Nike")], deals, followed: NOBODY_FOLLOWED, alerted: new Set(), today });
    expect(batch.deals).toHaveLength(MAX_ALERT_DEALS);
    expect(batch.more).toBe(3);
  });

  it("judges a deal's end by the person's day: a deal ending on the 27th is news on their 27th, not on their 28th", () => {
    const endsOn27 = deal({ promoCodes: ["A"], expirationDate: "2026-11-27" });
    const input = { rules: [codeRule("Nike")], deals: [endsOn27], followed: NOBODY_FOLLOWED, alerted: new Set<string>() };
    // 23:30 UTC on the 27th is already the 28th in Auckland and still the 27th in Los Angeles.
    const instant = new Date("2026-11-27T23:30:00Z");
    expect(alertBatch({ ...input, today: alertPeriodKey(instant, "America/Los_Angeles").slice(6) }).deals).toHaveLength(1);
    expect(alertBatch({ ...input, today: alertPeriodKey(instant, "Pacific/Auckland").slice(6) }).deals).toHaveLength(0);
  });
});

describe("at most one alert a day, by the person's own calendar", () => {
  it("keys the alert by the person's day, which is not the UTC day at every hour", () => {
    const instant = new Date("2026-11-27T23:30:00Z");
    expect(alertPeriodKey(instant, "UTC")).toBe("alert:2026-11-27");
    expect(alertPeriodKey(instant, "Europe/Berlin")).toBe("alert:2026-11-28");
    expect(alertPeriodKey(instant, "America/New_York")).toBe("alert:2026-11-27");
  });

  it("lets a second alert out only after the person's midnight", () => {
    const last = new Date("2026-11-27T08:00:00Z");
    expect(mayAlertAt(new Date("2026-11-27T20:00:00Z"), last, "UTC")).toBe(false);
    expect(mayAlertAt(new Date("2026-11-28T00:00:00Z"), last, "UTC")).toBe(true);
    // 23:30 UTC is past midnight in Berlin (UTC+1 in November) but not in New York.
    expect(mayAlertAt(new Date("2026-11-27T23:30:00Z"), last, "Europe/Berlin")).toBe(true);
    expect(mayAlertAt(new Date("2026-11-27T23:30:00Z"), last, "America/New_York")).toBe(false);
    expect(mayAlertAt(new Date("2026-11-27T23:30:00Z"), null, "UTC")).toBe(true);
  });

  it("counts a day that the clocks change in as one day", () => {
    // Berlin leaves summer time on 25 October 2026: 00:30 and 23:30 local that day are 25 hours apart, on one day.
    const early = new Date("2026-10-24T22:30:00Z");
    const late = new Date("2026-10-25T22:30:00Z");
    expect(alertPeriodKey(early, "Europe/Berlin")).toBe("alert:2026-10-25");
    expect(alertPeriodKey(late, "Europe/Berlin")).toBe("alert:2026-10-25");
    expect(mayAlertAt(late, early, "Europe/Berlin")).toBe(false);
  });
});

describe("adding a rule", () => {
  const brands = ["Nike", "Adidas"];

  it("keeps the brand as the person's list spells it", () => {
    expect(checkNewRule(codeRule("  nIKe "), [], brands)).toEqual({ ok: true, rule: codeRule("Nike") });
    expect(checkNewRule(percentRule(30, null), [], brands)).toEqual({ ok: true, rule: percentRule(30, null) });
  });

  it("refuses an unknown brand, a percent out of range or not whole, a duplicate and one rule too many", () => {
    expect(checkNewRule(codeRule("Puma"), [], brands)).toEqual({ ok: false, refusal: "unknown-brand" });
    expect(checkNewRule(codeRule(" "), [], brands)).toEqual({ ok: false, refusal: "unknown-brand" });
    for (const percent of [0, 4, 101, 30.5, Number.NaN]) {
      expect(checkNewRule(percentRule(percent, null), [], brands)).toEqual({ ok: false, refusal: "bad-percent" });
    }
    expect(checkNewRule(codeRule("NIKE"), [codeRule("Nike")], brands)).toEqual({ ok: false, refusal: "duplicate" });
    expect(checkNewRule(percentRule(30, "Nike"), [percentRule(40, "Nike")], brands).ok).toBe(true);
    const full = Array.from({ length: MAX_ALERT_RULES }, (_, index) => percentRule(10 + index, null));
    expect(checkNewRule(codeRule("Nike"), full, brands)).toEqual({ ok: false, refusal: "too-many" });
  });

  it("says each rule and lead time in words", () => {
    expect(describeRule(percentRule(30, null))).toBe("30% or more from brands you follow");
    expect(describeRule(codeRule("Nike"))).toBe("Any code from Nike");
    expect(reminderLeadLabel(0)).toBe("On the day it ends");
    expect(reminderLeadLabel(1)).toBe("1 day before");
    expect(reminderLeadLabel(7)).toBe("7 days before");
  });
});
