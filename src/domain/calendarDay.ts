/** Days of each month of a common year; February gains one in a leap year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/**
 * Whether text is a day that exists, written YYYY-MM-DD, as deals' end dates are kept: no month 13, no day 00 or 32,
 * no February 30, and a year from 0001 to 9999, which ISO 8601's four digits and PostgreSQL's date type share.
 * Counted by the Gregorian calendar, as PostgreSQL counts every year. Arithmetic only: JavaScript's Date rolls
 * February 30 over to March and takes the year 0000, which PostgreSQL refuses.
 */
export function isCalendarDay(text: string): boolean {
  const match = DAY_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!);
}

/** One formatter per zone: building one costs far more than using it, and a person's day is asked on every request. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A person's day at an instant: the date their own clock shows in their IANA time zone ("Pacific/Auckland"), as
 * YYYY-MM-DD. This is the one "today" of the deal lifecycle: a deal that ends on a day is usable until that day ends
 * where the person is, not where the server or UTC is. Throws a RangeError for a name that is not a time zone.
 */
export function dayIn(instant: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD; a bad name throws here, so only real zones (a bounded set) are kept.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((found) => found.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whether the runtime knows a time zone by this name. */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    dayIn(new Date(0), timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A zone as a person's settings keep it, or UTC if the runtime no longer knows it (settings only keep known ones). */
export const knownZoneOrUtc = (timeZone: string): string => (isTimeZone(timeZone) ? timeZone : "UTC");

/**
 * A day (YYYY-MM-DD) as the Date the domain's `today` parameters take: that day's UTC midnight, of which only the UTC
 * date is read.
 */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
