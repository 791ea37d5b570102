/** What the report and reminder use cases need from the outside world; server/infrastructure implements these. */
import type { AlertContent, ReportDeal, ReminderContent, WeeklyReport } from "./reportContent";

/** One message, rendered, to one person. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Readonly<Record<string, string>>;
}

/**
 * Why a send failed. `transient`: the connection failed or the server said "try later" (4xx): retry with backoff.
 * `permanent`: the server refused for good (5xx): retrying sends the same refusal.
 */
export type MailFailureKind = "transient" | "permanent";

export class MailSendError extends Error {
  constructor(
    message: string,
    readonly kind: MailFailureKind,
    /**
     * True when the refusal was of the recipient's address (5xx to RCPT TO): the address bounces, so the emails to it
     * are turned off. A permanent refusal of anything else (our sign-in, the message) is ours to fix, not theirs.
     */
    readonly recipientRefused: boolean,
    /** The SMTP reply code, when the server gave one. */
    readonly responseCode: number | null,
  ) {
    super(message);
    this.name = "MailSendError";
  }
}

export interface MailSender {
  /** Resolves with the message id once the server accepted it; rejects with a MailSendError. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** The addresses every email links to; the unsubscribe address already carries its signed token. */
export interface EmailLinks {
  /** The app's origin (PUBLIC_URL), for the dashboard links. */
  appUrl: string;
  /** The one-click unsubscribe address (RFC 8058), `.../api/reports/unsubscribe?token=...`. */
  unsubscribeUrl: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers: Readonly<Record<string, string>>;
}

/** Turns a report or a reminder into an email; server/infrastructure/mail renders them. */
export interface ReportEmails {
  weeklyReport(report: Extract<WeeklyReport, { kind: "report" }>, links: EmailLinks): RenderedEmail;
  reminder(reminder: Extract<ReminderContent, { kind: "reminder" }>, links: EmailLinks): RenderedEmail;
  /** The short email of a person's own alert rules (at most one a day). */
  dealAlert(alert: Extract<AlertContent, { kind: "alert" }>, links: EmailLinks): RenderedEmail;
}

export interface ReportWindow {
  /** Today in the person's time zone. */
  today: string;
  /** Deals found after this count as new. */
  foundSince: Date;
}

export interface ReportsRepository {
  /**
   * One person's deals a report may hold: those found since `foundSince` and those ending within the expiring window,
   * not marked, not long past, with their brand's switch. reportContent applies the exact rules.
   */
  reportDeals(userId: string, window: ReportWindow): Promise<ReportDeal[]>;
  /** One of the person's deals, for its reminder; null when it is not theirs (or no longer exists). */
  reminderDeal(userId: string, dealId: string): Promise<ReportDeal | null>;
}

/** The kinds of email, as the sent log records them. */
export type EmailKind = "weekly" | "reminder" | "test" | "alert";

/**
 * A row of the sent log: `sending` is a claim held for a lease, `released` one given back after a failure that may
 * pass; the others are final for their period.
 */
export type EmailSendState = "sending" | "released" | "sent" | "skipped" | "refused";

export interface EmailSendsRepository {
  /**
   * Claims the period's send: true when this caller may send now (no row yet, a released claim, or a claim older
   * than `staleBefore`, whose worker is taken for dead); false when it was sent, settled, or another worker holds it.
   */
  claim(userId: string, periodKey: string, kind: EmailKind, now: Date, staleBefore: Date): Promise<boolean>;
  /** Settles a claim: the period is done. */
  finish(userId: string, periodKey: string, state: "sent" | "skipped" | "refused", now: Date): Promise<void>;
  /** Drops a claim that found nothing to send, so the period stays open (a deal alert later that day may still go). */
  forget(userId: string, periodKey: string): Promise<void>;
  /** Gives a claim back after a failure that may pass, for the job's retry (or any worker) to take again. */
  release(userId: string, periodKey: string): Promise<void>;
  stateOf(userId: string, periodKey: string): Promise<EmailSendState | null>;
  /** When the last weekly report went out; null before the first. */
  lastWeeklySentAt(userId: string): Promise<Date | null>;
  /**
   * The rows of these periods that need no new job: settled, claimed since `held.claimedSince`, or released since
   * `held.releasedSince` (their job's retries are still under way).
   */
  settledOrHeld(keys: readonly { userId: string; periodKey: string }[], held: HeldSince): Promise<{ userId: string; periodKey: string }[]>;
}

/** Since when a claim, and a claim given back for a retry, still belong to the job that made them. */
export interface HeldSince {
  claimedSince: Date;
  releasedSince: Date;
}

export interface WeeklyCandidate {
  userId: string;
  weekday: number;
  hour: number;
  timeZone: string;
}

export interface ReminderCandidate {
  userId: string;
  dealId: string;
  expirationDate: string;
  hour: number;
  timeZone: string;
  /** The person's reminder lead time, days (src/domain/alertRules.ts). */
  leadDays: number;
}

/** Who may be owed an email; the use case decides who is, by the clock in their own time zone. */
export interface EmailRecipientsRepository {
  /** People with the weekly report on, emails not stopped, and at least one deal. */
  weeklyCandidates(): Promise<WeeklyCandidate[]>;
  /**
   * Starred deals ending between `fromDate` and `toDate` (UTC calendar dates wide enough for every zone) of people
   * with reminders on and emails not stopped, whose reminder is neither settled nor held (see settledOrHeld).
   */
  reminderCandidates(fromDate: string, toDate: string, held: HeldSince): Promise<ReminderCandidate[]>;
}

export interface RemindersRepository {
  /**
   * Stars or unstars one of the person's deals. Answers the deal's end date (and stars nothing when it has none), or
   * null when the person has no such deal.
   */
  set(userId: string, dealId: string, remind: boolean): Promise<{ expirationDate: string | null } | null>;
  isSet(userId: string, dealId: string): Promise<boolean>;
}
