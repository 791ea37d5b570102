import type { Authenticated } from "./auth/sessions";
import type { Clock } from "./ports";
import type { PersonDays } from "./personDay";
import type { SyncRepository } from "./repositories";
import { REFRESH_RETRY_WINDOW_MS, hashToken, randomToken } from "./auth/tokens";

/** How long a pairing code can be spent: long enough to press the button, short enough to be worthless when seen later. */
const PAIRING_CODE_TTL_MS = 2 * 60_000;
/** How long an extension access token works; the extension then refreshes. */
const EXTENSION_ACCESS_TTL_MS = 15 * 60_000;
/** Browsers' user agents run to a few hundred characters; anything longer is no browser's. */
const USER_AGENT_MAX_LENGTH = 300;

export interface ExtensionAuthenticated {
  userId: string;
  sessionId: string;
}

export interface ExtensionSessionRecord {
  id: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  userAgent: string | null;
}

/** The hashes and lifetimes a session is given when it starts or rotates; the tokens themselves are never stored. */
export interface IssuedHashes {
  accessTokenHash: string;
  accessExpiresAt: Date;
  refreshTokenHash: string;
  /** The session lasts until then unless it is refreshed again. */
  sessionExpiresAt: Date;
}

export type ExtensionRefreshOutcome = { kind: "rotated"; sessionId: string } | { kind: "reused" } | { kind: "invalid" };

/** Whom a spent pairing code was for: its user, and the web session that asked for it. */
export interface PairingCodeOwner {
  userId: string;
  /** Null for a code asked for before codes kept their session. */
  webSessionId: string | null;
}

export interface ExtensionSessionsRepository {
  /** Stores a pairing code's hash with the web session that asked for it, and drops the user's codes that expired. */
  savePairingCode(codeHash: string, owner: PairingCodeOwner, expiresAt: Date, now: Date): Promise<void>;
  /**
   * Removes a pairing code, atomically, answering its owner when it had not expired and the web session that asked
   * for it is still live: it can be spent once only, and never after that session signed out.
   */
  takePairingCode(codeHash: string, now: Date): Promise<PairingCodeOwner | null>;
  /** Starts a session paired from the owner's web session, and drops the user's sessions that expired. */
  create(owner: PairingCodeOwner, userAgent: string | null, issued: IssuedHashes, now: Date): Promise<string>;
  /** The session whose unexpired access token this is, marked used now. */
  authenticate(accessTokenHash: string, now: Date): Promise<ExtensionAuthenticated | null>;
  /**
   * Marks an unused refresh token used and gives its live session the new hashes, atomically. A token used since
   * `retryableSince` whose replacement was never used, in a session whose access token was not used since, is given
   * the new hashes again (its answer was lost) and that replacement is retired. Any other token used before deletes its
   * session (it was stolen or replayed); used tokens older than `forgetUsedBefore` are dropped.
   */
  rotate(refreshTokenHash: string, issued: IssuedHashes, now: Date, times: { forgetUsedBefore: Date; retryableSince: Date }): Promise<ExtensionRefreshOutcome>;
  /** Deletes a session of this user; false when the user has no such session. */
  delete(userId: string, sessionId: string): Promise<boolean>;
  /** The user's live sessions, newest first. */
  list(userId: string, now: Date): Promise<ExtensionSessionRecord[]>;
  /** Whether a live session of this user was paired from this web session. */
  anyPairedFrom(userId: string, webSessionId: string, now: Date): Promise<boolean>;
  /** Deletes the user's sessions paired from this web session; answers how many there were. */
  deletePairedFrom(userId: string, webSessionId: string): Promise<number>;
}

export interface ExtensionDeal {
  id: string;
  brand: string;
  brandDomain: string;
  title: string;
  discount: string | null;
  expirationDate: string | null;
  codes: { code: string; condition: string | null }[];
  terms: string[];
}

export interface ExtensionDealsRepository {
  /**
   * The user's deals that carry a code and that they can still use on `today` (YYYY-MM-DD): dealLifecycle's current
   * states (brand shown, not marked used or not working, not expired).
   */
  currentCodes(userId: string, today: string): Promise<ExtensionDeal[]>;
}

/** The built browser extension, packed for download from the app. */
export interface ExtensionPackage {
  /** The zip of the unpacked extension, or null when it has not been built. */
  zip(): Promise<Uint8Array | null>;
}

export interface ExtensionTokens {
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  sessionId: string;
}

/**
 * The browser extension's own sessions, apart from the user's: paired with a one-time code the signed-in app asks
 * for, they can only read the user's active codes. Access tokens and refresh tokens are opaque and stored only as
 * hashes, so a user session's token is never an extension token, nor the reverse.
 */
export class ExtensionService {
  constructor(
    private readonly sessions: ExtensionSessionsRepository,
    private readonly deals: ExtensionDealsRepository,
    private readonly syncs: Pick<SyncRepository, "state">,
    private readonly clock: Clock,
    private readonly sessionTtlDays: number,
    private readonly days: PersonDays,
  ) {}

  /** A code for the user's signed-in web session (whose sign-out can end the extension it pairs). */
  async createPairingCode(webSession: Authenticated): Promise<{ code: string; expiresAt: Date }> {
    const now = this.clock.now();
    const code = randomToken();
    const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
    await this.sessions.savePairingCode(hashToken(code), { userId: webSession.userId, webSessionId: webSession.sessionId }, expiresAt, now);
    return { code, expiresAt };
  }

  /** Spends a pairing code on a new session; null when the code is unknown, expired or spent, or its web session ended. */
  async pair(code: string, userAgent: string | undefined): Promise<ExtensionTokens | null> {
    const now = this.clock.now();
    const owner = await this.sessions.takePairingCode(hashToken(code), now);
    if (!owner) return null;
    const { tokens, issued } = this.issue(now);
    const sessionId = await this.sessions.create(owner, boundedUserAgent(userAgent), issued, now);
    return { ...tokens, sessionId };
  }

  /**
   * Rotates a refresh token; null when it is unknown, its session ended, or it was used before (which ends the session)
   * other than by a retry of an answer that was lost (REFRESH_RETRY_WINDOW_MS).
   */
  async refresh(refreshToken: string): Promise<ExtensionTokens | null> {
    const now = this.clock.now();
    const { tokens, issued } = this.issue(now);
    const outcome = await this.sessions.rotate(hashToken(refreshToken), issued, now, {
      forgetUsedBefore: new Date(now.getTime() - this.sessionTtlMs()),
      retryableSince: new Date(now.getTime() - REFRESH_RETRY_WINDOW_MS),
    });
    return outcome.kind === "rotated" ? { ...tokens, sessionId: outcome.sessionId } : null;
  }

  authenticate(accessToken: string): Promise<ExtensionAuthenticated | null> {
    return this.sessions.authenticate(hashToken(accessToken), this.clock.now());
  }

  /** Ends a session: the extension's sign-out, or the user's Disconnect in Settings. */
  end(userId: string, sessionId: string): Promise<boolean> {
    return this.sessions.delete(userId, sessionId);
  }

  list(userId: string): Promise<ExtensionSessionRecord[]> {
    return this.sessions.list(userId, this.clock.now());
  }

  /** Whether an extension paired from this web session is still signed in: the app then asks at sign-out. */
  pairedFrom(webSession: Authenticated): Promise<boolean> {
    return this.sessions.anyPairedFrom(webSession.userId, webSession.sessionId, this.clock.now());
  }

  /** Ends the extensions paired from this web session, and only those; answers how many. */
  endPairedFrom(webSession: Authenticated): Promise<number> {
    return this.sessions.deletePairedFrom(webSession.userId, webSession.sessionId);
  }

  /**
   * The codes the person can still use on their own day, with that day and their time zone: the extension keeps the
   * answer between syncs and judges it again by their day, not by UTC's.
   */
  async codes(userId: string): Promise<{ deals: ExtensionDeal[]; lastSyncAt: Date | null; today: string; timeZone: string }> {
    const { today, timeZone } = await this.days.of(userId);
    const [deals, sync] = await Promise.all([this.deals.currentCodes(userId, today), this.syncs.state(userId)]);
    return { deals, lastSyncAt: sync.lastSyncAt, today, timeZone };
  }

  private issue(now: Date): { tokens: Omit<ExtensionTokens, "sessionId">; issued: IssuedHashes } {
    const accessToken = randomToken();
    const refreshToken = randomToken();
    const accessTokenExpiresAt = new Date(now.getTime() + EXTENSION_ACCESS_TTL_MS);
    return {
      tokens: { accessToken, accessTokenExpiresAt, refreshToken },
      issued: {
        accessTokenHash: hashToken(accessToken),
        accessExpiresAt: accessTokenExpiresAt,
        refreshTokenHash: hashToken(refreshToken),
        sessionExpiresAt: new Date(now.getTime() + this.sessionTtlMs()),
      },
    };
  }

  private sessionTtlMs(): number {
    return this.sessionTtlDays * 86_400_000;
  }
}

function boundedUserAgent(userAgent: string | undefined): string | null {
  const text = userAgent?.trim().slice(0, USER_AGENT_MAX_LENGTH);
  return text ? text : null;
}
