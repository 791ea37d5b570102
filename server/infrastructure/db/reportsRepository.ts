import type { DealEvidence } from "../../../src/domain/evidence";
import type { Category } from "../../../src/domain/category";
import { EXPIRING_SOON_DAYS, type DealStatus } from "../../../src/domain/deal";
import { CURRENT_STATES } from "../../../src/domain/dealLifecycle";
import type { ReportsRepository, ReportWindow } from "../../application/reports/ports";
import type { ReportDeal } from "../../application/reports/reportContent";
import { isUuid } from "../../application/ids";
import type { Database } from "./database";
import { DEAL_AND_BRAND, inStatesSql } from "./dealLifecycleSql";

/**
 * The most deals one report reads. A week of mail rarely brings a tenth of this; past it, the soonest ending and then
 * the newest are kept, and the email points at the dashboard for the rest.
 */
export const MAX_REPORT_DEALS = 1000;

/** A deal as the report, the alerts and their SQL read it: REPORT_DEAL_COLUMNS over deals d JOIN brands b. */
export interface ReportDealRow {
  id: string;
  title: string;
  brand: string;
  brand_id: string;
  brand_domain: string;
  brand_active: boolean;
  category: Category;
  promo_codes: string[];
  discount: string | null;
  expiration_date: string | null;
  status: DealStatus | null;
  /** A timestamptz comes back as a Date from PGlite and node-postgres. */
  found_at: Date | string;
  /** NULL for a deal stored before evidence was kept. */
  evidence: DealEvidence | null;
}

export const REPORT_DEAL_COLUMNS = `d.id, d.title, b.name AS brand, b.id AS brand_id, b.domain AS brand_domain, b.is_active AS brand_active,
  d.category, d.promo_codes, d.discount, d.expiration_date::text AS expiration_date, d.status, d.created_at AS found_at, d.evidence`;

export function toReportDeal(row: ReportDealRow): ReportDeal {
  return {
    id: row.id,
    title: row.title,
    brand: row.brand,
    brandId: row.brand_id,
    brandDomain: row.brand_domain,
    brandActive: row.brand_active,
    category: row.category,
    promoCodes: row.promo_codes,
    discount: row.discount,
    expirationDate: row.expiration_date,
    status: row.status,
    foundAt: new Date(row.found_at),
    ...(row.evidence ? { evidence: row.evidence } : {}),
  };
}

/**
 * Reads what a report is made of from the dashboard's own tables. The SQL narrows to the report's window (deals the
 * person can still use, by the domain's lifecycle, that are new or end within the week) so a report costs about its
 * own size; reportContent applies the report's rules to what it reads.
 */
export class SqlReportsRepository implements ReportsRepository {
  constructor(private readonly db: Database) {}

  async reportDeals(userId: string, window: ReportWindow): Promise<ReportDeal[]> {
    const rows = await this.db.query<ReportDealRow>(
      `SELECT ${REPORT_DEAL_COLUMNS}
       FROM deals d JOIN brands b ON b.id = d.brand_id
       WHERE d.user_id = $1 AND ${inStatesSql(CURRENT_STATES, DEAL_AND_BRAND, "$2::date", "$4::int")}
         AND (d.created_at > $3 OR d.expiration_date <= $2::date + $4::int)
       ORDER BY d.expiration_date NULLS LAST, d.created_at DESC, d.id
       LIMIT ${MAX_REPORT_DEALS}`,
      [userId, window.today, window.foundSince.toISOString(), EXPIRING_SOON_DAYS],
    );
    return rows.map(toReportDeal);
  }

  async reminderDeal(userId: string, dealId: string): Promise<ReportDeal | null> {
    if (!isUuid(dealId)) return null;
    const rows = await this.db.query<ReportDealRow>(
      `SELECT ${REPORT_DEAL_COLUMNS} FROM deals d JOIN brands b ON b.id = d.brand_id WHERE d.id = $1 AND d.user_id = $2`,
      [dealId, userId],
    );
    return rows[0] ? toReportDeal(rows[0]) : null;
  }
}
