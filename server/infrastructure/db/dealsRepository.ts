import type { Category } from "../../../src/domain/category";
import { EXPIRING_SOON_DAYS, SORT_RANK, type CodeCondition, type Deal, type DealSource, type DealStatus } from "../../../src/domain/deal";
import { searchWords, wordStartPattern, type SearchedField } from "../../../src/domain/dealSearch";
import type { DashboardFilters, DealsRepository, DashboardFigures } from "../../application/dashboard";
import type { Database } from "./database";

export interface DealRow {
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
  terms: string[];
  code_conditions: CodeCondition[];
  status: DealStatus | null;
  /** A timestamptz comes back as a Date from PGlite and node-postgres. */
  sent_at: Date | string | null;
}

export function toDeal(row: DealRow): Deal {
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
    terms: row.terms,
    codeConditions: row.code_conditions,
    status: row.status,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
  };
}

/** The SQL for each field the domain's search looks in; a field added there does not compile here until it is mapped. */
const SEARCHED_COLUMNS: Readonly<Record<SearchedField, string>> = {
  title: "d.title",
  description: "d.description",
  brand: "b.name",
  brandDomain: "b.domain",
  category: "d.category",
  promoCode: "array_to_string(d.promo_codes, ',')",
};
/** The searched fields as one text; a newline starts a word, so no word runs from one field into the next. */
const SEARCHED_TEXT = `concat_ws(E'\\n', ${Object.values(SEARCHED_COLUMNS).join(", ")})`;

/** The domain's "expiring soon" window (SPEC: 0 to 7 days left), as a condition on a `today` date parameter. */
const expiringSoon = (today: string, days: string) => `d.expiration_date BETWEEN ${today} AND ${today} + ${days}`;

/** The domain's sort rank (SORT_RANK) of a deal in SQL. */
const sortRank = (today: string, days: string) =>
  `CASE WHEN d.expiration_date IS NULL THEN ${SORT_RANK.undated} WHEN d.expiration_date < ${today} THEN ${SORT_RANK.expired}
        WHEN ${expiringSoon(today, days)} THEN ${SORT_RANK["expiring-soon"]} ELSE ${SORT_RANK.active} END`;

/** A query's parameters in placeholder order; a value several conditions share is added once. */
class Parameters {
  readonly values: unknown[] = [];
  private readonly named = new Map<string, string>();

  add(value: unknown, cast = ""): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }

  /** A shared value, added the first time a condition asks for it. */
  shared(name: string, value: unknown, cast: string): string {
    const existing = this.named.get(name);
    if (existing) return existing;
    const placeholder = this.add(value, cast);
    this.named.set(name, placeholder);
    return placeholder;
  }
}

/** The dashboard's filters as SQL over `deals d JOIN brands b`; every value travels as a parameter. */
function filterClause(userId: string, today: string, filters: DashboardFilters) {
  const params = new Parameters();
  const todayParam = () => params.shared("today", today, "::date");
  const daysParam = () => params.shared("days", EXPIRING_SOON_DAYS, "::int");
  const conditions = [`d.user_id = ${params.add(userId)}`, "b.is_active"];
  if (filters.category) conditions.push(`lower(d.category) = lower(${params.add(filters.category)})`);
  if (filters.brandId) conditions.push(`b.id = ${params.add(filters.brandId, "::uuid")}`);
  if (filters.fromDomain) {
    const domain = params.add(filters.fromDomain);
    conditions.push(`(b.domain = lower(${domain}) OR lower(${domain}) LIKE '%.' || b.domain)`);
  }
  if (filters.expiringOnly) conditions.push(expiringSoon(todayParam(), daysParam()));
  // The domain's search rule, with the domain's own pattern: every word begins a word of some searched field.
  for (const word of searchWords(filters.search ?? "")) conditions.push(`${SEARCHED_TEXT} ~* ${params.add(wordStartPattern(word))}`);
  return { where: conditions.join(" AND "), params, order: () => `${sortRank(todayParam(), daysParam())}, d.expiration_date` };
}

/** A deal's columns as toDeal reads them, over `deals d JOIN brands b`. */
export const DEAL_COLUMNS = `d.id, d.title, d.description, b.name AS brand, b.id AS brand_id, b.domain AS brand_domain, d.category,
  d.deal_url, d.promo_codes, d.discount, d.expiration_date::text AS expiration_date, d.image_urls, d.source,
  d.terms, d.code_conditions, d.status, d.sent_at`;

export class SqlDealsRepository implements DealsRepository {
  constructor(private readonly db: Database) {}

  async deals(userId: string, today: string, filters: DashboardFilters, page?: { offset: number; limit: number }): Promise<Deal[]> {
    const { where, params, order } = filterClause(userId, today, filters);
    const paging = page ? ` LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}` : "";
    const rows = await this.db.query<DealRow>(
      `SELECT ${DEAL_COLUMNS}
       FROM deals d JOIN brands b ON b.id = d.brand_id
       WHERE ${where}
       ORDER BY ${order()}, d.sent_at DESC NULLS LAST, d.id${paging}`,
      params.values,
    );
    return rows.map(toDeal);
  }

  async countDeals(userId: string, today: string, filters: DashboardFilters): Promise<number> {
    const { where, params } = filterClause(userId, today, filters);
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deals d JOIN brands b ON b.id = d.brand_id WHERE ${where}`,
      params.values,
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
             AND ${expiringSoon("$2::date", "$3::int")}) AS "expiring"`,
      [userId, day, EXPIRING_SOON_DAYS],
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
