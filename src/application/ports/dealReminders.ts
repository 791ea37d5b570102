import type { CallOptions } from "./settings";

/** PUT /deals/:id/reminder: "Remind me", an email the day before a deal ends. Failures throw RequestError. */
export abstract class DealReminderGateway {
  /** Answers whether a reminder is now set. */
  abstract setReminder(dealId: string, remind: boolean, options?: CallOptions): Promise<boolean>;
}
