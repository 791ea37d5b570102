/** Gmail's per-method quota costs in units (Gmail API usage limits). */
export const QUOTA_COSTS = {
  "messages.get": 20,
  "messages.list": 5,
  "history.list": 2,
  "labels.list": 1,
  "labels.get": 1,
  "getProfile": 1,
  "attachments.get": 20,
} as const;

export type GmailMethod = keyof typeof QUOTA_COSTS;

/**
 * Per-user quota as Google enforces it: a budget of units per user per minute. Modelled as a token bucket that holds
 * one minute's worth of units and refills continuously, so a client that paces itself is never refused.
 */
export class UserQuota {
  private readonly buckets = new Map<string, { units: number; updatedAt: number }>();

  constructor(
    /** Units per user per minute; 0 means unlimited. */
    private unitsPerMinute: number,
    private readonly now: () => Date,
  ) {}

  get limit(): number {
    return this.unitsPerMinute;
  }

  setLimit(unitsPerMinute: number): void {
    this.unitsPerMinute = unitsPerMinute;
    this.buckets.clear();
  }

  /** Takes the method's cost from the user's budget; returns the seconds to wait when the budget is spent. */
  consume(user: string, method: GmailMethod): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    if (this.unitsPerMinute <= 0) return { allowed: true };
    const cost = QUOTA_COSTS[method];
    const now = this.now().getTime();
    const perMs = this.unitsPerMinute / 60_000;
    const bucket = this.buckets.get(user) ?? { units: this.unitsPerMinute, updatedAt: now };
    bucket.units = Math.min(this.unitsPerMinute, bucket.units + Math.max(0, now - bucket.updatedAt) * perMs);
    bucket.updatedAt = now;
    this.buckets.set(user, bucket);
    if (bucket.units >= cost) {
      bucket.units -= cost;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - bucket.units) / perMs / 1000)) };
  }
}
