/** A Set-Cookie header as a browser reads it (RFC 6265 section 5.2), for the attributes our server sets. */
export interface SetCookie {
  name: string;
  value: string;
  path: string | null;
  maxAge: number | null;
  httpOnly: boolean;
  secure: boolean;
  sameSite: string | null;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  const equals = pair.indexOf("=");
  const cookie: SetCookie = {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
    path: null,
    maxAge: null,
    httpOnly: false,
    secure: false,
    sameSite: null,
  };
  for (const attribute of attributes) {
    const [key = "", value = ""] = attribute.split("=", 2);
    switch (key.toLowerCase()) {
      case "path":
        cookie.path = value.startsWith("/") ? value : null;
        break;
      case "max-age":
        cookie.maxAge = Number(value);
        break;
      case "httponly":
        cookie.httpOnly = true;
        break;
      case "secure":
        cookie.secure = true;
        break;
      case "samesite":
        cookie.sameSite = value.toLowerCase();
        break;
    }
  }
  return cookie;
}

/** Whether a cookie set for `cookiePath` goes with a request for `requestPath` (RFC 6265 section 5.1.4). */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  return requestPath.startsWith(cookiePath) && (cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/");
}

/**
 * The cookies one browser keeps for our server: stored from answers, sent back only to the paths they were set
 * for, and dropped when the server expires them (Max-Age of 0). Keyed by name alone, since our server sets each of
 * its cookies on one path. The server tests use one per simulated browser.
 */
export class BrowserCookies {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  keep(headers: Headers, requestUrl: string | URL): void {
    const requestPath = new URL(requestUrl).pathname;
    for (const header of headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      if (cookie.maxAge !== null && cookie.maxAge <= 0) {
        this.cookies.delete(cookie.name);
        continue;
      }
      // Without a Path the cookie goes to the request's folder (the default-path of RFC 6265 section 5.1.4).
      const path = cookie.path ?? (requestPath.lastIndexOf("/") > 0 ? requestPath.slice(0, requestPath.lastIndexOf("/")) : "/");
      this.cookies.set(cookie.name, { value: cookie.value, path });
    }
  }

  /** The Cookie header a request to `url` carries: none at all when no cookie goes there. */
  headersFor(url: string | URL): Record<string, string> {
    const requestPath = new URL(url).pathname;
    const sent = [...this.cookies].filter(([, cookie]) => pathMatches(requestPath, cookie.path));
    return sent.length > 0 ? { cookie: sent.map(([name, cookie]) => `${name}=${cookie.value}`).join("; ") } : {};
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}
