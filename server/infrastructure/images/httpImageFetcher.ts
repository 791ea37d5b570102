import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isSafeToDecode } from "../../../src/domain/imageRules";
import type { FetchedImage, ImageFetch, ImageFetcher, ImageRefusal, ImageType } from "../../application/images/imageProxy";
import { isWebUrl } from "../../application/images/imageLinks";
import { AddressRefusedError, PublicAddressGuard } from "../net/publicAddress";
import { readImageHeader } from "./imageHeader";

export interface ImageFetchLimits {
  maxBytes: number;
  /** The whole fetch, redirects included. */
  totalTimeoutMs: number;
  /** Connecting, and any silence after. */
  connectTimeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_IMAGE_FETCH_LIMITS: ImageFetchLimits = {
  maxBytes: 5 * 1024 * 1024,
  totalTimeoutMs: 5000,
  connectTimeoutMs: 3000,
  maxRedirects: 3,
};

/** The header is read again each time the body has doubled, or grown by this much: a bounded cost per image. */
const HEADER_RECHECK_BYTES = 256 * 1024;

/** The content types asked for and accepted, and what the bytes must then turn out to be. */
const ACCEPTED_TYPES: Readonly<Record<string, ImageType>> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
};

/** A neutral client: nothing that tells the sender who is reading, or from where. */
const REQUEST_HEADERS = {
  "user-agent": "Mozilla/5.0 (compatible; DealFinderImageProxy/1.0)",
  accept: "image/avif,image/webp,image/png,image/jpeg,image/gif",
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class RefusedFetch extends Error {
  constructor(readonly refusal: ImageRefusal) {
    super(refusal);
  }
}

/**
 * Fetches images from the web over https (plain http only from an allowed host), only from public addresses (PublicAddressGuard checks every
 * address written in a URL, redirects included, and every address DNS gives its agents). `allowedHosts` (exact host
 * names or addresses) skip the address check: for tests and the emulator only. An image is judged by its header as
 * it arrives, so a pixel bomb is refused before the rest of it downloads.
 */
export class HttpImageFetcher implements ImageFetcher {
  private readonly guard: PublicAddressGuard;
  private readonly agents: { "http:": http.Agent; "https:": https.Agent };

  constructor(
    allowedHosts: readonly string[],
    private readonly limits: ImageFetchLimits = DEFAULT_IMAGE_FETCH_LIMITS,
  ) {
    this.guard = new PublicAddressGuard(allowedHosts);
    const lookup = this.guard.lookup;
    // Few sockets per host and in all: a mailbox full of images cannot turn the server into a flood.
    const sockets = { maxSockets: 6, maxTotalSockets: 64 };
    this.agents = { "http:": new http.Agent({ lookup, ...sockets }), "https:": new https.Agent({ lookup, ...sockets }) };
  }

  async fetchImage(url: URL): Promise<ImageFetch> {
    // One signal for the whole fetch: the total deadline, or a connection silent for too long, aborts it.
    const timeLimit = new AbortController();
    const deadline = setTimeout(() => timeLimit.abort(), this.limits.totalTimeoutMs);
    try {
      let current = url;
      for (let redirects = 0; ; redirects += 1) {
        // Plain http only to an allowed host (the emulator in demo mode, tests): anyone on the way could swap a sender's image.
        if (current.protocol !== "https:" && !this.guard.isAllowedHost(current.hostname)) return { ok: false, refusal: "address_refused" };
        this.guard.checkWrittenAddress(current);
        const response = await this.request(current, timeLimit);
        const location = response.headers.location;
        if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return { ok: true, image: await this.readImage(response) };
        response.destroy();
        if (redirects >= this.limits.maxRedirects) return { ok: false, refusal: "too_many_redirects" };
        const next = URL.canParse(location, current) ? new URL(location, current) : null;
        if (!next || !isWebUrl(next)) return { ok: false, refusal: "upstream_status" };
        current = next;
      }
    } catch (error) {
      if (timeLimit.signal.aborted) return { ok: false, refusal: "timeout" };
      if (error instanceof RefusedFetch) return { ok: false, refusal: error.refusal };
      if (error instanceof AddressRefusedError) return { ok: false, refusal: "address_refused" };
      return { ok: false, refusal: "unreachable" };
    } finally {
      clearTimeout(deadline);
    }
  }

  /** One request with none of the reader's headers: no cookies, no Referer, no Authorization. */
  private request(url: URL, timeLimit: AbortController): Promise<IncomingMessage> {
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(url, {
        agent: this.agents[url.protocol as "http:" | "https:"],
        headers: REQUEST_HEADERS,
        signal: timeLimit.signal,
        timeout: this.limits.connectTimeoutMs,
      });
      request.once("response", resolve);
      request.once("timeout", () => timeLimit.abort());
      request.once("error", reject);
    });
  }

  /** The body, if it is a raster image of an accepted type within the caps, checked by its content type and its bytes. */
  private async readImage(response: IncomingMessage): Promise<FetchedImage> {
    try {
      if (response.statusCode !== 200) throw new RefusedFetch("upstream_status");
      const declared = ACCEPTED_TYPES[(response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase()];
      if (!declared) throw new RefusedFetch("not_an_image");
      if (Number(response.headers["content-length"] ?? 0) > this.limits.maxBytes) throw new RefusedFetch("too_large");
      const bytes = await this.readCapped(response);
      // What the bytes really are; the sender's content type is only a first filter.
      const header = readImageHeader(bytes);
      if (!header) throw new RefusedFetch("not_an_image");
      if (!isSafeToDecode(header)) throw new RefusedFetch("too_large");
      return { ...header, bytes };
    } finally {
      response.destroy();
    }
  }

  /** The body, refused as soon as its bytes or what its header declares are too large. */
  private async readCapped(response: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    let headerReadAt = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.limits.maxBytes) throw new RefusedFetch("too_large");
      chunks.push(chunk);
      if (size >= Math.min(2 * headerReadAt, headerReadAt + HEADER_RECHECK_BYTES)) {
        headerReadAt = size;
        const header = readImageHeader(Buffer.concat(chunks));
        if (header && !isSafeToDecode(header)) throw new RefusedFetch("too_large");
      }
    }
    // A body cut short (the connection closed or was aborted) may end the stream without an error.
    if (!response.complete) throw new RefusedFetch("unreachable");
    return Buffer.concat(chunks);
  }
}
