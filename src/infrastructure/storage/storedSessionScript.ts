import { STORAGE_KEYS } from "./localSessionStore";

/*
 * The stored session as a page's inline script reads it, before the app has loaded: the guest pages' redirect
 * (src/prerender.tsx) and a signed-in page's first requests (../http/earlyRequests.ts). Each function writes script
 * text that reads localStorage through the script's variable named `storage`.
 */

/** The stored access token, or null. */
export function storedTokenIn(storage: string): string {
  return `${storage}.getItem(${JSON.stringify(STORAGE_KEYS.authToken)})`;
}

/**
 * Whether a session is stored, given the script's expression of the stored token: what LocalSessionStore.storedUser
 * tests, short of decoding the user (a token, and a stored user that parses). A stored user that is no JSON throws,
 * so the test belongs inside a try.
 */
export function sessionIsStoredIn(storage: string, token: string): string {
  return `${token}&&JSON.parse(${storage}.getItem(${JSON.stringify(STORAGE_KEYS.user)})||"null")`;
}
