import type { RecordedSaving } from "../../../src/domain/savings";
import type { SavingsRepository } from "../../application/savings";
import type { Database } from "./database";

/** A person's recorded savings (migration 019), read through the index of 020. */
export class SqlSavingsRepository implements SavingsRepository {
  constructor(private readonly db: Database) {}

  async savings(userId: string, since: Date): Promise<RecordedSaving[]> {
    const rows = await this.db.query<{ hundredths: number; currency: string; at: Date | string }>(
      `SELECT saved_hundredths::int AS hundredths, saved_currency AS currency, saved_at AS at FROM deals
       WHERE user_id = $1 AND saved_at >= $2 ORDER BY saved_at, id`,
      [userId, since],
    );
    return rows.map((row) => ({ hundredths: row.hundredths, currency: row.currency, at: new Date(row.at).toISOString() }));
  }
}
