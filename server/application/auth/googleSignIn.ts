import { SCOPES, type Clock, type GoogleGrant, type GoogleOAuth } from "../ports";
import type { LoginCodesRepository, OAuthFlow, OAuthStatesRepository, UserRecord, UsersRepository } from "../repositories";
import type { GmailConnection } from "../gmail/gmailConnection";
import type { SessionService, TokenPair } from "./sessions";
import { hashToken, pkceChallenge, randomToken } from "./tokens";

/** The OAuth callback error codes the SPA knows (SPEC section 8). */
export type OAuthErrorCode =
  | "invalid_state"
  | "authorization_failed"
  | "user_not_found"
  | "already_linked"
  | "email_mismatch"
  | "google_account_in_use"
  | "linking_failed"
  | "signin_failed"
  | "oauth_error";

/** The success actions the SPA's /oauth-callback page understands. */
export type OAuthAction = "signin" | "signup" | "linking" | "gmail_connected";

export type CallbackOutcome =
  | { kind: "signed-in"; action: Exclude<OAuthAction, "gmail_connected">; tokens: string; userId: string; gmailGranted: boolean }
  | { kind: "gmail-connected"; userId: string }
  | { kind: "failed"; error: OAuthErrorCode; message?: string };

const STATE_TTL_MS = 10 * 60_000;
/** The `tokens` code in the callback URL is single-use and short-lived: it never carries tokens itself. */
export const LOGIN_CODE_TTL_MS = 2 * 60_000;

const IDENTITY_SCOPES = [SCOPES.openid, SCOPES.email, SCOPES.profile];
const GMAIL_SCOPES = [...IDENTITY_SCOPES, SCOPES.gmailReadonly];

export const GMAIL_SCOPE_DECLINED =
  "Deal Finder needs read-only access to your Gmail to find deals. Please allow it to connect Gmail.";

class FlowFailure extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

/** Google sign-up, sign-in, account linking and Gmail connection through the authorization-code flow with PKCE. */
export class GoogleSignInService {
  constructor(
    private readonly google: GoogleOAuth,
    private readonly users: UsersRepository,
    private readonly states: OAuthStatesRepository,
    private readonly loginCodes: LoginCodesRepository,
    private readonly sessions: SessionService,
    private readonly gmail: GmailConnection,
    private readonly clock: Clock,
  ) {}

  /** Starts a flow: remembers a single-use state with its PKCE verifier and nonce, and answers Google's URL. */
  async start(flow: OAuthFlow, user: UserRecord | null = null): Promise<{ authUrl: string; state: string }> {
    const state = randomToken();
    const codeVerifier = randomToken();
    const nonce = randomToken();
    await this.states.save(
      hashToken(state),
      { flow, codeVerifier, nonce, userId: user?.id ?? null },
      new Date(this.clock.now().getTime() + STATE_TTL_MS),
    );
    const wantsGmail = flow === "gmail_signin" || flow === "connect_gmail";
    const authUrl = this.google.authorizationUrl({
      state,
      codeChallenge: pkceChallenge(codeVerifier),
      nonce,
      scopes: wantsGmail ? GMAIL_SCOPES : IDENTITY_SCOPES,
      offline: wantsGmail,
      ...(user ? { loginHint: user.email } : {}),
    });
    return { authUrl, state };
  }

  async handleCallback(query: { code?: string; state?: string; error?: string; error_description?: string }): Promise<CallbackOutcome> {
    const pending = query.state ? await this.states.take(hashToken(query.state), this.clock.now()) : null;
    if (!pending) return { kind: "failed", error: "invalid_state" };
    if (query.error) {
      return query.error === "access_denied"
        ? { kind: "failed", error: "authorization_failed" }
        : { kind: "failed", error: "oauth_error", message: query.error_description ?? `Google reported: ${query.error}` };
    }
    if (!query.code) return { kind: "failed", error: "authorization_failed" };

    let grant: GoogleGrant;
    try {
      grant = await this.google.exchangeCode(query.code, pending.codeVerifier, pending.nonce);
    } catch {
      return { kind: "failed", error: "authorization_failed" };
    }
    try {
      switch (pending.flow) {
        case "signin":
        case "signup":
        case "gmail_signin":
          return await this.signIn(pending.flow, grant);
        case "link":
          return await this.link(pending.userId, grant);
        case "connect_gmail":
          return await this.connectGmail(pending.userId, grant);
      }
    } catch (error) {
      if (error instanceof FlowFailure) return { kind: "failed", error: error.code, ...(error.message !== error.code ? { message: error.message } : {}) };
      return { kind: "failed", error: pending.flow === "link" ? "linking_failed" : "signin_failed" };
    }
  }

  /** Exchanges the single-use code from the callback URL for our tokens. */
  async complete(tokensCode: string): Promise<(TokenPair & { user: UserRecord }) | null> {
    const login = await this.loginCodes.take(hashToken(tokensCode), this.clock.now());
    if (!login) return null;
    const user = await this.users.findById(login.userId);
    if (!user) return null;
    return { ...(await this.sessions.start(user.id)), user };
  }

  private async signIn(flow: "signin" | "signup" | "gmail_signin", grant: GoogleGrant): Promise<CallbackOutcome> {
    const { identity } = grant;
    if (!identity.emailVerified) throw new FlowFailure("signin_failed");
    let user = (await this.users.findByGoogleSub(identity.sub)) ?? null;
    let action: "signin" | "signup" = "signin";
    if (!user) {
      if (flow === "signin") throw new FlowFailure("user_not_found");
      if (await this.users.findByEmail(identity.email)) throw new FlowFailure("google_account_in_use");
      user = await this.users.create({
        email: identity.email,
        firstName: identity.givenName,
        lastName: identity.familyName,
        googleSub: identity.sub,
      });
      action = "signup";
    }
    const gmailGranted = flow === "gmail_signin" && grant.scopes.includes(SCOPES.gmailReadonly);
    if (gmailGranted) await this.gmail.saveGrant(user.id, grant);
    return { kind: "signed-in", action, tokens: await this.issueLoginCode(user.id, action), userId: user.id, gmailGranted };
  }

  private async link(userId: string | null, grant: GoogleGrant): Promise<CallbackOutcome> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new FlowFailure("linking_failed");
    if (user.google_sub === grant.identity.sub) throw new FlowFailure("already_linked");
    const owner = await this.users.findByGoogleSub(grant.identity.sub);
    if (owner) throw new FlowFailure("google_account_in_use");
    if (user.google_sub) throw new FlowFailure("already_linked");
    // An unverified Google address proves nothing, so it never matches the account's.
    if (!grant.identity.emailVerified || grant.identity.email !== user.email) throw new FlowFailure("email_mismatch");
    await this.users.linkGoogle(user.id, grant.identity.sub);
    return { kind: "signed-in", action: "linking", tokens: await this.issueLoginCode(user.id, "linking"), userId: user.id, gmailGranted: false };
  }

  private async connectGmail(userId: string | null, grant: GoogleGrant): Promise<CallbackOutcome> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new FlowFailure("user_not_found");
    if (!grant.identity.emailVerified || grant.identity.email !== user.email) throw new FlowFailure("email_mismatch");
    if (!grant.scopes.includes(SCOPES.gmailReadonly)) throw new FlowFailure("oauth_error", GMAIL_SCOPE_DECLINED);
    await this.gmail.saveGrant(user.id, grant);
    return { kind: "gmail-connected", userId: user.id };
  }

  private async issueLoginCode(userId: string, action: string): Promise<string> {
    const code = randomToken();
    await this.loginCodes.save(hashToken(code), userId, action, new Date(this.clock.now().getTime() + LOGIN_CODE_TTL_MS));
    return code;
  }
}
