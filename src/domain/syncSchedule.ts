const MINUTE_MS = 60_000;

/**
 * When the next background sync runs, said the way a person would: "in a few minutes", "in about 30 minutes", "in
 * about 2 hours". The background sync checks once a minute, so a time already past still means "in a few minutes".
 */
export function lookAgainIn(nextSyncAt: Date, now: Date): string {
  const minutes = Math.ceil((nextSyncAt.getTime() - now.getTime()) / MINUTE_MS);
  if (minutes <= 5) return "in a few minutes";
  if (minutes <= 10) return `in about ${minutes} minutes`;
  if (minutes < 55) return `in about ${Math.round(minutes / 5) * 5} minutes`;
  if (minutes < 90) return "in about an hour";
  const hours = Math.round(minutes / 60);
  return hours >= 24 ? "in about a day" : `in about ${hours} hours`;
}
