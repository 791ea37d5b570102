import { isRight } from "fp-ts/Either";
import { inject, injectable } from "inversify";
import { SessionStore, type Session } from "../../application/ports/session";
import { serviceToken } from "../../application/services";
import type { User } from "../../domain/user";
import { UserCodec } from "../../contract/auth";
import { forgetOfflineCopy } from "../offline/offlineCache";

/** The storage keys (docs/product.md, "Browser storage"). */
export const STORAGE_KEYS = {
  authToken: "authToken",
  refreshToken: "refreshToken",
  user: "user",
  oauthState: "oauth_state",
  gmailConnectUserData: "gmail_connect_user_data",
} as const;

/** Kept per tab, only across the Google round trip. */
export const RETURN_PATH_KEY = "post_login_path";

export const LOCAL_STORAGE = serviceToken<Storage>("localStorage");
export const SESSION_STORAGE = serviceToken<Storage>("sessionStorage");

@injectable()
export class LocalSessionStore extends SessionStore {
  constructor(
    @inject(LOCAL_STORAGE) private readonly storage: Storage,
    @inject(SESSION_STORAGE) private readonly tabStorage: Storage,
  ) {
    super();
  }

  storedUser(): User | null {
    if (!this.accessToken()) return null;
    const text = this.storage.getItem(STORAGE_KEYS.user);
    if (!text) return null;
    try {
      const decoded = UserCodec.decode(JSON.parse(text));
      return isRight(decoded) ? decoded.right : null;
    } catch {
      return null;
    }
  }

  accessToken(): string | null {
    return this.storage.getItem(STORAGE_KEYS.authToken) || null;
  }

  refreshToken(): string | null {
    return this.storage.getItem(STORAGE_KEYS.refreshToken) || null;
  }

  save(session: Session): void {
    this.storage.setItem(STORAGE_KEYS.authToken, session.accessToken);
    this.storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
    this.saveUser(session.user);
  }

  saveUser(user: User): void {
    this.storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  }

  /**
   * Also deletes the person's copy kept for offline reading: a session ends here whichever way it ends (sign-out, a
   * refused refresh, the account's deletion, a stored session the server refuses).
   */
  clear(): void {
    for (const key of Object.values(STORAGE_KEYS)) this.storage.removeItem(key);
    forgetOfflineCopy();
  }

  saveOAuthState(state: string): void {
    this.storage.setItem(STORAGE_KEYS.oauthState, state);
  }

  oauthState(): string | null {
    return this.storage.getItem(STORAGE_KEYS.oauthState) || null;
  }

  forgetOAuthState(): void {
    this.storage.removeItem(STORAGE_KEYS.oauthState);
  }

  saveReturnPath(path: string): void {
    this.tabStorage.setItem(RETURN_PATH_KEY, path);
  }

  takeReturnPath(): string | null {
    const path = this.tabStorage.getItem(RETURN_PATH_KEY);
    this.tabStorage.removeItem(RETURN_PATH_KEY);
    return path;
  }
}
