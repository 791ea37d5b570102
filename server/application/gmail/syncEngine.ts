import type { ExtractedMessage, ExtractionOptions } from "../../extraction";
import { ExtractionUnavailableError, GmailApiError, HistoryExpiredError, type Clock, type GmailApi } from "../ports";
import { errorLogRecord } from "../errorLogRecord";
import { StoreRefusedError, type FailedMessage, type ProcessedMessage, type SyncRepository } from "../repositories";
import { GmailNotConnectedError, type GmailCaller, type GmailConnection } from "./gmailConnection";
import type { JobQueue } from "../jobs/jobQueue";
import { SYNC_JOBS, type SyncJobData } from "./syncJobs";
import { countOf } from "../../../src/domain/counting";

export type ExtractDeals = (raw: Uint8Array, options: ExtractionOptions) => Promise<ExtractedMessage>;

export interface SyncEngineSettings {
  fetchConcurrency: number;
  /** Messages stored per transaction (group commit), and the longest a read message waits for its group to fill. */
  commitBatchSize: number;
  commitDelayMs: number;
  /** A queued or running sync with no heartbeat for this long has lost its worker (it died) and is taken over. */
  leaseMs: number;
  /** Told after each group is stored, and awaited, so cached dashboards of that user are dropped in every process. */
  onUserDataChanged?: (userId: string) => void | Promise<void>;
}

const PROGRESS_EVERY_MS = 250;
/** How often settled() looks whether a sync running in another process has ended. */
const SETTLED_POLL_MS = 200;
const LIST_PAGE_SIZE = 500;

export type StartOutcome = "started" | "already-running" | "not-connected";

/** Thrown by a sync job whose worker is stopping: the queue puts the job back, and another worker resumes it. */
export class SyncGivenBackError extends Error {
  constructor() {
    super("The worker is stopping; the sync was given back to the queue");
    this.name = "SyncGivenBackError";
  }
}

/**
 * Syncs a user's monitored Gmail labels into deals. A first sync lists everything; later ones read Gmail's history
 * from the stored historyId. Message ids are recorded as pending before they are fetched, and each is marked processed
 * in the same transaction that stores its deals, so a sync cut off at any point resumes with nothing lost or doubled.
 * Read messages are stored in groups, one transaction each, so the database does one commit per group, not per message.
 * No message can stop a sync: one that cannot be read, or that the database refuses, is skipped, counted and logged
 * (its id and a reason, never its content), and is not tried again by later syncs: what was refused once would be
 * refused again, and each sync would fetch it and warn about it anew.
 */
export class SyncEngine {
  /** Syncs this process runs, as a per-process shortcut; the database's claim is what holds across processes. */
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly repository: SyncRepository,
    private readonly gmail: GmailApi,
    private readonly connection: GmailConnection,
    private readonly extract: ExtractDeals,
    private readonly clock: Clock,
    private readonly queue: JobQueue,
    private readonly settings: SyncEngineSettings,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  /**
   * Queues a sync unless one waits or runs for this user, in whichever process: the database says so (a queued or
   * claimed sync with a live lease), so every API process answers the same.
   */
  async start(userId: string): Promise<StartOutcome> {
    if (this.running.has(userId)) return "already-running";
    if (!(await this.connection.linkedAccount(userId))) return "not-connected";
    const queued = await this.repository.enqueue(userId, this.clock.now(), this.settings.leaseMs);
    if (!queued) return "already-running";
    await this.dispatch(userId, queued.previousJobId);
    return "started";
  }

  /**
   * Starts a mailbox's first sync, unless a sync finished before: signing in with Gmail connected but never synced
   * (the first sync failed, or the server stopped) opens on a dashboard that already shows its progress.
   */
  async startFirst(userId: string): Promise<StartOutcome | "synced-before"> {
    if ((await this.repository.state(userId)).lastSyncAt) return "synced-before";
    return this.start(userId);
  }

  /**
   * Resolves when the user's sync (if any) has ended: this process's, then one in another process, waited for as long
   * as its lease is alive, at most one lease.
   */
  async settled(userId: string): Promise<void> {
    await this.running.get(userId);
    // Real time, not the injected clock: this waits on another process, whatever time the use cases are told it is.
    const deadline = Date.now() + this.settings.leaseMs;
    while ((await this.repository.state(userId)).status !== "idle" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, SETTLED_POLL_MS));
    }
  }

  /**
   * The sync job's handler: claims the queued sync and runs it, keeping its lease alive. A job whose sync is not
   * queued (another worker has it, or it ended) does nothing. A stopping worker stores what it has read, gives the
   * sync back (queued again) and throws, so the queue hands the job to another worker at once.
   */
  async runJob({ userId }: SyncJobData): Promise<void> {
    if (this.stopping) throw new SyncGivenBackError();
    if (this.running.has(userId)) return;
    const leaseId = await this.repository.claim(userId, this.clock.now());
    if (!leaseId) return;
    const lease: HeldLease = { id: leaseId, lost: false };
    // The lease is kept alive apart from the progress reports: a long group commit reports nothing for a while.
    const heartbeat = setInterval(() => {
      this.repository.heartbeat(userId, lease.id, this.clock.now()).then(
        (held) => {
          if (!held && !lease.lost) this.log("Sync taken over by another worker after this one missed its lease", { userId });
          lease.lost ||= !held;
        },
        (error: unknown) => this.log("Sync heartbeat failed", { userId, ...errorLogRecord(error) }),
      );
    }, Math.max(250, this.settings.leaseMs / 4));
    const run = this.run(userId, lease);
    this.running.set(userId, run.then(() => undefined));
    let outcome: "ended" | "given-back";
    try {
      outcome = await run;
    } finally {
      clearInterval(heartbeat);
      this.running.delete(userId);
    }
    if (outcome === "given-back" && !lease.lost) {
      await this.repository.release(userId, lease.id, this.clock.now());
      throw new SyncGivenBackError();
    }
  }

  /**
   * Puts syncs whose worker died (no heartbeat for a lease) back in the queue; `exclusive` when this process is the
   * database's only one (the embedded PGlite), so any sync found waiting or running was cut off and resumes at once.
   */
  async resumeAbandoned(exclusive: boolean): Promise<number> {
    const abandoned = await this.repository.requeueStale(this.clock.now(), exclusive ? 0 : this.settings.leaseMs);
    for (const { userId, jobId } of abandoned) {
      this.log("Resuming a sync whose worker stopped", { userId });
      await this.dispatch(userId, jobId);
    }
    return abandoned.length;
  }

  /** Stops taking messages; resolves when every sync of this process has stored what it read and given itself back. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Gets a queued sync to a worker: the previous job is put back when it still waits or is held (by a worker that died),
   * which keeps one job per user; otherwise a new job is sent. Sent while a job of that user runs, a new one would
   * wait behind it and hold up the queue (see the pg-boss adapter).
   */
  private async dispatch(userId: string, previousJobId: string | null): Promise<void> {
    if (previousJobId && (await this.queue.retry(SYNC_JOBS.sync, previousJobId))) return;
    const jobId = await this.queue.send(SYNC_JOBS.sync, { userId } satisfies SyncJobData, { key: userId });
    if (jobId) await this.repository.setJob(userId, jobId);
  }

  /** Runs a claimed sync; "given-back" when it stopped early because this worker stops or lost its lease. */
  private async run(userId: string, lease: HeldLease): Promise<"ended" | "given-back"> {
    try {
      const gmail = this.connection.caller(userId);
      const state = await this.repository.state(userId);
      const historyId = await this.collectMessageIds(userId, lease, gmail, state.monitoredLabels, state.historyId);
      if (this.stopping || lease.lost) return "given-back";
      if ((await this.processPending(userId, lease, gmail)) === "given-back") return "given-back";
      // Counted over the whole sync: a run that resumed one given back counts what the run before it stored too.
      const { newDeals, skipped } = await this.repository.state(userId);
      const skippedNote = skipped > 0 ? ` (${countOf(skipped, "email could not be read and was skipped", "emails could not be read and were skipped")})` : "";
      await this.repository.finish(
        userId,
        lease.id,
        { message: `Sync completed: ${countOf(newDeals, "new deal")}${skippedNote}`, historyId, error: null },
        this.clock.now(),
      );
    } catch (error) {
      this.log("Gmail sync failed", { userId, ...errorLogRecord(error) });
      await this.repository.finish(userId, lease.id, { message: `Sync failed: ${describe(error)}`, historyId: null, error: describe(error) }, this.clock.now());
    }
    return "ended";
  }

  /** Records the ids to process and answers the historyId the next incremental sync starts from. */
  private async collectMessageIds(userId: string, lease: HeldLease, gmail: GmailCaller, labels: string[], historyId: string | null): Promise<string> {
    await this.repository.progress(userId, lease.id, "Looking for promotional emails...", 0, 0, this.clock.now());
    if (historyId) {
      try {
        return await this.collectFromHistory(userId, gmail, labels, historyId);
      } catch (error) {
        if (!(error instanceof HistoryExpiredError)) throw error;
        this.log("Gmail history expired; running a full sync", { userId });
      }
    }
    // Take the historyId before listing, so that mail arriving during the listing is caught by the next sync.
    const profile = await gmail((token) => this.gmail.getProfile(token, userId));
    for (const labelId of labels) {
      let pageToken: string | null = null;
      do {
        const page = await gmail((token) => this.gmail.listMessages(token, userId, { labelIds: [labelId], pageToken, maxResults: LIST_PAGE_SIZE }));
        await this.repository.addPending(userId, page.messages.map((message) => message.id));
        pageToken = page.nextPageToken;
      } while (pageToken);
    }
    return profile.historyId;
  }

  private async collectFromHistory(userId: string, gmail: GmailCaller, labels: string[], startHistoryId: string): Promise<string> {
    let latest = startHistoryId;
    for (const labelId of labels) {
      let pageToken: string | null = null;
      do {
        const page = await gmail((token) => this.gmail.listHistory(token, userId, { startHistoryId, labelId, pageToken }));
        await this.repository.addPending(userId, page.addedMessageIds);
        if (BigInt(page.historyId) > BigInt(latest)) latest = page.historyId;
        pageToken = page.nextPageToken;
      } while (pageToken);
    }
    return latest;
  }

  private async processPending(userId: string, lease: HeldLease, gmail: GmailCaller): Promise<"done" | "given-back"> {
    const pending = await this.repository.pendingIds(userId);
    const total = pending.length;
    let processed = 0;
    let lastReport = 0;
    const report = async (force = false) => {
      const now = this.clock.now();
      if (!force && now.getTime() - lastReport < PROGRESS_EVERY_MS) return;
      lastReport = now.getTime();
      await this.repository.progress(userId, lease.id, `Scanning ${processed} of ${total} emails`, processed, total, now);
    };
    await report(true);

    // Progress counts what is committed, so a restart never reports less than was shown.
    const commits = new GroupCommit(this.settings.commitBatchSize, this.settings.commitDelayMs, async (group) => {
      const skipped = await this.storeGroup(userId, group);
      processed += sizeOf(group);
      for (const { gmailId, reason } of skipped) this.log("Gmail message skipped", { userId, gmailId, reason });
      await this.settings.onUserDataChanged?.(userId);
      await report();
    });
    let next = 0;
    let stopped = false;
    const worker = async () => {
      try {
        while (!stopped && !this.stopping && !lease.lost && next < pending.length) {
          await commits.add(await this.readMessage(userId, gmail, pending[next++]!));
        }
      } catch (error) {
        // One worker's failure stops the others; what was committed stays, and the rest resumes next time.
        stopped = true;
        throw error;
      }
    };
    const workers = Array.from({ length: Math.min(this.settings.fetchConcurrency, Math.max(1, total)) }, worker);
    const failure = (await Promise.allSettled(workers)).find((result) => result.status === "rejected");
    // What was read before a failure is stored all the same, so no timed flush outlives the sync.
    try {
      await commits.flush();
    } catch (error) {
      if (!failure) throw error;
    }
    if (failure) throw failure.reason;
    await report(true);
    if ((this.stopping || lease.lost) && next < pending.length) return "given-back";
    return "done";
  }

  /**
   * Stores a group in one transaction. When the database refuses something in it, its messages are stored one by one,
   * and those it still refuses are marked skipped with the SQLSTATE; the others are kept. Any other failure (the
   * database is unavailable) stops the sync, which resumes later with nothing lost. Answers the messages skipped.
   */
  private async storeGroup(userId: string, group: Group): Promise<FailedMessage[]> {
    try {
      await this.repository.storeBatch(userId, group.processed, group.failed, this.clock.now());
      return group.failed;
    } catch (error) {
      if (!(error instanceof StoreRefusedError)) throw error;
    }
    const refused: FailedMessage[] = [];
    for (const message of group.processed) {
      try {
        await this.repository.storeBatch(userId, [message], [], this.clock.now());
      } catch (error) {
        if (!(error instanceof StoreRefusedError)) throw error;
        refused.push({ gmailId: message.message.gmailId, reason: `The database refused it (SQLSTATE ${error.code})` });
      }
    }
    const skipped = [...group.failed, ...refused];
    await this.repository.storeBatch(userId, [], skipped, this.clock.now());
    return skipped;
  }

  /** Fetches and extracts one message. A message that cannot be read is skipped and counted, never fatal. */
  private async readMessage(userId: string, gmail: GmailCaller, gmailId: string): Promise<ReadMessage> {
    let message;
    try {
      message = await gmail((token) => this.gmail.getRawMessage(token, userId, gmailId));
    } catch (error) {
      // A message deleted since it was listed is skipped; any other Gmail failure stops this sync (it resumes later).
      if (error instanceof GmailApiError && error.status === 404) return { failed: { gmailId, reason: "deleted from Gmail" } };
      throw error;
    }
    let extracted: ExtractedMessage;
    try {
      extracted = await this.extract(message.raw, message.internalDate ? { receivedAt: message.internalDate } : {});
    } catch (error) {
      if (error instanceof ExtractionUnavailableError) throw error;
      return { failed: { gmailId, reason: describe(error) } };
    }
    const sender = extracted.sender.name && extracted.sender.address
      ? `${extracted.sender.name} <${extracted.sender.address}>`
      : extracted.sender.address ?? extracted.sender.name;
    return {
      processed: {
        message: {
          gmailId,
          sender,
          subject: extracted.subject,
          sentAt: extracted.sentAt ?? message.internalDate,
          ...(extracted.isPromotion && extracted.brandDomain
            ? {
                brandDomain: extracted.brandDomain,
                brandName: extracted.brand,
                listUnsubscribe: extracted.unsubscribe?.listUnsubscribe ?? null,
                listUnsubscribePost: extracted.unsubscribe?.listUnsubscribePost ?? null,
              }
            : {}),
        },
        deals: extracted.isPromotion ? extracted.deals.filter((deal) => deal.brandDomain) : [],
        brandEvidence:
          extracted.isPromotion && extracted.brandDomain && extracted.categoryEvidence
            ? { domain: extracted.brandDomain, evidence: extracted.categoryEvidence }
            : null,
      },
    };
  }
}

/** A worker's claim on a sync; `lost` once another worker took it over after this one missed its lease. */
interface HeldLease {
  readonly id: string;
  lost: boolean;
}

type ReadMessage = { processed: ProcessedMessage } | { failed: FailedMessage };

interface Group {
  processed: ProcessedMessage[];
  failed: FailedMessage[];
}

const sizeOf = (group: Group) => group.processed.length + group.failed.length;

/**
 * Collects read messages into groups and stores each group with one call, when it fills or after a short delay.
 * Stores run one at a time, in order; after one fails nothing more is stored, and every later add or flush throws.
 * A worker whose add fills a group waits for that store, which keeps at most about two groups in memory.
 */
class GroupCommit {
  private group: Group = { processed: [], failed: [] };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stored: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly batchSize: number,
    private readonly delayMs: number,
    private readonly store: (group: Group) => Promise<void>,
  ) {}

  add(message: ReadMessage): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error);
    if ("processed" in message) this.group.processed.push(message.processed);
    else this.group.failed.push(message.failed);
    if (sizeOf(this.group) >= this.batchSize) return this.flush();
    // A timed flush has no one waiting on it: its failure is kept for the next add or flush.
    this.timer ??= setTimeout(() => void this.flush().catch(() => {}), this.delayMs);
    return Promise.resolve();
  }

  /** Stores what is collected; resolves when everything added so far is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (sizeOf(this.group) > 0) {
      const group = this.group;
      this.group = { processed: [], failed: [] };
      this.stored = this.stored.then(() => this.store(group));
      this.stored.catch((error: unknown) => (this.failure ??= { error }));
    }
    return this.stored;
  }
}

function describe(error: unknown): string {
  if (error instanceof GmailNotConnectedError) return error.message;
  if (error instanceof GmailApiError) return `Gmail answered ${error.status}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
