import type { BrandRecord, BrandsRepository } from "../../application/repositories";
import type { Database } from "./database";

export class SqlBrandsRepository implements BrandsRepository {
  constructor(private readonly db: Database) {}

  list(userId: string): Promise<BrandRecord[]> {
    return this.db.query<BrandRecord>(
      `SELECT id, name, domain, is_active AS "isActive" FROM brands WHERE user_id = $1 ORDER BY lower(name), domain`,
      [userId],
    );
  }

  async toggle(userId: string, brandId: string): Promise<boolean | null> {
    const rows = await this.db.query<{ is_active: boolean }>(
      "UPDATE brands SET is_active = NOT is_active WHERE id = $1 AND user_id = $2 RETURNING is_active",
      [brandId, userId],
    );
    return rows[0]?.is_active ?? null;
  }

  async setActive(userId: string, brandId: string, isActive: boolean): Promise<boolean | null> {
    const rows = await this.db.query<{ is_active: boolean }>(
      "UPDATE brands SET is_active = $3 WHERE id = $1 AND user_id = $2 RETURNING is_active",
      [brandId, userId, isActive],
    );
    return rows[0]?.is_active ?? null;
  }
}
