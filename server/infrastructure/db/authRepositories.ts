import type {
  GmailGrantsRepository,
  LoginCode,
  LoginCodesRepository,
  NewUser,
  OAuthStatesRepository,
  PendingAuthorization,
  RefreshOutcome,
  SessionsRepository,
  StoredGmailGrant,
  UserRecord,
  UsersRepository,
} from "../../application/repositories";
import type { Database } from "./database";

const USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.google_sub,
  EXISTS (SELECT 1 FROM gmail_grants g WHERE g.user_id = u.id) AS gmail_connected`;

export class SqlUsersRepository implements UsersRepository {
  constructor(private readonly db: Database) {}

  private async one(where: string, value: string): Promise<UserRecord | null> {
    const rows = await this.db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE ${where} = $1`, [value]);
    return rows[0] ?? null;
  }

  findById(id: string) {
    return this.one("u.id", id);
  }

  findByGoogleSub(sub: string) {
    return this.one("u.google_sub", sub);
  }

  findByEmail(email: string) {
    return this.one("u.email", email.toLowerCase());
  }

  async create(user: NewUser): Promise<UserRecord> {
    const [row] = await this.db.query<{ id: string }>(
      "INSERT INTO users (email, first_name, last_name, google_sub) VALUES ($1, $2, $3, $4) RETURNING id",
      [user.email.toLowerCase(), user.firstName, user.lastName, user.googleSub],
    );
    return (await this.findById(row!.id))!;
  }

  async linkGoogle(userId: string, googleSub: string): Promise<void> {
    await this.db.query("UPDATE users SET google_sub = $2 WHERE id = $1", [userId, googleSub]);
  }

  delete(userId: string): Promise<Record<string, number>> {
    return this.db.transaction(async (tx) => {
      const counted: Record<string, number> = {};
      const count = async (label: string, sql: string) => {
        const rows = await tx.query<{ n: number }>(sql, [userId]);
        counted[label] = Number(rows[0]?.n ?? 0);
      };
      await count("deals", "SELECT count(*)::int AS n FROM deals WHERE user_id = $1");
      await count("brands", "SELECT count(*)::int AS n FROM brands WHERE user_id = $1");
      await count("emails", "SELECT count(*)::int AS n FROM gmail_messages WHERE user_id = $1");
      await count("sessions", "SELECT count(*)::int AS n FROM sessions WHERE user_id = $1");
      await count("gmailGrants", "SELECT count(*)::int AS n FROM gmail_grants WHERE user_id = $1");
      // The landing page's early-access request is keyed by email, not by user, so no cascade reaches it.
      await count("earlyAccessRequests", `WITH gone AS (
        DELETE FROM early_access_requests WHERE email = (SELECT lower(email) FROM users WHERE id = $1) RETURNING 1)
        SELECT count(*)::int AS n FROM gone`);
      // Every other table that holds a user's rows references users with ON DELETE CASCADE.
      await tx.query("DELETE FROM users WHERE id = $1", [userId]);
      return counted;
    });
  }
}

export class SqlSessionsRepository implements SessionsRepository {
  constructor(private readonly db: Database) {}

  async create(userId: string, expiresAt: Date): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      "INSERT INTO sessions (user_id, expires_at) VALUES ($1, $2) RETURNING id",
      [userId, expiresAt],
    );
    return row!.id;
  }

  async activeUser(sessionId: string, now: Date): Promise<string | null> {
    const rows = await this.db.query<{ user_id: string }>(
      "SELECT user_id FROM sessions WHERE id = $1 AND ended_at IS NULL AND expires_at > $2",
      [sessionId, now],
    );
    return rows[0]?.user_id ?? null;
  }

  async end(sessionId: string, reason: string, now: Date): Promise<void> {
    await this.db.query("UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL", [sessionId, now, reason]);
  }

  async addRefreshToken(tokenHash: string, sessionId: string, expiresAt: Date): Promise<void> {
    await this.db.query("INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)", [tokenHash, sessionId, expiresAt]);
  }

  async useRefreshToken(tokenHash: string, now: Date): Promise<RefreshOutcome> {
    const rotated = await this.db.query<{ session_id: string; user_id: string }>(
      `UPDATE refresh_tokens r SET used_at = $2
       FROM sessions s
       WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2
         AND s.id = r.session_id AND s.ended_at IS NULL AND s.expires_at > $2
       RETURNING r.session_id, s.user_id`,
      [tokenHash, now],
    );
    if (rotated[0]) return { kind: "rotated", sessionId: rotated[0].session_id, userId: rotated[0].user_id };
    const used = await this.db.query<{ session_id: string }>(
      "SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL",
      [tokenHash],
    );
    return used[0] ? { kind: "reused", sessionId: used[0].session_id } : { kind: "invalid" };
  }
}

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
