import type { User } from "../../domain/user";
import type { Session } from "./session";

/** The Google flows the server can start: sign-in, sign-up, sign-up that also asks for Gmail, linking, Gmail access. */
export type GoogleFlow = "signin" | "signup" | "gmail-signup" | "link" | "connect-gmail";

export interface GoogleAuthStart {
  authUrl: string;
  state: string;
}

/**
 * Sign-in, session and profile calls of the API. Failures throw RequestError; a refusal the server gives a reason
 * for (a spent or foreign sign-in code, a flow it will not start) throws RefusedRequest.
 */
export abstract class AuthGateway {
  abstract startGoogleFlow(flow: GoogleFlow): Promise<GoogleAuthStart>;
  /**
   * Exchanges the single-use tokens code of the OAuth callback for a session, showing the state this browser kept
   * when it started the flow.
   */
  abstract completeSignIn(tokens: string, state: string): Promise<Session>;
  /** The signed-in user's profile, or null when no session is stored. */
  abstract fetchProfile(): Promise<User | null>;
  abstract refresh(refreshToken: string): Promise<Session>;
  /** Whether a browser extension paired from this signed-in session is still signed in. */
  abstract extensionPairedHere(): Promise<boolean>;
  /** Ends this session, and also the extension paired from it when asked to. */
  abstract logout(choice: SignOutChoice): Promise<void>;
}

export interface SignOutChoice {
  /** Also sign out the browser extension paired from this session (only that one). */
  signOutExtension: boolean;
}
