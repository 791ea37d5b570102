import type {
  EmailKind,
  EmailRecipientsRepository,
  EmailSendState,
  EmailSendsRepository,
  HeldSince,
  ReminderCandidate,
  WeeklyCandidate,
} from "../../application/reports/ports";
import type { Database } from "./database";

/**
 * A sent-log row `s` that needs no new job: settled, or still its job's (see EmailSendsRepository.settledOrHeld); the
 * parameters hold HeldSince's two instants.
 */
const heldRow = (claimedSince: string, releasedSince: string) => `(s.state IN ('sent', 'skipped', 'refused')
  OR (s.state = 'sending' AND s.claimed_at >= ${claimedSince})
  OR (s.state = 'released' AND s.claimed_at >= ${releasedSince}))`;

/** The sent log, email_sends (migration 011): one row per person and period, claimed before the send. */
export class SqlEmailSendsRepository implements EmailSendsRepository {
  constructor(private readonly db: Database) {}

  async claim(userId: string, periodKey: string, kind: EmailKind, now: Date, staleBefore: Date): Promise<boolean> {
    // One statement: of two workers claiming at once, the unique key lets one insert and the other find its fresh claim.
    const rows = await this.db.query(
      `INSERT INTO email_sends AS s (user_id, period_key, kind, state, claimed_at) VALUES ($1, $2, $3, 'sending', $4)
       ON CONFLICT (user_id, period_key) DO UPDATE SET state = 'sending', claimed_at = $4, attempts = s.attempts + 1
         WHERE s.state = 'released' OR (s.state = 'sending' AND s.claimed_at < $5)
       RETURNING 1`,
      [userId, periodKey, kind, now, staleBefore],
    );
    return rows.length > 0;
  }

  async finish(userId: string, periodKey: string, state: "sent" | "skipped" | "refused", now: Date): Promise<void> {
    await this.db.query("UPDATE email_sends SET state = $3, sent_at = $4 WHERE user_id = $1 AND period_key = $2", [userId, periodKey, state, now]);
  }

  async forget(userId: string, periodKey: string): Promise<void> {
    await this.db.query("DELETE FROM email_sends WHERE user_id = $1 AND period_key = $2 AND state = 'sending'", [userId, periodKey]);
  }

  async release(userId: string, periodKey: string): Promise<void> {
    await this.db.query("UPDATE email_sends SET state = 'released' WHERE user_id = $1 AND period_key = $2 AND state = 'sending'", [userId, periodKey]);
  }

  async stateOf(userId: string, periodKey: string): Promise<EmailSendState | null> {
    const [row] = await this.db.query<{ state: EmailSendState }>("SELECT state FROM email_sends WHERE user_id = $1 AND period_key = $2", [userId, periodKey]);
    return row?.state ?? null;
  }

  async lastWeeklySentAt(userId: string): Promise<Date | null> {
    const [row] = await this.db.query<{ sent_at: Date | string | null }>(
      "SELECT max(sent_at) AS sent_at FROM email_sends WHERE user_id = $1 AND kind = 'weekly' AND state = 'sent'",
      [userId],
    );
    return row?.sent_at ? new Date(row.sent_at) : null;
  }

  async settledOrHeld(keys: readonly { userId: string; periodKey: string }[], held: HeldSince): Promise<{ userId: string; periodKey: string }[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.query<{ user_id: string; period_key: string }>(
      `SELECT s.user_id, s.period_key FROM email_sends s
       JOIN unnest($1::uuid[], $2::text[]) AS k(user_id, period_key) ON k.user_id = s.user_id AND k.period_key = s.period_key
       WHERE ${heldRow("$3", "$4")}`,
      [keys.map((key) => key.userId), keys.map((key) => key.periodKey), held.claimedSince, held.releasedSince],
    );
    return rows.map((row) => ({ userId: row.user_id, periodKey: row.period_key }));
  }
}

/** Who may be owed an email, from the preferences (defaults for people without a row), the deals and the stars. */
export class SqlEmailRecipientsRepository implements EmailRecipientsRepository {
  constructor(private readonly db: Database) {}

  async weeklyCandidates(): Promise<WeeklyCandidate[]> {
    const rows = await this.db.query<{ user_id: string; weekday: number; hour: number; time_zone: string }>(
      `SELECT u.id AS user_id, coalesce(p.report_weekday, 1) AS weekday, coalesce(p.report_hour, 8) AS hour,
              coalesce(p.time_zone, 'UTC') AS time_zone
       FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
       WHERE coalesce(p.weekly_report, true) AND p.emails_stopped_at IS NULL
         AND EXISTS (SELECT 1 FROM deals d WHERE d.user_id = u.id)`,
    );
    return rows.map((row) => ({ userId: row.user_id, weekday: Number(row.weekday), hour: Number(row.hour), timeZone: row.time_zone }));
  }

  async reminderCandidates(fromDate: string, toDate: string, held: HeldSince): Promise<ReminderCandidate[]> {
    const rows = await this.db.query<{ user_id: string; deal_id: string; expiration_date: string; hour: number; time_zone: string; lead_days: number }>(
      `SELECT r.user_id, r.deal_id, d.expiration_date::text AS expiration_date, coalesce(p.report_hour, 8) AS hour,
              coalesce(p.time_zone, 'UTC') AS time_zone, coalesce(p.reminder_lead_days, 1) AS lead_days
       FROM deal_reminders r
       JOIN deals d ON d.id = r.deal_id AND d.user_id = r.user_id
       LEFT JOIN user_preferences p ON p.user_id = r.user_id
       WHERE d.expiration_date BETWEEN $1::date AND $2::date
         AND coalesce(p.expiry_reminders, true) AND p.emails_stopped_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM email_sends s WHERE s.user_id = r.user_id AND s.period_key = 'reminder:' || r.deal_id::text
                         AND ${heldRow("$3", "$4")})`,
      [fromDate, toDate, held.claimedSince, held.releasedSince],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      dealId: row.deal_id,
      expirationDate: row.expiration_date,
      hour: Number(row.hour),
      timeZone: row.time_zone,
      leadDays: Number(row.lead_days),
    }));
  }
}
