import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** An unguessable token for URLs and headers (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as hashes, so a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * How long a spent refresh token (the web app's or the extension's) may ask again for a replacement that never reached
 * anyone: the answer was lost on its way, and neither the new refresh token nor the access token issued with it was
 * used. As long as an access token lives: a client whose refresh got no answer is asked to sign in again (or connect
 * again) only if it comes back later than that (docs/product.md, "Token refresh").
 */
export const REFRESH_RETRY_WINDOW_MS = 15 * 60_000;

/** Whether a token is the one whose hash was stored, compared in constant time. */
export function matchesHash(token: string, storedHash: string): boolean {
  const presented = Buffer.from(hashToken(token));
  const stored = Buffer.from(storedHash);
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** The PKCE S256 challenge of a verifier (RFC 7636). */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
