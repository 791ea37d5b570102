import { GmailApiError, GoogleGrantRevokedError, type Clock, type GoogleGrant, type GoogleOAuth } from "../ports";
import type { GmailGrantsRepository } from "../repositories";
import { GMAIL_ACCESS_WITHDRAWN, GMAIL_NOT_CONNECTED } from "../messages";

/** Seals and opens secrets at rest; the adapter is AES-256-GCM. */
export interface SecretSealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** Runs a Gmail call with the person's access token. */
export type GmailCaller = <T>(call: (accessToken: string) => Promise<T>) => Promise<T>;

/** An access token is refreshed this long before Google would reject it. */
const EXPIRY_MARGIN_MS = 60_000;

export class GmailNotConnectedError extends Error {
  constructor(message = GMAIL_NOT_CONNECTED) {
    super(message);
    this.name = "GmailNotConnectedError";
  }
}

/** The stored grant stopped working at Google, so it was forgotten: the person has to connect Gmail again. */
export class GmailAccessWithdrawnError extends GmailNotConnectedError {
  constructor() {
    super(GMAIL_ACCESS_WITHDRAWN);
    this.name = "GmailAccessWithdrawnError";
  }
}

/** The person's Gmail grant: stored encrypted, refreshed when it runs out, revoked at Google on disconnect. */
export class GmailConnection {
  constructor(
    private readonly grants: GmailGrantsRepository,
    private readonly google: GoogleOAuth,
    private readonly sealer: SecretSealer,
    private readonly clock: Clock,
  ) {}

  async saveGrant(userId: string, grant: GoogleGrant): Promise<void> {
    await this.grants.save(userId, {
      googleEmail: grant.identity.email,
      scopes: grant.scopes,
      accessTokenEncrypted: this.sealer.seal(grant.accessToken),
      accessTokenExpiresAt: grant.accessTokenExpiresAt,
      refreshTokenEncrypted: grant.refreshToken ? this.sealer.seal(grant.refreshToken) : null,
      grantedAt: this.clock.now(),
    });
  }

  /** Runs one Gmail call with a valid access token (see `caller`). */
  async withAccessToken<T>(userId: string, call: (accessToken: string) => Promise<T>): Promise<T> {
    return this.caller(userId)(call);
  }

  /**
   * Gmail calls for one piece of work, such as a sync: the token is read once and shared, and when Gmail answers 401
   * (the token expired during a long sync, or access was withdrawn) it is refreshed once for every call in flight.
   */
  caller(userId: string): GmailCaller {
    let current: Promise<string> | null = null;
    return async (call) => {
      const used = (current ??= this.accessToken(userId));
      try {
        return await call(await used);
      } catch (error) {
        if (!(error instanceof GmailApiError && error.status === 401)) throw error;
        if (current === used) current = this.accessToken(userId, { refresh: true });
        return call(await current);
      }
    };
  }

  async linkedAccount(userId: string): Promise<string | null> {
    return (await this.grants.get(userId))?.googleEmail ?? null;
  }

  /** A valid Gmail access token for the user, refreshed with the stored refresh token when needed (or asked to). */
  private async accessToken(userId: string, options: { refresh?: boolean } = {}): Promise<string> {
    const grant = await this.grants.get(userId);
    if (!grant) throw new GmailNotConnectedError();
    if (!options.refresh && grant.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > this.clock.now().getTime()) {
      return this.sealer.open(grant.accessTokenEncrypted);
    }
    if (!grant.refreshTokenEncrypted) throw new GmailNotConnectedError();
    let refreshed;
    try {
      refreshed = await this.google.refreshAccessToken(this.sealer.open(grant.refreshTokenEncrypted));
    } catch (error) {
      if (!(error instanceof GoogleGrantRevokedError)) throw error;
      await this.grants.delete(userId);
      throw new GmailAccessWithdrawnError();
    }
    await this.grants.updateAccessToken(userId, this.sealer.seal(refreshed.accessToken), refreshed.accessTokenExpiresAt);
    return refreshed.accessToken;
  }

  /** Revokes the grant at Google and forgets it. The deals already found stay. */
  async disconnect(userId: string): Promise<boolean> {
    const grant = await this.grants.get(userId);
    if (!grant) return false;
    const token = grant.refreshTokenEncrypted ?? grant.accessTokenEncrypted;
    try {
      await this.google.revoke(this.sealer.open(token));
    } finally {
      await this.grants.delete(userId);
    }
    return true;
  }
}
