import type { CallOptions } from "./settings";

/** PUT /deals/:id/reminder: "Remind me", an email the day before a deal ends. Failures throw RequestError. */
export abstract class DealReminderGateway {
  /** Answers whether a reminder is now set. */
  abstract setReminder(dealId: string, remind: boolean, options?: CallOptions): Promise<boolean>;
}

/** The reminders every view of the dashboard shows, before and after the server has them (in the cached dashboard). */
export abstract class ShownDealReminders {
  abstract show(dealId: string, remind: boolean): void;
}
