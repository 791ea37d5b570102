import { SignJWT, jwtVerify } from "jose";
import { LRUCache } from "lru-cache";
import type { Clock } from "../ports";
import type { SessionsRepository } from "../repositories";
import { hashToken, randomToken } from "./tokens";

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface Authenticated {
  userId: string;
  sessionId: string;
}

const ISSUER = "deal-finder";
/** How long a session known to be live is trusted without asking the database again. */
const LIVE_SESSION_CACHE_MS = 5_000;

/**
 * Our own tokens: a short-lived signed access token naming its session, and an opaque refresh token that rotates on
 * every use. A refresh token presented twice means it was stolen or replayed, so the whole session ends.
 */
export class SessionService {
  /** Session id -> user id of sessions seen live; ending a session here drops it at once. */
  private readonly liveSessions = new LRUCache<string, string>({ max: 10_000, ttl: LIVE_SESSION_CACHE_MS });

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly signingKey: Uint8Array,
    private readonly clock: Clock,
    private readonly accessTokenTtlSeconds: number,
    private readonly refreshTokenTtlDays: number,
  ) {}

  async start(userId: string): Promise<TokenPair> {
    const now = this.clock.now();
    const sessionId = await this.sessions.create(userId, this.refreshExpiry(now));
    return this.issue(userId, sessionId, now);
  }

  async authenticate(accessToken: string): Promise<Authenticated | null> {
    try {
      const now = this.clock.now();
      const { payload } = await jwtVerify(accessToken, this.signingKey, {
        issuer: ISSUER,
        algorithms: ["HS256"],
        currentDate: now,
      });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
      let userId = this.liveSessions.get(payload.sid) ?? null;
      if (!userId) {
        userId = await this.sessions.activeUser(payload.sid, now);
        if (userId) this.liveSessions.set(payload.sid, userId);
      }
      return userId === payload.sub ? { userId, sessionId: payload.sid } : null;
    } catch {
      return null;
    }
  }

  /** Rotates a refresh token. Answers null when it is unknown, expired, or reused (which ends its session). */
  async refresh(refreshToken: string): Promise<(TokenPair & { userId: string }) | null> {
    const now = this.clock.now();
    const outcome = await this.sessions.useRefreshToken(hashToken(refreshToken), now);
    if (outcome.kind === "reused") {
      this.liveSessions.delete(outcome.sessionId);
      await this.sessions.end(outcome.sessionId, "refresh token reused", now);
      return null;
    }
    if (outcome.kind === "invalid") return null;
    return { ...(await this.issue(outcome.userId, outcome.sessionId, now)), userId: outcome.userId };
  }

  end(sessionId: string): Promise<void> {
    this.liveSessions.delete(sessionId);
    return this.sessions.end(sessionId, "signed out", this.clock.now());
  }

  /** Forgets every cached session of a deleted user. */
  forgetUser(userId: string): void {
    for (const [sessionId, owner] of this.liveSessions.entries()) if (owner === userId) this.liveSessions.delete(sessionId);
  }

  private async issue(userId: string, sessionId: string, now: Date): Promise<TokenPair> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const accessToken = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.accessTokenTtlSeconds)
      .sign(this.signingKey);
    const refreshToken = randomToken();
    await this.sessions.addRefreshToken(hashToken(refreshToken), sessionId, this.refreshExpiry(now));
    return { access_token: accessToken, refresh_token: refreshToken };
  }

  private refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.refreshTokenTtlDays * 86_400_000);
  }
}
