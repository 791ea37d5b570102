import * as t from "io-ts";
import type { OAUTH_ERROR_MESSAGES } from "../domain/oauthCallback";
import type { User } from "../domain/user";
import { nullable } from "./nullable";
import type { Same } from "./same";

export const UserCodec = t.type({
  id: t.string,
  email: t.string,
  first_name: nullable(t.string),
  last_name: nullable(t.string),
  gmail_connected: t.boolean,
});

/** POST /login, POST /auth/complete. */
export const LoginResponseCodec = t.union([
  t.type({ success: t.literal(true), access_token: t.string, refresh_token: t.string, user: UserCodec }),
  t.type({ success: t.literal(false), error: t.string }),
]);

/** GET /google-signin, /google-signup, /google-gmail-signin, /link-google-account. */
export const GoogleAuthStartCodec = t.union([
  t.type({ success: t.literal(true), authUrl: t.string, state: t.string }),
  t.type({ success: t.literal(false), error: t.string }),
]);

/** GET /connect-gmail: a Google flow's start, with the user it is for. */
export const ConnectGmailCodec = t.type({ success: t.literal(true), authUrl: t.string, state: t.string, user_data: UserCodec });

export const AuthMeCodec = t.type({ success: t.literal(true), user: UserCodec });

export const RefreshResponseCodec = t.type({ access_token: t.string, refresh_token: t.string, user: UserCodec });

export const LogoutResponseCodec = t.type({ success: t.boolean });

/**
 * POST /auth/complete's body: the callback's single-use `tokens` code, the `state` this browser kept, and the
 * browser's IANA time zone, which a sign-up keeps for its emails (an unknown one is ignored).
 */
export interface CompleteSignInRequest {
  tokens: string;
  state: string;
  timeZone?: string;
}

/**
 * POST /logout's body, which may be left out. `signOutExtension`: also end the browser extension's sessions that were
 * paired from this web session (left out: false, the sign-out of before the choice existed).
 */
export interface LogoutRequest {
  signOutExtension?: boolean;
}

export const AppConfigCodec = t.type({
  demoMode: t.boolean,
  /** Null when no feedback address is configured: the feedback banner is then not shown. */
  feedbackFormUrl: t.union([t.string, t.null]),
  /** In demo mode, the local outbox that shows the emails the demo sends; null otherwise. */
  outboxUrl: t.union([t.string, t.null]),
});

export type UserDto = t.TypeOf<typeof UserCodec>;
export type LoginResponse = t.TypeOf<typeof LoginResponseCodec>;
export type AppConfig = t.TypeOf<typeof AppConfigCodec>;

/** Compile-time proof that the wire's user is the domain's user. */
const contractMatchesDomain: Same<UserDto, User> = true;
void contractMatchesDomain;

/**
 * What the server's redirect to the SPA's /oauth-callback page carries: `error` (one of these codes, with an optional
 * `message`), or `success=true` and the `action` that completed.
 */
export const OAuthErrorCodeCodec = t.keyof({
  invalid_state: null,
  authorization_failed: null,
  user_not_found: null,
  already_linked: null,
  email_mismatch: null,
  google_account_in_use: null,
  linking_failed: null,
  signin_failed: null,
  /** Google's own error, or a grant without Gmail: its message says which. */
  oauth_error: null,
});
export const OAuthActionCodec = t.keyof({ signin: null, signup: null, linking: null, gmail_connected: null });

export type OAuthErrorCode = t.TypeOf<typeof OAuthErrorCodeCodec>;
export type OAuthAction = t.TypeOf<typeof OAuthActionCodec>;

/** Compile-time proof that the domain's catalogue has a sentence for every code but oauth_error (which has its own). */
const catalogueMatchesCodes: Same<keyof typeof OAUTH_ERROR_MESSAGES, Exclude<OAuthErrorCode, "oauth_error">> = true;
void catalogueMatchesCodes;

/**
 * GET /extension/paired-here: whether an extension paired from the caller's own web session is still signed in, and
 * nothing else about it, so that signing out can ask whether to sign it out too (hence with sign-out's codecs).
 */
export const ExtensionPairedHereCodec = t.type({ paired: t.boolean });
