/**
 * The durable job queue the use cases talk to (server/infrastructure/queue implements it on pg-boss), and the shape of
 * a job's definition. Each area declares its jobs beside its use case with defineJobs (gmail/syncJobs.ts,
 * reports/reportJobs.ts, housekeeping.ts); the composition root registers them all in one loop.
 */

/** A job's name: its queue's name, and what senders name it by. */
export type JobName = string;

/**
 * Runs one job. A handler that throws has its job put back in the queue at once, for any worker to take (a stopping
 * worker gives its sync back this way).
 */
export type JobHandler<Data> = (data: Data) => Promise<void>;

/** How the queue keeps one kind of job. */
export interface QueueOptions {
  /**
   * `one-running-per-key`: at most one job waits and one runs per key (a second send while one waits is a no-op);
   * `one-waiting-per-key`: at most one job waits per key, or per name when sent without one (so ticks missed while no
   * worker ran do not pile up).
   */
  policy: "one-running-per-key" | "one-waiting-per-key";
  /** Retries of a failed (or given back) job, and the first retry's delay; with backoff each delay doubles. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** The queue fails a job that runs longer than this, giving it back to the queue when retries are left. */
  expireInSeconds?: number;
  /** How often an idle worker asks for a job of this kind. */
  pollingIntervalSeconds: number;
  /** A worker asks for the next job at once after each one (for jobs that take milliseconds and come in batches). */
  takeNextAtOnce?: boolean;
}

/** One kind of job, declared once: its name, how it is queued, who runs it and when it is sent on its own. */
export interface JobDefinition<Data = never> {
  name: JobName;
  queue: QueueOptions;
  /** How many of these jobs one worker process runs at once. */
  concurrency: number;
  handler: JobHandler<Data>;
  /**
   * A recurring job's cron schedule (one job a tick across all processes); null takes the job off the schedule (it is
   * turned off by configuration); absent for jobs that only use cases send.
   */
  schedule?: string | null;
  /** Sent once whenever a worker starts, under this key (so workers starting together send it once). */
  sendAtStart?: string;
  /** False when this process cannot run these jobs (no mail server): they wait for a worker that can. */
  runsHere?: boolean;
}

/** What else an area's jobs need from a worker process beside the queue. */
export interface JobArea {
  /** The area's jobs; the handlers' data types are the area's own business. */
  jobs: readonly JobDefinition<never>[];
  /** Run once before this process takes any job. */
  beforeWork?: () => Promise<void>;
  /** Work done on a timer in every worker process (not through the queue), and what to log when it fails. */
  every?: { intervalMs: number; run: () => Promise<unknown>; failure: string };
}

/**
 * An area's job definitions, as a function of the use cases that run them: called at the composition root, whose one
 * loop creates every queue, registers every handler and sets every schedule.
 */
export function defineJobs<Dependencies>(define: (dependencies: Dependencies) => JobArea): (dependencies: Dependencies) => JobArea {
  return define;
}

export interface JobQueue {
  /** Creates the queues of these jobs (or finds them created) and keeps their options for sending; before any send. */
  declare(jobs: readonly Pick<JobDefinition<unknown>, "name" | "queue">[]): Promise<void>;
  /** Queues a job; with a key, answers null when a job with that key is queued already (and then queues nothing). */
  send(name: JobName, data: object, options?: { key?: string }): Promise<string | null>;
  /**
   * Puts a job that was taken back in the queue, whoever took it (a worker that died holds it forever otherwise);
   * false when the job no longer waits or runs.
   */
  retry(name: JobName, jobId: string): Promise<boolean>;
  /** Runs the job's handler in this process, `concurrency` jobs at once. */
  work<Data>(job: JobDefinition<Data>): Promise<void>;
  /** Sends the job on a cron schedule; one job a tick across all processes. */
  schedule(name: JobName, cron: string): Promise<void>;
  unschedule(name: JobName): Promise<void>;
  /** Stops taking jobs; resolves once the jobs running here have ended (or the timeout passed). */
  stop(timeoutMs: number): Promise<void>;
}
