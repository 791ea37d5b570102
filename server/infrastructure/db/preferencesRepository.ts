import type { Preferences, PreferencesRepository } from "../../application/repositories";
import type { Database } from "./database";

export class SqlPreferencesRepository implements PreferencesRepository {
  constructor(private readonly db: Database) {}

  async get(userId: string): Promise<Preferences> {
    const rows = await this.db.query<{ weekly_report: boolean; sync_interval_minutes: number }>(
      "SELECT weekly_report, sync_interval_minutes FROM user_preferences WHERE user_id = $1",
      [userId],
    );
    const row = rows[0];
    return row
      ? { weeklyReport: row.weekly_report, syncIntervalMinutes: row.sync_interval_minutes }
      : { weeklyReport: true, syncIntervalMinutes: 30 };
  }

  async save(userId: string, preferences: Preferences): Promise<void> {
    await this.db.query(
      `INSERT INTO user_preferences (user_id, weekly_report, sync_interval_minutes) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET weekly_report = $2, sync_interval_minutes = $3`,
      [userId, preferences.weeklyReport, preferences.syncIntervalMinutes],
    );
  }

  async dueForSync(now: Date, defaultIntervalMinutes: number): Promise<string[]> {
    const rows = await this.db.query<{ user_id: string }>(
      `SELECT g.user_id FROM gmail_grants g
       LEFT JOIN user_preferences p ON p.user_id = g.user_id
       LEFT JOIN gmail_sync_state s ON s.user_id = g.user_id
       WHERE coalesce(s.status, 'idle') = 'idle'
         AND (s.last_sync_at IS NULL
              OR s.last_sync_at < $1::timestamptz - make_interval(mins => coalesce(p.sync_interval_minutes, $2)))`,
      [now, defaultIntervalMinutes],
    );
    return rows.map((row) => row.user_id);
  }
}
