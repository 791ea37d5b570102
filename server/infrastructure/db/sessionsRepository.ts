import type { RefreshOutcome, SessionsRepository } from "../../application/repositories";
import type { Database } from "./database";

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
