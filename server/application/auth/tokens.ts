import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** An unguessable token for URLs and headers (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as hashes, so a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

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
