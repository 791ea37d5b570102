import type { ExtractedDeal } from "../../extraction";
import type { MessageToStore, SyncRepository, SyncState, SyncStatusValue } from "../../application/repositories";
import type { Database } from "./database";

interface SyncRow {
  monitored_labels: string[];
  status: SyncStatusValue;
  progress_message: string;
  processed_count: number;
  total_count: number;
  history_id: string | null;
  last_sync_at: Date | null;
  last_error: string | null;
}

export class SqlSyncRepository implements SyncRepository {
  constructor(private readonly db: Database) {}

  async state(userId: string): Promise<SyncState> {
    await this.ensure(userId);
    const [row] = await this.db.query<SyncRow>("SELECT * FROM gmail_sync_state WHERE user_id = $1", [userId]);
    return {
      monitoredLabels: row!.monitored_labels,
      status: row!.status,
      progressMessage: row!.progress_message,
      processed: row!.processed_count,
      total: row!.total_count,
      historyId: row!.history_id,
      lastSyncAt: row!.last_sync_at ? new Date(row!.last_sync_at) : null,
      lastError: row!.last_error,
    };
  }

  async claim(userId: string, now: Date, staleAfterMs: number): Promise<boolean> {
    await this.ensure(userId);
    const rows = await this.db.query(
      `UPDATE gmail_sync_state
       SET status = 'syncing', started_at = $2, heartbeat_at = $2, processed_count = 0, total_count = 0,
           progress_message = 'Starting sync...', last_error = NULL
       WHERE user_id = $1 AND (status <> 'syncing' OR heartbeat_at IS NULL OR heartbeat_at < $3)
       RETURNING user_id`,
      [userId, now, new Date(now.getTime() - staleAfterMs)],
    );
    return rows.length === 1;
  }

  async progress(userId: string, message: string, processed: number, total: number, now: Date): Promise<void> {
    await this.db.query(
      "UPDATE gmail_sync_state SET progress_message = $2, processed_count = $3, total_count = $4, heartbeat_at = $5 WHERE user_id = $1",
      [userId, message, processed, total, now],
    );
  }

  async finish(userId: string, outcome: { message: string; historyId: string | null; error: string | null }, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE gmail_sync_state SET status = 'idle', progress_message = $2, history_id = COALESCE($3, history_id),
         last_error = $4, heartbeat_at = $5, last_sync_at = CASE WHEN $4::text IS NULL THEN $5 ELSE last_sync_at END
       WHERE user_id = $1`,
      [userId, outcome.message, outcome.historyId, outcome.error, now],
    );
  }

  async setMonitoredLabels(userId: string, labelIds: string[]): Promise<void> {
    await this.ensure(userId);
    // Forgetting the historyId makes the next sync list the new set in full; messages already processed are skipped.
    await this.db.query("UPDATE gmail_sync_state SET monitored_labels = $2, history_id = NULL WHERE user_id = $1", [userId, labelIds]);
  }

  async addPending(userId: string, gmailIds: string[]): Promise<number> {
    if (gmailIds.length === 0) return 0;
    const rows = await this.db.query(
      `INSERT INTO gmail_messages (user_id, gmail_id) SELECT $1, id FROM unnest($2::text[]) AS id
       ON CONFLICT DO NOTHING RETURNING gmail_id`,
      [userId, gmailIds],
    );
    return rows.length;
  }

  async pendingIds(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ gmail_id: string }>(
      "SELECT gmail_id FROM gmail_messages WHERE user_id = $1 AND state = 'pending' ORDER BY gmail_id",
      [userId],
    );
    return rows.map((row) => row.gmail_id);
  }

  storeProcessed(userId: string, message: MessageToStore, deals: ExtractedDeal[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx.query(
        `UPDATE gmail_messages SET state = 'processed', sender = $3, subject = $4, sent_at = $5, processed_at = now()
         WHERE user_id = $1 AND gmail_id = $2 AND state = 'pending' RETURNING gmail_id`,
        [userId, message.gmailId, message.sender, message.subject, message.sentAt],
      );
      // Another worker (or an earlier run) stored this message already: each message counts once.
      if (claimed.length === 0) return 0;
      let added = 0;
      // A deal is unique per message and code: its key is its codes joined ('' for a sale without a code).
      for (const deal of deals) {
        const [brand] = await tx.query<{ id: string }>(
          `INSERT INTO brands (user_id, domain, name) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, domain) DO UPDATE SET domain = EXCLUDED.domain RETURNING id`,
          [userId, deal.brandDomain, deal.brand],
        );
        const inserted = await tx.query(
          `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, discount, terms,
             expiration_date, deal_url, image_urls, source, sent_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           ON CONFLICT (user_id, gmail_id, code_key) DO NOTHING RETURNING id`,
          [userId, brand!.id, message.gmailId, deal.promoCodes.join(","), deal.title, deal.description, deal.category, deal.promoCodes,
            deal.discount, deal.terms, deal.expirationDate, deal.dealUrl, deal.imageUrls, deal.source, message.sentAt],
        );
        added += inserted.length;
      }
      return added;
    });
  }

  async markFailed(userId: string, gmailId: string, reason: string, now: Date): Promise<void> {
    await this.db.query(
      "UPDATE gmail_messages SET state = 'failed', failure = $3, processed_at = $4 WHERE user_id = $1 AND gmail_id = $2 AND state = 'pending'",
      [userId, gmailId, reason.slice(0, 500), now],
    );
  }

  async interrupted(): Promise<string[]> {
    const rows = await this.db.query<{ user_id: string }>("SELECT user_id FROM gmail_sync_state WHERE status = 'syncing'");
    return rows.map((row) => row.user_id);
  }

  private async ensure(userId: string): Promise<void> {
    await this.db.query("INSERT INTO gmail_sync_state (user_id) VALUES ($1) ON CONFLICT DO NOTHING", [userId]);
  }
}
