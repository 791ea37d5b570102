import { sortDeals, type Deal } from "../../src/domain/deal";
import { isCurrentDeal } from "../../src/domain/dealLifecycle";
import { emailsPerWeek, typicalPercentOff, type BrandPage } from "../../src/domain/dealDetail";
import type { DataVersions } from "./dataVersions";
import { withProxiedImages } from "./dealDetails";
import type { ImageLinks } from "./images/imageLinks";
import { dayStart } from "../../src/domain/calendarDay";
import type { PersonDays } from "./personDay";
import type { BrandRecord, BrandsRepository } from "./repositories";

/** The brands found in a person's mail, each shown on the dashboard or hidden from it. */
export class BrandService {
  constructor(
    private readonly brands: BrandsRepository,
    private readonly dataVersions: DataVersions,
  ) {}

  list(userId: string): Promise<BrandRecord[]> {
    return this.brands.list(userId);
  }

  /** Shows a hidden brand or hides a shown one; answers whether it is shown now, or null when the user has no such brand. */
  async toggle(userId: string, brandId: string): Promise<boolean | null> {
    const isActive = await this.brands.toggle(userId, brandId);
    // The dashboard shows only active brands' deals: its cached answers are stale now.
    if (isActive !== null) await this.dataVersions.bump(userId);
    return isActive;
  }

  /**
   * Shows or hides a brand, as asked: asked twice, or from two tabs at once, it ends as asked (a flip would not).
   * Answers whether it is shown now, or null when the user has no such brand.
   */
  async setActive(userId: string, brandId: string, isActive: boolean): Promise<boolean | null> {
    const now = await this.brands.setActive(userId, brandId, isActive);
    if (now !== null) await this.dataVersions.bump(userId);
    return now;
  }
}

/** What a brand's page is computed from: the brand, its deals, and the emails they came in. */
export interface StoredBrandPage {
  brand: BrandRecord;
  deals: Deal[];
  /** Emails with deals from this brand. */
  emailCount: number;
  /** The first and last email we have of the user's whole mailbox: the period the brand's rate is counted over. */
  mailboxPeriod: { from: Date | null; to: Date | null };
}

export interface BrandPagesRepository {
  /** Null when the user has no such brand. */
  brandPage(userId: string, brandId: string): Promise<StoredBrandPage | null>;
}

/** A brand's page: its current and past deals, its typical discount and how often it mails. */
export class BrandPages {
  constructor(
    private readonly pages: BrandPagesRepository,
    private readonly imageLinks: ImageLinks,
    private readonly days: PersonDays,
  ) {}

  /** The brand's deals judged on the person's own day, which the page carries for its badges. */
  async brandPage(userId: string, brandId: string): Promise<BrandPage | null> {
    const [stored, day] = await Promise.all([this.pages.brandPage(userId, brandId), this.days.of(userId)]);
    if (!stored) return null;
    const today = dayStart(day.today);
    const deals = sortDeals(stored.deals, today).map((deal) => withProxiedImages(deal, this.imageLinks));
    // The page is where the brand's switch is, so its deals are judged as if the brand were shown.
    const current = deals.filter((deal) => isCurrentDeal(deal, today));
    return {
      brand: stored.brand,
      currentDeals: current,
      // The dashboard's order reversed: the most recently expired first.
      pastDeals: deals.filter((deal) => !current.includes(deal)).reverse(),
      typicalPercentOff: typicalPercentOff(stored.deals.map((deal) => deal.discount)),
      emailsPerWeek: emailsPerWeek(stored.emailCount, stored.mailboxPeriod.from, stored.mailboxPeriod.to),
      emailCount: stored.emailCount,
      today: day.today,
    };
  }
}
