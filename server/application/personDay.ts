import { dayIn, knownZoneOrUtc } from "../../src/domain/calendarDay";
import type { Clock } from "./ports";
import type { PreferencesRepository } from "./repositories";

/** The moment a use case runs, and the person's day at it. */
export interface PersonDay {
  now: Date;
  /** The person's IANA time zone, from their settings. */
  timeZone: string;
  /** Their day at `now` in that zone, YYYY-MM-DD: the `today` of the deal lifecycle (calendarDay's dayIn). */
  today: string;
}

/**
 * "Today" for a person, as every use case that judges deals asks it (the dashboard, Discover, a brand's page, the
 * extension's codes): their own day, in the time zone of their settings, as the weekly report and the reminders read
 * it. A zone the runtime no longer knows (settings only keep known ones) reads as UTC rather than failing the page.
 */
export class PersonDays {
  constructor(
    private readonly preferences: Pick<PreferencesRepository, "get">,
    private readonly clock: Clock,
  ) {}

  async of(userId: string): Promise<PersonDay> {
    const now = this.clock.now();
    const timeZone = knownZoneOrUtc((await this.preferences.get(userId)).timeZone);
    return { now, timeZone, today: dayIn(now, timeZone) };
  }
}
