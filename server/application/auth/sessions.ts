import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import { LRUCache } from "lru-cache";
import type { Clock } from "../ports";
import type { SessionsRepository, UserRecord, UsersRepository } from "../repositories";
import { REFRESH_RETRY_WINDOW_MS, hashToken, randomToken } from "./tokens";

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface Authenticated {
  userId: string;
  sessionId: string;
}

interface VerifiedClaims {
  sub: string;
  sid: string;
  expiresAtMs: number;
}

const ISSUER = "deal-finder";
/** How long a session known to be live is trusted without asking the database again. */
const LIVE_SESSION_CACHE_MS = 5_000;

/**
 * Our own tokens: a short-lived signed access token naming its session, and an opaque refresh token that rotates on
 * every use. A refresh token presented twice means it was stolen or replayed, so the whole session ends, unless its
 * replacement was never delivered (REFRESH_RETRY_WINDOW_MS). Each access token names the refresh token issued with it,
 * so that its first use marks that one delivered.
 */
export class SessionService {
  /** Session id -> user id of sessions seen live; ending a session here drops it at once. */
  private readonly liveSessions = new LRUCache<string, string>({ max: 10_000, ttl: LIVE_SESSION_CACHE_MS });
  private readonly verifiedTokens = new LRUCache<string, VerifiedClaims>({ max: 10_000 });

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
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
    const now = this.clock.now();
    const claims = await this.verifiedClaims(accessToken, now);
    if (!claims) return null;
    let userId = this.liveSessions.get(claims.sid) ?? null;
    if (!userId) {
      userId = await this.sessions.activeUser(claims.sid, now);
      if (userId) this.liveSessions.set(claims.sid, userId);
    }
    return userId === claims.sub ? { userId, sessionId: claims.sid } : null;
  }

  /**
   * The claims of a validly signed, unexpired access token. Verifying the signature (WebCrypto HMAC, with a key import)
   * was a third of a dashboard request's CPU, so a verified token is remembered, keyed by the whole token (signature
   * included) and only until it expires. Whether its session is still live is asked on every call all the same.
   */
  private async verifiedClaims(accessToken: string, now: Date): Promise<VerifiedClaims | null> {
    const known = this.verifiedTokens.get(accessToken);
    if (known) return now.getTime() < known.expiresAtMs ? known : null;
    const payload = await this.signedPayload(accessToken, now);
    if (!payload || typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
    const claims = { sub: payload.sub, sid: payload.sid, expiresAtMs: payload.exp * 1000 };
    // The answer that carried this token arrived, so the refresh token issued with it can no longer be asked for
    // again; unless that answer was taken for lost and given again, and this token is in someone else's hands.
    if (typeof payload.rth === "string" && !(await this.sessions.markRefreshTokenDelivered(payload.rth, now))) {
      this.liveSessions.delete(claims.sid);
      await this.sessions.end(claims.sid, "retired access token used", now);
      return null;
    }
    this.verifiedTokens.set(accessToken, claims);
    return claims;
  }

  /** The token's claims when its signature, issuer and expiry hold; null for anything else. */
  private async signedPayload(accessToken: string, now: Date): Promise<JWTPayload | null> {
    try {
      return (await jwtVerify(accessToken, this.signingKey, { issuer: ISSUER, algorithms: ["HS256"], currentDate: now })).payload;
    } catch {
      return null;
    }
  }

  /**
   * Rotates a refresh token, answering the new pair and its user. Answers null when the token is unknown, expired, or
   * reused (which ends its session), or its user is gone.
   */
  async refresh(refreshToken: string): Promise<(TokenPair & { user: UserRecord }) | null> {
    const now = this.clock.now();
    const successor = randomToken();
    const outcome = await this.sessions.rotateRefreshToken(
      hashToken(refreshToken),
      { successorHash: hashToken(successor), successorExpiresAt: this.refreshExpiry(now), retryableSince: new Date(now.getTime() - REFRESH_RETRY_WINDOW_MS) },
      now,
    );
    if (outcome.kind === "reused") {
      this.liveSessions.delete(outcome.sessionId);
      await this.sessions.end(outcome.sessionId, "refresh token reused", now);
      return null;
    }
    if (outcome.kind === "invalid") return null;
    const user = await this.users.findById(outcome.userId);
    if (!user) return null;
    return { access_token: await this.accessToken(outcome.userId, outcome.sessionId, successor, now), refresh_token: successor, user };
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
    const refreshToken = randomToken();
    await this.sessions.addRefreshToken(hashToken(refreshToken), sessionId, this.refreshExpiry(now));
    return { access_token: await this.accessToken(userId, sessionId, refreshToken, now), refresh_token: refreshToken };
  }

  /** An access token naming its session, and (by its hash) the refresh token issued with it. */
  private accessToken(userId: string, sessionId: string, refreshToken: string, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: sessionId, rth: hashToken(refreshToken) })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.accessTokenTtlSeconds)
      .sign(this.signingKey);
  }

  private refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.refreshTokenTtlDays * 86_400_000);
  }
}
