import type { GmailGrantsRepository, StoredGmailGrant } from "../../application/repositories";
import type { Database } from "./database";

interface GrantRow {
  google_email: string;
  scopes: string;
  access_token_encrypted: string;
  access_token_expires_at: Date;
  refresh_token_encrypted: string | null;
  granted_at: Date;
}

export class SqlGmailGrantsRepository implements GmailGrantsRepository {
  constructor(private readonly db: Database) {}

  async save(userId: string, grant: StoredGmailGrant): Promise<void> {
    await this.db.query(
      `INSERT INTO gmail_grants (user_id, google_email, scopes, access_token_encrypted, access_token_expires_at, refresh_token_encrypted, granted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id) DO UPDATE SET google_email = $2, scopes = $3, access_token_encrypted = $4,
         access_token_expires_at = $5, refresh_token_encrypted = COALESCE($6, gmail_grants.refresh_token_encrypted), granted_at = $7`,
      [userId, grant.googleEmail, grant.scopes.join(" "), grant.accessTokenEncrypted, grant.accessTokenExpiresAt, grant.refreshTokenEncrypted, grant.grantedAt],
    );
  }

  async get(userId: string): Promise<StoredGmailGrant | null> {
    const rows = await this.db.query<GrantRow>("SELECT * FROM gmail_grants WHERE user_id = $1", [userId]);
    const row = rows[0];
    if (!row) return null;
    return {
      googleEmail: row.google_email,
      scopes: row.scopes.split(" ").filter(Boolean),
      accessTokenEncrypted: row.access_token_encrypted,
      accessTokenExpiresAt: new Date(row.access_token_expires_at),
      refreshTokenEncrypted: row.refresh_token_encrypted,
      grantedAt: new Date(row.granted_at),
    };
  }

  async updateAccessToken(userId: string, accessTokenEncrypted: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      "UPDATE gmail_grants SET access_token_encrypted = $2, access_token_expires_at = $3 WHERE user_id = $1",
      [userId, accessTokenEncrypted, expiresAt],
    );
  }

  async delete(userId: string): Promise<boolean> {
    const rows = await this.db.query("DELETE FROM gmail_grants WHERE user_id = $1 RETURNING user_id", [userId]);
    return rows.length > 0;
  }

  async connectedUserIds(): Promise<string[]> {
    return (await this.db.query<{ user_id: string }>("SELECT user_id FROM gmail_grants")).map((row) => row.user_id);
  }
}
