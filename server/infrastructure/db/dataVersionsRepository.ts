import type { DataVersions } from "../../application/dataVersions";
import type { SqlExecutor } from "./database";

/** The users' data versions, in users.data_version (migration 009). */
export class SqlDataVersions implements DataVersions {
  constructor(private readonly db: SqlExecutor) {}

  async of(userId: string): Promise<number> {
    const [row] = await this.db.query<{ version: string }>("SELECT data_version::text AS version FROM users WHERE id = $1", [userId]);
    // A deleted user has no version: any number works, as nothing of theirs is left to cache.
    return row ? Number(row.version) : 0;
  }

  async bump(userId: string): Promise<void> {
    await this.db.query("UPDATE users SET data_version = data_version + 1 WHERE id = $1", [userId]);
  }
}
