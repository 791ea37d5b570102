import type { RefreshOutcome, RefreshRotation, SessionsRepository } from "../../application/repositories";
import type { Database, SqlExecutor } from "./database";

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

  rotateRefreshToken(tokenHash: string, rotation: RefreshRotation, now: Date): Promise<RefreshOutcome> {
    return this.db.transaction(async (tx) => {
      const [rotated] = await tx.query<{ session_id: string; user_id: string }>(
        `UPDATE refresh_tokens r SET used_at = $2, replaced_by = $3
         FROM sessions s
         WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2
           AND s.id = r.session_id AND s.ended_at IS NULL AND s.expires_at > $2
         RETURNING r.session_id, s.user_id`,
        [tokenHash, now, rotation.successorHash],
      );
      const kept = rotated ?? (await retryLostRotation(tx, tokenHash, rotation, now));
      if (kept) {
        await tx.query("INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)", [
          rotation.successorHash,
          kept.session_id,
          rotation.successorExpiresAt,
        ]);
        return { kind: "rotated", sessionId: kept.session_id, userId: kept.user_id };
      }
      const [used] = await tx.query<{ session_id: string }>(
        "SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL",
        [tokenHash],
      );
      return used ? { kind: "reused", sessionId: used.session_id } : { kind: "invalid" };
    });
  }

  async markRefreshTokenDelivered(tokenHash: string, now: Date): Promise<boolean> {
    const [token] = await this.db.query<{ retired: boolean }>(
      "UPDATE refresh_tokens SET delivered_at = COALESCE(delivered_at, $2) WHERE token_hash = $1 RETURNING retired_at IS NOT NULL AS retired",
      [tokenHash, now],
    );
    return !token?.retired;
  }
}

/**
 * A token spent lately whose replacement never reached anyone (the answer that carried it was lost) is replaced again;
 * the lost replacement is retired: spent, so that showing it later counts as a reuse, and its access token refused.
 */
async function retryLostRotation(tx: SqlExecutor, tokenHash: string, rotation: RefreshRotation, now: Date) {
  const [retried] = await tx.query<{ session_id: string; user_id: string; lost_hash: string }>(
    `UPDATE refresh_tokens r SET replaced_by = $4
     FROM sessions s, refresh_tokens lost
     WHERE r.token_hash = $1 AND r.used_at >= $3 AND r.expires_at > $2
       AND s.id = r.session_id AND s.ended_at IS NULL AND s.expires_at > $2
       AND lost.token_hash = r.replaced_by AND lost.used_at IS NULL AND lost.delivered_at IS NULL
     RETURNING r.session_id, s.user_id, lost.token_hash AS lost_hash`,
    [tokenHash, now, rotation.retryableSince, rotation.successorHash],
  );
  if (retried) await tx.query("UPDATE refresh_tokens SET used_at = $2, retired_at = $2 WHERE token_hash = $1", [retried.lost_hash, now]);
  return retried;
}
