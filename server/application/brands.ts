import type { DataVersions } from "./dataVersions";
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
    if (isActive !== null) this.dataVersions.bump(userId);
    return isActive;
  }
}
