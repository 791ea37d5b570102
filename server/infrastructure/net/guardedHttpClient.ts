import http, { type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import https from "node:https";
import { PublicAddressGuard } from "./publicAddress";

export interface GuardedRequest {
  method: "GET" | "POST";
  /** All the headers sent: the client adds none of its own (no cookie, Referer or Authorization ever). */
  headers: OutgoingHttpHeaders;
  body?: string;
  /**
   * The caller's deadline for the whole exchange; the client aborts it too when the connection is silent for
   * idleTimeoutMs, so that a caller tells a timeout by `aborted` whichever limit struck.
   */
  timeLimit: AbortController;
  /** Connecting, and any silence after. */
  idleTimeoutMs: number;
}

/**
 * Our one way to reach a URL someone else wrote (a mail's image, a sender's one-click address): only public addresses,
 * by PublicAddressGuard (the written address before each request, every DNS answer inside the connection), over https
 * (plain http only to an allowed host: the emulator of demo mode and tests), through a few sockets per host and in all
 * so a mailbox cannot turn the server into a flood. It follows no redirect: a caller that does must send each hop
 * through it again.
 */
export class GuardedHttpClient {
  private readonly guard: PublicAddressGuard;
  private readonly agents: { "http:": http.Agent; "https:": https.Agent };

  constructor(allowedHosts: readonly string[], sockets: { maxSockets: number; maxTotalSockets: number }) {
    this.guard = new PublicAddressGuard(allowedHosts);
    const lookup = this.guard.lookup;
    this.agents = { "http:": new http.Agent({ lookup, ...sockets }), "https:": new https.Agent({ lookup, ...sockets }) };
  }

  /** https, or plain http to an allowed host: anyone on the way could read or change anything else. */
  allowsScheme(url: URL): boolean {
    return url.protocol === "https:" || (url.protocol === "http:" && this.guard.isAllowedUrl(url));
  }

  /**
   * The answer's head; the caller reads and destroys the body. Rejects with AddressRefusedError for an address that is
   * not public, and with TypeError for a scheme allowsScheme refuses.
   */
  send(url: URL, request: GuardedRequest): Promise<IncomingMessage> {
    if (!this.allowsScheme(url)) return Promise.reject(new TypeError(`${url.protocol} is not allowed for ${url.hostname}`));
    try {
      this.guard.checkWrittenAddress(url);
    } catch (error) {
      return Promise.reject(error);
    }
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = client.request(url, {
        method: request.method,
        agent: this.agents[url.protocol as "http:" | "https:"],
        headers: request.headers,
        signal: request.timeLimit.signal,
        timeout: request.idleTimeoutMs,
      });
      outgoing.once("response", resolve);
      outgoing.once("timeout", () => request.timeLimit.abort());
      outgoing.once("error", reject);
      outgoing.end(request.body);
    });
  }
}
