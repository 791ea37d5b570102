import type { Clock, GoogleGrant, GoogleOAuth } from "../ports";
import type { GmailGrantsRepository } from "../repositories";

/** Seals and opens secrets at rest; the adapter is AES-256-GCM. */
export interface SecretSealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** An access token is refreshed this long before Google would reject it. */
const EXPIRY_MARGIN_MS = 60_000;

export class GmailNotConnectedError extends Error {
  constructor() {
    super("Gmail is not connected.");
    this.name = "GmailNotConnectedError";
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

  async linkedAccount(userId: string): Promise<string | null> {
    return (await this.grants.get(userId))?.googleEmail ?? null;
  }

  /** A valid Gmail access token for the user, refreshed with the stored refresh token when needed. */
  async accessToken(userId: string): Promise<string> {
    const grant = await this.grants.get(userId);
    if (!grant) throw new GmailNotConnectedError();
    if (grant.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > this.clock.now().getTime()) {
      return this.sealer.open(grant.accessTokenEncrypted);
    }
    if (!grant.refreshTokenEncrypted) throw new GmailNotConnectedError();
    const refreshed = await this.google.refreshAccessToken(this.sealer.open(grant.refreshTokenEncrypted));
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
