import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  DEFAULT_WEEKLY_SCHEDULE,
  instantAtLocalHour,
  isoWeekOf,
  isValidTimeZone,
  latestWeeklySend,
  localDateOf,
  nextWeeklySend,
  reminderInstant,
  reminderPeriodKey,
  reminderTiming,
  weeklyPeriodKey,
  type IsoWeekday,
} from "../../../server/application/reports/schedule";

const at = (iso: string) => new Date(iso);
const HOUR_MS = 3_600_000;

/** The wall clock of an instant in a zone, read by Intl independently of the code under test: "Mon 08:00". */
function wallClock(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("weekday")} ${part("hour")}:${part("minute")}`;
}

describe("the weekly send instant", () => {
  it("defaults to Monday 8:00", () => {
    expect(DEFAULT_WEEKLY_SCHEDULE).toEqual({ weekday: 1, hour: 8 });
  });

  it("is the coming Monday 8:00 in Berlin, in winter time (UTC+1)", () => {
    const next = nextWeeklySend(at("2026-11-24T08:19:00Z"), { ...DEFAULT_WEEKLY_SCHEDULE, timeZone: "Europe/Berlin" });
    expect(next.toISOString()).toBe("2026-11-30T07:00:00.000Z");
  });

  it("keeps 8:00 on the wall clock across New York's spring change: one hour earlier in UTC after it", () => {
    const schedule = { weekday: 1 as IsoWeekday, hour: 8, timeZone: "America/New_York" };
    const first = nextWeeklySend(at("2026-02-27T00:00:00Z"), schedule);
    const second = nextWeeklySend(first, schedule);
    expect(first.toISOString()).toBe("2026-03-02T13:00:00.000Z");
    expect(second.toISOString()).toBe("2026-03-09T12:00:00.000Z");
    expect(second.getTime() - first.getTime()).toBe(7 * 24 * HOUR_MS - HOUR_MS);
  });

  it("keeps the hour across Sydney's autumn change (southern hemisphere, April)", () => {
    const schedule = { weekday: 1 as IsoWeekday, hour: 8, timeZone: "Australia/Sydney" };
    const before = nextWeeklySend(at("2026-03-29T00:00:00Z"), schedule);
    const after = nextWeeklySend(before, schedule);
    expect(before.toISOString()).toBe("2026-03-29T21:00:00.000Z"); // Mon 30 Mar 8:00 AEDT (UTC+11)
    expect(after.toISOString()).toBe("2026-04-05T22:00:00.000Z"); // Mon 6 Apr 8:00 AEST (UTC+10)
  });

  it("on the night the clocks go back, an hour that happens twice is sent the first time", () => {
    // Berlin, Sunday 25 October 2026: 02:00 CEST (00:00Z), then 02:00 CET again (01:00Z).
    const schedule = { weekday: 7 as IsoWeekday, hour: 2, timeZone: "Europe/Berlin" };
    expect(nextWeeklySend(at("2026-10-24T12:00:00Z"), schedule).toISOString()).toBe("2026-10-25T00:00:00.000Z");
  });

  it("on the night the clocks go forward, an hour that never happens is sent just after the jump", () => {
    // Berlin, Sunday 29 March 2026: 02:00 CET jumps to 03:00 CEST at 01:00Z.
    const schedule = { weekday: 7 as IsoWeekday, hour: 2, timeZone: "Europe/Berlin" };
    const next = nextWeeklySend(at("2026-03-28T12:00:00Z"), schedule);
    expect(next.toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(wallClock(next, "Europe/Berlin")).toBe("Sun 03:00");
  });

  it("hour 0 at UTC+14 falls on the UTC day before; hour 23 at UTC-11 on the UTC day after", () => {
    const kiritimati = nextWeeklySend(at("2026-11-24T00:00:00Z"), { weekday: 1, hour: 0, timeZone: "Pacific/Kiritimati" });
    expect(kiritimati.toISOString()).toBe("2026-11-29T10:00:00.000Z"); // Monday 30 November 00:00 local
    const pagoPago = nextWeeklySend(at("2026-11-24T00:00:00Z"), { weekday: 7, hour: 23, timeZone: "Pacific/Pago_Pago" });
    expect(pagoPago.toISOString()).toBe("2026-11-30T10:00:00.000Z"); // Sunday 29 November 23:00 local
  });

  it("handles half-hour zones", () => {
    const next = nextWeeklySend(at("2026-11-24T00:00:00Z"), { weekday: 2, hour: 9, timeZone: "Asia/Kolkata" });
    expect(next.toISOString()).toBe("2026-11-24T03:30:00.000Z");
  });

  it("is strictly after the given instant; the latest send is at or before it", () => {
    const schedule = { weekday: 1 as IsoWeekday, hour: 8, timeZone: "Europe/Berlin" };
    const sendAt = at("2026-11-30T07:00:00Z");
    expect(nextWeeklySend(sendAt, schedule).toISOString()).toBe("2026-12-07T07:00:00.000Z");
    expect(latestWeeklySend(sendAt, schedule).toISOString()).toBe("2026-11-30T07:00:00.000Z");
    expect(latestWeeklySend(at("2026-11-30T06:59:59Z"), schedule).toISOString()).toBe("2026-11-23T07:00:00.000Z");
  });

  it("for any instant, zone, day and hour: the next send is that day and hour on the wall clock, within a week", () => {
    const zones = ["UTC", "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Santiago", "Australia/Lord_Howe"];
    const weekdayName = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    fc.assert(
      fc.property(
        fc.date({ min: at("2020-01-01T00:00:00Z"), max: at("2035-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 23 }),
        (now, timeZone, weekday, hour) => {
          const schedule = { weekday: weekday as IsoWeekday, hour, timeZone };
          const next = nextWeeklySend(now, schedule);
          const latest = latestWeeklySend(now, schedule);
          expect(next.getTime()).toBeGreaterThan(now.getTime());
          expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(7 * 24 * HOUR_MS + HOUR_MS);
          expect(latest.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(nextWeeklySend(latest, schedule).getTime()).toBe(next.getTime());
          const [day, clock] = wallClock(next, timeZone).split(" ");
          expect(day).toBe(weekdayName[weekday]);
          // The wall clock shows the hour, or (on a day the clocks jump over it) the first time after the jump.
          const shown = Number(clock!.slice(0, 2)) * 60 + Number(clock!.slice(3));
          expect(shown - hour * 60).toBeGreaterThanOrEqual(0);
          expect(shown - hour * 60).toBeLessThanOrEqual(60);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("period keys", () => {
  it("name the ISO week of the send's local date", () => {
    expect(weeklyPeriodKey(at("2026-11-30T07:00:00Z"), "Europe/Berlin")).toBe("weekly:2026-W49");
    // Monday 00:00 at UTC+14 is still Sunday in UTC: the key follows the person's calendar.
    expect(weeklyPeriodKey(at("2026-11-29T10:00:00Z"), "Pacific/Kiritimati")).toBe("weekly:2026-W49");
    expect(weeklyPeriodKey(at("2026-11-29T10:00:00Z"), "UTC")).toBe("weekly:2026-W48");
  });

  it("give a week at the turn of the year to the year of its Thursday", () => {
    expect(isoWeekOf("2027-01-01")).toBe("2026-W53");
    expect(isoWeekOf("2026-01-01")).toBe("2026-W01");
    expect(isoWeekOf("2025-12-29")).toBe("2026-W01");
    expect(isoWeekOf("2024-12-30")).toBe("2025-W01");
  });

  it("give every send of a year its own key, and a change of day within the week the same key", () => {
    const schedule = { weekday: 3 as IsoWeekday, hour: 23, timeZone: "America/New_York" };
    const keys = new Set<string>();
    let sendAt = nextWeeklySend(at("2026-01-01T00:00:00Z"), schedule);
    for (let week = 0; week < 52; week++, sendAt = nextWeeklySend(sendAt, schedule)) keys.add(weeklyPeriodKey(sendAt, schedule.timeZone));
    expect(keys.size).toBe(52);
    const wednesday = nextWeeklySend(at("2026-11-23T00:00:00Z"), schedule);
    const friday = nextWeeklySend(at("2026-11-23T00:00:00Z"), { ...schedule, weekday: 5 });
    expect(weeklyPeriodKey(friday, schedule.timeZone)).toBe(weeklyPeriodKey(wednesday, schedule.timeZone));
  });

  it("key a reminder by its deal", () => {
    expect(reminderPeriodKey("0b1c7a52-5d7e-4d0e-9f1e-3f9c0d2a1b00")).toBe("reminder:0b1c7a52-5d7e-4d0e-9f1e-3f9c0d2a1b00");
  });
});

describe("the reminder instant", () => {
  it("is the day before the end date at the report hour, in the person's zone", () => {
    expect(reminderInstant("2026-12-01", 8, "Europe/Berlin").toISOString()).toBe("2026-11-30T07:00:00.000Z");
    // Tokyo's midnight on 30 November is still 29 November in UTC.
    expect(reminderInstant("2026-12-01", 0, "Asia/Tokyo").toISOString()).toBe("2026-11-29T15:00:00.000Z");
    expect(reminderInstant("2026-12-01", 23, "America/Los_Angeles").toISOString()).toBe("2026-12-01T07:00:00.000Z");
  });

  it("lands on the day of a clock change at the right offset", () => {
    // Ends Monday 9 March: the reminder is Sunday 8 March, the day New York moves to UTC-4.
    expect(reminderInstant("2026-03-09", 8, "America/New_York").toISOString()).toBe("2026-03-08T12:00:00.000Z");
    expect(reminderInstant("2026-03-08", 8, "America/New_York").toISOString()).toBe("2026-03-07T13:00:00.000Z");
  });

  it("is sent at its time, at once when starred late on the day before, and never once the end date has come", () => {
    const zone = "America/New_York";
    expect(reminderTiming("2026-12-01", 8, zone, at("2026-11-20T00:00:00Z"))).toEqual({ kind: "at", instant: at("2026-11-30T13:00:00Z") });
    expect(reminderTiming("2026-12-01", 8, zone, at("2026-11-30T22:00:00Z"))).toEqual({ kind: "now" });
    // 04:30Z on 1 December is still 30 November in New York: not too late there.
    expect(reminderTiming("2026-12-01", 8, zone, at("2026-12-01T04:30:00Z"))).toEqual({ kind: "now" });
    expect(reminderTiming("2026-12-01", 8, zone, at("2026-12-01T05:30:00Z"))).toEqual({ kind: "too-late" });
  });
});

describe("dates and zones", () => {
  it("reads the local calendar date of an instant", () => {
    expect(localDateOf(at("2026-11-30T23:30:00Z"), "Europe/Berlin")).toBe("2026-12-01");
    expect(localDateOf(at("2026-11-30T23:30:00Z"), "America/New_York")).toBe("2026-11-30");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  it("tells a time zone name from anything else, and refuses impossible hours and dates", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    for (const name of ["", "Mars/Olympus_Mons", "Europe/Paris\n", "x".repeat(65)]) expect(isValidTimeZone(name), name).toBe(false);
    expect(() => instantAtLocalHour("2026-11-30", 24, "UTC")).toThrow(RangeError);
    expect(() => instantAtLocalHour("2026-11-30", 7.5, "UTC")).toThrow(RangeError);
    expect(() => instantAtLocalHour("2026-02-30", 8, "UTC")).toThrow(RangeError);
    expect(() => nextWeeklySend(at("2026-11-30T00:00:00Z"), { weekday: 1, hour: 8, timeZone: "Nowhere/City" })).toThrow(RangeError);
  });
});
