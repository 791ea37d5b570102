/** The durable job queue the use cases talk to; server/infrastructure/queue implements it on pg-boss. */

/** The jobs the server runs, by name. */
export const JOB = {
  /** One user's Gmail sync; at most one per user waits or runs (keyed by the user's id). */
  sync: "sync",
  /** Every minute: queues a sync for every connected mailbox that is due. */
  backgroundSync: "background-sync",
  /** Hourly: deletes rows that have outlived their use. */
  cleanup: "cleanup",
  /** Every minute: queues the weekly reports and the expiry reminders that are due. */
  emailSchedule: "email-schedule",
  /** One email to one person for one period (keyed by both); retried with backoff when SMTP fails for a while. */
  sendEmail: "send-email",
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];

export interface SyncJobData {
  userId: string;
}

/**
 * Runs one job. A handler that throws has its job put back in the queue at once, for any worker to take (a stopping
 * worker gives its sync back this way).
 */
export type JobHandler<Data> = (data: Data) => Promise<void>;

export interface JobQueue {
  /** Queues a job; with a key, answers null when a job with that key is queued already (and then queues nothing). */
  send(name: JobName, data: object, options?: { key?: string }): Promise<string | null>;
  /**
   * Puts a job that was taken back in the queue, whoever took it (a worker that died holds it forever otherwise);
   * false when the job no longer waits or runs.
   */
  retry(name: JobName, jobId: string): Promise<boolean>;
  /** Runs `concurrency` jobs of this name at once in this process. */
  work<Data>(name: JobName, concurrency: number, handler: JobHandler<Data>): Promise<void>;
  /** Sends the job on a cron schedule; one job a tick across all processes. */
  schedule(name: JobName, cron: string): Promise<void>;
  unschedule(name: JobName): Promise<void>;
  /** Stops taking jobs; resolves once the jobs running here have ended (or the timeout passed). */
  stop(timeoutMs: number): Promise<void>;
}
