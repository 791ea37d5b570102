import { randomUUID } from "node:crypto";
import { DEFAULT_REMINDER_LEAD_DAYS, isReminderLeadDays, REMINDER_LEAD_DAYS } from "../../../src/domain/alertRules";
import { errorLogRecord } from "../errorLogRecord";
import type { Clock } from "../ports";
import type { PreferenceChanges, PreferencesRepository, UsersRepository } from "../repositories";
import type { JobQueue } from "../jobs/jobQueue";
import { savingsCountFrom } from "../../../src/domain/savings";
import type { SavingsRepository } from "../savings";
import { REPORT_JOBS, type EmailJobData } from "./reportJobs";
import {
  MailSendError,
  type EmailRecipientsRepository,
  type EmailSendsRepository,
  type MailSender,
  type RenderedEmail,
  type ReportEmails,
  type ReportsRepository,
  type RemindersRepository,
} from "./ports";
import { reminderContent, reportWindow, weeklyReport } from "./reportContent";
import { addDays, isIsoWeekday, latestWeeklySend, localDateOf, reminderPeriodKey, reminderTiming, weeklyPeriodKey } from "./schedule";
import { unsubscribeUrl, type UnsubscribePurpose, type UnsubscribeTokens } from "./unsubscribeTokens";

export interface EmailSettings {
  /** The app's origin, for the links in the emails. */
  publicUrl: string;
  /** A mail server is configured (SMTP_URL, or demo mode's sink): the workers send, so an API process may queue. */
  mailConfigured: boolean;
  /** How long a claim holds before another worker takes its sender for dead and sends in its place. */
  leaseMs: number;
}

/**
 * A weekly report later than this after its hour is skipped until the next week: a Monday-morning report still
 * helps on Monday evening (a worker was down), but a person who signs up on a Thursday waits for their first Monday.
 */
export const WEEKLY_CATCH_UP_MS = 12 * 3_600_000;
/**
 * A send given back after a failure belongs to its job's retries (backing off up to hours) for this long; past it
 * those have run out, and the tick queues the send again.
 */
const RETRIES_HOLD_MS = 6 * 3_600_000;
/** How long POST /reports/test waits for its job before answering that the report is on its way. */
const TEST_WAIT_MS = 10_000;
const TEST_POLL_MS = 100;

export type TestReportOutcome =
  | { kind: "sent"; email: string }
  | { kind: "queued"; email: string }
  | { kind: "nothing" }
  | { kind: "refused"; email: string }
  | { kind: "unavailable" };

export interface SendCounts {
  sent: number;
  skipped: number;
  failed: number;
}

/**
 * The weekly report, the expiry reminders and the test report, as jobs. A tick every minute queues one job per email
 * due, keyed by person and period; the job claims the period in the sent log, builds the email from what the
 * dashboard stores, sends it and settles the claim. A claim whose worker died mid-send is taken over after its lease:
 * an email is sent at most once per period, except when a worker dies in the moment between the mail server's
 * acceptance and the settling (then it is sent again: at-least-once in that window, which no SMTP client can close).
 */
export class EmailReports {
  readonly counts: SendCounts = { sent: 0, skipped: 0, failed: 0 };

  constructor(
    private readonly users: UsersRepository,
    private readonly preferences: PreferencesRepository,
    private readonly reports: ReportsRepository,
    /** The person's recorded savings, for the report's "Saved this month / this year". */
    private readonly savings: SavingsRepository,
    private readonly reminders: RemindersRepository,
    private readonly sends: EmailSendsRepository,
    private readonly recipients: EmailRecipientsRepository,
    private readonly emails: ReportEmails,
    private readonly tokens: UnsubscribeTokens,
    private readonly queue: JobQueue,
    /** Null in a process that sends nothing: an API process, or no mail server configured. */
    private readonly sender: MailSender | null,
    private readonly clock: Clock,
    private readonly settings: EmailSettings,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  /** Whether this process sends (its workers take the email jobs, and the tick is on the schedule): see reportJobs. */
  get sendsHere(): boolean {
    return this.sender !== null;
  }

  /** Queues a job for every weekly report and reminder due now; answers how many were queued. */
  async queueDue(): Promise<number> {
    const now = this.clock.now();
    const held = { claimedSince: new Date(now.getTime() - this.settings.leaseMs), releasedSince: new Date(now.getTime() - RETRIES_HOLD_MS) };
    const due: EmailJobData[] = [];
    for (const candidate of await this.recipients.weeklyCandidates()) {
      try {
        if (!isIsoWeekday(candidate.weekday)) continue;
        const schedule = { weekday: candidate.weekday, hour: candidate.hour, timeZone: candidate.timeZone };
        const sendAt = latestWeeklySend(now, schedule);
        if (now.getTime() - sendAt.getTime() > WEEKLY_CATCH_UP_MS) continue;
        due.push({ userId: candidate.userId, kind: "weekly", periodKey: weeklyPeriodKey(sendAt, candidate.timeZone) });
      } catch (error) {
        this.log("A weekly report's schedule could not be read", { userId: candidate.userId, ...errorLogRecord(error) });
      }
    }
    const settled = new Set((await this.sends.settledOrHeld(due, held)).map(keyOf));
    const weekly = due.filter((job) => !settled.has(keyOf(job)));

    const utcToday = localDateOf(now, "UTC");
    const reminders: EmailJobData[] = [];
    // UTC dates wide enough for every zone and every lead time (the longest is a week).
    const longestLead = Math.max(...REMINDER_LEAD_DAYS);
    for (const candidate of await this.recipients.reminderCandidates(addDays(utcToday, -1), addDays(utcToday, longestLead + 1), held)) {
      try {
        const leadDays = isReminderLeadDays(candidate.leadDays) ? candidate.leadDays : DEFAULT_REMINDER_LEAD_DAYS;
        if (reminderTiming(candidate.expirationDate, candidate.hour, candidate.timeZone, now, leadDays).kind !== "now") continue;
        reminders.push({ userId: candidate.userId, kind: "reminder", periodKey: reminderPeriodKey(candidate.dealId), dealId: candidate.dealId });
      } catch (error) {
        this.log("A reminder's schedule could not be read", { userId: candidate.userId, ...errorLogRecord(error) });
      }
    }
    let queued = 0;
    for (const job of [...weekly, ...reminders]) {
      if ((await this.queue.send(REPORT_JOBS.sendEmail, job, { key: keyOf(job) })) !== null) queued++;
    }
    if (queued > 0) this.log("Emails queued", { weekly: weekly.length, reminders: reminders.length, queued });
    return queued;
  }

  /** The job: claims the period, builds the email, sends it, settles the claim. Throws to be retried. */
  async send(job: EmailJobData): Promise<void> {
    if (!this.sender) throw new Error("No mail server is configured (SMTP_URL)");
    const now = this.clock.now();
    const preferences = await this.preferences.get(job.userId);
    if (job.kind === "weekly" && (!preferences.weeklyReport || preferences.emailsStopped)) return;
    if (job.kind === "reminder" && (!preferences.expiryReminders || preferences.emailsStopped)) return;
    const staleBefore = new Date(now.getTime() - this.settings.leaseMs);
    if (!(await this.sends.claim(job.userId, job.periodKey, job.kind, now, staleBefore))) return;
    let email = "";
    try {
      const user = await this.users.findById(job.userId);
      const rendered = user ? await this.render(job, preferences.timeZone, now) : null;
      if (!user || !rendered) {
        await this.sends.finish(job.userId, job.periodKey, "skipped", now);
        this.counts.skipped++;
        return;
      }
      email = user.email;
      await this.sender.send({ to: user.email, ...rendered });
    } catch (error) {
      if (error instanceof MailSendError && error.kind === "permanent") {
        await this.refused(job, email, error, now);
        return;
      }
      // A failure that may pass: the claim goes back, and the queue runs the job again after its backoff.
      await this.sends.release(job.userId, job.periodKey);
      this.counts.failed++;
      this.log("Email send failed; it will be retried", { ...job, counts: { ...this.counts }, ...errorLogRecord(error) });
      throw error;
    }
    await this.sends.finish(job.userId, job.periodKey, "sent", this.clock.now());
    this.counts.sent++;
    this.log("Email sent", { kind: job.kind, periodKey: job.periodKey, counts: { ...this.counts } });
  }

  /**
   * Sends a report now, through the same job as the weekly one, under a period key of its own (it does not use up the
   * week's report), and waits briefly to say how it went.
   */
  async sendTest(userId: string): Promise<TestReportOutcome> {
    if (!this.settings.mailConfigured) return { kind: "unavailable" };
    const user = await this.users.findById(userId);
    if (!user) return { kind: "unavailable" };
    const periodKey = `test:${randomUUID()}`;
    const job: EmailJobData = { userId, kind: "test", periodKey };
    await this.queue.send(REPORT_JOBS.sendEmail, job, { key: keyOf(job) });
    const deadline = Date.now() + TEST_WAIT_MS;
    while (Date.now() < deadline) {
      const state = await this.sends.stateOf(userId, periodKey);
      if (state === "sent") return { kind: "sent", email: user.email };
      if (state === "skipped") return { kind: "nothing" };
      if (state === "refused") return { kind: "refused", email: user.email };
      await new Promise((resolve) => setTimeout(resolve, TEST_POLL_MS));
    }
    return { kind: "queued", email: user.email };
  }

  /** What an unsubscribe link turns off, without turning it off (the page a GET shows); null when it is not ours. */
  purposeOf(token: string): UnsubscribePurpose | null {
    return this.tokens.verify(token)?.purpose ?? null;
  }

  /** RFC 8058's one-click unsubscribe: null when the token is not one of ours. */
  async unsubscribe(token: string): Promise<{ purpose: UnsubscribePurpose } | null> {
    const claim = this.tokens.verify(token);
    if (!claim) return null;
    // A deleted account gets no email: nothing is left to turn off.
    if (await this.users.findById(claim.userId)) {
      await this.preferences.save(claim.userId, TURNED_OFF_BY[claim.purpose]);
      this.log("Unsubscribed by one click", { userId: claim.userId, purpose: claim.purpose });
    }
    return { purpose: claim.purpose };
  }

  private async render(job: EmailJobData, timeZone: string, now: Date): Promise<RenderedEmail | null> {
    if (job.kind === "reminder") {
      if (!job.dealId || !(await this.reminders.isSet(job.userId, job.dealId))) return null;
      const deal = await this.reports.reminderDeal(job.userId, job.dealId);
      const content = deal ? reminderContent(deal, now, timeZone) : { kind: "nothing" as const };
      return content.kind === "reminder" ? this.emails.reminder(content, this.links(job.userId, "reminders")) : null;
    }
    // The test report reads like a first report: what is new this past week and what ends soon.
    const lastWeeklyAt = await this.sends.lastWeeklySentAt(job.userId);
    const lastReportAt = job.kind === "weekly" ? lastWeeklyAt : null;
    const window = reportWindow(lastReportAt, now, timeZone);
    const [deals, savings] = await Promise.all([this.reports.reportDeals(job.userId, window), this.savings.savings(job.userId, savingsCountFrom(window.today))]);
    const test = job.kind === "test" ? { weeklySentBefore: lastWeeklyAt !== null } : undefined;
    const report = weeklyReport({ deals, lastReportAt, now, timeZone, savings, ...(test ? { test } : {}) });
    return report.kind === "report" ? this.emails.weeklyReport(report, this.links(job.userId, "weekly-report")) : null;
  }

  private links(userId: string, purpose: UnsubscribePurpose) {
    return { appUrl: this.settings.publicUrl, unsubscribeUrl: unsubscribeUrl(this.settings.publicUrl, this.tokens.sign(userId, purpose)) };
  }

  /** A refusal for good: the period is settled (retrying brings the same answer); a refused address stops the emails. */
  private async refused(job: EmailJobData, email: string, error: MailSendError, now: Date): Promise<void> {
    await this.sends.finish(job.userId, job.periodKey, "refused", now);
    this.counts.failed++;
    if (error.recipientRefused) {
      await this.preferences.stopEmails(job.userId, `The mail server refused ${email} (${error.responseCode ?? "5xx"}): ${error.message}`.slice(0, 500), now);
    }
    this.log("Email refused by the mail server", { ...job, recipientRefused: error.recipientRefused, counts: { ...this.counts }, ...errorLogRecord(error) });
  }
}

/** What each one-click unsubscribe link turns off. */
const TURNED_OFF_BY: Readonly<Record<UnsubscribePurpose, PreferenceChanges>> = {
  "weekly-report": { weeklyReport: false },
  reminders: { expiryReminders: false },
  alerts: { dealAlerts: false },
};

const keyOf = (job: { userId: string; periodKey: string }) => `${job.userId}:${job.periodKey}`;
