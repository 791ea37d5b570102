import { defineJobs } from "../jobs/jobQueue";

/** The deal alerts' jobs, by name. */
export const ALERT_JOBS = {
  /** Every five minutes: finds people whose rules pick deals a sync stored, and queues their day's alert. */
  alertSchedule: "alert-schedule",
  /** One person's alert for one of their days (keyed by both); retried with backoff when SMTP fails for a while. */
  sendAlert: "send-alert",
} as const;

/** One alert job: whose, and which of their days ("alert:2026-11-27"). */
export interface AlertJobData {
  userId: string;
  periodKey: string;
}

/** Syncs run every half hour or so: five minutes after one, its deals are in the day's alert. */
const EVERY_FIVE_MINUTES = "*/5 * * * *";
const ALERT_RETRY_LIMIT = 8;
const ALERT_EXPIRY_SECONDS = 300;

/** What the jobs call: DealAlerts (named by shape, as it imports this file's names). */
export interface AlertJobsDependencies {
  alerts: {
    /** This process has a mail server to send with. */
    readonly sendsHere: boolean;
    queueDue(): Promise<number>;
    send(job: AlertJobData): Promise<void>;
  };
  /** The first retry's delay of a failed send (doubling after). */
  retryDelaySeconds: number;
}

/**
 * Deal alerts: a tick finds the new deals people's rules pick and queues one send per person and day (keyed by both,
 * and claimed in the sent log, so a day brings one alert email however many syncs it has). A worker without a mail
 * server takes no alert jobs, as with the weekly report.
 */
export const alertJobs = defineJobs(({ alerts, retryDelaySeconds }: AlertJobsDependencies) => ({
  jobs: [
    {
      name: ALERT_JOBS.alertSchedule,
      queue: { policy: "one-waiting-per-key", pollingIntervalSeconds: 5 },
      concurrency: 1,
      handler: async () => void (await alerts.queueDue()),
      schedule: alerts.sendsHere ? EVERY_FIVE_MINUTES : null,
      runsHere: alerts.sendsHere,
    },
    {
      name: ALERT_JOBS.sendAlert,
      queue: {
        policy: "one-waiting-per-key",
        retryLimit: ALERT_RETRY_LIMIT,
        retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: ALERT_EXPIRY_SECONDS,
        pollingIntervalSeconds: 1,
        takeNextAtOnce: true,
      },
      concurrency: 1,
      handler: (job: AlertJobData) => alerts.send(job),
      runsHere: alerts.sendsHere,
    },
  ],
}));
