import type { SendersRepository, StoredSender } from "../../application/repositories";
import type { Database } from "./database";

interface SenderRow {
  brand_id: string;
  brand_name: string;
  domain: string;
  mails: number;
  deals_found: number;
  deals_used: number;
  saved: Array<{ currency: string; hundredths: number | string }> | null;
  list_unsubscribe: string | null;
  list_unsubscribe_post: string | null;
  unsubscribed_at: Date | string | null;
}

const date = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value));

/** "Your senders": a few aggregates per brand, each over the person's own rows only. */
export class SqlSendersRepository implements SendersRepository {
  constructor(private readonly db: Database) {}

  async senders(userId: string, brandId?: string): Promise<StoredSender[]> {
    const rows = await this.db.query<SenderRow>(
      `SELECT b.id AS brand_id, b.name AS brand_name, b.domain, b.unsubscribed_at,
         (SELECT count(*)::int FROM (
            SELECT m.gmail_id FROM gmail_messages m WHERE m.user_id = b.user_id AND m.brand_domain = b.domain AND m.state = 'processed'
            UNION SELECT d.gmail_id FROM deals d WHERE d.user_id = b.user_id AND d.brand_id = b.id) AS mail) AS mails,
         (SELECT count(*)::int FROM deals d WHERE d.user_id = b.user_id AND d.brand_id = b.id) AS deals_found,
         (SELECT count(*)::int FROM deals d WHERE d.user_id = b.user_id AND d.brand_id = b.id AND d.status = 'used') AS deals_used,
         (SELECT json_agg(json_build_object('currency', s.currency, 'hundredths', s.hundredths) ORDER BY s.hundredths DESC, s.currency)
            FROM (SELECT d.saved_currency AS currency, sum(d.saved_hundredths) AS hundredths FROM deals d
                  WHERE d.user_id = b.user_id AND d.brand_id = b.id AND d.status = 'used'
                    AND d.saved_hundredths IS NOT NULL AND d.saved_currency IS NOT NULL
                  GROUP BY d.saved_currency) AS s) AS saved,
         u.list_unsubscribe, u.list_unsubscribe_post
       FROM brands b
       LEFT JOIN LATERAL (
         SELECT m.list_unsubscribe, m.list_unsubscribe_post FROM gmail_messages m
         WHERE m.user_id = b.user_id AND m.brand_domain = b.domain AND m.list_unsubscribe IS NOT NULL
         ORDER BY m.sent_at DESC NULLS LAST, m.gmail_id DESC LIMIT 1) AS u ON true
       WHERE b.user_id = $1 AND ($2::uuid IS NULL OR b.id = $2::uuid)
       ORDER BY b.name, b.id`,
      [userId, brandId ?? null],
    );
    return rows.map((row) => ({
      brandId: row.brand_id,
      brandName: row.brand_name,
      domain: row.domain,
      mails: row.mails,
      dealsFound: row.deals_found,
      dealsUsed: row.deals_used,
      saved: (row.saved ?? []).map(({ currency, hundredths }) => ({ currency, hundredths: Number(hundredths) })),
      listUnsubscribe: row.list_unsubscribe,
      listUnsubscribePost: row.list_unsubscribe_post,
      unsubscribedAt: date(row.unsubscribed_at),
    }));
  }

  async syncedWindow(userId: string): Promise<{ from: Date | null; to: Date | null }> {
    const [row] = await this.db.query<{ first_sent: Date | string | null; last_sent: Date | string | null }>(
      `SELECT min(coalesce(sent_at, processed_at)) AS first_sent, max(coalesce(sent_at, processed_at)) AS last_sent
       FROM gmail_messages WHERE user_id = $1 AND state = 'processed'`,
      [userId],
    );
    return { from: date(row?.first_sent), to: date(row?.last_sent) };
  }

  async claimUnsubscribe(userId: string, brandId: string, now: Date, staleBefore: Date): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE brands SET unsubscribe_claimed_at = $3
       WHERE user_id = $1 AND id = $2 AND unsubscribed_at IS NULL AND (unsubscribe_claimed_at IS NULL OR unsubscribe_claimed_at < $4)
       RETURNING id`,
      [userId, brandId, now, staleBefore],
    );
    return rows.length === 1;
  }

  async releaseUnsubscribe(userId: string, brandId: string): Promise<void> {
    await this.db.query("UPDATE brands SET unsubscribe_claimed_at = NULL WHERE user_id = $1 AND id = $2", [userId, brandId]);
  }

  async markUnsubscribed(userId: string, brandId: string, at: Date): Promise<boolean> {
    const rows = await this.db.query("UPDATE brands SET unsubscribed_at = $3, unsubscribe_claimed_at = NULL WHERE user_id = $1 AND id = $2 RETURNING id", [
      userId,
      brandId,
      at,
    ]);
    return rows.length === 1;
  }
}
