import type { DataVersions } from "../dataVersions";
import type { Clock } from "../ports";
import type { PreferencesRepository } from "../repositories";
import type { RemindersRepository } from "./ports";
import { reminderTiming } from "./schedule";

export type ReminderAnswer =
  | { kind: "not_found" }
  | { kind: "no_end_date" }
  /** remindAt: when the reminder goes out; null when unstarred or when the deal ends today or has ended. */
  | { kind: "set"; remind: boolean; remindAt: Date | null };

/** A person's stars on their deals ("Remind me"): a reminder their lead time before the end date, at their report hour. */
export class DealReminders {
  constructor(
    private readonly reminders: RemindersRepository,
    private readonly preferences: PreferencesRepository,
    private readonly dataVersions: DataVersions,
    private readonly clock: Clock,
  ) {}

  async set(userId: string, dealId: string, remind: boolean): Promise<ReminderAnswer> {
    const deal = await this.reminders.set(userId, dealId, remind);
    if (!deal) return { kind: "not_found" };
    if (remind && deal.expirationDate === null) return { kind: "no_end_date" };
    // The dashboard carries each deal's star: its cached answers are stale now.
    await this.dataVersions.bump(userId);
    if (!remind || deal.expirationDate === null) return { kind: "set", remind, remindAt: null };
    const { reportHour, timeZone, reminderLeadDays } = await this.preferences.get(userId);
    const now = this.clock.now();
    const timing = reminderTiming(deal.expirationDate, reportHour, timeZone, now, reminderLeadDays);
    return { kind: "set", remind, remindAt: timing.kind === "at" ? timing.instant : timing.kind === "now" ? now : null };
  }
}
