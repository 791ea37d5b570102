import { errorLogRecord } from "./errorLogRecord";
import type { Clock } from "./ports";

/** How many rows of each kind a purge deleted. */
export interface PurgedCounts {
  oauthStates: number;
  loginCodes: number;
  extensionPairingCodes: number;
  extensionSessions: number;
}

/**
 * Rows that outlive their use: sign-in states past their lifetime, login codes used or expired, extension pairing
 * codes and extension sessions past theirs.
 */
export interface HousekeepingRepository {
  /** Deletes what has expired by `now`; answers how many rows of each kind went. */
  purgeExpired(now: Date): Promise<PurgedCounts>;
}

const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Purges expired sign-in and pairing leftovers on a schedule, so they never pile up when no one signs in: once at start, then
 * hourly. Logs counts only.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repository: HousekeepingRepository,
    private readonly clock: Clock,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  start(): void {
    if (this.timer) return;
    const run = () => (this.running = this.purge());
    run();
    this.timer = setInterval(run, PURGE_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the schedule; resolves when a purge in progress has ended, so the database can close after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
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
