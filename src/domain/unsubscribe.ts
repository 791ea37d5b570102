import { hostAllowed } from "./allowedHosts";

/**
 * How a person leaves a sender's list, from the sender's own headers (RFC 2369 List-Unsubscribe, RFC 8058
 * List-Unsubscribe-Post). The server keeps the headers of each sender's mail; this is the one reading of them, for the
 * server (which makes the one-click POST) and the browser (which opens a mailto: or web link for the person).
 */
export interface UnsubscribeHeaders {
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
}

/**
 * One-click: the server POSTs `List-Unsubscribe=One-Click` to the URL on the person's behalf. Mailto and web: a link
 * the person opens themselves. Null: the sender gave no way we can offer.
 */
export type UnsubscribeWay = { kind: "one-click"; url: string } | { kind: "mailto"; url: string } | { kind: "web"; url: string } | null;

/** The body of the one-click POST (RFC 8058 section 3.1), and the only value of List-Unsubscribe-Post that asks for it. */
export const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

/** Longer headers are not read: no sender needs more, and the address is kept and sent. */
export const MAX_UNSUBSCRIBE_HEADER = 2048;
const MAX_ENTRIES = 10;

/** The URIs of a List-Unsubscribe header, each between angle brackets, in the sender's order. */
export function listUnsubscribeUris(header: string): string[] {
  if (header.length > MAX_UNSUBSCRIBE_HEADER) return [];
  return [...header.matchAll(/<([^<>\s]+)>/g)].slice(0, MAX_ENTRIES).map((match) => match[1]!);
}

function httpsUrl(uri: string, plainHttpHosts: readonly string[]): string | null {
  const url = URL.parse(uri);
  if (!url || url.username || url.password) return null;
  if (url.protocol === "https:") return url.href;
  // Plain HTTP only for hosts allowed by configuration: the Google emulator of demo mode and tests.
  return url.protocol === "http:" && hostAllowed(url, plainHttpHosts) ? url.href : null;
}

function mailtoUrl(uri: string): string | null {
  const url = URL.parse(uri);
  return url && url.protocol === "mailto:" && /^mailto:[^@\s?]+@[^@\s?]+/i.test(url.href) ? url.href : null;
}

/**
 * The way to offer: one-click when the sender asks for it (List-Unsubscribe-Post is exactly `List-Unsubscribe=One-Click`)
 * and lists an https URL; else its mailto: address; else its https page, which the person opens. `plainHttpHosts`
 * lets http: through for the named hosts (the emulator); every other http: URL is no way at all.
 */
export function unsubscribeWay(headers: UnsubscribeHeaders, plainHttpHosts: readonly string[] = []): UnsubscribeWay {
  if (!headers.listUnsubscribe) return null;
  const uris = listUnsubscribeUris(headers.listUnsubscribe);
  const web = uris.map((uri) => httpsUrl(uri, plainHttpHosts)).find((url) => url !== null) ?? null;
  if (web && headers.listUnsubscribePost?.trim() === ONE_CLICK_BODY) return { kind: "one-click", url: web };
  const mailto = uris.map(mailtoUrl).find((url) => url !== null) ?? null;
  if (mailto) return { kind: "mailto", url: mailto };
  return web && web.startsWith("https:") ? { kind: "web", url: web } : null;
}
