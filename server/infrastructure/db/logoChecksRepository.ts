import type { LogoCheckResult, LogoChecksRepository, PendingLogo } from "../../application/images/brandLogoChecks";
import type { Database } from "./database";

/** The brand logos' states (migration 026): `brands.logo_state` and `logo_checked_at`, and `brand_logo_failures`. */
export class SqlLogoChecksRepository implements LogoChecksRepository {
  constructor(private readonly db: Database) {}

  async unchecked(userId: string | null, limit: number): Promise<PendingLogo[]> {
    const rows = await this.db.query<{ id: string; logo_url: string }>(
      `SELECT id, logo_url FROM brands
       WHERE logo_state = 'unchecked' AND logo_url IS NOT NULL AND ($1::uuid IS NULL OR user_id = $1::uuid)
       ORDER BY created_at, id LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => ({ brandId: row.id, url: row.logo_url }));
  }

  async record(results: readonly LogoCheckResult[], at: Date): Promise<string[]> {
    if (results.length === 0) return [];
    const rows = await this.db.query<{ user_id: string }>(
      `WITH checked AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(brand_id uuid, url text, refusal text, retry_after timestamptz)
       ), updated AS (
         UPDATE brands AS b SET logo_state = CASE WHEN c.refusal IS NULL THEN 'ok' ELSE 'failed' END, logo_checked_at = $2
         FROM checked c
         WHERE b.id = c.brand_id AND b.logo_url = c.url AND b.logo_state = 'unchecked'
         RETURNING b.id, b.user_id, c.url, c.refusal, c.retry_after
       ), remembered AS (
         INSERT INTO brand_logo_failures (brand_id, url, reason, failed_at, retry_after)
         SELECT id, url, left(refusal, 40), $2, retry_after FROM updated WHERE refusal IS NOT NULL
         ON CONFLICT (brand_id, md5(url)) DO UPDATE SET reason = EXCLUDED.reason, failed_at = EXCLUDED.failed_at, retry_after = EXCLUDED.retry_after
       )
       SELECT DISTINCT user_id FROM updated WHERE refusal IS NULL`,
      [
        JSON.stringify(results.map((result) => ({ brand_id: result.brandId, url: result.url, refusal: result.refusal, retry_after: result.retryAfter }))),
        at,
      ],
    );
    return rows.map((row) => row.user_id);
  }
}
