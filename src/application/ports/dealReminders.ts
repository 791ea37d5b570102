import type { CallOptions } from "./settings";

/** PUT /deals/:id/reminder: "Remind me", an email before a deal ends (as early as the person chose). Failures throw RequestError. */
export abstract class DealReminderGateway {
  /** Answers whether a reminder is now set. */
  abstract setReminder(dealId: string, remind: boolean, options?: CallOptions): Promise<boolean>;
}
