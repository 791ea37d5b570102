// @module-tag runtime
import { afterEach, describe, expect, it } from "vitest";
import { startPgBossQueue } from "../../server/infrastructure/queue/pgBossQueue";
import type { Database } from "../../server/infrastructure/db/database";
import { DATABASES, openTestDatabase } from "./support/stack";

/**
 * pg-boss writes a job's "done" without awaiting it. A job that ends after the queue stopped (a worker told to stop
 * while a handler still runs) must leave no unhandled rejection behind: the write is dropped, and the job's expiry
 * gives its work back (server/infrastructure/queue/pgBossQueue.ts).
 */
describe.each(DATABASES)("a job that ends after its queue stopped, on %s", (database) => {
  let opened: { db: Database; drop?: () => Promise<void> } | undefined;
  const rejections: unknown[] = [];
  const record = (reason: unknown) => rejections.push(reason);

  afterEach(async () => {
    process.off("unhandledRejection", record);
    await opened?.db.close();
    await opened?.drop?.();
  });

  it("leaves no unhandled rejection when pg-boss writes its end", async () => {
    opened = await openTestDatabase(database);
    process.on("unhandledRejection", record);
    const queue = await startPgBossQueue(opened.db, { worker: true });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const job = {
      name: "late-ending-job",
      queue: { policy: "one-waiting-per-key", pollingIntervalSeconds: 0.5, expireInSeconds: 60 },
      concurrency: 1,
      handler: async () => {
        started();
        await finished;
      },
    } as const;
    await queue.declare([job]);
    await queue.work(job);
    await queue.send(job.name, {});
    await running;
    // The graceful stop gives up waiting for the running job; the job ends afterwards.
    await queue.stop(50);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rejections).toEqual([]);
  });
});
