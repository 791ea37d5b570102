import { SCOPES, type Clock, type GoogleGrant, type GoogleOAuth } from "../ports";
import type { LoginCodesRepository, OAuthFlow, OAuthStatesRepository, PreferencesRepository, UserRecord, UsersRepository } from "../repositories";
import type { GmailConnection } from "../gmail/gmailConnection";
import type { SessionService, TokenPair } from "./sessions";
import { hashToken, matchesHash, pkceChallenge, randomToken } from "./tokens";
import { GMAIL_SCOPE_DECLINED } from "../messages";
import { isValidTimeZone } from "../reports/schedule";
import type { OAuthAction, OAuthErrorCode } from "../../../src/contract/auth";

/** The OAuth callback's error codes and success actions are the wire contract's (the SPA shows a sentence per code). */
export type { OAuthAction, OAuthErrorCode };

export type CallbackOutcome =
  | { kind: "signed-in"; action: Exclude<OAuthAction, "gmail_connected">; tokens: string; userId: string; gmailGranted: boolean }
  | { kind: "gmail-connected"; userId: string }
  | { kind: "failed"; error: OAuthErrorCode; message?: string };

/** What Google's redirect brings back to the callback. */
export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** How long a started flow may take; its browser-binding cookie lives as long. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** The `tokens` code in the callback URL is single-use and short-lived: it never carries tokens itself. */
export const LOGIN_CODE_TTL_MS = 2 * 60_000;

const IDENTITY_SCOPES = [SCOPES.openid, SCOPES.email, SCOPES.profile];
const GMAIL_SCOPES = [...IDENTITY_SCOPES, SCOPES.gmailReadonly];

/** A flow just started, with the two secrets that tie its end to the browser that started it. */
export interface StartedFlow {
  authUrl: string;
  /** Handed to the SPA, which keeps it and must show it again to spend the flow's login code at /auth/complete. */
  state: string;
  /** Set only in an HttpOnly cookie of the starting browser; Google's redirect must bring it back to the callback. */
  browserBinding: string;
}

export type SignInCompletion =
  | ({ kind: "completed"; user: UserRecord } & TokenPair)
  | { kind: "unknown-code" }
  | { kind: "started-elsewhere" };

/** Starts a user's Gmail sync in the background; the sync engine does. */
export interface SyncStarter {
  start(userId: string): Promise<unknown>;
  /** Starts the first sync of a connected mailbox, unless one finished before. */
  startFirst(userId: string): Promise<unknown>;
}

class FlowFailure extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

/**
 * Google sign-up, sign-in, account linking and Gmail connection through the authorization-code flow with PKCE.
 *
 * A flow ends only in the browser that started it, so a link from someone else's flow cannot sign a visitor into
 * that other account (login CSRF). Starting a flow stores, with its state, the hash of a browser-binding secret that
 * goes only into an HttpOnly cookie of the starting browser; the callback completes only when that cookie comes back.
 * An attacker who runs a flow holds its cookie in their own browser and cannot set it in another's. An attacker who
 * makes the victim's browser start a flow (a top-level GET of a start route) does set a cookie there, but that
 * flow's state and Google URL are in an answer only the victim's tab can read, so the attacker never holds a
 * callback URL bound to that cookie. The login code the callback hands over is then tied to the flow's state, which
 * only the SPA that started the flow stored, so an `/oauth-callback?tokens=` link from another flow is refused too.
 */
export class GoogleSignInService {
  constructor(
    private readonly google: GoogleOAuth,
    private readonly users: UsersRepository,
    private readonly states: OAuthStatesRepository,
    private readonly loginCodes: LoginCodesRepository,
    private readonly sessions: SessionService,
    private readonly gmail: GmailConnection,
    private readonly syncs: SyncStarter,
    private readonly clock: Clock,
    private readonly preferences: PreferencesRepository,
  ) {}

  /** Starts a flow: remembers a single-use state with its PKCE verifier and nonce, and answers Google's URL. */
  async start(flow: OAuthFlow, user: UserRecord | null = null): Promise<StartedFlow> {
    const state = randomToken();
    const browserBinding = randomToken();
    const codeVerifier = randomToken();
    const nonce = randomToken();
    await this.states.save(
      hashToken(state),
      { flow, codeVerifier, nonce, userId: user?.id ?? null, browserBindingHash: hashToken(browserBinding) },
      new Date(this.clock.now().getTime() + OAUTH_STATE_TTL_MS),
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
    return { authUrl, state, browserBinding };
  }

  /** Starts a flow for a signed-in user (linking Google, connecting Gmail); null when the user is gone. */
  async startForUser(flow: "link" | "connect_gmail", userId: string): Promise<{ started: StartedFlow; user: UserRecord } | null> {
    const user = await this.users.findById(userId);
    return user ? { started: await this.start(flow, user), user } : null;
  }

  /**
   * Google's redirect back. `browserBinding` is the cookie the browser sent; without the one its flow started with,
   * the state is spent and nothing else happens: no code exchange, no user, no grant. A Gmail grant starts a sync, and
   * so does any sign-in of a person whose connected mailbox was never synced, so the dashboard they land on already
   * shows its progress.
   */
  async handleCallback(query: CallbackQuery, browserBinding: string | undefined): Promise<CallbackOutcome> {
    const outcome = await this.endFlow(query, browserBinding);
    if (outcome.kind === "gmail-connected" || (outcome.kind === "signed-in" && outcome.gmailGranted)) await this.syncs.start(outcome.userId);
    else if (outcome.kind === "signed-in") await this.syncs.startFirst(outcome.userId);
    return outcome;
  }

  private async endFlow(query: CallbackQuery, browserBinding: string | undefined): Promise<CallbackOutcome> {
    const stateHash = query.state ? hashToken(query.state) : null;
    const pending = stateHash ? await this.states.take(stateHash, this.clock.now()) : null;
    if (!stateHash || !pending || !browserBinding || !matchesHash(browserBinding, pending.browserBindingHash)) {
      return { kind: "failed", error: "invalid_state" };
    }
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
          return await this.signIn(pending.flow, grant, stateHash);
        case "link":
          return await this.link(pending.userId, grant, stateHash);
        case "connect_gmail":
          return await this.connectGmail(pending.userId, grant);
      }
    } catch (error) {
      if (error instanceof FlowFailure) return { kind: "failed", error: error.code, ...(error.message !== error.code ? { message: error.message } : {}) };
      return { kind: "failed", error: pending.flow === "link" ? "linking_failed" : "signin_failed" };
    }
  }

  /**
   * Exchanges the single-use code from the callback URL for our tokens, for the SPA that shows the state of the flow
   * that issued the code. `browserTimeZone` is the zone the SPA's browser reports, kept for a sign-up. A code shown with another state is spent all the same: it came from a link, not from this
   * browser's own round trip.
   */
  async complete(tokensCode: string, state: string, browserTimeZone?: string): Promise<SignInCompletion> {
    const login = await this.loginCodes.take(hashToken(tokensCode), this.clock.now());
    if (!login) return { kind: "unknown-code" };
    if (!matchesHash(state, login.stateHash)) return { kind: "started-elsewhere" };
    const user = await this.users.findById(login.userId);
    if (!user) return { kind: "unknown-code" };
    // A new account's emails start in the zone of the browser it signed up in (docs/product.md, "Emails card"); a
    // zone we do not know keeps the default, and only a sign-up sets it, so a later sign-in never undoes a choice.
    if (login.action === "signup" && browserTimeZone !== undefined && isValidTimeZone(browserTimeZone)) {
      await this.preferences.save(user.id, { timeZone: browserTimeZone });
    }
    return { kind: "completed", ...(await this.sessions.start(user.id)), user };
  }

  private async signIn(flow: "signin" | "signup" | "gmail_signin", grant: GoogleGrant, stateHash: string): Promise<CallbackOutcome> {
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
    return { kind: "signed-in", action, tokens: await this.issueLoginCode(user.id, action, stateHash), userId: user.id, gmailGranted };
  }

  private async link(userId: string | null, grant: GoogleGrant, stateHash: string): Promise<CallbackOutcome> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new FlowFailure("linking_failed");
    if (user.google_sub === grant.identity.sub) throw new FlowFailure("already_linked");
    const owner = await this.users.findByGoogleSub(grant.identity.sub);
    if (owner) throw new FlowFailure("google_account_in_use");
    if (user.google_sub) throw new FlowFailure("already_linked");
    // An unverified Google address proves nothing, so it never matches the account's.
    if (!grant.identity.emailVerified || grant.identity.email !== user.email) throw new FlowFailure("email_mismatch");
    await this.users.linkGoogle(user.id, grant.identity.sub);
    return { kind: "signed-in", action: "linking", tokens: await this.issueLoginCode(user.id, "linking", stateHash), userId: user.id, gmailGranted: false };
  }

  private async connectGmail(userId: string | null, grant: GoogleGrant): Promise<CallbackOutcome> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new FlowFailure("user_not_found");
    if (!grant.identity.emailVerified || grant.identity.email !== user.email) throw new FlowFailure("email_mismatch");
    if (!grant.scopes.includes(SCOPES.gmailReadonly)) throw new FlowFailure("oauth_error", GMAIL_SCOPE_DECLINED);
    await this.gmail.saveGrant(user.id, grant);
    return { kind: "gmail-connected", userId: user.id };
  }

  private async issueLoginCode(userId: string, action: string, stateHash: string): Promise<string> {
    const code = randomToken();
    await this.loginCodes.save(hashToken(code), { userId, action, stateHash }, new Date(this.clock.now().getTime() + LOGIN_CODE_TTL_MS));
    return code;
  }
}
