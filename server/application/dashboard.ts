import { CATEGORIES, categoryId } from "../../src/domain/category";
import { percentDelta, type Dashboard } from "../../src/domain/dashboard";
import { SORT_RANK, type Deal } from "../../src/domain/deal";
import { dayStart, isCalendarDay } from "../../src/domain/calendarDay";
import { withProxiedImages } from "./dealDetails";
import type { ImageLinks } from "./images/imageLinks";
import type { PersonDay, PersonDays } from "./personDay";
import type { SavedTotalsReader } from "./savings";
import { instantAtLocalHour } from "./reports/schedule";
import { isUuid } from "./ids";

export interface DashboardFilters {
  category?: string;
  search?: string;
  expiringOnly?: boolean;
  fromDomain?: string;
  brandId?: string;
  /** Only the deals the person can still use (the lifecycle's current states): Discover's. */
  currentOnly?: boolean;
}

export interface DashboardFigures {
  /** The deals the person can still use (the current view's deals; see DashboardStats in src/domain/dashboard.ts). */
  activePromos: number;
  emailsScanned: number;
  uniqueBrands: number;
  expiring: number;
}

/**
 * Where a deal stands in the dashboard's order (unmarked before used or not working, then SORT_RANK, the end date, the
 * newest email, the id): the keys of a keyset page, so the next page starts right after it, whatever changed meanwhile.
 */
export interface DealPosition {
  /** 0 for a deal its owner has not marked, 1 for one marked used or not working. */
  marked: 0 | 1;
  rank: number;
  /** The end date, or "infinity" for a deal without one. */
  expiry: string;
  /** Minus the email's time in microseconds since 1970, or the largest bigint for a deal without one (newest first). */
  sentKey: string;
  id: string;
}

export interface DealsPage {
  deals: Deal[];
  /** The last deal's position when more deals follow; null on the last page. */
  next: DealPosition | null;
}

/** Every figure of the dashboard's header, greeting and category filter; the figures for today and a month earlier. */
export interface DashboardSummary {
  current: DashboardFigures;
  previous: DashboardFigures;
  newDealsToday: number;
  /** The person's deals (of brands they show), in all and per category; `current` counts those they can still use. */
  totalDeals: number;
  categories: { category: string; count: number; current: number }[];
}

export interface DealsRepository {
  deals(userId: string, today: string, filters: DashboardFilters, page?: { offset: number; limit: number }): Promise<Deal[]>;
  /** Up to `limit` deals in the dashboard's order, after `after` (from the start when null). */
  dealsPage(userId: string, today: string, filters: DashboardFilters, after: DealPosition | null, limit: number): Promise<DealsPage>;
  countDeals(userId: string, today: string, filters: DashboardFilters): Promise<number>;
  /**
   * The figures of `today` and of `monthAgo` (the person's days), the current deals stored since `todayBegan` (the
   * instant of the person's midnight), and the counts per category.
   */
  summary(userId: string, today: string, monthAgo: string, todayBegan: Date): Promise<DashboardSummary>;
}

/** The deals of the first answer: a screenful, so that answer's size does not grow with the person's mail. */
export const FIRST_PAGE_SIZE = 24;
/** The deals of each further page, fetched after the first paint. */
export const NEXT_PAGE_SIZE = 1_000;

const BIGINT_RANGE = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

const isBigint = (text: string) => /^-?\d{1,19}$/.test(text) && BigInt(text) >= BIGINT_RANGE.min && BigInt(text) <= BIGINT_RANGE.max;

/** A position as the opaque, URL-safe cursor the client sends back for the next page. */
export function encodeCursor(position: DealPosition): string {
  return Buffer.from(JSON.stringify([position.marked, position.rank, position.expiry, position.sentKey, position.id])).toString("base64url");
}

/**
 * The position a cursor names, or null for anything encodeCursor could not have written. Every field is checked as
 * the database will read it (a real calendar day, a bigint, a uuid), so no cursor fails later in a query.
 */
export function parseCursor(cursor: string): DealPosition | null {
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 5) return null;
  const [marked, rank, expiry, sentKey, id] = fields as unknown[];
  if (
    (marked !== 0 && marked !== 1) ||
    !Object.values(SORT_RANK).includes(rank as number) ||
    typeof expiry !== "string" || (expiry !== "infinity" && !isCalendarDay(expiry)) ||
    typeof sentKey !== "string" || !isBigint(sentKey) ||
    typeof id !== "string" || !isUuid(id)
  ) {
    return null;
  }
  return { marked, rank: rank as number, expiry, sentKey, id };
}

/** The same day of the month before (the month's last day when that month is shorter, as Date's months count). */
function monthBefore(day: string): string {
  const date = dayStart(day);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The dashboard: deals sorted and filtered in the database, figures with their change against a month earlier. Every
 * state is judged on the person's own day (PersonDays), the day the first answer carries for the browser.
 */
export class DashboardService {
  constructor(
    private readonly deals: DealsRepository,
    private readonly days: PersonDays,
    private readonly imageLinks: ImageLinks,
    private readonly savings: SavedTotalsReader,
  ) {}

  /** A deal as the browser gets it: its images and its brand's logo only as signed paths of our image proxy. */
  private proxied(deals: Deal[]): Deal[] {
    return deals.map((deal) => withProxiedImages(deal, this.imageLinks));
  }

  /**
   * The dashboard's first answer: every figure the header, greeting and filters need, with the first screenful of
   * deals in the dashboard's order and where the rest continues (dealsAfter). Its size does not grow with the deals.
   */
  async dashboard(userId: string, filters: DashboardFilters, day?: PersonDay): Promise<Dashboard> {
    const { today, timeZone } = day ?? (await this.dayOf(userId));
    const filtered = Object.keys(filters).length > 0;
    const [page, summary, filteredTotal, saved] = await Promise.all([
      this.deals.dealsPage(userId, today, filters, null, FIRST_PAGE_SIZE),
      this.deals.summary(userId, today, monthBefore(today), instantAtLocalHour(today, 0, timeZone)),
      filtered ? this.deals.countDeals(userId, today, filters) : null,
      this.savings.totals(userId, today, timeZone),
    ]);
    const { current, previous, newDealsToday, categories: counts } = summary;
    const figure = (key: keyof DashboardFigures) => ({ value: current[key], delta: percentDelta(current[key], previous[key]) });
    const order = (label: string) => CATEGORIES.indexOf(label as (typeof CATEGORIES)[number]);
    return {
      categories: counts
        .map(({ category, count, current }) => ({ id: categoryId(category), label: category, count, current }))
        .sort((a, b) => b.count - a.count || order(a.label) - order(b.label)),
      deals: this.proxied(page.deals),
      totalDeals: filteredTotal ?? summary.totalDeals,
      nextCursor: page.next && encodeCursor(page.next),
      stats: {
        activePromos: figure("activePromos"),
        emailsScanned: figure("emailsScanned"),
        uniqueBrands: figure("uniqueBrands"),
        expiring: figure("expiring"),
      },
      newDealsToday,
      today,
      saved,
    };
  }

  /** The deals after a position of the first answer or of an earlier page (parseCursor reads it from its cursor). */
  async dealsAfter(userId: string, filters: DashboardFilters, after: DealPosition): Promise<{ deals: Deal[]; nextCursor: string | null }> {
    const { today } = await this.dayOf(userId);
    const page = await this.deals.dealsPage(userId, today, filters, after, NEXT_PAGE_SIZE);
    return { deals: this.proxied(page.deals), nextCursor: page.next && encodeCursor(page.next) };
  }

  /** The person's day and zone, which the figures are computed for; part of any cache key of the first answer. */
  dayOf(userId: string): Promise<PersonDay> {
    return this.days.of(userId);
  }

  /** Discover: a page of the deals the person can still use today, in the dashboard's order. */
  async page(userId: string, filters: DashboardFilters, page: number, pageSize: number) {
    const { today } = await this.dayOf(userId);
    filters = { ...filters, currentOnly: true };
    const [deals, total] = await Promise.all([
      this.deals.deals(userId, today, filters, { offset: (page - 1) * pageSize, limit: pageSize }),
      this.deals.countDeals(userId, today, filters),
    ]);
    return { deals: this.proxied(deals), page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
  }
}
