import type { ReminderLeadDays } from "../../domain/alertRules";
import type { CallOptions } from "./settings";

/** Why the emails were turned off: a mail server refused the address for good. */
export interface EmailsStopped {
  reason: string;
  /** ISO time of the refusal. */
  at: string;
}

/** The weekly report and the expiry reminders, as Settings' "Emails" card shows them. */
export interface EmailPreferences {
  weeklyReport: boolean;
  /** ISO numbering: 1 is Monday, 7 Sunday. */
  reportWeekday: number;
  /** 0 to 23, in timeZone. */
  reportHour: number;
  /** An IANA time zone ("Europe/Berlin"). */
  timeZone: string;
  expiryReminders: boolean;
  /** Days before a starred deal ends that its reminder goes out (src/domain/alertRules.ts). */
  reminderLeadDays: ReminderLeadDays;
  /** The emails of the person's alert rules, at most one a day. */
  dealAlerts: boolean;
  emailsStopped: EmailsStopped | null;
}

/** What a person can change; what is left out keeps its value. */
export type EmailPreferencesChange = Partial<Omit<EmailPreferences, "emailsStopped">>;

/** GET and PUT /user/settings, and POST /reports/test. Failures throw RequestError. */
export abstract class EmailSettingsGateway {
  abstract preferences(options?: CallOptions): Promise<EmailPreferences>;
  /** Answers the preferences the server now holds. */
  abstract update(change: EmailPreferencesChange, options?: CallOptions): Promise<EmailPreferences>;
  /** Sends a report now to the account's email; answers the server's sentence ("Test report sent to ..."). */
  abstract sendTestReport(options?: CallOptions): Promise<string>;
}
