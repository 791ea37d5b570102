import type { Category } from "../../../src/domain/category";
import type { Deal, DealSource } from "../../../src/domain/deal";
import type { DashboardFilters, DealsRepository, DashboardFigures } from "../../application/dashboard";
import type { Database } from "./database";

interface DealRow {
  id: string;
  title: string;
  description: string;
  brand: string;
  brand_id: string;
  brand_domain: string;
  category: Category;
  deal_url: string | null;
  promo_codes: string[];
  discount: string | null;
  expiration_date: string | null;
  image_urls: string[];
  source: DealSource;
}

function toDeal(row: DealRow): Deal {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    brand: row.brand,
    brandId: row.brand_id,
    brandDomain: row.brand_domain,
    category: row.category,
    dealUrl: row.deal_url,
    promoCode: row.promo_codes.length > 0 ? row.promo_codes.join(",") : null,
    discount: row.discount,
    expirationDate: row.expiration_date,
    imageUrls: row.image_urls,
    source: row.source,
  };
}

/** Escapes a search word for a PostgreSQL regular expression. */
function regexLiteral(word: string): string {
  return word.replace(/[\\^$.*+?()[\]{}|-]/g, "\\$&");
}

/** Builds the WHERE clause of the dashboard's filters; every value travels as a parameter. */
function filterClause(userId: string, today: string, filters: DashboardFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const conditions = ["d.user_id = $1", "b.is_active"];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filters.category) add((p) => `lower(d.category) = lower(${p})`, filters.category);
  if (filters.brandId) add((p) => `b.id = ${p}::uuid`, filters.brandId);
  if (filters.fromDomain) add((p) => `(b.domain = lower(${p}) OR lower(${p}) LIKE '%.' || b.domain)`, filters.fromDomain);
  if (filters.expiringOnly) add((p) => `d.expiration_date BETWEEN ${p}::date AND ${p}::date + 7`, today);
  for (const word of (filters.search ?? "").trim().split(/\s+/).filter(Boolean)) {
    // The word-prefix rule: each word must begin a word of the title, description, brand, domain, category or a code.
    add(
      (p) => `(d.title || ' ' || d.description || ' ' || b.name || ' ' || b.domain || ' ' || d.category || ' ' ||
        array_to_string(d.promo_codes, ' ')) ~* ('\\m' || ${p})`,
      regexLiteral(word),
    );
  }
  return { where: conditions.join(" AND "), params };
}

export class SqlDealsRepository implements DealsRepository {
  constructor(private readonly db: Database) {}

  async deals(userId: string, today: string, filters: DashboardFilters, page?: { offset: number; limit: number }): Promise<Deal[]> {
    const { where, params } = filterClause(userId, today, filters);
    params.push(today);
    const todayParam = `$${params.length}::date`;
    const paging = page ? ` LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}` : "";
    const rows = await this.db.query<DealRow>(
      `SELECT d.id, d.title, d.description, b.name AS brand, b.id AS brand_id, b.domain AS brand_domain, d.category,
              d.deal_url, d.promo_codes, d.discount, d.expiration_date::text AS expiration_date, d.image_urls, d.source
       FROM deals d JOIN brands b ON b.id = d.brand_id
       WHERE ${where}
       ORDER BY CASE WHEN d.expiration_date < ${todayParam} THEN 2 WHEN d.expiration_date IS NULL THEN 1 ELSE 0 END,
                d.expiration_date, d.sent_at DESC NULLS LAST, d.id${paging}`,
      params,
    );
    return rows.map(toDeal);
  }

  async countDeals(userId: string, today: string, filters: DashboardFilters): Promise<number> {
    const { where, params } = filterClause(userId, today, filters);
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deals d JOIN brands b ON b.id = d.brand_id WHERE ${where}`,
      params,
    );
    return row?.n ?? 0;
  }

  async categoryCounts(userId: string): Promise<{ category: string; count: number }[]> {
    return this.db.query<{ category: string; count: number }>(
      `SELECT d.category, count(*)::int AS count FROM deals d JOIN brands b ON b.id = d.brand_id
       WHERE d.user_id = $1 AND b.is_active GROUP BY d.category ORDER BY d.category`,
      [userId],
    );
  }

  /** The four figures as they stand on `day` (deals and emails known by then), for today and a month earlier. */
  async figures(userId: string, day: string): Promise<DashboardFigures> {
    const [row] = await this.db.query<DashboardFigures>(
      `SELECT
         (SELECT count(*)::int FROM deals d JOIN brands b ON b.id = d.brand_id
           WHERE d.user_id = $1 AND b.is_active AND coalesce(d.sent_at::date, d.created_at::date) <= $2::date
             AND (d.expiration_date IS NULL OR d.expiration_date >= $2::date)) AS "activePromos",
         (SELECT count(*)::int FROM gmail_messages m
           WHERE m.user_id = $1 AND m.state = 'processed' AND coalesce(m.sent_at::date, m.processed_at::date) <= $2::date) AS "emailsScanned",
         (SELECT count(DISTINCT b.id)::int FROM deals d JOIN brands b ON b.id = d.brand_id
           WHERE d.user_id = $1 AND b.is_active AND coalesce(d.sent_at::date, d.created_at::date) <= $2::date) AS "uniqueBrands",
         (SELECT count(*)::int FROM deals d JOIN brands b ON b.id = d.brand_id
           WHERE d.user_id = $1 AND b.is_active AND coalesce(d.sent_at::date, d.created_at::date) <= $2::date
             AND d.expiration_date BETWEEN $2::date AND $2::date + 7) AS "expiring"`,
      [userId, day],
    );
    return row!;
  }

  async newDealsSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deals d JOIN brands b ON b.id = d.brand_id
       WHERE d.user_id = $1 AND b.is_active AND coalesce(d.sent_at, d.created_at) >= $2`,
      [userId, since],
    );
    return row?.n ?? 0;
  }
}
