import PgBoss from "pg-boss";
import { JOB, type JobHandler, type JobName, type JobQueue } from "../../application/jobs/jobQueue";
import type { Database } from "../db/database";

/** How often an idle worker asks for a sync: one given back by a stopping worker is taken up within this. */
const SYNC_POLLING_SECONDS = 1;
/** The scheduled jobs run once a minute at most, so their workers ask less often. */
const SCHEDULED_POLLING_SECONDS = 5;
/** pg-boss fails a job that runs longer than this; a long sync outlives it harmlessly (our own claim guards the sync). */
const SYNC_EXPIRY_SECONDS = 6 * 3600;
/** Each give-back or takeover of a sync uses one retry; past this many the job fails and the lease monitor sends a new one. */
const SYNC_RETRY_LIMIT = 100;

/** An email send that fails for a while is tried this many times more, waiting twice as long each time. */
const EMAIL_RETRY_LIMIT = 8;
/** pg-boss gives a send whose worker died back to the queue after this (our own lease guards the send itself). */
const EMAIL_EXPIRY_SECONDS = 300;

export interface PgBossQueueOptions {
  /** Workers run the job handlers, the cron schedules and pg-boss's maintenance; an API process only sends jobs. */
  worker: boolean;
  /** The first retry's delay of a failed email send (doubling after). */
  emailRetryDelaySeconds?: number;
  log?: (message: string, detail?: unknown) => void;
}

/**
 * The job queue on pg-boss, over our own database connection: PostgreSQL's pool, or the embedded PGlite's one
 * connection, so the very same queue runs in-process on PGlite. pg-boss's tables live in the schema `pgboss`, or beside
 * ours when the connection puts us in a schema of our own (search_path), so separate installations never share jobs.
 *
 * The sync queue's policy is `stately`: at most one sync job waits and one runs per user (keyed by the user's id), so
 * a second send while one waits is a no-op. Its caveat: pg-boss takes jobs oldest first, and a waiting job whose user's
 * job is still running cannot start, which stalls the queue behind it; so a sync is sent again only after its previous
 * job ended or was put back (retry), never beside a running one (see SyncEngine).
 */
export async function startPgBossQueue(db: Database, options: PgBossQueueOptions): Promise<JobQueue> {
  const [current] = await db.query<{ schema: string }>("SELECT current_schema() AS schema");
  const schema = !current?.schema || current.schema === "public" ? "pgboss" : current.schema;
  const boss = await startBoss(() => {
    const boss = new PgBoss({
      db: {
        // pg-boss sends multi-statement scripts without parameters (its migrations, createQueue's locking).
        executeSql: async (text: string, values?: unknown[]) => ({ rows: values && values.length > 0 ? await db.query(text, values) : await db.script(text) }),
      },
      schema,
      supervise: options.worker,
      schedule: options.worker,
    });
    boss.on("error", (error) => options.log?.("Job queue error", { message: error.message }));
    return boss;
  });
  // Every job has its queue; a scheduled job's is `short` (one waits at most, so ticks missed while no worker ran do not pile up).
  // An email's job is `short` too, keyed by person and period: a second one waits at most, and the sent log's claim
  // guards the send itself. Its retries back off (retryBackoff doubles the delay each time).
  const emailRetries = { retryLimit: EMAIL_RETRY_LIMIT, retryDelay: options.emailRetryDelaySeconds ?? 60, retryBackoff: true, expireInSeconds: EMAIL_EXPIRY_SECONDS };
  for (const name of Object.values(JOB)) {
    const queue: PgBoss.Queue = name === JOB.sync
      ? { name, policy: "stately", retryLimit: SYNC_RETRY_LIMIT, retryDelay: 0, expireInSeconds: SYNC_EXPIRY_SECONDS }
      : name === JOB.sendEmail
        ? { name, policy: "short", ...emailRetries }
        : { name, policy: "short" };
    await retryingRaces(() => boss.createQueue(name, queue));
  }
  return new PgBossQueue(boss, emailRetries);
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

  constructor(
    private readonly boss: PgBoss,
    /** Given with every send too: a queue keeps the options it was first created with, whatever the configuration says now. */
    private readonly emailRetries: { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number },
  ) {}

  async send(name: JobName, data: object, options: { key?: string } = {}): Promise<string | null> {
    const jobId = await this.boss.send(name, data, {
      ...(options.key ? { singletonKey: options.key } : {}),
      ...(name === JOB.sync ? { retryLimit: SYNC_RETRY_LIMIT, retryDelay: 0, expireInSeconds: SYNC_EXPIRY_SECONDS } : {}),
      ...(name === JOB.sendEmail ? this.emailRetries : {}),
    });
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

  async work<Data>(name: JobName, concurrency: number, handler: JobHandler<Data>): Promise<void> {
    // A pg-boss worker takes one job at a time; several of them run jobs side by side.
    for (let index = 0; index < concurrency; index++) {
      const pollingIntervalSeconds = name === JOB.sync || name === JOB.sendEmail ? SYNC_POLLING_SECONDS : SCHEDULED_POLLING_SECONDS;
      const workerId: string = await this.boss.work<Data>(name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data);
        } finally {
          // A pg-boss worker takes one job per polling interval; an email takes milliseconds, so the worker asks for
          // the next one at once while a batch lasts (it waits its interval again once it finds none).
          if (name === JOB.sendEmail) this.boss.notifyWorker(workerId);
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

  stop(timeoutMs: number): Promise<void> {
    // Our database is closed by its owner after this; pg-boss only stops its workers and timers.
    return this.boss.stop({ graceful: true, timeout: timeoutMs, close: false });
  }
}
