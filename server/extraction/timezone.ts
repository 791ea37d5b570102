/** Time-zone arithmetic for offer ends: named North American / UK zones with their daylight-saving rules. */

const US_ZONES: Readonly<Record<string, { standard: number; daylight: number }>> = {
  P: { standard: -480, daylight: -420 },
  M: { standard: -420, daylight: -360 },
  C: { standard: -360, daylight: -300 },
  E: { standard: -300, daylight: -240 },
  A: { standard: -240, daylight: -180 },
};

/** The n-th (1-based) given weekday of a month, as a UTC day number (ms). */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1));
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return Date.UTC(year, month, 1 + offset + (n - 1) * 7);
}

/** US daylight time runs from the second Sunday of March to the first Sunday of November (2 a.m. local). */
function isUsDaylight(instant: Date, standardOffset: number): boolean {
  const year = instant.getUTCFullYear();
  const start = nthWeekday(year, 2, 0, 2) + 2 * 3_600_000 - standardOffset * 60_000;
  const end = nthWeekday(year, 10, 0, 1) + 2 * 3_600_000 - (standardOffset + 60) * 60_000;
  const time = instant.getTime();
  return time >= start && time < end;
}

/** UK summer time runs from the last Sunday of March to the last Sunday of October (1 a.m. UTC). */
function isUkSummer(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay()) + 3_600_000;
  };
  const time = instant.getTime();
  return time >= lastSunday(2) && time < lastSunday(9);
}

/** A zone as offers name it ("PT", "PDT", "Eastern", "GMT", "UTC") to its UTC offset in minutes at `instant`. */
export function namedZoneOffset(name: string, instant: Date): number | null {
  const key = name.trim().toUpperCase().replace(/\./g, "");
  if (key === "GMT" || key === "UTC" || key === "UT" || key === "Z") return 0;
  if (key === "BST") return 60;
  if (key === "UK") return isUkSummer(instant) ? 60 : 0;
  const words: Record<string, string> = { PACIFIC: "P", MOUNTAIN: "M", CENTRAL: "C", EASTERN: "E", ATLANTIC: "A" };
  const letter = words[key] ?? (/^[PMCEA][SD]?T$/.test(key) ? key[0]! : null);
  if (!letter) return null;
  const zone = US_ZONES[letter]!;
  if (key.length === 3 && key[1] === "S") return zone.standard;
  if (key.length === 3 && key[1] === "D") return zone.daylight;
  return isUsDaylight(instant, zone.standard) ? zone.daylight : zone.standard;
}

/** The sender's UTC offset: the zone the offer names, else the Date header's own offset (`dateHeaderOffset`), else UTC. */
export function senderOffset(namedZone: string | null, dateHeaderOffset: number | null, at: Date): number {
  const offset = namedZone ? namedZoneOffset(namedZone, at) : null;
  return offset ?? dateHeaderOffset ?? 0;
}

const TIME_THEN_ZONE =
  /(?:\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)|\b\d{1,2}:\d{2}|\bmidnight|\bnoon)\s*\(?\b(P[SD]?T|M[SD]?T|C[SD]?T|E[SD]?T|GMT|UTC|BST|Pacific|Mountain|Central|Eastern)\b/i;

/** The zone an offer names after a time ("11:59 p.m. PT"), or null. */
export function zoneNamedInText(text: string): string | null {
  const match = TIME_THEN_ZONE.exec(text);
  return match ? match[1]! : null;
}

/** The calendar date (YYYY-MM-DD) of an instant at a UTC offset. */
export function localDateString(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

export function formatDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
