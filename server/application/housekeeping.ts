import { errorLogRecord } from "./errorLogRecord";
import type { Clock } from "./ports";
import { JOB, type JobQueue } from "./jobs/jobQueue";

/** How many rows of each kind a purge deleted. */
export interface PurgedCounts {
  oauthStates: number;
  loginCodes: number;
  extensionPairingCodes: number;
  extensionSessions: number;
  testReports: number;
}

/**
 * Rows that outlive their use: sign-in states past their lifetime, login codes used or expired, extension pairing
 * codes and extension sessions past theirs, test reports' sent-log rows after a week.
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
  static readonly HOURLY = "17 * * * *";

  constructor(
    private readonly repository: HousekeepingRepository,
    private readonly clock: Clock,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  async schedule(queue: JobQueue): Promise<void> {
    await queue.schedule(JOB.cleanup, Housekeeping.HOURLY);
    await queue.send(JOB.cleanup, {}, { key: "at-start" });
  }

  async purge(): Promise<PurgedCounts | null> {
    try {
      return await this.repository.purgeExpired(this.clock.now());
    } catch (error) {
      this.log("Purging expired sign-in rows failed", errorLogRecord(error));
      return null;
    }
  }
}
