import type { User } from "../../domain/user";
import type { Session } from "./session";

/** The Google flows the server can start: sign-in, sign-up, sign-up that also asks for Gmail, linking, Gmail access. */
export type GoogleFlow = "signin" | "signup" | "gmail-signup" | "link" | "connect-gmail";

export interface GoogleAuthStart {
  authUrl: string;
  state: string;
}

export type SignInCompletion = { ok: true; session: Session } | { ok: false; error: string };

/** Sign-in, session and profile calls of the API. Failures throw RequestError. */
export abstract class AuthGateway {
  abstract startGoogleFlow(flow: GoogleFlow): Promise<GoogleAuthStart>;
  /**
   * Exchanges the single-use tokens code of the OAuth callback for a session, showing the state this browser kept
   * when it started the flow. A refusal by the server is `ok: false` with its message.
   */
  abstract completeSignIn(tokens: string, state: string): Promise<SignInCompletion>;
  /** The signed-in user's profile, or null when no session is stored. */
  abstract fetchProfile(): Promise<User | null>;
  abstract refresh(refreshToken: string): Promise<Session>;
  abstract logout(): Promise<void>;
}
