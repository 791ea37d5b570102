import type { DealStatus } from "../../../src/domain/deal";
import type { Money } from "../../../src/domain/money";
import type { RecordedSaving } from "../../../src/domain/savings";
import type { DealDetailsRepository, StoredDealDetail } from "../../application/dealDetails";
import type { BrandPagesRepository, StoredBrandPage } from "../../application/brands";
import type { BrandRecord } from "../../application/repositories";
import type { Database } from "./database";
import { DEAL_COLUMNS, toDeal, type DealRow } from "./dealsRepository";

interface DetailRow extends DealRow {
  gmail_id: string;
  sender: string | null;
  subject: string | null;
  email_sent_at: Date | string | null;
}

/** A deal's detail and its owner's status of it; every query is bound to the user, so another user's id finds nothing. */
export class SqlDealDetailsRepository implements DealDetailsRepository {
  constructor(private readonly db: Database) {}

  async detail(userId: string, dealId: string): Promise<StoredDealDetail | null> {
    const [row] = await this.db.query<DetailRow>(
      `SELECT ${DEAL_COLUMNS}, d.gmail_id, m.sender, m.subject, coalesce(m.sent_at, d.sent_at) AS email_sent_at
       FROM deals d JOIN brands b ON b.id = d.brand_id
       LEFT JOIN gmail_messages m ON m.user_id = d.user_id AND m.gmail_id = d.gmail_id
       WHERE d.user_id = $1 AND d.id = $2`,
      [userId, dealId],
    );
    if (!row) return null;
    return { deal: toDeal(row), gmailId: row.gmail_id, sender: row.sender, subject: row.subject, sentAt: row.email_sent_at === null ? null : new Date(row.email_sent_at) };
  }

  async setStatus(userId: string, dealId: string, status: DealStatus | null, now: Date, saving: Money | null): Promise<{ saved: RecordedSaving | null } | null> {
    // A saving goes with "used" only: a new one replaces the last, none keeps it, any other status clears it.
    const [row] = await this.db.query<{ saved_hundredths: number | null; saved_currency: string | null; saved_at: Date | string | null }>(
      `UPDATE deals SET status = $3::text, status_changed_at = $4,
         saved_hundredths = CASE WHEN $3::text = 'used' THEN coalesce($5::bigint, saved_hundredths) END,
         saved_currency = CASE WHEN $3::text = 'used' THEN coalesce($6::text, saved_currency) END,
         saved_at = CASE WHEN $3::text = 'used' THEN CASE WHEN $5::bigint IS NULL THEN saved_at ELSE $4 END END
       WHERE user_id = $1 AND id = $2
       RETURNING saved_hundredths::int AS saved_hundredths, saved_currency, saved_at`,
      [userId, dealId, status, now, saving?.hundredths ?? null, saving?.currency ?? null],
    );
    if (!row) return null;
    const saved =
      row.saved_hundredths !== null && row.saved_currency !== null && row.saved_at !== null
        ? { hundredths: row.saved_hundredths, currency: row.saved_currency, at: new Date(row.saved_at).toISOString() }
        : null;
    return { saved };
  }
}

/** A brand's page, read in one round trip per part; hidden brands have pages too (the toggle brings them back). */
export class SqlBrandPagesRepository implements BrandPagesRepository {
  constructor(private readonly db: Database) {}

  async brandPage(userId: string, brandId: string): Promise<StoredBrandPage | null> {
    const [brand] = await this.db.query<BrandRecord>(`SELECT id, name, domain, is_active AS "isActive" FROM brands WHERE user_id = $1 AND id = $2`, [
      userId,
      brandId,
    ]);
    if (!brand) return null;
    const [deals, [figures]] = await Promise.all([
      this.db.query<DealRow>(
        `SELECT ${DEAL_COLUMNS} FROM deals d JOIN brands b ON b.id = d.brand_id
         WHERE d.user_id = $1 AND d.brand_id = $2 ORDER BY d.sent_at DESC NULLS LAST, d.id`,
        [userId, brandId],
      ),
      this.db.query<{ email_count: number; first_sent: Date | string | null; last_sent: Date | string | null }>(
        `SELECT (SELECT count(DISTINCT gmail_id)::int FROM deals WHERE user_id = $1 AND brand_id = $2) AS email_count,
                min(coalesce(sent_at, processed_at)) AS first_sent, max(coalesce(sent_at, processed_at)) AS last_sent
         FROM gmail_messages WHERE user_id = $1 AND state = 'processed'`,
        [userId, brandId],
      ),
    ]);
    const date = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value));
    return {
      brand,
      deals: deals.map(toDeal),
      emailCount: figures?.email_count ?? 0,
      mailboxPeriod: { from: date(figures?.first_sent), to: date(figures?.last_sent) },
    };
  }
}
