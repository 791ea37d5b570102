import PgBoss from "pg-boss";
import type { JobDefinition, JobName, JobQueue, QueueOptions } from "../../application/jobs/jobQueue";
import type { Database } from "../db/database";

export interface PgBossQueueOptions {
  /** Workers run the job handlers, the cron schedules and pg-boss's maintenance; an API process only sends jobs. */
  worker: boolean;
  log?: (message: string, detail?: unknown) => void;
}

/**
 * The job queue on pg-boss, over our own database connection: PostgreSQL's pool, or the embedded PGlite's one
 * connection, so the very same queue runs in-process on PGlite. pg-boss's tables live in the schema `pgboss`, or beside
 * ours when the connection puts us in a schema of our own (search_path), so separate installations never share jobs.
 *
 * Each job's queue is created from its definition (declare). The sync's policy, one running per key, is pg-boss's
 * `stately`: at most one sync job waits and one runs per user (keyed by the user's id), so a second send while one
 * waits is a no-op. Its caveat: pg-boss takes jobs oldest first, and a waiting job whose user's
 * job is still running cannot start, which stalls the queue behind it; so a sync is sent again only after its previous
 * job ended or was put back (retry), never beside a running one (see SyncEngine).
 */
export async function startPgBossQueue(db: Database, options: PgBossQueueOptions): Promise<JobQueue> {
  const [current] = await db.query<{ schema: string }>("SELECT current_schema() AS schema");
  const schema = !current?.schema || current.schema === "public" ? "pgboss" : current.schema;
  const lifetime = { stopped: false };
  const boss = await startBoss(() => {
    const boss = new PgBoss({
      db: {
        // pg-boss sends multi-statement scripts without parameters (its migrations, createQueue's locking).
        // pg-boss 10 leaves its "job done" write unawaited: one that comes after the queue stopped (and our database
        // closed) is dropped, not an unhandled rejection; the job's expiry puts its work back. Dropped means never
        // answered: any answer, even an empty one, is read on by pg-boss (`rows[0].count`) and throws there. A promise
        // that never settles holds no handle, so it keeps nothing alive.
        executeSql: async (text: string, values?: unknown[]) => {
          if (lifetime.stopped) return new Promise<never>(() => {});
          return { rows: values && values.length > 0 ? await db.query(text, values) : await db.script(text) };
        },
      },
      schema,
      supervise: options.worker,
      schedule: options.worker,
    });
    boss.on("error", (error) => options.log?.("Job queue error", { message: error.message }));
    return boss;
  });
  return new PgBossQueue(boss, lifetime);
}

/** The options a job is sent with, and its queue created with: its retries and expiry. */
function retryOptions(queue: QueueOptions): Pick<PgBoss.Queue, "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds"> {
  return {
    ...(queue.retryLimit !== undefined ? { retryLimit: queue.retryLimit } : {}),
    ...(queue.retryDelaySeconds !== undefined ? { retryDelay: queue.retryDelaySeconds } : {}),
    ...(queue.retryBackoff !== undefined ? { retryBackoff: queue.retryBackoff } : {}),
    ...(queue.expireInSeconds !== undefined ? { expireInSeconds: queue.expireInSeconds } : {}),
  };
}

/** Tries an installing step this many times when processes starting together race to install pg-boss. */
const START_ATTEMPTS = 5;

/**
 * What PostgreSQL answers processes that install pg-boss at the same moment: its `CREATE SCHEMA IF NOT EXISTS` run twice
 * is a unique violation (23505), and its installing statements (and the queues' partitions) can deadlock each other (40P01).
 */
const RACING_INSTALLS = new Set(["23505", "40P01"]);

/** Runs an installing step; the losers of a race try again shortly, and then find the work done. */
async function retryingRaces<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= START_ATTEMPTS || !RACING_INSTALLS.has((error as { code?: string }).code ?? "")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
    }
  }
}

/** Starts pg-boss, with a new instance for each try. */
function startBoss(create: () => PgBoss): Promise<PgBoss> {
  return retryingRaces(async () => {
    const boss = create();
    try {
      await boss.start();
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, close: false }).catch(() => {});
      throw error;
    }
  });
}

class PgBossQueue implements JobQueue {
  /** This process's pg-boss workers, by job name. */
  private readonly workers = new Map<JobName, string[]>();
  /**
   * Each declared job's retry options, given with every send too: a queue keeps the options it was first created
   * with, whatever the configuration says now.
   */
  private readonly sendOptions = new Map<JobName, ReturnType<typeof retryOptions>>();

  constructor(
    private readonly boss: PgBoss,
    private readonly lifetime: { stopped: boolean },
  ) {}

  async declare(jobs: readonly Pick<JobDefinition<unknown>, "name" | "queue">[]): Promise<void> {
    for (const { name, queue } of jobs) {
      // `stately` is pg-boss's one waiting and one running per key; `short` its one waiting.
      const policy = queue.policy === "one-running-per-key" ? "stately" : "short";
      await retryingRaces(() => this.boss.createQueue(name, { name, policy, ...retryOptions(queue) }));
      this.sendOptions.set(name, retryOptions(queue));
    }
  }

  async send(name: JobName, data: object, options: { key?: string } = {}): Promise<string | null> {
    const jobId = await this.boss.send(name, data, { ...(options.key ? { singletonKey: options.key } : {}), ...this.sendOptions.get(name) });
    this.wakeWorkers(name);
    return jobId;
  }

  async retry(name: JobName, jobId: string): Promise<boolean> {
    // Failing a job that has retries left puts it back in the queue as it was, in one statement. pg-boss 10 answers
    // how many jobs it affected, though its types say void.
    const result = (await this.boss.fail(name, jobId, { message: "given back" })) as unknown as { affected: number };
    this.wakeWorkers(name);
    return result.affected > 0;
  }

  /** A job sent where it is also worked on (`--role all`) starts at once, not at the workers' next poll. */
  private wakeWorkers(name: JobName): void {
    for (const workerId of this.workers.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  async work<Data>({ name, queue, concurrency, handler }: JobDefinition<Data>): Promise<void> {
    // A pg-boss worker takes one job at a time; several of them run jobs side by side.
    for (let index = 0; index < concurrency; index++) {
      const workerId: string = await this.boss.work<Data>(name, { batchSize: 1, pollingIntervalSeconds: queue.pollingIntervalSeconds }, async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data);
        } finally {
          // A pg-boss worker takes one job per polling interval; for quick jobs it asks for the next one at once while
          // a batch lasts (it waits its interval again once it finds none).
          if (queue.takeNextAtOnce) this.boss.notifyWorker(workerId);
        }
      });
      this.workers.set(name, [...(this.workers.get(name) ?? []), workerId]);
    }
  }

  schedule(name: JobName, cron: string): Promise<void> {
    return this.boss.schedule(name, cron);
  }

  unschedule(name: JobName): Promise<void> {
    return this.boss.unschedule(name);
  }

  async stop(timeoutMs: number): Promise<void> {
    // Our database is closed by its owner after this; pg-boss only stops its workers and timers.
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    this.lifetime.stopped = true;
  }
}
