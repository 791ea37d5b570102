import { defineJobs } from "../jobs/jobQueue";
import type { EmailKind } from "./ports";

/** The emails' jobs, by name. */
export const REPORT_JOBS = {
  /** Every minute: queues the weekly reports and the expiry reminders that are due. */
  emailSchedule: "email-schedule",
  /** One email to one person for one period (keyed by both); retried with backoff when SMTP fails for a while. */
  sendEmail: "send-email",
} as const;

/** One email job: who, which period, and for a reminder which deal. */
export interface EmailJobData {
  userId: string;
  kind: EmailKind;
  periodKey: string;
  dealId?: string;
}

const EVERY_MINUTE = "* * * * *";
/** Emails one worker sends at once (nodemailer pools two SMTP connections). */
export const EMAIL_CONCURRENCY = 2;
/** An email send that fails for a while is tried this many times more, waiting twice as long each time. */
const EMAIL_RETRY_LIMIT = 8;
/** The queue gives a send whose worker died back after this (our own lease guards the send itself). */
const EMAIL_EXPIRY_SECONDS = 300;

/** What the jobs call: EmailReports (named by shape, as it imports this file's names). */
export interface ReportJobsDependencies {
  reports: {
    /** This process has a mail server to send with. */
    readonly sendsHere: boolean;
    queueDue(): Promise<number>;
    send(job: EmailJobData): Promise<void>;
  };
  /** The first retry's delay of a failed send (doubling after). */
  retryDelaySeconds: number;
}

/**
 * The weekly report and the reminders: a tick every minute queues one send per person and period due (keyed by both,
 * so a second waits at most, and the sent log's claim guards the send itself). A worker without a mail server takes
 * no email jobs, and the tick is off the schedule while none is configured.
 */
export const reportJobs = defineJobs(({ reports, retryDelaySeconds }: ReportJobsDependencies) => ({
  jobs: [
    {
      name: REPORT_JOBS.emailSchedule,
      queue: { policy: "one-waiting-per-key", pollingIntervalSeconds: 5 },
      concurrency: 1,
      handler: async () => void (await reports.queueDue()),
      schedule: reports.sendsHere ? EVERY_MINUTE : null,
      runsHere: reports.sendsHere,
    },
    {
      name: REPORT_JOBS.sendEmail,
      queue: {
        policy: "one-waiting-per-key",
        retryLimit: EMAIL_RETRY_LIMIT,
        retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: EMAIL_EXPIRY_SECONDS,
        pollingIntervalSeconds: 1,
        // An email takes milliseconds: a worker asks for the next one at once while a batch lasts.
        takeNextAtOnce: true,
      },
      concurrency: EMAIL_CONCURRENCY,
      handler: (job: EmailJobData) => reports.send(job),
      runsHere: reports.sendsHere,
    },
  ],
}));
