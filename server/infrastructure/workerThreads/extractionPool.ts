import { Worker } from "node:worker_threads";
import type { ExtractedMessage, ExtractionOptions } from "../../extraction";
import { ExtractionUnavailableError } from "../../application/ports";

export interface ExtractionTask {
  raw: Uint8Array;
  receivedAt: Date | null;
}

/** A thread's answer; an error is a reason safe to store and log (limits.ts words, or an error class), never mail text. */
export type ExtractionReply = { ready: true } | { result: ExtractedMessage } | { error: string };

interface Pending {
  task: ExtractionTask;
  resolve(result: ExtractedMessage): void;
  reject(error: Error): void;
}

interface Running extends Pending {
  deadline: ReturnType<typeof setTimeout>;
}

/** A message's extraction ran past its time budget: its thread was stopped and replaced. */
export class ExtractionTimeoutError extends Error {
  constructor(limitMs: number) {
    super(`Extraction took longer than ${limitMs} ms`);
    this.name = "ExtractionTimeoutError";
  }
}

// From the sources (tsx, Vitest) this file is TypeScript; compiled (scripts/build-server.mjs), it is part of a bundle
// beside which the worker is a JavaScript file of its own.
const COMPILED = import.meta.url.endsWith(".js");
// From the sources the worker registers tsx itself, so that it loads TypeScript however the parent was started.
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });
`;

function startWorker(): Worker {
  if (COMPILED) return new Worker(new URL("./extractionWorker.js", import.meta.url), { execArgv: [] });
  const entry = new URL("./extractionWorker.ts", import.meta.url).href;
  return new Worker(BOOTSTRAP, { eval: true, workerData: { tsx: import.meta.resolve("tsx/esm/api"), entry }, execArgv: [] });
}

/**
 * Extraction (CPU-bound, pure) on a small pool of worker threads, so a sync never blocks the event loop that answers
 * requests. Each message has a time budget that starts when a thread takes it: past it, the message is rejected and
 * its thread terminated (only from outside can a thread stuck in a loop be stopped). A message whose extraction
 * throws, kills its thread or runs out of time is rejected alone; messages queued for other threads go on, and a dead
 * thread is replaced.
 */
export class ExtractionPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Running>();
  private readonly queue: Pending[] = [];
  private readonly workers = new Set<Worker>();
  /** Threads loading, which take work once they say they are ready. */
  private starting = 0;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly timeLimitMs: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`An extraction pool needs at least one thread, not ${size}.`);
    if (!Number.isInteger(timeLimitMs) || timeLimitMs < 1) throw new Error(`An extraction time limit must be a positive number of milliseconds, not ${timeLimitMs}.`);
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
    while (this.queue.length > 0 && this.idle.length > 0) {
      const worker = this.idle.pop()!;
      const pending = this.queue.shift()!;
      this.busy.set(worker, { ...pending, deadline: setTimeout(() => this.timeOut(worker), this.timeLimitMs) });
      worker.postMessage(pending.task);
    }
    while (!this.closed && this.workers.size < this.size && this.starting < this.queue.length) this.spawn();
  }

  private timeOut(worker: Worker): void {
    const running = this.busy.get(worker);
    if (!running) return;
    this.busy.delete(worker);
    running.reject(new ExtractionTimeoutError(this.timeLimitMs));
    // Its exit brings a replacement (see spawn).
    void worker.terminate();
  }

  private spawn(): Worker {
    const worker = startWorker();
    this.workers.add(worker);
    this.starting++;
    let failure: Error | null = null;
    let started = false;
    worker.on("message", (reply: ExtractionReply) => {
      if ("ready" in reply) {
        started = true;
        this.starting--;
        this.idle.push(worker);
        this.dispatch();
        return;
      }
      const running = this.busy.get(worker);
      // None when the message ran out of time just before it answered: the thread is being stopped.
      if (!running) return;
      clearTimeout(running.deadline);
      this.busy.delete(worker);
      this.idle.push(worker);
      if ("result" in reply) running.resolve(reply.result);
      else running.reject(new Error(reply.error));
      this.dispatch();
    });
    worker.on("error", (error) => (failure = error));
    worker.on("exit", (code) => {
      this.workers.delete(worker);
      if (!started) this.starting--;
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      const running = this.busy.get(worker);
      this.busy.delete(worker);
      if (running) clearTimeout(running.deadline);
      if (!started && !this.closed) {
        // A thread that dies while loading cannot start at all: fail what waits rather than respawn in a loop.
        const unavailable = new ExtractionUnavailableError(failure?.message ?? `exit code ${code}`);
        for (const queued of this.queue.splice(0)) queued.reject(unavailable);
        return;
      }
      // The class of what stopped the thread, not its message: that may quote the mail being read.
      running?.reject(new Error(`The extraction thread stopped (${failure ? failure.name : `exit code ${code}`})`));
      this.dispatch();
    });
    return worker;
  }
}
