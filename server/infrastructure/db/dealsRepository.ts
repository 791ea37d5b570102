import type { Barcode } from "../../../src/domain/barcode";
import type { Category } from "../../../src/domain/category";
import { EXPIRING_SOON_DAYS, SORT_RANK, type CodeCondition, type Deal, type DealSource, type DealStatus } from "../../../src/domain/deal";
import { CURRENT_STATES } from "../../../src/domain/dealLifecycle";
import type { DealEvidence } from "../../../src/domain/evidence";
import { searchWords, wordStartPattern, type SearchedField } from "../../../src/domain/dealSearch";
import type { DashboardFilters, DashboardSummary, DealPosition, DealsPage, DealsRepository } from "../../application/dashboard";
import type { Database } from "./database";
import { DEAL_AND_BRAND, dealStateSql, inStatesSql, type LifecycleColumns } from "./dealLifecycleSql";

/**
 * A kept count's row (dashboard_counts) as the lifecycle reads it: no end date is kept as 'infinity' and no mark as '',
 * and only deals of shown brands are kept.
 */
const KEPT_COUNT: LifecycleColumns = { expirationDate: "nullif(c.end_date, 'infinity'::date)", status: "nullif(c.status, '')", brandShown: "TRUE" };

/** The quarter hour a deal stored at `instant` is kept in (dashboard_found_counts, migration 027, which bins the same way). */
const FOUND_QUARTER = (instant: string) => `date_bin('15 minutes', ${instant}, '2000-01-01 00:00:00+00'::timestamptz)`;

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
  remind: boolean;
  /** A timestamptz comes back as a Date from PGlite and node-postgres. */
  sent_at: Date | string | null;
  /** NULL for a deal stored before evidence was kept (migration 015). */
  evidence: DealEvidence | null;
  /** The brand's stored logo (migration 021) once its check passed (026), where the query reads it (DEAL_COLUMNS). */
  brand_logo_url?: string | null;
  /** The mail's was/now price (migration 020): all three or none. */
  price_currency: string | null;
  price_now_hundredths: number | null;
  price_was_hundredths: number | null;
  /** What the person said using it saved them (migration 019): all three or none. */
  saved_hundredths: number | null;
  saved_currency: string | null;
  saved_at: Date | string | null;
  /** NULL when the mail gave none, or for a deal stored before barcodes were read (migration 024). */
  barcode: Barcode | null;
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
    remind: row.remind,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    ...(row.evidence ? { evidence: row.evidence } : {}),
    // The sender's address: the use case signs it into a proxy path (withProxiedImages) before anyone sees it.
    ...(row.brand_logo_url !== undefined ? { brandLogoUrls: row.brand_logo_url ? [row.brand_logo_url] : [] } : {}),
    ...(row.price_currency !== null && row.price_now_hundredths !== null && row.price_was_hundredths !== null
      ? { price: { currency: row.price_currency, nowHundredths: row.price_now_hundredths, wasHundredths: row.price_was_hundredths } }
      : {}),
    ...(row.saved_hundredths !== null && row.saved_currency !== null && row.saved_at !== null
      ? { saved: { hundredths: row.saved_hundredths, currency: row.saved_currency, at: new Date(row.saved_at).toISOString() } }
      : {}),
    ...(row.barcode ? { barcode: row.barcode } : {}),
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

/** The domain's "expiring soon" window (0 to 7 days left) of the sort rank, by the date alone, on a `today` date parameter. */
const expiringSoon = (today: string, days: string) => `d.expiration_date BETWEEN ${today} AND ${today} + ${days}`;

/** The domain's sort rank (SORT_RANK) of a deal in SQL. */
const sortRank = (today: string, days: string) =>
  `CASE WHEN d.expiration_date IS NULL THEN ${SORT_RANK.undated} WHEN d.expiration_date < ${today} THEN ${SORT_RANK.expired}
        WHEN ${expiringSoon(today, days)} THEN ${SORT_RANK["expiring-soon"]} ELSE ${SORT_RANK.later} END`;

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
  // The lifecycle's states, not the date alone: a deal marked used or not working is not "ending soon".
  if (filters.currentOnly) conditions.push(inStatesSql(CURRENT_STATES, DEAL_AND_BRAND, todayParam(), daysParam()));
  if (filters.expiringOnly) {
    // The window on the date alone is implied by the state; kept so the index on end dates reads only that window.
    conditions.push(expiringSoon(todayParam(), daysParam()), inStatesSql(["ending-soon"], DEAL_AND_BRAND, todayParam(), daysParam()));
  }
  // The domain's search rule, with the domain's own pattern: every word begins a word of some searched field.
  for (const word of searchWords(filters.search ?? "")) conditions.push(`${SEARCHED_TEXT} ~* ${params.add(wordStartPattern(word))}`);
  const rank = () => sortRank(todayParam(), daysParam());
  return { where: conditions.join(" AND "), params, rank, todayParam, order: () => `${rank()}, d.expiration_date` };
}

/**
 * Two keys of the dashboard's order (DealPosition) as non-null ascending values, so a keyset page compares them as one
 * row: the end date (none sorts last), and the email's time negated in microseconds (newest first, none last).
 */
const EXPIRY_KEY = "coalesce(d.expiration_date, 'infinity'::date)";
const SENT_KEY = "coalesce(-(extract(epoch FROM d.sent_at) * 1000000)::bigint, 9223372036854775807)";

interface PositionRow {
  k_marked: number;
  k_rank: number;
  k_expiry: string;
  k_sent: string;
  k_id: string;
}

/** A deal's columns as toDeal reads them, over `deals d JOIN brands b`. */
export const DEAL_COLUMNS = `d.id, d.title, d.description, b.name AS brand, b.id AS brand_id, b.domain AS brand_domain, d.category,
  d.deal_url, d.promo_codes, d.discount, d.expiration_date::text AS expiration_date, d.image_urls, d.source,
  d.terms, d.code_conditions, d.status, d.sent_at, d.evidence, d.barcode,
  CASE WHEN b.logo_state = 'ok' THEN b.logo_url END AS brand_logo_url,
  d.price_currency, d.price_now_hundredths::int AS price_now_hundredths, d.price_was_hundredths::int AS price_was_hundredths,
  d.saved_hundredths::int AS saved_hundredths, d.saved_currency, d.saved_at,
  EXISTS (SELECT 1 FROM deal_reminders r WHERE r.user_id = d.user_id AND r.deal_id = d.id) AS remind`;

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

  /**
   * The order's six runs (unmarked, then marked; in each live, undated, expired) are read one index range each, from
   * the cursor's run on, and merged: a page costs about its own size, not a sort of all the person's deals.
   */
  async dealsPage(userId: string, today: string, filters: DashboardFilters, after: DealPosition | null, limit: number): Promise<DealsPage> {
    const { where, params, rank, todayParam } = filterClause(userId, today, filters);
    const runs = [0, 1].flatMap((marked) =>
      [
        { rank: SORT_RANK.later, dates: `d.expiration_date >= ${todayParam()}` },
        { rank: SORT_RANK.undated, dates: "d.expiration_date IS NULL" },
        { rank: SORT_RANK.expired, dates: `d.expiration_date < ${todayParam()}` },
      ].map((run) => ({ ...run, marked })),
    );
    const take = Math.trunc(limit) + 1;
    const selects = runs
      .filter((run) => !after || run.marked > after.marked || (run.marked === after.marked && run.rank >= after.rank))
      .map((run) => {
        const conditions = [where, `d.status IS ${run.marked ? "NOT NULL" : "NULL"}`, run.dates];
        if (after && run.marked === after.marked && run.rank === after.rank) {
          const expiry = params.add(after.expiry, "::date");
          // The redundant bound on the date lets the index start at the cursor's date.
          if (after.expiry !== "infinity") conditions.push(`d.expiration_date >= ${expiry}`);
          conditions.push(`(${EXPIRY_KEY}, ${SENT_KEY}, d.id) > (${expiry}, ${params.add(after.sentKey, "::bigint")}, ${params.add(after.id, "::uuid")})`);
        }
        return `(SELECT d.id FROM deals d JOIN brands b ON b.id = d.brand_id WHERE ${conditions.join(" AND ")}
                 ORDER BY d.expiration_date, d.sent_at DESC NULLS LAST, d.id LIMIT ${take})`;
      });
    const rows = await this.db.query<DealRow & PositionRow>(
      `WITH page AS (SELECT id FROM (${selects.join(" UNION ALL ")}) AS runs)
       SELECT * FROM (
         SELECT ${DEAL_COLUMNS}, (d.status IS NOT NULL)::int AS k_marked, ${rank()} AS k_rank, ${EXPIRY_KEY} AS k_expiry,
                ${SENT_KEY} AS k_sent, d.id AS k_id
         FROM page JOIN deals d ON d.id = page.id JOIN brands b ON b.id = d.brand_id
       ) AS positioned
       ORDER BY k_marked, k_rank, k_expiry, k_sent, k_id
       LIMIT ${take}`,
      params.values,
    );
    const deals = rows.slice(0, limit);
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return {
      deals: deals.map(toDeal),
      next: last
        ? { marked: last.k_marked === 1 ? 1 : 0, rank: last.k_rank, expiry: String(last.k_expiry), sentKey: String(last.k_sent), id: last.k_id }
        : null,
    };
  }

  async countDeals(userId: string, today: string, filters: DashboardFilters): Promise<number> {
    const { where, params } = filterClause(userId, today, filters);
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deals d JOIN brands b ON b.id = d.brand_id WHERE ${where}`,
      params.values,
    );
    return row?.n ?? 0;
  }

  /**
   * The four figures as they stand on a day, for today and a month earlier, the new deals of today, and the deals per
   * category, from the counts kept as deals are stored and change (dashboard_counts, 014_dashboard_counts.sql): a few
   * rows per category and end date, whatever the number of deals. Each row's state on both days is the domain's
   * (dealLifecycleSql.ts), so a deal that ended at midnight is counted as expired with no write. Today's figures count
   * every deal as it stands now, so Active Promos is the current view's size and Expiring Soon its expiring filter's;
   * a month earlier counts the deals known by the end of that day (a deal is known from its email's time, or from when
   * it was stored): all of them less those known after. `today` is the person's day (calendarDay's dayIn); the kept
   * rows' own days (when a deal or mail was known) are UTC dates, so the month-earlier figures may be off by the hours
   * between the two. The new deals of today are those stored after `todayBegan`, the instant of the person's midnight,
   * from the counts kept per quarter hour a deal was stored (dashboard_found_counts), exact in any zone.
   */
  async summary(userId: string, today: string, monthAgo: string, todayBegan: Date): Promise<DashboardSummary> {
    const current = (state: string) => `${state} IN (${CURRENT_STATES.map((name) => `'${name}'`).join(", ")})`;
    const sum = (grain: string, condition: string) => `coalesce(sum(n) FILTER (WHERE grain = '${grain}' AND ${condition}), 0)`;
    // Rows of end dates before both days count in neither (expired then and now), so only later ones are read.
    const kept = (grain: string, days: string) =>
      `SELECT grain, category, n, ${dealStateSql(KEPT_COUNT, "$2::date", "$4::int")} AS state_now, ${dealStateSql(KEPT_COUNT, "$3::date", "$4::int")} AS state_before
       FROM dashboard_counts c WHERE c.user_id = $1 AND c.grain = '${grain}' AND ${days}`;
    const laterEnds = "c.end_date >= least($2::date, $3::date)";
    type CategoryRow = { category: string; deals: number; current_now: number; current_before: number; ending_now: number; ending_before: number };
    const [categories, [others], [found]] = await Promise.all([
      this.db.query<CategoryRow>(
        `SELECT category, ${sum("deals", "TRUE")}::int AS deals,
           ${sum("deals-by-end", current("state_now"))}::int AS current_now,
           (${sum("deals-by-end", current("state_before"))} - ${sum("deals-by-known-day", current("state_before"))})::int AS current_before,
           ${sum("deals-by-end", "state_now = 'ending-soon'")}::int AS ending_now,
           (${sum("deals-by-end", "state_before = 'ending-soon'")} - ${sum("deals-by-known-day", "state_before = 'ending-soon'")})::int AS ending_before
         FROM (${kept("deals", "c.day = '-infinity'")}
               UNION ALL ${kept("deals-by-end", `c.day = '-infinity' AND ${laterEnds}`)}
               UNION ALL ${kept("deals-by-known-day", `c.day > $3::date AND ${laterEnds}`)}) AS kept
         GROUP BY category HAVING ${sum("deals", "TRUE")} > 0 ORDER BY category`,
        [userId, today, monthAgo, EXPIRING_SOON_DAYS],
      ),
      this.db.query<{ emails_now: number; emails_before: number; brands_now: number; brands_before: number }>(
        `SELECT emails.*, brands.* FROM
           (SELECT (${sum("mail", "TRUE")} - ${sum("mail-by-known-day", "day > $2::date")})::int AS emails_now,
                   (${sum("mail", "TRUE")} - ${sum("mail-by-known-day", "day > $3::date")})::int AS emails_before
            FROM dashboard_counts c
            WHERE c.user_id = $1 AND (c.grain = 'mail' OR (c.grain = 'mail-by-known-day' AND c.day > least($2::date, $3::date)))) AS emails,
           -- A brand counts from the day its first deal was known.
           (SELECT count(*) FILTER (WHERE b.first_deal_day <= $2::date)::int AS brands_now,
                   count(*) FILTER (WHERE b.first_deal_day <= $3::date)::int AS brands_before
            FROM brands b WHERE b.user_id = $1 AND b.is_active) AS brands`,
        [userId, today, monthAgo],
      ),
      // The kept quarters from the first one that starts at or after midnight (migration 027), corrected from the
      // deals themselves (index deals_user_found) for what lies between: nothing when midnight starts a quarter, as in
      // every zone today, but for the deals stored at the very instant of midnight, which are not new ("after").
      this.db.query<{ new_today: number }>(
        `WITH midnight AS (
           SELECT $2::timestamptz AS began, CASE WHEN ${FOUND_QUARTER("$2::timestamptz")} = $2::timestamptz THEN $2::timestamptz
             ELSE ${FOUND_QUARTER("$2::timestamptz")} + interval '15 minutes' END AS quarter)
         SELECT ((SELECT coalesce(sum(c.n), 0) FROM dashboard_found_counts c, midnight
                  WHERE c.user_id = $1 AND c.found_quarter >= midnight.quarter AND ${inStatesSql(CURRENT_STATES, KEPT_COUNT, "$3::date")})
               + (SELECT count(*) FILTER (WHERE d.created_at > midnight.began AND d.created_at < midnight.quarter)
                       - count(*) FILTER (WHERE d.created_at = midnight.began AND midnight.began = midnight.quarter)
                  FROM midnight, deals d JOIN brands b ON b.id = d.brand_id
                  WHERE d.user_id = $1 AND d.created_at BETWEEN midnight.began AND midnight.quarter
                    AND ${inStatesSql(CURRENT_STATES, DEAL_AND_BRAND, "$3::date")}))::int AS new_today`,
        [userId, todayBegan.toISOString(), today],
      ),
    ]);
    const total = (key: Exclude<keyof CategoryRow, "category">) => categories.reduce((all, row) => all + row[key], 0);
    return {
      current: { activePromos: total("current_now"), emailsScanned: others!.emails_now, uniqueBrands: others!.brands_now, expiring: total("ending_now") },
      previous: { activePromos: total("current_before"), emailsScanned: others!.emails_before, uniqueBrands: others!.brands_before, expiring: total("ending_before") },
      newDealsToday: found!.new_today,
      totalDeals: total("deals"),
      categories: categories.map(({ category, deals, current_now }) => ({ category, count: deals, current: current_now })),
    };
  }
}
