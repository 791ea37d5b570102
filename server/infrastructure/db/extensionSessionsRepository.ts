import type {
  ExtensionAuthenticated,
  ExtensionRefreshOutcome,
  ExtensionSessionRecord,
  ExtensionSessionsRepository,
  IssuedHashes,
  PairingCodeOwner,
} from "../../application/extension";
import type { Database, SqlExecutor } from "./database";

export class SqlExtensionSessionsRepository implements ExtensionSessionsRepository {
  constructor(private readonly db: Database) {}

  async savePairingCode(codeHash: string, owner: PairingCodeOwner, expiresAt: Date, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query("DELETE FROM extension_pairing_codes WHERE user_id = $1 AND expires_at <= $2", [owner.userId, now]);
      await tx.query("INSERT INTO extension_pairing_codes (code_hash, user_id, session_id, expires_at) VALUES ($1, $2, $3, $4)", [
        codeHash,
        owner.userId,
        owner.webSessionId,
        expiresAt,
      ]);
    });
  }

  async takePairingCode(codeHash: string, now: Date): Promise<PairingCodeOwner | null> {
    // Deleted whether or not it is still good: either way it is never good again. A code outlives a sign-out by up to
    // its two minutes, so its web session must still be live, or a sign-out that ended the extension could be undone.
    const rows = await this.db.query<{ user_id: string; session_id: string | null; live: boolean }>(
      `WITH taken AS (DELETE FROM extension_pairing_codes WHERE code_hash = $1 RETURNING user_id, session_id, expires_at)
       SELECT user_id, session_id,
              expires_at > $2 AND (session_id IS NULL OR EXISTS (
                SELECT 1 FROM sessions s WHERE s.id = taken.session_id AND s.ended_at IS NULL AND s.expires_at > $2)) AS live
       FROM taken`,
      [codeHash, now],
    );
    const row = rows[0];
    return row?.live ? { userId: row.user_id, webSessionId: row.session_id } : null;
  }

  create(owner: PairingCodeOwner, userAgent: string | null, issued: IssuedHashes, now: Date): Promise<string> {
    return this.db.transaction(async (tx) => {
      // The user's sessions that lapsed go as a new one starts, so none is kept past its use.
      await tx.query("DELETE FROM extension_sessions WHERE user_id = $1 AND expires_at <= $2", [owner.userId, now]);
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO extension_sessions (user_id, paired_from_session_id, user_agent, created_at, expires_at, access_token_hash, access_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [owner.userId, owner.webSessionId, userAgent, now, issued.sessionExpiresAt, issued.accessTokenHash, issued.accessExpiresAt],
      );
      await tx.query("INSERT INTO extension_refresh_tokens (token_hash, session_id) VALUES ($1, $2)", [issued.refreshTokenHash, row!.id]);
      return row!.id;
    });
  }

  async authenticate(accessTokenHash: string, now: Date): Promise<ExtensionAuthenticated | null> {
    const rows = await this.db.query<{ id: string; user_id: string }>(
      `UPDATE extension_sessions SET last_used_at = $2, access_delivered = TRUE
       WHERE access_token_hash = $1 AND access_expires_at > $2 AND expires_at > $2
       RETURNING id, user_id`,
      [accessTokenHash, now],
    );
    return rows[0] ? { userId: rows[0].user_id, sessionId: rows[0].id } : null;
  }

  rotate(refreshTokenHash: string, issued: IssuedHashes, now: Date, times: { forgetUsedBefore: Date; retryableSince: Date }): Promise<ExtensionRefreshOutcome> {
    return this.db.transaction(async (tx) => {
      const [rotated] = await tx.query<{ session_id: string }>(
        `UPDATE extension_refresh_tokens r SET used_at = $2, replaced_by = $3
         FROM extension_sessions s
         WHERE r.token_hash = $1 AND r.used_at IS NULL AND s.id = r.session_id AND s.expires_at > $2
         RETURNING r.session_id`,
        [refreshTokenHash, now, issued.refreshTokenHash],
      );
      const kept = rotated ?? (await retryLostRotation(tx, refreshTokenHash, issued, now, times.retryableSince));
      if (kept) {
        const sessionId = kept.session_id;
        await tx.query(
          `UPDATE extension_sessions SET access_token_hash = $2, access_expires_at = $3, expires_at = $4, last_used_at = $5, access_delivered = FALSE
           WHERE id = $1`,
          [sessionId, issued.accessTokenHash, issued.accessExpiresAt, issued.sessionExpiresAt, now],
        );
        await tx.query("INSERT INTO extension_refresh_tokens (token_hash, session_id) VALUES ($1, $2)", [issued.refreshTokenHash, sessionId]);
        await tx.query("DELETE FROM extension_refresh_tokens WHERE session_id = $1 AND used_at < $2", [sessionId, times.forgetUsedBefore]);
        return { kind: "rotated", sessionId };
      }
      const reused = await tx.query("DELETE FROM extension_sessions WHERE id = (SELECT session_id FROM extension_refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL) RETURNING 1", [
        refreshTokenHash,
      ]);
      return reused.length > 0 ? { kind: "reused" } : { kind: "invalid" };
    });
  }

  async delete(userId: string, sessionId: string): Promise<boolean> {
    const rows = await this.db.query("DELETE FROM extension_sessions WHERE id = $1 AND user_id = $2 RETURNING 1", [sessionId, userId]);
    return rows.length > 0;
  }

  async list(userId: string, now: Date): Promise<ExtensionSessionRecord[]> {
    const rows = await this.db.query<{ id: string; created_at: Date; last_used_at: Date | null; user_agent: string | null }>(
      "SELECT id, created_at, last_used_at, user_agent FROM extension_sessions WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC, id",
      [userId, now],
    );
    return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at), lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null, userAgent: row.user_agent }));
  }

  async anyPairedFrom(userId: string, webSessionId: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      "SELECT 1 FROM extension_sessions WHERE user_id = $1 AND paired_from_session_id = $2 AND expires_at > $3 LIMIT 1",
      [userId, webSessionId, now],
    );
    return rows.length > 0;
  }

  async deletePairedFrom(userId: string, webSessionId: string): Promise<number> {
    // The user's id too: a session id alone never reaches another person's rows, whatever it is.
    const rows = await this.db.query("DELETE FROM extension_sessions WHERE user_id = $1 AND paired_from_session_id = $2 RETURNING 1", [userId, webSessionId]);
    return rows.length;
  }
}

/**
 * A token spent lately whose replacement never reached the extension (neither that refresh token nor the access token
 * issued with it was used) is replaced again, as for the web app's sessions (sessionsRepository.ts); the lost refresh
 * token is retired, so that showing it later counts as a reuse, and the lost access token is replaced with the session's.
 */
async function retryLostRotation(tx: SqlExecutor, refreshTokenHash: string, issued: IssuedHashes, now: Date, retryableSince: Date) {
  const [retried] = await tx.query<{ session_id: string; lost_hash: string }>(
    `UPDATE extension_refresh_tokens r SET replaced_by = $4
     FROM extension_sessions s, extension_refresh_tokens lost
     WHERE r.token_hash = $1 AND r.used_at >= $3 AND s.id = r.session_id AND s.expires_at > $2 AND NOT s.access_delivered
       AND lost.token_hash = r.replaced_by AND lost.used_at IS NULL
     RETURNING r.session_id, lost.token_hash AS lost_hash`,
    [refreshTokenHash, now, retryableSince, issued.refreshTokenHash],
  );
  if (retried) await tx.query("UPDATE extension_refresh_tokens SET used_at = $2 WHERE token_hash = $1", [retried.lost_hash, now]);
  return retried;
}
