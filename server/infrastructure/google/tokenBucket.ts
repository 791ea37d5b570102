/**
 * A token bucket: `ratePerSecond` units flow in, up to `capacity`; a caller waits until its cost is available.
 * Used per Gmail user, because Google counts quota per user per minute.
 */
export class TokenBucket {
  private available: number;
  private updatedAt: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ratePerSecond: number,
    private readonly capacity: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.available = capacity;
    this.updatedAt = now();
  }

  /** Resolves once `cost` units have been taken; callers are served in order. */
  take(cost: number): Promise<void> {
    const turn = this.queue.then(() => this.waitFor(Math.min(cost, this.capacity)));
    this.queue = turn;
    return turn;
  }

  private async waitFor(cost: number): Promise<void> {
    for (;;) {
      const now = this.now();
      this.available = Math.min(this.capacity, this.available + ((now - this.updatedAt) / 1000) * this.ratePerSecond);
      this.updatedAt = now;
      if (this.available >= cost) {
        this.available -= cost;
        return;
      }
      const waitMs = ((cost - this.available) / this.ratePerSecond) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(waitMs)));
    }
  }
}
