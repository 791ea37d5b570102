import { LRUCache } from "lru-cache";
import { isAcceptableDealImage, isSafeToDecode, type DecodedImageSize } from "../../../src/domain/imageRules";
import { isAcceptableLogoSize } from "../../../src/domain/brandLogo";
import type { LogoJudge } from "./brandLogoChecks";
import { isWebUrl, MAX_IMAGE_URL_LENGTH, type ImageKind, type ImageLinks } from "./imageLinks";

/** The image types a browser may be handed; never SVG, which can carry script. */
export type ImageType = "png" | "jpeg" | "gif" | "webp" | "avif";

/** Why an image was not served. `not_a_deal_image` and `not_a_logo` are ours; the others come from the fetcher. */
export type ImageRefusal =
  | "address_refused"
  | "unreachable"
  | "upstream_status"
  | "too_many_redirects"
  | "not_an_image"
  | "too_large"
  | "timeout"
  | "not_a_deal_image"
  | "not_a_logo";

/** An image and what its header says: the largest area a frame covers, and its frames (1 for a still image). */
export interface FetchedImage extends DecodedImageSize {
  type: ImageType;
  bytes: Buffer;
}

export type ImageFetch = { ok: true; image: FetchedImage } | { ok: false; refusal: ImageRefusal };

/**
 * Fetches one image from the web on the reader's behalf, with no cookies, no Referer and nothing of the reader's.
 * A fetcher refuses an image too large to decode (isSafeToDecode) as `too_large`, from its header, before the rest
 * of it downloads.
 */
export interface ImageFetcher {
  fetchImage(url: URL): Promise<ImageFetch>;
}

export type ProxyAnswer = ImageFetch | { ok: false; refusal: "bad_signature" };

const IMAGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Refusals are kept for less time: an unreachable host or a timeout may be passing. */
const REFUSAL_TTL_MS = 10 * 60 * 1000;
/** What a cached refusal is counted as, besides its key. */
const REFUSAL_SIZE = 64;

export interface ImageProxyOptions {
  /** Total bytes of cached images and refusals (their keys included). */
  cacheBytes: number;
}

/**
 * The image proxy: serves an image the extractor found, only through a path we signed, and only when it is a deal
 * image (docs/product.md, "Deal images", judged by its real size, so tracking pixels are dropped). Answers and refusals are cached in
 * memory, and one fetch serves every request for the same image that arrives while it runs.
 */
export class ImageProxy implements LogoJudge {
  private readonly cache: LRUCache<string, ImageFetch>;

  constructor(
    private readonly links: ImageLinks,
    private readonly fetcher: ImageFetcher,
    options: ImageProxyOptions,
  ) {
    this.cache = new LRUCache<string, ImageFetch>({
      maxSize: options.cacheBytes,
      sizeCalculation: (answer, key) => key.length + (answer.ok ? answer.image.bytes.length : REFUSAL_SIZE),
      ttl: IMAGE_TTL_MS,
      fetchMethod: async (key, _stale, { options: entry }) => {
        const [kind, href] = splitKey(key);
        const answer = await this.load(new URL(href), kind);
        if (!answer.ok) entry.ttl = REFUSAL_TTL_MS;
        return answer;
      },
    });
  }

  /** How long a browser may keep an answer, in seconds. */
  static maxAgeSeconds(answer: ImageFetch): number {
    return (answer.ok ? IMAGE_TTL_MS : REFUSAL_TTL_MS) / 1000;
  }

  async image(signature: string, encodedTarget: string): Promise<ProxyAnswer> {
    const target = this.links.verifiedImage(signature, encodedTarget);
    if (!target) return { ok: false, refusal: "bad_signature" };
    // Only a fetch cut short by the cache itself (evicted while running) leaves no answer; the image was not served.
    return (await this.cache.fetch(`${target.kind} ${target.url.href}`)) ?? { ok: false, refusal: "unreachable" };
  }

  /**
   * Whether an address loads as a logo, judged as image() would serve it (the brand logos' check, brandLogoChecks.ts).
   * Through the same cache: a logo checked in this process is served from memory when a browser first asks for it.
   */
  async judgeLogo(url: URL): Promise<{ ok: true } | { ok: false; refusal: ImageRefusal }> {
    if (!isWebUrl(url) || url.href.length > MAX_IMAGE_URL_LENGTH) return { ok: false, refusal: "address_refused" };
    const answer = (await this.cache.fetch(`logo ${url.href}`)) ?? { ok: false, refusal: "unreachable" };
    return answer.ok ? { ok: true } : { ok: false, refusal: answer.refusal };
  }

  private async load(url: URL, kind: ImageKind): Promise<ImageFetch> {
    const fetched = await this.fetcher.fetchImage(url);
    if (!fetched.ok) return fetched;
    // Judged here too, so no image reaches a browser past the decoding limits whichever fetcher brought it.
    if (!isSafeToDecode(fetched.image)) return { ok: false, refusal: "too_large" };
    const { width, height } = fetched.image;
    // A logo is judged by its real size alone: its address may well say "logo", which a deal image's may not.
    if (kind === "logo") return isAcceptableLogoSize({ width, height }) ? fetched : { ok: false, refusal: "not_a_logo" };
    return isAcceptableDealImage({ url: url.href, width, height }) ? fetched : { ok: false, refusal: "not_a_deal_image" };
  }
}

/** A cache key is the kind, a space, then the address. */
function splitKey(key: string): [ImageKind, string] {
  const space = key.indexOf(" ");
  return [key.slice(0, space) as ImageKind, key.slice(space + 1)];
}
