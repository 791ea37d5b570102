import type { IncomingMessage } from "node:http";
import { isSafeToDecode } from "../../../src/domain/imageRules";
import type { FetchedImage, ImageFetch, ImageFetcher, ImageRefusal, ImageType } from "../../application/images/imageProxy";
import { isWebUrl } from "../../application/images/imageLinks";
import { GuardedHttpClient } from "../net/guardedHttpClient";
import { AddressRefusedError } from "../net/publicAddress";
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
 * Fetches images from the web through the guarded client (public addresses only, https but for allowed hosts), each
 * redirect through it again. An image is judged by its header as it arrives, so a pixel bomb is refused before the
 * rest of it downloads.
 */
export class HttpImageFetcher implements ImageFetcher {
  private readonly client: GuardedHttpClient;

  constructor(
    allowedHosts: readonly string[],
    private readonly limits: ImageFetchLimits = DEFAULT_IMAGE_FETCH_LIMITS,
  ) {
    this.client = new GuardedHttpClient(allowedHosts, { maxSockets: 6, maxTotalSockets: 64 });
  }

  async fetchImage(url: URL): Promise<ImageFetch> {
    // One signal for the whole fetch: the total deadline, or a connection silent for too long, aborts it.
    const timeLimit = new AbortController();
    const deadline = setTimeout(() => timeLimit.abort(), this.limits.totalTimeoutMs);
    try {
      let current = url;
      for (let redirects = 0; ; redirects += 1) {
        if (!this.client.allowsScheme(current)) return { ok: false, refusal: "address_refused" };
        const response = await this.client.send(current, {
          method: "GET",
          headers: REQUEST_HEADERS,
          timeLimit,
          idleTimeoutMs: this.limits.connectTimeoutMs,
        });
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
