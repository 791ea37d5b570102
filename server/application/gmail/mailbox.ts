import type { SyncSchedule } from "./backgroundSync";
import type { GmailConnection } from "./gmailConnection";
import type { GmailLabelsService } from "./gmailLabels";
import type { StartOutcome, SyncEngine } from "./syncEngine";
import type { SyncRepository, SyncState } from "../repositories";

export interface SyncReport extends SyncState {
  /** Null while a sync runs, before the first one finished, or when the background sync is off. */
  nextSyncAt: Date | null;
}

/** What a person does with their connected Gmail: sync it, see how the sync goes, disconnect it. */
export class MailboxService {
  constructor(
    private readonly sync: SyncEngine,
    private readonly syncState: SyncRepository,
    private readonly labels: GmailLabelsService,
    private readonly connection: GmailConnection,
    private readonly schedule: SyncSchedule,
  ) {}

  /** The running or last sync, and when the background sync looks again once it is over. */
  async status(userId: string): Promise<SyncReport> {
    const state = await this.syncState.state(userId);
    const nextSyncAt = state.status === "idle" ? await this.schedule.nextSyncAt(userId, state.lastSyncAt) : null;
    return { ...state, nextSyncAt };
  }

  /**
   * Starts a sync, of these labels when given (they become the monitored ones; throws UnknownLabelError for a label
   * the person does not have), else of the labels already monitored.
   */
  async startSync(userId: string, labelIds?: string[]): Promise<StartOutcome> {
    if (labelIds) await this.labels.setMonitored(userId, labelIds);
    return this.sync.start(userId);
  }

  /** Revokes Gmail access once the running sync ends; false when Gmail was not connected. The deals found stay. */
  async disconnect(userId: string): Promise<boolean> {
    await this.sync.settled(userId);
    return this.connection.disconnect(userId);
  }
}
