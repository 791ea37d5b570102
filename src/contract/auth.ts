import * as t from "io-ts";
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
