import type { SenderSelection, SendersRepository, StoredSender } from "../../application/repositories";
import type { Database } from "./database";

interface SenderRow {
  id: string;
  brand_id: string | null;
  name: string;
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

/**
 * "Your senders": a few aggregates per sender, each over the person's own rows only. A sender whose mail gave no deal
 * has no brand row: its deals' figures are then 0 (no deal's brand_id equals NULL).
 */
export class SqlSendersRepository implements SendersRepository {
  constructor(private readonly db: Database) {}

  async senders(userId: string, selection: SenderSelection): Promise<StoredSender[]> {
    const rows = await this.db.query<SenderRow>(
      `SELECT s.id, b.id AS brand_id, coalesce(b.name, n.brand_name, s.domain) AS name, s.domain, s.unsubscribed_at,
         (SELECT count(*)::int FROM (
            SELECT m.gmail_id FROM gmail_messages m WHERE m.user_id = s.user_id AND m.brand_domain = s.domain AND m.state = 'processed'
            UNION SELECT d.gmail_id FROM deals d WHERE d.user_id = s.user_id AND d.brand_id = b.id) AS mail) AS mails,
         (SELECT count(*)::int FROM deals d WHERE d.user_id = s.user_id AND d.brand_id = b.id) AS deals_found,
         (SELECT count(*)::int FROM deals d WHERE d.user_id = s.user_id AND d.brand_id = b.id AND d.status = 'used') AS deals_used,
         (SELECT json_agg(json_build_object('currency', v.currency, 'hundredths', v.hundredths) ORDER BY v.hundredths DESC, v.currency)
            FROM (SELECT d.saved_currency AS currency, sum(d.saved_hundredths) AS hundredths FROM deals d
                  WHERE d.user_id = s.user_id AND d.brand_id = b.id AND d.status = 'used'
                    AND d.saved_hundredths IS NOT NULL AND d.saved_currency IS NOT NULL
                  GROUP BY d.saved_currency) AS v) AS saved,
         u.list_unsubscribe, u.list_unsubscribe_post
       FROM senders s
       LEFT JOIN brands b ON b.user_id = s.user_id AND b.domain = s.domain
       LEFT JOIN LATERAL (
         SELECT m.brand_name FROM gmail_messages m
         WHERE m.user_id = s.user_id AND m.brand_domain = s.domain AND m.brand_name IS NOT NULL
         ORDER BY m.sent_at DESC NULLS LAST, m.gmail_id DESC LIMIT 1) AS n ON true
       LEFT JOIN LATERAL (
         SELECT m.list_unsubscribe, m.list_unsubscribe_post FROM gmail_messages m
         WHERE m.user_id = s.user_id AND m.brand_domain = s.domain AND m.list_unsubscribe IS NOT NULL
         ORDER BY m.sent_at DESC NULLS LAST, m.gmail_id DESC LIMIT 1) AS u ON true
       WHERE s.user_id = $1 AND ($2::uuid IS NULL OR s.id = $2::uuid) AND ($3::uuid IS NULL OR b.id = $3::uuid)
       ORDER BY name, s.id`,
      [userId, "senderId" in selection ? selection.senderId : null, "brandId" in selection ? selection.brandId : null],
    );
    return rows.map((row) => ({
      id: row.id,
      brandId: row.brand_id,
      name: row.name,
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

  async claimUnsubscribe(userId: string, senderId: string, now: Date, staleBefore: Date): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE senders SET unsubscribe_claimed_at = $3
       WHERE user_id = $1 AND id = $2 AND unsubscribed_at IS NULL AND (unsubscribe_claimed_at IS NULL OR unsubscribe_claimed_at < $4)
       RETURNING id`,
      [userId, senderId, now, staleBefore],
    );
    return rows.length === 1;
  }

  async releaseUnsubscribe(userId: string, senderId: string): Promise<void> {
    await this.db.query("UPDATE senders SET unsubscribe_claimed_at = NULL WHERE user_id = $1 AND id = $2", [userId, senderId]);
  }

  async markUnsubscribed(userId: string, senderId: string, at: Date): Promise<boolean> {
    const rows = await this.db.query("UPDATE senders SET unsubscribed_at = $3, unsubscribe_claimed_at = NULL WHERE user_id = $1 AND id = $2 RETURNING id", [
      userId,
      senderId,
      at,
    ]);
    return rows.length === 1;
  }
}
