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
