import { describe, expect, it } from "vitest";
import { dayIn, dayStart, isCalendarDay, isTimeZone } from "../../../src/domain/calendarDay";

describe("a calendar day written YYYY-MM-DD", () => {
  it.each(["2026-01-01", "2026-12-31", "2024-02-29", "2000-02-29", "0001-01-01", "0004-02-29", "9999-12-31", "2026-04-30"])("%s is a day", (text) => {
    expect(isCalendarDay(text)).toBe(true);
  });

  it.each([
    ["2026-13-01", "month 13"],
    ["2026-00-10", "month 00"],
    ["2026-01-00", "day 00"],
    ["2026-01-32", "day 32"],
    ["2026-02-30", "February 30 (JavaScript's Date makes it March 2)"],
    ["2026-02-29", "February 29 of a common year"],
    ["1900-02-29", "February 29 of a century that is not a leap year"],
    ["2026-04-31", "April 31"],
    ["0000-01-01", "the year 0000 (JavaScript's Date takes it, PostgreSQL does not)"],
    ["12026-01-01", "a five-digit year"],
    ["2026-1-01", "a one-digit month"],
    ["2026-01-01T00:00:00Z", "an instant"],
    [" 2026-01-01", "a space before it"],
    ["2026-01-01\n", "a line break after it"],
    ["２０２６-01-01", "digits other than ASCII"],
    ["", "nothing"],
  ])("%s is not: %s", (text) => {
    expect(isCalendarDay(text)).toBe(false);
  });
});

describe("a person's day at an instant", () => {
  it.each([
    ["2025-10-09T12:00:00Z", "Pacific/Auckland", "2025-10-10"],
    ["2025-10-09T10:59:59Z", "Pacific/Auckland", "2025-10-09"],
    ["2025-10-11T03:00:00Z", "America/Los_Angeles", "2025-10-10"],
    ["2025-10-11T07:00:00Z", "America/Los_Angeles", "2025-10-11"],
    ["2025-10-11T03:00:00Z", "UTC", "2025-10-11"],
    // The day clocks go forward in Auckland (2:00 becomes 3:00) and back in Los Angeles.
    ["2025-09-27T14:30:00Z", "Pacific/Auckland", "2025-09-28"],
    ["2025-11-02T08:30:00Z", "America/Los_Angeles", "2025-11-02"],
  ])("at %s in %s is %s", (instant, timeZone, day) => {
    expect(dayIn(new Date(instant), timeZone)).toBe(day);
  });

  it("refuses a name that is not a time zone, which isTimeZone tells apart", () => {
    expect(() => dayIn(new Date(0), "Mars/Olympus")).toThrow(RangeError);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("Pacific/Auckland")).toBe(true);
  });

  it("gives the domain's `today` as the day's UTC midnight", () => {
    expect(dayStart("2025-10-10").toISOString()).toBe("2025-10-10T00:00:00.000Z");
  });
});
