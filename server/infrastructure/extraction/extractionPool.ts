import { Worker } from "node:worker_threads";
import type { ExtractedMessage, ExtractionOptions } from "../../extraction";
import { ExtractionUnavailableError } from "../../application/ports";

export interface ExtractionTask {
  raw: Uint8Array;
  receivedAt: Date | null;
}

export type ExtractionReply = { ready: true } | { result: ExtractedMessage } | { error: string };

interface Pending {
  task: ExtractionTask;
  resolve(result: ExtractedMessage): void;
  reject(error: Error): void;
}

const WORKER_ENTRY = new URL("./extractionWorker.ts", import.meta.url).href;
const TSX_API = import.meta.resolve("tsx/esm/api");
// The worker registers tsx itself, so that it loads TypeScript however the parent was started (tsx, Vitest).
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });
`;

/**
 * Extraction (CPU-bound, pure) on a small pool of worker threads, so a sync never blocks the event loop that answers
 * requests. A message whose extraction throws, or kills its thread, is rejected alone; a dead thread is replaced.
 */
export class ExtractionPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private readonly workers = new Set<Worker>();
  private closed = false;

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`An extraction pool needs at least one thread, not ${size}.`);
  }

  /** Threads running now; they start on first use. */
  get threads(): number {
    return this.workers.size;
  }

  extract(raw: Uint8Array, options: ExtractionOptions): Promise<ExtractedMessage> {
    if (this.closed) return Promise.reject(new Error("The extraction pool is shut down."));
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { raw, receivedAt: options.receivedAt ?? null }, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every thread; queued and running extractions are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const stopped = new Error("The extraction pool is shut down.");
    for (const pending of this.queue.splice(0)) pending.reject(stopped);
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.workers.size < this.size ? this.spawn() : null);
      if (!worker) return;
      const pending = this.queue.shift()!;
      this.busy.set(worker, pending);
      worker.postMessage(pending.task);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { tsx: TSX_API, entry: WORKER_ENTRY }, execArgv: [] });
    this.workers.add(worker);
    let failure: Error | null = null;
    let started = false;
    worker.on("message", (reply: ExtractionReply) => {
      if ("ready" in reply) {
        started = true;
        return;
      }
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      this.idle.push(worker);
      if ("result" in reply) pending?.resolve(reply.result);
      else pending?.reject(new Error(reply.error));
      this.dispatch();
    });
    worker.on("error", (error) => (failure = error));
    worker.on("exit", (code) => {
      this.workers.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      const reason = failure?.message ?? `exit code ${code}`;
      if (!started && !this.closed) {
        // A thread that dies while loading cannot start at all: fail what waits rather than respawn in a loop.
        const unavailable = new ExtractionUnavailableError(reason);
        pending?.reject(unavailable);
        for (const queued of this.queue.splice(0)) queued.reject(unavailable);
        return;
      }
      pending?.reject(new Error(`The extraction thread stopped (${reason}).`));
      if (!this.closed) this.dispatch();
    });
    return worker;
  }
}
