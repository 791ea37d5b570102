import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** What a one-click unsubscribe link turns off. */
export const UNSUBSCRIBE_PURPOSES = ["weekly-report", "reminders", "alerts"] as const;
export type UnsubscribePurpose = (typeof UNSUBSCRIBE_PURPOSES)[number];

/** Where a link's token is taken, by GET (a page with a button) and by RFC 8058's one-click POST. */
export const UNSUBSCRIBE_PATH = "/api/reports/unsubscribe";

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token }).toString()}`;
}

export interface UnsubscribeClaim {
  userId: string;
  purpose: UnsubscribePurpose;
}

const SIGNATURE_BYTES = 32;
const VERSION = "u1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
/** Longer than any token we make; anything longer is refused before it is split or hashed. */
export const MAX_UNSUBSCRIBE_TOKEN_LENGTH = 128;

/**
 * The token of a one-click unsubscribe link (RFC 8058): the user id and what it turns off, signed with HMAC-SHA256,
 * so the link works without signing in and cannot be forged for someone else. It does not expire: a report read
 * months later must still stop the reports. Its key is derived from the session signing key with a label of its
 * own, so no other signature of ours passes for one.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(sessionSigningKey: Buffer) {
    this.key = Buffer.from(hkdfSync("sha256", sessionSigningKey, Buffer.alloc(0), "deal-finder unsubscribe v1", SIGNATURE_BYTES));
  }

  sign(userId: string, purpose: UnsubscribePurpose): string {
    const id = userId.toLowerCase();
    if (!UUID.test(id)) throw new RangeError("A user id is a UUID");
    const payload = `${VERSION}.${id}.${purpose}`;
    return `${payload}.${this.signatureOf(payload).toString("base64url")}`;
  }

  /** The claim a token carries, or null when it is malformed or its signature is not ours (compared in constant time). */
  verify(token: string): UnsubscribeClaim | null {
    if (token.length > MAX_UNSUBSCRIBE_TOKEN_LENGTH) return null;
    const [version, userId, purpose, signature, ...rest] = token.split(".");
    if (rest.length > 0 || version !== VERSION || !userId || !UUID.test(userId) || !signature || !SIGNATURE.test(signature)) return null;
    if (!UNSUBSCRIBE_PURPOSES.includes(purpose as UnsubscribePurpose)) return null;
    const given = Buffer.from(signature, "base64url");
    // Node's decoder skips stray characters: only the one spelling we write is accepted.
    if (given.toString("base64url") !== signature || given.length !== SIGNATURE_BYTES) return null;
    if (!timingSafeEqual(given, this.signatureOf(`${version}.${userId}.${purpose}`))) return null;
    return { userId, purpose: purpose as UnsubscribePurpose };
  }

  private signatureOf(payload: string): Buffer {
    return createHmac("sha256", this.key).update(payload).digest();
  }
}
