import { CATEGORIES, categoryId } from "../../src/domain/category";
import { percentDelta, type Dashboard } from "../../src/domain/dashboard";
import type { Deal } from "../../src/domain/deal";
import type { Clock } from "./ports";
import type { ImageLinks } from "./images/imageLinks";

export interface DashboardFilters {
  category?: string;
  search?: string;
  expiringOnly?: boolean;
  fromDomain?: string;
  brandId?: string;
}

export interface DashboardFigures {
  activePromos: number;
  emailsScanned: number;
  uniqueBrands: number;
  expiring: number;
}

export interface DealsRepository {
  deals(userId: string, today: string, filters: DashboardFilters, page?: { offset: number; limit: number }): Promise<Deal[]>;
  countDeals(userId: string, today: string, filters: DashboardFilters): Promise<number>;
  categoryCounts(userId: string): Promise<{ category: string; count: number }[]>;
  figures(userId: string, day: string): Promise<DashboardFigures>;
  newDealsSince(userId: string, since: Date): Promise<number>;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The dashboard: deals sorted and filtered in the database, figures with their change against a month earlier. */
export class DashboardService {
  constructor(
    private readonly deals: DealsRepository,
    private readonly clock: Clock,
    private readonly imageLinks: ImageLinks,
  ) {}

  /** A deal as the browser gets it: its images only as signed paths of our image proxy, never the sender's URLs. */
  private proxied(deals: Deal[]): Deal[] {
    return deals.map((deal) => ({
      ...deal,
      imageUrls: deal.imageUrls.flatMap((url) => this.imageLinks.proxyPath(url) ?? []),
    }));
  }

  async dashboard(userId: string, filters: DashboardFilters): Promise<Dashboard> {
    const now = this.clock.now();
    const today = isoDay(now);
    const monthAgo = new Date(now);
    monthAgo.setUTCMonth(monthAgo.getUTCMonth() - 1);
    const startOfToday = new Date(`${today}T00:00:00Z`);
    const [deals, counts, current, previous, newDealsToday] = await Promise.all([
      this.deals.deals(userId, today, filters),
      this.deals.categoryCounts(userId),
      this.deals.figures(userId, today),
      this.deals.figures(userId, isoDay(monthAgo)),
      this.deals.newDealsSince(userId, startOfToday),
    ]);
    const figure = (key: keyof DashboardFigures) => ({ value: current[key], delta: percentDelta(current[key], previous[key]) });
    const order = (label: string) => CATEGORIES.indexOf(label as (typeof CATEGORIES)[number]);
    return {
      categories: counts
        .map(({ category, count }) => ({ id: categoryId(category), label: category, count }))
        .sort((a, b) => b.count - a.count || order(a.label) - order(b.label)),
      deals: this.proxied(deals),
      stats: {
        activePromos: figure("activePromos"),
        emailsScanned: figure("emailsScanned"),
        uniqueBrands: figure("uniqueBrands"),
        expiring: figure("expiring"),
      },
      newDealsToday,
    };
  }

  /** The UTC day the figures are computed for; part of any cache key. */
  today(): string {
    return isoDay(this.clock.now());
  }

  async page(userId: string, filters: DashboardFilters, page: number, pageSize: number) {
    const today = isoDay(this.clock.now());
    const [deals, total] = await Promise.all([
      this.deals.deals(userId, today, filters, { offset: (page - 1) * pageSize, limit: pageSize }),
      this.deals.countDeals(userId, today, filters),
    ]);
    return { deals: this.proxied(deals), page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
  }
}
