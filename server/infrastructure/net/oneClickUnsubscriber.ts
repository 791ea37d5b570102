import type { IncomingMessage } from "node:http";
import { ONE_CLICK_BODY } from "../../../src/domain/unsubscribe";
import type { OneClickOutcome, OneClickUnsubscriber } from "../../application/senders";
import { GuardedHttpClient } from "./guardedHttpClient";
import { AddressRefusedError } from "./publicAddress";

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
 * The RFC 8058 one-click POST, through the same guarded client as the image proxy (public addresses only, https but
 * for allowed hosts). Redirects are never followed (a 3xx is the sender's refusal), so no later hop can lead to a
 * private address.
 */
export class HttpOneClickUnsubscriber implements OneClickUnsubscriber {
  private readonly client: GuardedHttpClient;

  constructor(
    readonly allowedHosts: readonly string[],
    private readonly limits: OneClickLimits = DEFAULT_ONE_CLICK_LIMITS,
  ) {
    this.client = new GuardedHttpClient(allowedHosts, { maxSockets: 4, maxTotalSockets: 32 });
  }

  async post(url: URL): Promise<OneClickOutcome> {
    if (!this.client.allowsScheme(url) || url.username || url.password) return { ok: false, refusal: "not_https" };
    const timeLimit = new AbortController();
    const deadline = setTimeout(() => timeLimit.abort(), this.limits.totalTimeoutMs);
    try {
      const response = await this.client.send(url, {
        method: "POST",
        headers: REQUEST_HEADERS,
        body: ONE_CLICK_BODY,
        timeLimit,
        idleTimeoutMs: this.limits.totalTimeoutMs,
      });
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

  /** Reads the answer up to the cap, so the connection ends cleanly; what it says is not kept. */
  private async drain(response: IncomingMessage): Promise<void> {
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.limits.maxAnswerBytes) return;
    }
  }
}
