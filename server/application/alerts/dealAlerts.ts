import {
  alertBatch,
  alertPeriodKey,
  brandKey,
  checkNewRule,
  type AlertBatch,
  type AlertDeal,
  type AlertRule,
  type AlertRuleRefusal,
  type SavedAlertRule,
} from "../../../src/domain/alertRules";
import { dayIn, knownZoneOrUtc } from "../../../src/domain/calendarDay";
import { errorLogRecord } from "../errorLogRecord";
import type { JobQueue } from "../jobs/jobQueue";
import type { Clock } from "../ports";
import type { PreferencesRepository, UsersRepository } from "../repositories";
import { MailSendError, type EmailSendsRepository, type MailSender, type ReportEmails } from "../reports/ports";
import { alertContent, type ReportDeal } from "../reports/reportContent";
import { unsubscribeUrl, type UnsubscribeTokens } from "../reports/unsubscribeTokens";
import { ALERT_JOBS, type AlertJobData } from "./alertJobs";
import type { AlertableDeal, AlertsRepository, NewDealsWindow } from "./ports";

/** A deal is news for alerts this long after a sync stored it: a tick that was down for a while still finds it. */
const FOUND_WITHIN_MS = 2 * 86_400_000;
/**
 * And only when its mail is this recent (or undated): a first sync stores months of old mail at once, and those
 * deals are the dashboard's news, not an alert's.
 */
const MAIL_WITHIN_MS = 7 * 86_400_000;
/** The key of the tick a sync queues: one waits at most. */
const AFTER_SYNC_KEY = "after-sync";
/** A send given back after a failure belongs to its job's retries for this long (as the weekly report's). */
const RETRIES_HOLD_MS = 6 * 3_600_000;

export interface AlertSettings {
  /** The app's origin, for the links in the email. */
  publicUrl: string;
  /** How long a claim holds before another worker takes its sender for dead. */
  leaseMs: number;
}

/** A person's rules, and the names of their brands a rule may name. */
export interface AlertRulesOverview {
  rules: SavedAlertRule[];
  brands: string[];
}

export type AddRuleOutcome = { kind: "added"; overview: AlertRulesOverview } | { kind: "refused"; refusal: AlertRuleRefusal };

const asAlertDeal = (deal: ReportDeal): AlertDeal => ({
  id: deal.id,
  brand: deal.brand,
  promoCodes: deal.promoCodes,
  discount: deal.discount,
  expirationDate: deal.expirationDate,
  status: deal.status,
  brandShown: deal.brandActive,
  foundAt: deal.foundAt,
});

/**
 * Alerts a person chooses: their rules (Settings lists, adds and removes them), and the alert emails. A tick finds the
 * new deals each person's rules pick (src/domain/alertRules.ts decides which) and queues that person's alert for
 * their day; the job claims the day in the sent log (so at most one alert email a day, by their own calendar), sends
 * it in the weekly report's sender with a one-click unsubscribe that turns alerts off, and records the deals it
 * carried, which are never alerted again.
 */
export class DealAlerts {
  constructor(
    private readonly store: AlertsRepository,
    private readonly users: UsersRepository,
    private readonly preferences: PreferencesRepository,
    private readonly sends: EmailSendsRepository,
    private readonly emails: ReportEmails,
    private readonly tokens: UnsubscribeTokens,
    private readonly queue: JobQueue,
    /** Null in a process that sends nothing. */
    private readonly sender: MailSender | null,
    private readonly clock: Clock,
    private readonly settings: AlertSettings,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  get sendsHere(): boolean {
    return this.sender !== null;
  }

  async rules(userId: string): Promise<AlertRulesOverview> {
    const [rules, brands] = await Promise.all([this.store.rules(userId), this.store.brandNames(userId)]);
    return { rules, brands };
  }

  /**
   * Adds a rule the domain's checks allow (a known brand, a percent in range, no duplicate, under the cap); answers the
   * rules kept now.
   */
  async addRule(userId: string, rule: AlertRule): Promise<AddRuleOutcome> {
    const [existing, brands] = await Promise.all([this.store.rules(userId), this.store.brandNames(userId)]);
    const checked = checkNewRule(rule, existing, brands);
    if (!checked.ok) return { kind: "refused", refusal: checked.refusal };
    await this.store.addRule(userId, checked.rule);
    return { kind: "added", overview: await this.rules(userId) };
  }

  /** Removes one of the person's rules; answers the rules kept now, or null when they had no such rule. */
  async removeRule(userId: string, ruleId: string): Promise<AlertRulesOverview | null> {
    return (await this.store.removeRule(userId, ruleId)) ? this.rules(userId) : null;
  }

  /**
   * A sync stored deals: queues the alerts' tick now (one waits at most, however many groups a sync stores). Only where
   * alerts are sent: elsewhere the five-minute tick, off the schedule, would never take it.
   */
  async afterSync(): Promise<void> {
    if (!this.sendsHere) return;
    try {
      await this.queue.send(ALERT_JOBS.alertSchedule, {}, { key: AFTER_SYNC_KEY });
    } catch (error) {
      // The sync's storing must not fail for this: the five-minute tick finds the deals anyway.
      this.log("The deal alerts could not be queued after a sync", errorLogRecord(error));
    }
  }

  /** Queues the day's alert of everyone whose rules pick a new deal; answers how many were queued. */
  async queueDue(): Promise<number> {
    const now = this.clock.now();
    const window = this.windowAt(now);
    const due: AlertJobData[] = [];
    for (const candidate of await this.store.candidates(window)) {
      try {
        const timeZone = knownZoneOrUtc(candidate.timeZone);
        if ((await this.batchFor(candidate.userId, window, timeZone, now)).deals.length === 0) continue;
        due.push({ userId: candidate.userId, periodKey: alertPeriodKey(now, timeZone) });
      } catch (error) {
        this.log("A deal alert could not be prepared", { userId: candidate.userId, ...errorLogRecord(error) });
      }
    }
    const held = { claimedSince: new Date(now.getTime() - this.settings.leaseMs), releasedSince: new Date(now.getTime() - RETRIES_HOLD_MS) };
    const settled = new Set((await this.sends.settledOrHeld(due, held)).map(keyOf));
    let queued = 0;
    for (const job of due) {
      if (settled.has(keyOf(job))) continue;
      if ((await this.queue.send(ALERT_JOBS.sendAlert, job, { key: keyOf(job) })) !== null) queued++;
    }
    if (queued > 0) this.log("Deal alerts queued", { queued });
    return queued;
  }

  /** The job: claims the person's day, builds the alert, sends it, records its deals. Throws to be retried. */
  async send(job: AlertJobData): Promise<void> {
    if (!this.sender) throw new Error("No mail server is configured (SMTP_URL)");
    const now = this.clock.now();
    const preferences = await this.preferences.get(job.userId);
    if (!preferences.dealAlerts || preferences.emailsStopped) return;
    const staleBefore = new Date(now.getTime() - this.settings.leaseMs);
    if (!(await this.sends.claim(job.userId, job.periodKey, "alert", now, staleBefore))) return;
    let carried: string[];
    try {
      const user = await this.users.findById(job.userId);
      const timeZone = knownZoneOrUtc(preferences.timeZone);
      const batch = user ? await this.batchFor(job.userId, this.windowAt(now), timeZone, now) : { deals: [], more: 0 };
      const content = alertContent(batch.deals, batch.more, now, timeZone);
      if (!user || content.kind === "nothing") {
        // Nothing left to say (a deal was used or its brand hidden since): the day stays open for a later alert.
        await this.sends.forget(job.userId, job.periodKey);
        return;
      }
      carried = batch.deals.map((deal) => deal.id);
      const links = { appUrl: this.settings.publicUrl, unsubscribeUrl: unsubscribeUrl(this.settings.publicUrl, this.tokens.sign(job.userId, "alerts")) };
      await this.sender.send({ to: user.email, ...this.emails.dealAlert(content, links) });
    } catch (error) {
      if (error instanceof MailSendError && error.kind === "permanent") {
        await this.sends.finish(job.userId, job.periodKey, "refused", now);
        if (error.recipientRefused) await this.preferences.stopEmails(job.userId, `The mail server refused the address (${error.responseCode ?? "5xx"}): ${error.message}`.slice(0, 500), now);
        this.log("Deal alert refused by the mail server", { ...job, ...errorLogRecord(error) });
        return;
      }
      await this.sends.release(job.userId, job.periodKey);
      this.log("Deal alert send failed; it will be retried", { ...job, ...errorLogRecord(error) });
      throw error;
    }
    // The deals the email listed are told; those counted as "more" wait for the next day's alert.
    await this.store.markAlerted(job.userId, carried, now);
    await this.sends.finish(job.userId, job.periodKey, "sent", this.clock.now());
    this.log("Deal alert sent", { ...job, deals: carried.length });
  }

  private windowAt(now: Date): NewDealsWindow {
    return { foundSince: new Date(now.getTime() - FOUND_WITHIN_MS), mailSince: new Date(now.getTime() - MAIL_WITHIN_MS) };
  }

  /** The deals the person's alert holds now: the domain's batch of their new deals, as the email lists them. */
  private async batchFor(userId: string, window: NewDealsWindow, timeZone: string, now: Date): Promise<{ deals: ReportDeal[]; more: number }> {
    const [rules, followed, deals] = await Promise.all([this.store.rules(userId), this.store.followedBrands(userId), this.store.newDeals(userId, window)]);
    const byId = new Map<string, AlertableDeal>(deals.map((deal) => [deal.id, deal]));
    const batch: AlertBatch = alertBatch({
      rules,
      deals: deals.map(asAlertDeal),
      followed: new Set(followed.map(brandKey)),
      alerted: new Set(deals.filter((deal) => deal.alerted).map((deal) => deal.id)),
      today: dayIn(now, timeZone),
    });
    return { deals: batch.deals.map((deal) => byId.get(deal.id)!), more: batch.more };
  }
}

const keyOf = (job: AlertJobData) => `${job.userId}:${job.periodKey}`;
