/** What the server's use cases need from the outside world. Adapters in server/infrastructure implement these. */

export const SCOPES = {
  openid: "openid",
  email: "email",
  profile: "profile",
  gmailReadonly: "https://www.googleapis.com/auth/gmail.readonly",
} as const;

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export interface GoogleGrant {
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string | null;
  /** The scopes the person really granted, which may be fewer than were asked for. */
  scopes: string[];
  identity: GoogleIdentity;
}

export interface AuthorizationRequest {
  state: string;
  codeChallenge: string;
  nonce: string;
  scopes: readonly string[];
  /** Ask for a refresh token, for background access to Gmail. */
  offline: boolean;
  loginHint?: string;
}

export interface GoogleOAuth {
  authorizationUrl(request: AuthorizationRequest): string;
  /** Exchanges an authorization code and verifies the ID token (signature, audience, issuer, expiry, nonce). */
  exchangeCode(code: string, codeVerifier: string, nonce: string): Promise<GoogleGrant>;
  refreshAccessToken(refreshToken: string): Promise<{ accessToken: string; accessTokenExpiresAt: Date }>;
  revoke(token: string): Promise<void>;
}

export interface GmailMessageRef {
  id: string;
}

export interface GmailRawMessage {
  id: string;
  raw: Uint8Array;
  internalDate: Date | null;
  labelIds: string[];
}

export interface GmailLabelInfo {
  id: string;
  name: string;
  type: "system" | "user";
}

export interface GmailHistoryPage {
  addedMessageIds: string[];
  historyId: string;
  nextPageToken: string | null;
}

/*
 * The adapters to Google report every failure by throwing one of the errors below (never by a tagged result), so a
 * use case catches what it can act on and lets the rest reach the HTTP layer's one error handler.
 */

/** Google's OAuth endpoints could not be reached, refused a request, or answered something unusable. */
export class GoogleOAuthError extends Error {
  constructor(
    message: string,
    /** Google's OAuth error code ("invalid_grant", ...) when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = "GoogleOAuthError";
  }
}

/** Google refused a refresh token (invalid_grant): the person withdrew access, or the grant expired. */
export class GoogleGrantRevokedError extends GoogleOAuthError {
  constructor(reason: string) {
    super(`Google no longer accepts this grant: ${reason}`, "invalid_grant");
    this.name = "GoogleGrantRevokedError";
  }
}

/** A Gmail call that failed for good (after retries), with Google's HTTP status. */
export class GmailApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "GmailApiError";
  }
}

/** The stored historyId is too old for Google to answer from: a full sync is needed. */
export class HistoryExpiredError extends Error {
  constructor() {
    super("The Gmail history is no longer available from that point.");
    this.name = "HistoryExpiredError";
  }
}

/** Extraction could not run at all (its threads fail to start): the sync stops, and its messages stay to retry. */
export class ExtractionUnavailableError extends Error {
  constructor(reason: string) {
    super(`Deal extraction is unavailable: ${reason}`);
    this.name = "ExtractionUnavailableError";
  }
}

/** Read-only Gmail calls on behalf of one user (the `quotaKey` throttles per user, as Google counts). */
export interface GmailApi {
  getProfile(accessToken: string, quotaKey: string): Promise<{ emailAddress: string; historyId: string }>;
  listLabels(accessToken: string, quotaKey: string): Promise<GmailLabelInfo[]>;
  listMessages(
    accessToken: string,
    quotaKey: string,
    query: { labelIds: readonly string[]; pageToken?: string | null; maxResults?: number },
  ): Promise<{ messages: GmailMessageRef[]; nextPageToken: string | null }>;
  getRawMessage(accessToken: string, quotaKey: string, id: string): Promise<GmailRawMessage>;
  listHistory(
    accessToken: string,
    quotaKey: string,
    query: { startHistoryId: string; labelId: string; pageToken?: string | null },
  ): Promise<GmailHistoryPage>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
