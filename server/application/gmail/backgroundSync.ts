import { errorLogRecord } from "../errorLogRecord";
import type { Clock } from "../ports";
import type { PreferencesRepository } from "../repositories";
import type { SyncEngine } from "./syncEngine";

/**
 * Syncs connected mailboxes in the background, each at its owner's interval (or the configured default): a job the
 * queue runs every minute, once across all processes (syncJobs), queues a sync for everyone due.
 */
export class BackgroundSync {
  constructor(
    private readonly sync: SyncEngine,
    private readonly preferences: PreferencesRepository,
    private readonly clock: Clock,
    private readonly defaultIntervalMinutes: number,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  /** Whether the background sync runs at all (its job is on the queue's schedule): off with a default interval of 0. */
  get isOn(): boolean {
    return this.defaultIntervalMinutes > 0;
  }

  /** Queues a sync for every connected user who is due; answers how many were queued. */
  async runDue(): Promise<number> {
    if (!this.isOn) return 0;
    let started = 0;
    try {
      for (const userId of await this.preferences.dueForSync(this.clock.now(), this.defaultIntervalMinutes)) {
        if ((await this.sync.start(userId)) === "started") started++;
      }
    } catch (error) {
      this.log("Background sync check failed", errorLogRecord(error));
    }
    return started;
  }
}

/** When the background sync looks at a mailbox again: its owner's interval after the last sync that finished. */
export class SyncSchedule {
  constructor(
    private readonly preferences: PreferencesRepository,
    /** The configured default; 0 means the background sync is off, so nothing is planned. */
    private readonly defaultIntervalMinutes: number,
  ) {}

  async nextSyncAt(userId: string, lastSyncAt: Date | null): Promise<Date | null> {
    if (this.defaultIntervalMinutes <= 0 || !lastSyncAt) return null;
    const { syncIntervalMinutes } = await this.preferences.get(userId);
    return new Date(lastSyncAt.getTime() + syncIntervalMinutes * 60_000);
  }
}
