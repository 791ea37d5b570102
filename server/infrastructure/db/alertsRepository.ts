import { MAX_ALERT_RULES, type AlertRule, type SavedAlertRule } from "../../../src/domain/alertRules";
import type { AlertableDeal, AlertCandidate, AlertsRepository, NewDealsWindow } from "../../application/alerts/ports";
import { isUuid } from "../../application/ids";
import type { Database } from "./database";
import { REPORT_DEAL_COLUMNS, toReportDeal, type ReportDealRow } from "./reportsRepository";

/** The most new deals one alert reads; a day's mail rarely brings a tenth of this, and the newest are kept. */
const MAX_NEW_DEALS = 500;

interface RuleRow {
  id: string;
  kind: "percent" | "code";
  min_percent: number | null;
  brand: string | null;
}

const toRule = (row: RuleRow): SavedAlertRule =>
  row.kind === "code" ? { id: row.id, kind: "code", brand: row.brand } : { id: row.id, kind: "percent", minPercent: Number(row.min_percent), brand: row.brand };

type NewDealRow = ReportDealRow & { alerted: boolean };

/** The alert rules (migration 023), the deals alerts carried, and who may be owed one. */
export class SqlAlertsRepository implements AlertsRepository {
  constructor(private readonly db: Database) {}

  async rules(userId: string): Promise<SavedAlertRule[]> {
    const rows = await this.db.query<RuleRow>("SELECT id, kind, min_percent, brand FROM alert_rules WHERE user_id = $1 ORDER BY created_at, id", [userId]);
    return rows.map(toRule);
  }

  async addRule(userId: string, rule: AlertRule): Promise<SavedAlertRule> {
    const [row] = await this.db.query<RuleRow>(
      "INSERT INTO alert_rules (user_id, kind, min_percent, brand) VALUES ($1, $2, $3, $4) RETURNING id, kind, min_percent, brand",
      [userId, rule.kind, rule.kind === "percent" ? rule.minPercent : null, rule.brand],
    );
    // Two adds at once may both pass the use case's count: the later one past the cap is taken back.
    await this.db.query(
      `DELETE FROM alert_rules WHERE id IN (SELECT id FROM alert_rules WHERE user_id = $1 ORDER BY created_at, id OFFSET $2)`,
      [userId, MAX_ALERT_RULES],
    );
    return toRule(row!);
  }

  async removeRule(userId: string, ruleId: string): Promise<boolean> {
    if (!isUuid(ruleId)) return false;
    return (await this.db.query("DELETE FROM alert_rules WHERE id = $1 AND user_id = $2 RETURNING 1", [ruleId, userId])).length > 0;
  }

  async brandNames(userId: string): Promise<string[]> {
    return (await this.db.query<{ name: string }>("SELECT DISTINCT name FROM brands WHERE user_id = $1 ORDER BY name", [userId])).map((row) => row.name);
  }

  async followedBrands(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>(
      `SELECT DISTINCT b.name FROM deal_reminders r JOIN deals d ON d.id = r.deal_id AND d.user_id = r.user_id
       JOIN brands b ON b.id = d.brand_id WHERE r.user_id = $1`,
      [userId],
    );
    return rows.map((row) => row.name);
  }

  async candidates(window: NewDealsWindow): Promise<AlertCandidate[]> {
    const rows = await this.db.query<{ user_id: string; time_zone: string }>(
      `SELECT u.id AS user_id, coalesce(p.time_zone, 'UTC') AS time_zone
       FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
       WHERE coalesce(p.deal_alerts, true) AND p.emails_stopped_at IS NULL
         AND EXISTS (SELECT 1 FROM alert_rules a WHERE a.user_id = u.id)
         AND EXISTS (SELECT 1 FROM deals d WHERE d.user_id = u.id AND d.created_at >= $1 AND (d.sent_at IS NULL OR d.sent_at >= $2)
                     AND NOT EXISTS (SELECT 1 FROM deal_alerts_sent s WHERE s.user_id = d.user_id AND s.deal_id = d.id))`,
      [window.foundSince, window.mailSince],
    );
    return rows.map((row) => ({ userId: row.user_id, timeZone: row.time_zone }));
  }

  async newDeals(userId: string, window: NewDealsWindow): Promise<AlertableDeal[]> {
    const rows = await this.db.query<NewDealRow>(
      `SELECT ${REPORT_DEAL_COLUMNS}, (s.deal_id IS NOT NULL) AS alerted
       FROM deals d JOIN brands b ON b.id = d.brand_id
       LEFT JOIN deal_alerts_sent s ON s.user_id = d.user_id AND s.deal_id = d.id
       WHERE d.user_id = $1 AND d.created_at >= $2 AND (d.sent_at IS NULL OR d.sent_at >= $3)
       ORDER BY d.created_at DESC, d.id
       LIMIT ${MAX_NEW_DEALS}`,
      [userId, window.foundSince, window.mailSince],
    );
    return rows.map((row) => ({ ...toReportDeal(row), alerted: row.alerted }));
  }

  async markAlerted(userId: string, dealIds: readonly string[], at: Date): Promise<void> {
    if (dealIds.length === 0) return;
    await this.db.query(
      `INSERT INTO deal_alerts_sent (user_id, deal_id, alerted_at)
       SELECT $1::uuid, d.id, $3::timestamptz FROM unnest($2::uuid[]) AS a(deal_id) JOIN deals d ON d.id = a.deal_id AND d.user_id = $1::uuid
       ON CONFLICT DO NOTHING`,
      [userId, dealIds, at],
    );
  }
}
