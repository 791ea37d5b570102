import { DEFAULT_REMINDER_LEAD_DAYS, isReminderLeadDays, type ReminderLeadDays } from "../../../src/domain/alertRules";
import type { PreferenceChanges, Preferences, PreferencesRepository } from "../../application/repositories";
import type { Database } from "./database";

interface PreferencesRow {
  weekly_report: boolean;
  /** NULL until the person chooses: the configured interval (migration 012). */
  sync_interval_minutes: number | null;
  report_weekday: number;
  report_hour: number;
  time_zone: string;
  expiry_reminders: boolean;
  reminder_lead_days: number;
  deal_alerts: boolean;
  emails_stopped_reason: string | null;
  emails_stopped_at: Date | string | null;
}

const COLUMNS =
  "weekly_report, sync_interval_minutes, report_weekday, report_hour, time_zone, expiry_reminders, reminder_lead_days, deal_alerts, emails_stopped_reason, emails_stopped_at";

/** What a person without a row has (the columns' defaults, migrations 002 and 011; the interval is configured). */
export const DEFAULT_PREFERENCES: Preferences = {
  weeklyReport: true,
  syncIntervalMinutes: 30,
  reportWeekday: 1,
  reportHour: 8,
  timeZone: "UTC",
  expiryReminders: true,
  reminderLeadDays: DEFAULT_REMINDER_LEAD_DAYS,
  dealAlerts: true,
  emailsStopped: null,
};

function toPreferences(row: PreferencesRow, defaultSyncIntervalMinutes: number): Preferences {
  return {
    weeklyReport: row.weekly_report,
    syncIntervalMinutes: row.sync_interval_minutes ?? defaultSyncIntervalMinutes,
    reportWeekday: row.report_weekday,
    reportHour: row.report_hour,
    timeZone: row.time_zone,
    expiryReminders: row.expiry_reminders,
    // The column's CHECK keeps it to the domain's choices; a value read otherwise is the default.
    reminderLeadDays: isReminderLeadDays(Number(row.reminder_lead_days)) ? (Number(row.reminder_lead_days) as ReminderLeadDays) : DEFAULT_REMINDER_LEAD_DAYS,
    dealAlerts: row.deal_alerts,
    emailsStopped:
      row.emails_stopped_reason !== null && row.emails_stopped_at !== null
        ? { reason: row.emails_stopped_reason, at: new Date(row.emails_stopped_at) }
        : null,
  };
}

export class SqlPreferencesRepository implements PreferencesRepository {
  constructor(
    private readonly db: Database,
    /** The configured SYNC_INTERVAL_MINUTES, for everyone who has not chosen their own. */
    private readonly defaultSyncIntervalMinutes = DEFAULT_PREFERENCES.syncIntervalMinutes,
  ) {}

  async get(userId: string): Promise<Preferences> {
    const rows = await this.db.query<PreferencesRow>(`SELECT ${COLUMNS} FROM user_preferences WHERE user_id = $1`, [userId]);
    return rows[0] ? toPreferences(rows[0], this.defaultSyncIntervalMinutes) : { ...DEFAULT_PREFERENCES, syncIntervalMinutes: this.defaultSyncIntervalMinutes };
  }

  async save(userId: string, changes: PreferenceChanges): Promise<Preferences> {
    const turnsAnEmailOn = changes.weeklyReport === true || changes.expiryReminders === true || changes.dealAlerts === true;
    const rows = await this.db.query<PreferencesRow>(
      `INSERT INTO user_preferences AS p (user_id, weekly_report, sync_interval_minutes, report_weekday, report_hour, time_zone, expiry_reminders,
                                         reminder_lead_days, deal_alerts)
       VALUES ($1, coalesce($2::boolean, true), $3::int, coalesce($4::smallint, 1), coalesce($5::smallint, 8),
               coalesce($6::text, 'UTC'), coalesce($7::boolean, true), coalesce($9::smallint, 1), coalesce($10::boolean, true))
       ON CONFLICT (user_id) DO UPDATE SET
         weekly_report = coalesce($2::boolean, p.weekly_report),
         sync_interval_minutes = coalesce($3::int, p.sync_interval_minutes),
         report_weekday = coalesce($4::smallint, p.report_weekday),
         report_hour = coalesce($5::smallint, p.report_hour),
         time_zone = coalesce($6::text, p.time_zone),
         expiry_reminders = coalesce($7::boolean, p.expiry_reminders),
         reminder_lead_days = coalesce($9::smallint, p.reminder_lead_days),
         deal_alerts = coalesce($10::boolean, p.deal_alerts),
         emails_stopped_reason = CASE WHEN $8::boolean THEN NULL ELSE p.emails_stopped_reason END,
         emails_stopped_at = CASE WHEN $8::boolean THEN NULL ELSE p.emails_stopped_at END
       RETURNING ${COLUMNS}`,
      [
        userId,
        changes.weeklyReport ?? null,
        changes.syncIntervalMinutes ?? null,
        changes.reportWeekday ?? null,
        changes.reportHour ?? null,
        changes.timeZone ?? null,
        changes.expiryReminders ?? null,
        turnsAnEmailOn,
        changes.reminderLeadDays ?? null,
        changes.dealAlerts ?? null,
      ],
    );
    return toPreferences(rows[0]!, this.defaultSyncIntervalMinutes);
  }

  async stopEmails(userId: string, reason: string, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO user_preferences AS p (user_id, weekly_report, expiry_reminders, deal_alerts, emails_stopped_reason, emails_stopped_at)
       VALUES ($1, false, false, false, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET weekly_report = false, expiry_reminders = false, deal_alerts = false,
         emails_stopped_reason = $2, emails_stopped_at = $3`,
      [userId, reason.slice(0, 500), at],
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
