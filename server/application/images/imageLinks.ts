import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import { IMAGE_PROXY_PATH } from "../../../src/domain/imageRules";

/** The longest image address the proxy signs: the extractor's cap on any URL. */
export const MAX_IMAGE_URL_LENGTH = 2048;

const SIGNATURE_BYTES = 32;
/**
 * Characters of addresses and their signed paths kept: an HMAC costs about 10 µs, and a dashboard of 5,000 deals
 * would sign the same images again each time it is recomputed.
 */
const SIGNED_PATHS_CACHE_CHARS = 32 * 1024 * 1024;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const LOGO_PREFIX = "logo ";

/** What the proxy judges an image as: a deal's own picture, or a brand's logo (src/domain/brandLogo.ts). */
export type ImageKind = "deal" | "logo";

export interface SignedImage {
  url: URL;
  kind: ImageKind;
}

/** Only web addresses are fetched; anything else (data:, javascript:, file:, ...) never reaches the proxy. */
export function isWebUrl(url: URL): boolean {
  return url.protocol === "https:" || url.protocol === "http:";
}

/**
 * Signs the image addresses the extractor found into proxy paths, and checks them when the browser asks. The
 * signature (HMAC-SHA256) makes the proxy fetch only what we signed: nobody can point it at an address of their
 * choice. Its key is derived from the session signing key with a label of its own, so neither key can stand in
 * for the other.
 */
export class ImageLinks {
  private readonly key: Buffer;
  private readonly signedPaths = new LRUCache<string, string>({ maxSize: SIGNED_PATHS_CACHE_CHARS, sizeCalculation: (path, url) => path.length + url.length });

  constructor(sessionSigningKey: Buffer) {
    this.key = Buffer.from(hkdfSync("sha256", sessionSigningKey, Buffer.alloc(0), "deal-finder image proxy v1", SIGNATURE_BYTES));
  }

  /** The proxy path for an image address, or null when it is not an http(s) address we would fetch. */
  proxyPath(rawUrl: string): string | null {
    return this.signedPath(rawUrl, "deal");
  }

  /** The proxy path for a brand's logo: signed as a logo, so the proxy judges it by the logo rules, not a deal image's. */
  logoPath(rawUrl: string): string | null {
    return this.signedPath(rawUrl, "logo");
  }

  /** The image address a proxy path names, or null when its signature is not ours (compared in constant time). */
  verifiedTarget(signature: string, encodedTarget: string): URL | null {
    const image = this.verifiedImage(signature, encodedTarget);
    return image?.kind === "deal" ? image.url : null;
  }

  /** What a proxy path names, a deal image or a logo, or null when its signature is not ours. */
  verifiedImage(signature: string, encodedTarget: string): SignedImage | null {
    if (!BASE64URL.test(signature) || !BASE64URL.test(encodedTarget)) return null;
    if (encodedTarget.length > Math.ceil(((MAX_IMAGE_URL_LENGTH + LOGO_PREFIX.length) * 4) / 3)) return null;
    const given = Buffer.from(signature, "base64url");
    const target = Buffer.from(encodedTarget, "base64url");
    // Node's decoder skips stray characters: only the one spelling we write is accepted, so a path names one image.
    if (target.toString("base64url") !== encodedTarget || given.toString("base64url") !== signature) return null;
    if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, this.sign(target))) return null;
    const signed = target.toString("utf8");
    const kind: ImageKind = signed.startsWith(LOGO_PREFIX) ? "logo" : "deal";
    const href = kind === "logo" ? signed.slice(LOGO_PREFIX.length) : signed;
    // A signature is only ever made over an http(s) address; checked again so the fetcher never sees anything else.
    const url = URL.canParse(href) ? new URL(href) : null;
    return url && isWebUrl(url) ? { url, kind } : null;
  }

  private signedPath(rawUrl: string, kind: ImageKind): string | null {
    const key = kind === "logo" ? `${LOGO_PREFIX}${rawUrl}` : rawUrl;
    const known = this.signedPaths.get(key);
    if (known) return known;
    if (rawUrl.length > MAX_IMAGE_URL_LENGTH || !URL.canParse(rawUrl)) return null;
    const url = new URL(rawUrl);
    if (!isWebUrl(url) || url.href.length > MAX_IMAGE_URL_LENGTH) return null;
    // A logo's target starts with a word no URL starts with (a space ends it), so it never reads as a deal image's.
    const target = Buffer.from(kind === "logo" ? `${LOGO_PREFIX}${url.href}` : url.href, "utf8");
    const path = `${IMAGE_PROXY_PATH}${this.sign(target).toString("base64url")}/${target.toString("base64url")}`;
    this.signedPaths.set(key, path);
    return path;
  }

  private sign(target: Buffer): Buffer {
    return createHmac("sha256", this.key).update(target).digest();
  }
}
