import { defineJobs } from "../jobs/jobQueue";

/** The brand logos' checks, by name. */
export const LOGO_CHECK_JOBS = {
  /** One person's new logos, sent after a sync stores a group of their mail (keyed by the person). */
  checkLogos: "check-logos",
  /** Every five minutes and when a worker starts: logos anyone has left unchecked. */
  logoSweep: "logo-sweep",
} as const;

/** One person's check: whose. */
export interface LogoCheckJobData {
  userId: string;
}

const EVERY_FIVE_MINUTES = "*/5 * * * *";
/** A run's checks at a few at once, each within the image fetch's time cap (5 s), end well within this. */
const RUN_EXPIRY_SECONDS = 300;

/** What the jobs call: BrandLogoChecks (named by shape, as it imports this file's names). */
export interface LogoCheckJobsDependencies {
  checkPerson(userId: string): Promise<number>;
  sweep(): Promise<number>;
}

/**
 * Brand logos are checked once before they are offered (docs/product.md, "Brand logos"): a person's new logos soon
 * after a sync stores them, a capped number a run; the sweep takes what is left (past a run's cap, or kept before the
 * checks existed). A check that runs twice records the same answer, on a brand that still keeps that address unchecked.
 */
export const logoCheckJobs = defineJobs((checks: LogoCheckJobsDependencies) => ({
  jobs: [
    {
      name: LOGO_CHECK_JOBS.checkLogos,
      queue: { policy: "one-waiting-per-key", expireInSeconds: RUN_EXPIRY_SECONDS, pollingIntervalSeconds: 1, takeNextAtOnce: true },
      concurrency: 1,
      handler: async ({ userId }: LogoCheckJobData) => void (await checks.checkPerson(userId)),
    },
    {
      name: LOGO_CHECK_JOBS.logoSweep,
      queue: { policy: "one-waiting-per-key", expireInSeconds: RUN_EXPIRY_SECONDS, pollingIntervalSeconds: 5 },
      concurrency: 1,
      handler: async () => void (await checks.sweep()),
      schedule: EVERY_FIVE_MINUTES,
      sendAtStart: "at-start",
    },
  ],
}));
