import type { User } from "../../domain/user";

/** What a completed sign-in or refresh leaves behind. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  user: User;
}

/**
 * The browser's tabs share one stored session, and a refresh token is good for one use (a second ends the session):
 * refreshing is done by one tab at a time.
 */
export abstract class SessionRefreshLock {
  /** Runs `work` once no other tab of this browser is refreshing, and holds the others off until it settles. */
  abstract holding<T>(work: () => Promise<T>): Promise<T>;
}

/** The session kept in the browser between visits (docs/product.md, "Browser storage"). */
export abstract class SessionStore {
  /** The stored user, only when an access token is stored with it. */
  abstract storedUser(): User | null;
  abstract accessToken(): string | null;
  abstract refreshToken(): string | null;
  abstract save(session: Session): void;
  abstract saveUser(user: User): void;
  /** Forgets the tokens, the user and any pending OAuth state. */
  abstract clear(): void;
  /** Keeps the state of the Google flow this browser starts, to prove at its end that it started it. */
  abstract saveOAuthState(state: string): void;
  /** The state of the Google flow this browser started last, if it has not been used yet. */
  abstract oauthState(): string | null;
  abstract forgetOAuthState(): void;
  /** Remembers where a guest was going before being asked to sign in, across the Google redirect. */
  abstract saveReturnPath(path: string): void;
  /** Returns the remembered path once, then forgets it. */
  abstract takeReturnPath(): string | null;
}
