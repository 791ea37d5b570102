/**
 * When the emails go out, in the person's own time zone. Built on the runtime's Intl.DateTimeFormat: Node ships the
 * IANA time zone database with ICU and updates it with each release, so no library (and no second copy of the
 * database to keep current) is needed for the one conversion this takes, a wall-clock time to an instant.
 */
import { DEFAULT_REMINDER_LEAD_DAYS, type ReminderLeadDays } from "../../../src/domain/alertRules";
import { dayIn } from "../../../src/domain/calendarDay";

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface WeeklySchedule {
  weekday: IsoWeekday;
  /** The hour of the day on the wall clock, 0 to 23. */
  hour: number;
  /** An IANA time zone name ("Europe/Paris"). */
  timeZone: string;
}

export const DEFAULT_WEEKLY_SCHEDULE: Readonly<Omit<WeeklySchedule, "timeZone">> = { weekday: 1, hour: 8 };

/** A calendar date, as the deals table stores end dates: "YYYY-MM-DD". */
export type LocalDate = string;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for a name that is not a time zone, so only real zones (a bounded set) are cached.
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function isValidHour(hour: number): boolean {
  return Number.isInteger(hour) && hour >= 0 && hour <= 23;
}

export function isIsoWeekday(day: number): day is IsoWeekday {
  return Number.isInteger(day) && day >= 1 && day <= 7;
}

/** The wall-clock reading at an instant, as milliseconds of a UTC timeline (so plain arithmetic works on it). */
function wallClockAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far the zone's clock is ahead of UTC at an instant, whole seconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return wallClockAt(wholeSecond, timeZone) - wholeSecond;
}

function parseDate(date: LocalDate): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(utc).toISOString().slice(0, 10) !== date) throw new RangeError(`No such date: ${date}`);
  return utc;
}

const formatDate = (utcMidnight: number): LocalDate => new Date(utcMidnight).toISOString().slice(0, 10);

export function addDays(date: LocalDate, days: number): LocalDate {
  return formatDate(parseDate(date) + days * DAY_MS);
}

/** The calendar date on the zone's wall clock at an instant: the person's day of the deal lifecycle (calendarDay's dayIn). */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  return dayIn(instant, timeZone);
}

export function isoWeekdayOf(date: LocalDate): IsoWeekday {
  const sundayZero = new Date(parseDate(date)).getUTCDay();
  return (sundayZero === 0 ? 7 : sundayZero) as IsoWeekday;
}

/**
 * The instant the zone's clock reads `hour`:00 on `date`. When the clocks go back and the hour happens twice, the
 * first; when they go forward over it (the hour never happens), the moment just after the jump, so a send is late
 * by the jump rather than skipped.
 */
export function instantAtLocalHour(date: LocalDate, hour: number, timeZone: string): Date {
  if (!isValidHour(hour)) throw new RangeError(`Not an hour of the day: ${hour}`);
  const wall = parseDate(date) + hour * HOUR_MS;
  // Offsets a day either side: no zone changes its clock twice within two days.
  const offsetBefore = offsetAt(wall - DAY_MS, timeZone);
  const offsetAfter = offsetAt(wall + DAY_MS, timeZone);
  const matching = [wall - offsetBefore, wall - offsetAfter]
    .filter((instant) => wallClockAt(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(matching[0] ?? wall - offsetBefore);
}

/** The first weekly send strictly after `after`. */
export function nextWeeklySend(after: Date, schedule: WeeklySchedule): Date {
  const today = localDateOf(after, schedule.timeZone);
  const daysAhead = (schedule.weekday - isoWeekdayOf(today) + 7) % 7;
  const candidate = instantAtLocalHour(addDays(today, daysAhead), schedule.hour, schedule.timeZone);
  if (candidate.getTime() > after.getTime()) return candidate;
  return instantAtLocalHour(addDays(today, daysAhead + 7), schedule.hour, schedule.timeZone);
}

/** The latest weekly send at or before `now`: the one a scheduler that wakes now owes, if it was not sent yet. */
export function latestWeeklySend(now: Date, schedule: WeeklySchedule): Date {
  const today = localDateOf(now, schedule.timeZone);
  const daysBack = (isoWeekdayOf(today) - schedule.weekday + 7) % 7;
  const candidate = instantAtLocalHour(addDays(today, -daysBack), schedule.hour, schedule.timeZone);
  if (candidate.getTime() <= now.getTime()) return candidate;
  return instantAtLocalHour(addDays(today, -daysBack - 7), schedule.hour, schedule.timeZone);
}

/** ISO 8601 week of a date, "2026-W48" (the week belongs to the year of its Thursday). */
export function isoWeekOf(date: LocalDate): string {
  const thursday = parseDate(date) + (4 - isoWeekdayOf(date)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/**
 * The sent-log key of the weekly report due at `sendAt`: the ISO week of its local date. Moving the report's day
 * within a week keeps the key, so a change of settings never brings a second report that week.
 */
export function weeklyPeriodKey(sendAt: Date, timeZone: string): string {
  return `weekly:${isoWeekOf(localDateOf(sendAt, timeZone))}`;
}

/** The sent-log key of a deal's reminder: one per deal, ever. */
export function reminderPeriodKey(dealId: string): string {
  return `reminder:${dealId}`;
}

/**
 * A reminder goes out `leadDays` before the deal's end date (the day before unless the person chose otherwise; 0 is
 * the morning of its last day), at the person's report hour: the hour they chose to read about deals (8:00 unless
 * they changed it).
 */
export function reminderInstant(endDate: LocalDate, hour: number, timeZone: string, leadDays: ReminderLeadDays = DEFAULT_REMINDER_LEAD_DAYS): Date {
  return instantAtLocalHour(addDays(endDate, -leadDays), hour, timeZone);
}

export type ReminderTiming = { kind: "at"; instant: Date } | { kind: "now" } | { kind: "too-late" };

/**
 * When to send a reminder asked for at `now`: at its instant; at once when that has passed but the deal is still
 * worth reminding of (a deal starred late, or a lead time chosen after its instant): before its end date, or on it
 * for the same-day reminder; never once that day has gone.
 */
export function reminderTiming(
  endDate: LocalDate,
  hour: number,
  timeZone: string,
  now: Date,
  leadDays: ReminderLeadDays = DEFAULT_REMINDER_LEAD_DAYS,
): ReminderTiming {
  const instant = reminderInstant(endDate, hour, timeZone, leadDays);
  if (instant.getTime() > now.getTime()) return { kind: "at", instant };
  const today = localDateOf(now, timeZone);
  return today < endDate || (leadDays === 0 && today === endDate) ? { kind: "now" } : { kind: "too-late" };
}
