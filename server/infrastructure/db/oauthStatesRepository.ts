import type { OAuthStatesRepository, PendingAuthorization } from "../../application/repositories";
import type { Database } from "./database";

export class SqlOAuthStatesRepository implements OAuthStatesRepository {
  constructor(private readonly db: Database) {}

  async save(stateHash: string, pending: PendingAuthorization, expiresAt: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO oauth_states (state_hash, flow, code_verifier, nonce, user_id, browser_binding_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [stateHash, pending.flow, pending.codeVerifier, pending.nonce, pending.userId, pending.browserBindingHash, expiresAt],
    );
  }

  async take(stateHash: string, now: Date): Promise<PendingAuthorization | null> {
    const rows = await this.db.query<{
      flow: PendingAuthorization["flow"];
      code_verifier: string;
      nonce: string;
      user_id: string | null;
      browser_binding_hash: string;
      expires_at: Date;
    }>(
      "DELETE FROM oauth_states WHERE state_hash = $1 RETURNING flow, code_verifier, nonce, user_id, browser_binding_hash, expires_at",
      [stateHash],
    );
    const row = rows[0];
    if (!row || new Date(row.expires_at) <= now) return null;
    return { flow: row.flow, codeVerifier: row.code_verifier, nonce: row.nonce, userId: row.user_id, browserBindingHash: row.browser_binding_hash };
  }
}
