import { errorLogRecord } from "../errorLogRecord";
import type { Clock } from "../ports";
import type { PreferencesRepository } from "../repositories";
import type { SyncEngine } from "./syncEngine";

const CHECK_EVERY_MS = 60_000;

/** Syncs connected mailboxes in the background, each at its owner's interval (or the configured default). */
export class BackgroundSync {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sync: SyncEngine,
    private readonly preferences: PreferencesRepository,
    private readonly clock: Clock,
    private readonly defaultIntervalMinutes: number,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  start(): void {
    if (this.defaultIntervalMinutes <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runDue(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Starts a sync for every connected user who is due; answers how many started. */
  async runDue(): Promise<number> {
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
