import type { ExtractedMessage, ExtractionOptions } from "../../extraction";
import { GmailApiError, HistoryExpiredError, type Clock, type GmailApi } from "../ports";
import type { SyncRepository } from "../repositories";
import { GmailNotConnectedError, type GmailConnection } from "./gmailConnection";

export type ExtractDeals = (raw: Uint8Array, options: ExtractionOptions) => Promise<ExtractedMessage>;

export interface SyncEngineSettings {
  fetchConcurrency: number;
  /** Told after each message is stored, so cached dashboards of that user are dropped. */
  onUserDataChanged?: (userId: string) => void;
}

/** A sync whose heartbeat is older than this was cut off (the process died) and may be taken over. */
const STALE_SYNC_MS = 2 * 60_000;
const PROGRESS_EVERY_MS = 250;
const LIST_PAGE_SIZE = 500;

export type StartOutcome = "started" | "already-running" | "not-connected";

/**
 * Syncs a user's monitored Gmail labels into deals. A first sync lists everything; later ones read Gmail's history
 * from the stored historyId. Message ids are recorded as pending before they are fetched, and each is marked processed
 * in the same transaction that stores its deals, so a sync cut off at any point resumes with nothing lost or doubled.
 */
export class SyncEngine {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly repository: SyncRepository,
    private readonly gmail: GmailApi,
    private readonly connection: GmailConnection,
    private readonly extract: ExtractDeals,
    private readonly clock: Clock,
    private readonly settings: SyncEngineSettings,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  /** Starts a sync in the background unless one is running for this user. */
  async start(userId: string): Promise<StartOutcome> {
    if (this.running.has(userId)) return "already-running";
    if (!(await this.connection.linkedAccount(userId))) return "not-connected";
    if (!(await this.repository.claim(userId, this.clock.now(), STALE_SYNC_MS))) return "already-running";
    this.launch(userId);
    return "started";
  }

  /** Resolves when the user's running sync (if any) has ended. */
  async settled(userId: string): Promise<void> {
    await this.running.get(userId);
  }

  /** Waits for every running sync, for a clean shutdown. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  /** Picks up syncs that were running when the process stopped. */
  async resumeInterrupted(): Promise<void> {
    for (const userId of await this.repository.interrupted()) {
      if (this.running.has(userId)) continue;
      if (await this.repository.claim(userId, this.clock.now(), 0)) this.launch(userId);
    }
  }

  /** Runs a claimed sync in the background, remembered until it ends. */
  private launch(userId: string): void {
    this.running.set(userId, this.run(userId).finally(() => this.running.delete(userId)));
  }

  private async run(userId: string): Promise<void> {
    try {
      const accessToken = await this.connection.accessToken(userId);
      const state = await this.repository.state(userId);
      const historyId = await this.collectMessageIds(userId, accessToken, state.monitoredLabels, state.historyId);
      const outcome = await this.processPending(userId, accessToken);
      const skipped = outcome.failed > 0 ? ` (${outcome.failed} email${outcome.failed === 1 ? "" : "s"} could not be read and were skipped)` : "";
      await this.repository.finish(
        userId,
        { message: `Sync completed: ${outcome.newDeals} new deal${outcome.newDeals === 1 ? "" : "s"}${skipped}`, historyId, error: null },
        this.clock.now(),
      );
    } catch (error) {
      this.log("Gmail sync failed", { userId, error });
      await this.repository.finish(userId, { message: `Sync failed: ${describe(error)}`, historyId: null, error: describe(error) }, this.clock.now());
    }
  }

  /** Records the ids to process and answers the historyId the next incremental sync starts from. */
  private async collectMessageIds(userId: string, accessToken: string, labels: string[], historyId: string | null): Promise<string> {
    await this.repository.progress(userId, "Looking for promotional emails...", 0, 0, this.clock.now());
    if (historyId) {
      try {
        return await this.collectFromHistory(userId, accessToken, labels, historyId);
      } catch (error) {
        if (!(error instanceof HistoryExpiredError)) throw error;
        this.log("Gmail history expired; running a full sync", { userId });
      }
    }
    // Take the historyId before listing, so that mail arriving during the listing is caught by the next sync.
    const profile = await this.gmail.getProfile(accessToken, userId);
    for (const labelId of labels) {
      let pageToken: string | null = null;
      do {
        const page = await this.gmail.listMessages(accessToken, userId, { labelIds: [labelId], pageToken, maxResults: LIST_PAGE_SIZE });
        await this.repository.addPending(userId, page.messages.map((message) => message.id));
        pageToken = page.nextPageToken;
      } while (pageToken);
    }
    return profile.historyId;
  }

  private async collectFromHistory(userId: string, accessToken: string, labels: string[], startHistoryId: string): Promise<string> {
    let latest = startHistoryId;
    for (const labelId of labels) {
      let pageToken: string | null = null;
      do {
        const page = await this.gmail.listHistory(accessToken, userId, { startHistoryId, labelId, pageToken });
        await this.repository.addPending(userId, page.addedMessageIds);
        if (BigInt(page.historyId) > BigInt(latest)) latest = page.historyId;
        pageToken = page.nextPageToken;
      } while (pageToken);
    }
    return latest;
  }

  private async processPending(userId: string, accessToken: string): Promise<{ newDeals: number; failed: number }> {
    const pending = await this.repository.pendingIds(userId);
    const total = pending.length;
    let processed = 0;
    let newDeals = 0;
    let failed = 0;
    let lastReport = 0;
    const report = async (force = false) => {
      const now = this.clock.now();
      if (!force && now.getTime() - lastReport < PROGRESS_EVERY_MS) return;
      lastReport = now.getTime();
      await this.repository.progress(userId, `Scanning ${processed} of ${total} emails`, processed, total, now);
    };
    await report(true);

    let next = 0;
    let stopped = false;
    const worker = async () => {
      try {
        while (!stopped && next < pending.length) {
          const gmailId = pending[next++]!;
          const result = await this.processMessage(userId, accessToken, gmailId);
          if (result === "failed") failed++;
          else newDeals += result;
          processed++;
          await report();
        }
      } catch (error) {
        // One worker's failure stops the others; what they stored stays, and the rest resumes next time.
        stopped = true;
        throw error;
      }
    };
    const workers = Array.from({ length: Math.min(this.settings.fetchConcurrency, Math.max(1, total)) }, worker);
    const failure = (await Promise.allSettled(workers)).find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    await report(true);
    return { newDeals, failed };
  }

  /** Fetches, extracts and stores one message. A message that cannot be read is skipped and counted, never fatal. */
  private async processMessage(userId: string, accessToken: string, gmailId: string): Promise<number | "failed"> {
    let message;
    try {
      message = await this.gmail.getRawMessage(accessToken, userId, gmailId);
    } catch (error) {
      // A message deleted since it was listed is skipped; any other Gmail failure stops this sync (it resumes later).
      if (error instanceof GmailApiError && error.status === 404) {
        await this.repository.markFailed(userId, gmailId, "deleted from Gmail", this.clock.now());
        this.settings.onUserDataChanged?.(userId);
        return "failed";
      }
      throw error;
    }
    let extracted: ExtractedMessage;
    try {
      extracted = await this.extract(message.raw, message.internalDate ? { receivedAt: message.internalDate } : {});
    } catch (error) {
      await this.repository.markFailed(userId, gmailId, describe(error), this.clock.now());
      this.settings.onUserDataChanged?.(userId);
      return "failed";
    }
    const sender = extracted.sender.name && extracted.sender.address
      ? `${extracted.sender.name} <${extracted.sender.address}>`
      : extracted.sender.address ?? extracted.sender.name;
    const added = await this.repository.storeProcessed(
      userId,
      { gmailId, sender, subject: extracted.subject, sentAt: extracted.sentAt ?? message.internalDate },
      extracted.isPromotion ? extracted.deals.filter((deal) => deal.brandDomain) : [],
    );
    this.settings.onUserDataChanged?.(userId);
    return added;
  }
}

function describe(error: unknown): string {
  if (error instanceof GmailNotConnectedError) return "Gmail is not connected.";
  if (error instanceof GmailApiError) return `Gmail answered ${error.status}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
