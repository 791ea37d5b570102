import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { ONE_CLICK_BODY } from "../../../src/domain/unsubscribe";
import type { OneClickOutcome, OneClickUnsubscriber } from "../../application/senders";
import { AddressRefusedError, PublicAddressGuard } from "./publicAddress";

export interface OneClickLimits {
  /** The whole exchange: connecting, sending, the answer. */
  totalTimeoutMs: number;
  /** The answer is read only this far (and thrown away): a sender cannot make us hold more. */
  maxAnswerBytes: number;
}

export const DEFAULT_ONE_CLICK_LIMITS: OneClickLimits = { totalTimeoutMs: 5000, maxAnswerBytes: 64 * 1024 };

/**
 * Nothing about the person: no cookie, no Referer, no Authorization, a neutral client name. The URL is all the sender
 * learns, and it wrote that itself.
 */
const REQUEST_HEADERS = {
  "user-agent": "Mozilla/5.0 (compatible; DealFinderUnsubscribe/1.0)",
  "content-type": "application/x-www-form-urlencoded",
  "content-length": String(Buffer.byteLength(ONE_CLICK_BODY)),
  accept: "*/*",
};

/**
 * The RFC 8058 one-click POST, with node:http(s), under the image proxy's address rule (PublicAddressGuard: the written
 * address before the request, every DNS answer inside the connection). https only; redirects are never followed (a
 * 3xx is the sender's refusal), so no later hop can lead to a private address. `allowedHosts` skip the address rule
 * and may use plain http: the Google emulator in demo mode and tests only.
 */
export class HttpOneClickUnsubscriber implements OneClickUnsubscriber {
  private readonly guard: PublicAddressGuard;
  private readonly agents: { "http:": http.Agent; "https:": https.Agent };

  constructor(
    readonly allowedHosts: readonly string[],
    private readonly limits: OneClickLimits = DEFAULT_ONE_CLICK_LIMITS,
  ) {
    this.guard = new PublicAddressGuard(allowedHosts);
    const lookup = this.guard.lookup;
    const sockets = { maxSockets: 4, maxTotalSockets: 32 };
    this.agents = { "http:": new http.Agent({ lookup, ...sockets }), "https:": new https.Agent({ lookup, ...sockets }) };
  }

  async post(url: URL): Promise<OneClickOutcome> {
    const plainAllowed = url.protocol === "http:" && this.guard.isAllowedHost(url.hostname);
    if (url.protocol !== "https:" && !plainAllowed) return { ok: false, refusal: "not_https" };
    if (url.username || url.password) return { ok: false, refusal: "not_https" };
    const timeLimit = new AbortController();
    const deadline = setTimeout(() => timeLimit.abort(), this.limits.totalTimeoutMs);
    try {
      this.guard.checkWrittenAddress(url);
      const response = await this.request(url, timeLimit);
      try {
        await this.drain(response);
      } finally {
        response.destroy();
      }
      const status = response.statusCode ?? 0;
      return status >= 200 && status < 300 ? { ok: true } : { ok: false, refusal: "sender_refused" };
    } catch (error) {
      if (timeLimit.signal.aborted) return { ok: false, refusal: "timeout" };
      if (error instanceof AddressRefusedError) return { ok: false, refusal: "address_refused" };
      return { ok: false, refusal: "unreachable" };
    } finally {
      clearTimeout(deadline);
    }
  }

  private request(url: URL, timeLimit: AbortController): Promise<IncomingMessage> {
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(url, {
        method: "POST",
        agent: this.agents[url.protocol as "http:" | "https:"],
        headers: REQUEST_HEADERS,
        signal: timeLimit.signal,
        timeout: this.limits.totalTimeoutMs,
      });
      request.once("response", resolve);
      request.once("timeout", () => timeLimit.abort());
      request.once("error", reject);
      request.end(ONE_CLICK_BODY);
    });
  }

  /** Reads the answer up to the cap, so the connection ends cleanly; what it says is not kept. */
  private async drain(response: IncomingMessage): Promise<void> {
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.limits.maxAnswerBytes) return;
    }
  }
}
