import type { GmailConnection } from "./gmailConnection";
import type { GmailLabelsService } from "./gmailLabels";
import type { StartOutcome, SyncEngine } from "./syncEngine";
import type { SyncRepository, SyncState } from "../repositories";

/** What a person does with their connected Gmail: sync it, see how the sync goes, disconnect it. */
export class MailboxService {
  constructor(
    private readonly sync: SyncEngine,
    private readonly syncState: SyncRepository,
    private readonly labels: GmailLabelsService,
    private readonly connection: GmailConnection,
  ) {}

  status(userId: string): Promise<SyncState> {
    return this.syncState.state(userId);
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
