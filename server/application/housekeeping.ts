import { errorLogRecord } from "./errorLogRecord";
import type { Clock } from "./ports";
import { defineJobs } from "./jobs/jobQueue";

/** The housekeeping's job, by name. */
export const HOUSEKEEPING_JOBS = {
  /** Hourly: deletes rows that have outlived their use. */
  cleanup: "cleanup",
} as const;

/** How many rows of each kind a purge deleted. */
export interface PurgedCounts {
  oauthStates: number;
  loginCodes: number;
  extensionPairingCodes: number;
  extensionSessions: number;
  testReports: number;
  /** Rows of the new deals' kept counts (per quarter hour stored) from before anyone's today. */
  newDealCounts: number;
}

/**
 * Rows that outlive their use: sign-in states past their lifetime, login codes used or expired, extension pairing
 * codes and extension sessions past theirs, test reports' sent-log rows after a week, and the kept counts of new deals
 * once no person's today reaches back to them.
 */
export interface HousekeepingRepository {
  /** Deletes what has expired by `now`; answers how many rows of each kind went. */
  purgeExpired(now: Date): Promise<PurgedCounts>;
}

/**
 * Purges expired sign-in and pairing leftovers, so they never pile up when no one signs in: a job the queue runs
 * hourly, once across all processes, and once when a worker starts. Logs counts only. The sync's own records are
 * kept: a message's row (processed or skipped) is what stops it from being read again, and the queue's finished jobs
 * are archived and deleted by the queue itself.
 */
export class Housekeeping {
  constructor(
    private readonly repository: HousekeepingRepository,
    private readonly clock: Clock,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  async purge(): Promise<PurgedCounts | null> {
    try {
      return await this.repository.purgeExpired(this.clock.now());
    } catch (error) {
      this.log("Purging expired sign-in rows failed", errorLogRecord(error));
      return null;
    }
  }
}

/** The purge, hourly and once when a worker starts (so a long-stopped installation starts clean). */
export const housekeepingJobs = defineJobs((housekeeping: Housekeeping) => ({
  jobs: [
    {
      name: HOUSEKEEPING_JOBS.cleanup,
      queue: { policy: "one-waiting-per-key", pollingIntervalSeconds: 5 },
      concurrency: 1,
      handler: async () => void (await housekeeping.purge()),
      schedule: "17 * * * *",
      sendAtStart: "at-start",
    },
  ],
}));
