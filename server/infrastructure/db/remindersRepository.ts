import type { RemindersRepository } from "../../application/reports/ports";
import type { Database } from "./database";

/** The stars ("Remind me"), deal_reminders (migration 011): one row per person and deal. */
export class SqlRemindersRepository implements RemindersRepository {
  constructor(private readonly db: Database) {}

  async set(userId: string, dealId: string, remind: boolean): Promise<{ expirationDate: string | null } | null> {
    const [deal] = await this.db.query<{ expiration_date: string | null }>(
      "SELECT expiration_date::text AS expiration_date FROM deals WHERE id = $1 AND user_id = $2",
      [dealId, userId],
    );
    if (!deal) return null;
    if (!remind) {
      await this.db.query("DELETE FROM deal_reminders WHERE user_id = $1 AND deal_id = $2", [userId, dealId]);
    } else if (deal.expiration_date !== null) {
      await this.db.query("INSERT INTO deal_reminders (user_id, deal_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [userId, dealId]);
    }
    return { expirationDate: deal.expiration_date };
  }

  async isSet(userId: string, dealId: string): Promise<boolean> {
    const rows = await this.db.query("SELECT 1 FROM deal_reminders WHERE user_id = $1 AND deal_id = $2", [userId, dealId]);
    return rows.length > 0;
  }
}
