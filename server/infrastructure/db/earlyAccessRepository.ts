import type { EarlyAccessRepository, ShoppingFrequency } from "../../application/repositories";
import type { Database } from "./database";

export class SqlEarlyAccessRepository implements EarlyAccessRepository {
  constructor(private readonly db: Database) {}

  async add(request: { name: string; email: string; shoppingFrequency: ShoppingFrequency }): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO early_access_requests (email, name, shopping_frequency) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO NOTHING RETURNING email`,
      [request.email.toLowerCase(), request.name, request.shoppingFrequency],
    );
    return rows.length === 1;
  }
}
