import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysUntil } from "../../../src/domain/deal";

const TODAY = new Date(Date.UTC(2026, 10, 28));
/** The reading daysUntil must keep: the date's UTC midnight as Date.parse gives it, from today's date in UTC. */
const parsedDays = (date: string, today: Date) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / 86_400_000);
const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

describe("daysUntil", () => {
  it.each([
    ["2026-11-28", 0],
    ["2026-11-29", 1],
    ["2026-11-27", -1],
    ["2027-01-01", 34],
    ["2028-02-29", 458],
  ])("%s is %i days from 28 November 2026", (date, days) => {
    expect(daysUntil(date, TODAY)).toBe(days);
  });

  it("reads every date as Date.parse does, the ones it refuses and rolls over included, from any instant of today", () => {
    const twoDigits = fc.integer({ min: 0, max: 39 }).map((n) => String(n).padStart(2, "0"));
    const isoLike = fc.tuple(fc.integer({ min: 0, max: 9999 }), twoDigits, twoDigits).map(([year, month, day]) => `${String(year).padStart(4, "0")}-${month}-${day}`);
    const anything = fc.oneof(isoLike, fc.string({ maxLength: 12 }), fc.constantFrom("2026-02-31", "2026-13-01", "2026-04-31", "0001-01-01", "2026-1-01", ""));
    // From the year 100 on: Date.UTC, which the reference reads today's date with, takes the years 0 to 99 for 1900 to 1999.
    const instant = fc.date({ min: new Date("0100-01-01T00:00:00Z"), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true });
    fc.assert(fc.property(anything, instant, (date, today) => same(daysUntil(date, today), parsedDays(date, today))), { numRuns: 5000 });
  });
});
