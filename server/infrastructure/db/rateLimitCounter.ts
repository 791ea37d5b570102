import type { Database } from "./database";

/** How often one process sweeps away the rows of ended windows, at most. */
const PURGE_INTERVAL_MS = 60_000;

/**
 * Request counts in fixed windows, kept in the database so that every API process counts toward one limit. A hit is
 * one atomic upsert, timed by the database's clock (not each process's): it starts the key's window when there is
 * none or the last one ended, and otherwise adds one. Rows of ended windows are deleted on a hit, at most once a
 * minute per process, so the table holds about one row per route and address seen in the last window.
 */
export class SqlRateLimitCounter {
  private lastPurgeMs = 0;

  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }> {
    const [row] = await this.db.query<{ hits: number; resets_in_ms: number }>(
      `INSERT INTO rate_limit_hits AS counted (key, hits, resets_at)
         VALUES ($1, 1, now() + $2::integer * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN counted.resets_at <= now() THEN 1 ELSE counted.hits + 1 END,
         resets_at = CASE WHEN counted.resets_at <= now() THEN EXCLUDED.resets_at ELSE counted.resets_at END
       RETURNING hits, (EXTRACT(EPOCH FROM resets_at - now()) * 1000)::float8 AS resets_in_ms`,
      [key, Math.ceil(windowMs)],
    );
    if (Date.now() - this.lastPurgeMs >= PURGE_INTERVAL_MS) {
      this.lastPurgeMs = Date.now();
      await this.purgeEnded();
    }
    return { hits: row!.hits, resetsInMs: Math.max(0, Math.round(row!.resets_in_ms)) };
  }

  /** Deletes the rows of windows that have ended: a later hit on their key starts a new window anyway. */
  async purgeEnded(): Promise<number> {
    return (await this.db.query("DELETE FROM rate_limit_hits WHERE resets_at <= now() RETURNING 1")).length;
  }
}
