import { defineJobs } from "../jobs/jobQueue";

/** The Gmail sync's jobs, by name. */
export const SYNC_JOBS = {
  /** One user's Gmail sync; at most one per user waits or runs (keyed by the user's id). */
  sync: "sync",
  /** Every minute: queues a sync for every connected mailbox that is due. */
  backgroundSync: "background-sync",
} as const;

export interface SyncJobData {
  userId: string;
}

const EVERY_MINUTE = "* * * * *";
/** pg-boss fails a job that runs longer than this; a long sync outlives it harmlessly (our own claim guards the sync). */
const SYNC_EXPIRY_SECONDS = 6 * 3600;
/** Each give-back or takeover of a sync uses one retry; past this many the job fails and the lease monitor sends a new one. */
const SYNC_RETRY_LIMIT = 100;

/** What the jobs call; SyncEngine and BackgroundSync (named by shape, as they import this file's names). */
export interface SyncJobsDependencies {
  engine: {
    runJob(data: SyncJobData): Promise<void>;
    resumeAbandoned(exclusive: boolean): Promise<number>;
  };
  background: { readonly isOn: boolean; runDue(): Promise<number> };
  /** Syncs one worker runs side by side. */
  concurrentSyncs: number;
  /** The embedded database has this one process: a sync found waiting or running when it starts was cut off by a stop. */
  embeddedDatabase: boolean;
  leaseMs: number;
}

/**
 * A sync is a job with a lease (see SyncEngine): one runs per user, a stopping worker gives it back and another takes
 * it up within a second, and every worker looks for syncs whose worker died, twice a lease. A minutely tick queues the
 * background syncs that are due, while the background sync is on.
 */
export const syncJobs = defineJobs(({ engine, background, concurrentSyncs, embeddedDatabase, leaseMs }: SyncJobsDependencies) => ({
  jobs: [
    {
      name: SYNC_JOBS.sync,
      queue: { policy: "one-running-per-key", retryLimit: SYNC_RETRY_LIMIT, retryDelaySeconds: 0, expireInSeconds: SYNC_EXPIRY_SECONDS, pollingIntervalSeconds: 1 },
      concurrency: concurrentSyncs,
      handler: (data: SyncJobData) => engine.runJob(data),
    },
    {
      name: SYNC_JOBS.backgroundSync,
      queue: { policy: "one-waiting-per-key", pollingIntervalSeconds: 5 },
      concurrency: 1,
      handler: async () => void (await background.runDue()),
      schedule: background.isOn ? EVERY_MINUTE : null,
    },
  ],
  // Put back before this process takes jobs, or a sync claimed meanwhile would look cut off too and lose its lease.
  beforeWork: async () => void (await engine.resumeAbandoned(embeddedDatabase)),
  every: { intervalMs: Math.max(1000, leaseMs / 2), run: () => engine.resumeAbandoned(false), failure: "Resuming abandoned syncs failed" },
}));
