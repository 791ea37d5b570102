import type { LoginCode, LoginCodesRepository } from "../../application/repositories";
import type { Database } from "./database";

export class SqlLoginCodesRepository implements LoginCodesRepository {
  constructor(private readonly db: Database) {}

  async save(codeHash: string, login: LoginCode, expiresAt: Date): Promise<void> {
    await this.db.query(
      "INSERT INTO login_codes (code_hash, user_id, action, state_hash, expires_at) VALUES ($1, $2, $3, $4, $5)",
      [codeHash, login.userId, login.action, login.stateHash, expiresAt],
    );
  }

  async take(codeHash: string, now: Date): Promise<LoginCode | null> {
    const rows = await this.db.query<{ user_id: string; action: string; state_hash: string }>(
      "UPDATE login_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id, action, state_hash",
      [codeHash, now],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, action: row.action, stateHash: row.state_hash } : null;
  }
}
